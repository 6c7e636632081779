package hexatri

import (
	"slices"
	"strings"
	"testing"
)

// Rule book part 1, item 4: a turn of one action passes the move to the
// next seat, and nobody has passed since.
func TestOneActionTurnPassesTheMove(t *testing.T) {
	s := build(t, 3, nil, "A1:R1* A1=3 D4:B* G4:G*")
	play(t, s, "PASS")
	if got := play(t, s, "L:D4-D4N!")[0]; got != "L:D4-D4N!" || s.toMove != 2 || s.passCount() != 0 {
		t.Fatalf("B's turn %s: to move %d, %d passes", got, s.toMove, s.passCount())
	}
	play(t, s, "L:G4-G4N!")
	if s.toMove != 0 || s.round != 1 {
		t.Fatalf("after G's turn: to move %d, round %d", s.toMove, s.round)
	}
	// The seat after the last one is the first again.
	refuse(t, s, "L:G4N-G4@G4", "the piece on G4N is G's, not yours")
}

// Rule book part 1, item 4: the actions of one turn are applied in
// order, all or nothing, separated by spaces, ';' or ','.
func TestTurnOfThreeActions(t *testing.T) {
	s := build(t, 3, nil, "A1:R2* A1=2 D4:B* G4:G*")
	before := show(s)
	// The third action is illegal (A1 has no point left for it after
	// two): nothing of the turn is applied.
	refuse(t, s, "A1-A1S@A1 A1-A1NE@A1 L:A1-A1N@A1", "action 3 of 3, L:A1-A1N@A1: A1 has no movement points")
	if show(s) != before {
		t.Fatal("a refused turn changed the board")
	}
	got := play(t, s, "a1-a1s  A1-A1NE@A1;L:A1-A1N")
	if got[0] != "A1-A1S@A1;A1-A1NE@A1;L:A1-A1N!" {
		t.Errorf("echo %s", got[0])
	}
	if s.at(t, "A1S", 'R') != 1 || s.at(t, "A1NE", 'R') != 1 || s.at(t, "A1N", 'R') != 1 || s.pts(t, "A1") != 0 {
		t.Errorf("after the turn:\n%s", show(s))
	}
	if s.toMove != 1 || s.passCount() != 0 {
		t.Errorf("to move %d, %d passes after R's turn", s.toMove, s.passCount())
	}
	// A trailing PASS is accepted and changes nothing: the turn is not
	// a pass.
	got = play(t, s, "L:D4-D4N!, PASS")
	if got[0] != "L:D4-D4N!;PASS" || s.toMove != 2 || s.passCount() != 0 {
		t.Errorf("echo %s, to move %d, %d passes", got[0], s.toMove, s.passCount())
	}
	refuse(t, s, "PASS L:G4-G4N!", "PASS ends your turn")
	refuse(t, s, "L:G4-G4N! ; ; PASS", "empty action")
}

// Rule book part 1, item 4: a full cycle of passes with no action in
// between ends the phase; production and combat follow.
func TestFullCycleOfPassesEndsMovement(t *testing.T) {
	s := build(t, 3, nil, "A1:R1* A1=2 D4:B2G1 C3:B* G4:G*")
	play(t, s, "A1-A1S@A1", "PASS", "PASS")
	if s.round != 1 || s.toMove != 0 || s.passCount() != 2 {
		t.Fatalf("round %d, to move %d, %d passes", s.round, s.toMove, s.passCount())
	}
	play(t, s, "PASS")
	if s.round != 2 {
		t.Fatalf("three passes after the last action: round %d", s.round)
	}
	b := show(s)
	for _, want := range []string{"Round 1, after the movement:", "Production: A1 +1 R, C3 +1 B, G4 +1 G",
		"Battle on D4: B2 G1 -> B1", "Round 2, movement: B (bob) to act"} {
		if !strings.Contains(b, want) {
			t.Errorf("board lacks %q:\n%s", want, b)
		}
	}
	if s.pts(t, "A1") != 2 {
		t.Errorf("A1 has %d points, want 1 left + 1 produced", s.pts(t, "A1"))
	}
}

// Rule book part 1, item 4: a seat that passed acts again on its next
// turn when another seat acted since.
func TestPassedSeatActsAgain(t *testing.T) {
	s := build(t, 3, nil, "A1:R1* A1=2 D4:B* G4:G*")
	play(t, s, "PASS", "L:D4-D4N!", "PASS")
	if s.toMove != 0 || s.passCount() != 1 {
		t.Fatalf("to move %d, %d passes", s.toMove, s.passCount())
	}
	play(t, s, "A1-A1S@A1")
	if s.round != 1 || s.passCount() != 0 || s.toMove != 1 {
		t.Fatalf("R acted after passing: round %d, %d passes, to move %d", s.round, s.passCount(), s.toMove)
	}
	play(t, s, "PASS", "PASS")
	if s.round != 1 {
		t.Fatal("the phase ended while R had not passed since its action")
	}
	play(t, s, "PASS")
	if s.round != 2 {
		t.Fatalf("round %d after three passes", s.round)
	}
}

// Rule book part 1, items 4 and 7: seats that resigned or lost their
// leader get no turn.
func TestSeatsOutAreSkipped(t *testing.T) {
	s := build(t, 3, nil, "A1:R1* A1=2 D4:B* G4:G*")
	if err := s.Resign(1); err != nil {
		t.Fatal(err)
	}
	play(t, s, "A1-A1S@A1")
	if s.toMove != 2 {
		t.Fatalf("after R's turn seat %d is to act, want G (B resigned)", s.toMove)
	}
	play(t, s, "L:G4-G4N!")
	if s.toMove != 0 {
		t.Fatalf("after G's turn seat %d is to act, want R", s.toMove)
	}
	play(t, s, "PASS", "PASS")
	if s.round != 2 {
		t.Fatalf("round %d: the passes of R and G end the phase", s.round)
	}
	// B's leader falls in round 1's battle: from round 2 on B is
	// skipped.
	s = build(t, 4, nil, "D4:R2B* A1:R* C3:B1 G4:G* G1:Y*")
	passRound(t, s)
	if !s.out[1] || s.round != 2 || s.toMove != 2 {
		t.Fatalf("B out %v, round %d, to move %d (round 2 starts after R with G)", s.out[1], s.round, s.toMove)
	}
	play(t, s, "PASS", "PASS")
	if s.toMove != 0 {
		t.Fatalf("after G and Y seat %d is to act, want R", s.toMove)
	}
	play(t, s, "L:A1-A1N!")
	if s.toMove != 2 {
		t.Fatalf("after R's turn seat %d is to act, want G", s.toMove)
	}
}

// Rule book part 1, item 3: the start of the movement passes on to the
// next seat still in the game each round, so after a seat is out the
// others alternate. 3 players, seed 1: R enters on A1N, B's leader steps
// from A1NW onto A1 in round 2 and R's leader is encircled there.
func TestRoundStarterAfterASeatIsOut(t *testing.T) {
	es, _ := Game{}.New(3, nil, 1)
	s := es.(*state)
	if s.toMove != 0 {
		t.Fatalf("seed 1 draws seat %d to start", s.toMove)
	}
	play(t, s, "L:IN:A1N!", "L:IN:A1NW!", "L:IN:G4S!", "PASS", "PASS", "PASS")
	if s.round != 2 || s.first != 1 {
		t.Fatalf("round %d starts with seat %d", s.round, s.first)
	}
	play(t, s, "L:A1NW-A1!", "PASS", "PASS", "PASS")
	if s.round != 3 || !s.out[0] {
		t.Fatalf("round %d, R out %v:\n%s", s.round, s.out[0], show(s))
	}
	var starters []string
	for s.round <= 8 {
		if s.toMove != s.first {
			t.Fatalf("round %d: seat %d to act, the round's first is %d", s.round, s.toMove, s.first)
		}
		starters = append(starters, seatLetter(s.first))
		passRound(t, s)
	}
	if got := strings.Join(starters, " "); got != "G B G B G B" {
		t.Errorf("rounds 3-8 start with %s, want G B G B G B", got)
	}
}

// Rule book part 1, item 5: the first step of a chained move is paid by
// default like any step from a triangle, from the usable hexagon with
// most points, even when that is the middle hexagon, which pays the
// second step.
func TestChainedMoveDefaultPayment(t *testing.T) {
	s := build(t, 2, nil, "D7:R1 D7NE:r D7=3 D1:R1 D1=2 G4:B*")
	if got := play(t, s, "D7NE-D7-C6S")[0]; got != "D7NE-D7-C6S@D7" {
		t.Errorf("chain paid %s, want D7NE-D7-C6S@D7", got)
	}
	if s.pts(t, "D7") != 1 || s.pts(t, "D1") != 2 || s.at(t, "C6S", 'R') != 1 {
		t.Errorf("D7 %d D1 %d", s.pts(t, "D7"), s.pts(t, "D1"))
	}
	// When the middle hexagon would be left without a point for the
	// second step, the default goes to the next hexagon in that order.
	s = build(t, 2, nil, "D7:R1 D7NE:r D7=1 E6:R1 E6=1 G4:B*")
	if got := play(t, s, "D7NE-D7-C6S")[0]; got != "D7NE-D7-C6S@E6" {
		t.Errorf("chain paid %s, want D7NE-D7-C6S@E6", got)
	}
}

// Rule book part 2, section 4: SHOOT:C3[:B]@D4*6 names the hexagon
// that pays; without a payment the shot is paid when fired.
func TestShotPayment(t *testing.T) {
	s := build(t, 2, opt("shoot"), "D4:R1 D4=6 E4:R1 E4=9 C3:B2 G1:B* A1:R*")
	legal := s.Legal()
	for _, m := range []string{"SHOOT:C3:B", "SHOOT:C3:B@D4*6", "SHOOT:C3:B@E4*6"} {
		if !slices.Contains(legal, m) {
			t.Errorf("Legal lacks %s", m)
		}
	}
	refuse(t, s, "SHOOT:C3:B@D4*4,E4*2", "name one hexagon that pays all 6 points")
	refuse(t, s, "SHOOT:C3@D4", "exactly 6 points")
	refuse(t, s, "SHOOT:C3@D4*7", "from 1 to 6")
	refuse(t, s, "SHOOT:C3@C3*6", "no piece on C3")
	refuse(t, s, "SHOOT:C3@A1*6", "no movement points")
	if got := mine(t, s, "shoot:c3@d4*6")[0]; got != "SHOOT:C3:B@D4*6" {
		t.Errorf("echo %s", got)
	}
	if !strings.Contains(show(s), "Orders: R SHOOT:C3:B@D4*6") {
		t.Errorf("order not shown:\n%s", show(s))
	}
	// D4's six points are promised; a second shot from D4 is refused,
	// one from E4 (the book's form, with a list) is taken.
	refuse(t, s, "SHOOT:C3:B@D4*6", "D4 has 0 points for a shot")
	if got := mine(t, s, "SHOOT:C3:B@E4,E4,E4*4")[0]; got != "SHOOT:C3:B@E4*6" {
		t.Errorf("echo %s", got)
	}
	passRound(t, s)
	// Production first (D4 +1, E4 +1), then each shot paid as named,
	// though E4 has more points than D4.
	b := show(s)
	if !strings.Contains(b, "Shot: R SHOOT:C3:B hits, paid D4*6") || !strings.Contains(b, "Shot: R SHOOT:C3:B hits, paid E4*6") ||
		s.pts(t, "D4") != 1 || s.pts(t, "E4") != 4 || s.at(t, "C3", 'B') != 0 {
		t.Errorf("after the shots:\n%s", b)
	}
	// A named hexagon that cannot pay any more: the shot is not fired.
	s = build(t, 2, opt("shoot"), "D4:R3 D4=6 E4:R1 E4=9 C3:B2 G1:B* A1:R*")
	play(t, s, "SHOOT:C3:B@D4*6 D4-D4N@D4 D4-D4S@D4", "PASS", "PASS")
	if b := show(s); !strings.Contains(b, "Shot: R SHOOT:C3:B not fired: D4 has 5 points, not 6") || s.at(t, "C3", 'B') != 2 {
		t.Errorf("shot from an empty D4:\n%s", b)
	}
	// -shoot1hex: a named hexagon pays, though another has more.
	s = build(t, 2, opt("shoot1hex"), "D4:R1 D4=6 E4:R1 E4=9 C3:B2 G1:B* A1:R*")
	for _, m := range []string{"SHOOT:C3:B", "SHOOT:C3:B@D4*6", "SHOOT:C3:B@E4*6"} {
		if !slices.Contains(s.Legal(), m) {
			t.Errorf("-shoot1hex: Legal lacks %s", m)
		}
	}
	play(t, s, "SHOOT:C3@D4*6", "PASS", "PASS")
	if b := show(s); !strings.Contains(b, "Shot: R SHOOT:C3:B hits, paid D4*6") || s.pts(t, "E4") != 10 {
		t.Errorf("-shoot1hex shot:\n%s", b)
	}
}

// Rule book section 4: a refusal of a turn lists the legal actions of
// the position the player sees, before the turn. 2 players, seed 3.
func TestTurnRefusalListsLegalActionsBeforeTheTurn(t *testing.T) {
	es, _ := Game{}.New(2, nil, 3)
	_, err := es.Play("L:IN:A1N!;L:IN:A1NW!")
	if err == nil {
		t.Fatal("two entries of one leader accepted")
	}
	msg := err.Error()
	if !strings.Contains(msg, "action 2 of 2") || !strings.Contains(msg, "legal now: L:IN:A1N!, L:IN:A1NW!") ||
		!strings.Contains(msg, "and 18 more") {
		t.Errorf("refusal %q", msg)
	}
}

// Package doc: a seat whose last leader falls in a battle loses all its
// pieces before encirclement is judged, so they encircle nobody.
func TestLeaderFallsBeforeEncirclement(t *testing.T) {
	s := build(t, 3, nil, "D4:R1*B3 A1:R1 A1N:b G4:B* G1:G*")
	passRound(t, s)
	if !s.out[0] || s.res.Over {
		t.Fatalf("R out %v, over %v", s.out[0], s.res.Over)
	}
	if s.at(t, "A1N", 'B') != 1 {
		t.Errorf("b on A1N encircled by the pieces of a seat already out:\n%s", show(s))
	}
	b := show(s)
	if !strings.Contains(b, "R's leader falls") || !strings.Contains(b, "R has lost its leader and is out") || strings.Contains(b, "Encircled on A1N") {
		t.Errorf("report:\n%s", b)
	}
}

// Package doc: with -capture a capture is a paid step; the leader's free
// step cannot capture, and by default the leader pays for it.
func TestCaptureIsAPaidStep(t *testing.T) {
	s := build(t, 2, opt("capture"), "D4:R* D4=3 D4N:b D4S:b G4:B*")
	refuse(t, s, "L:D4-D4N!", "the leader's free step cannot capture")
	if got := mine(t, s, "L:D4-D4N")[0]; got != "L:D4-D4N@D4" {
		t.Errorf("leader's capture %s, want the paid step", got)
	}
	if s.at(t, "D4N", 'R') != 1 || s.at(t, "D4N", 'B') != 0 || s.pts(t, "D4") != 2 {
		t.Errorf("after the capture:\n%s", show(s))
	}
	// The free step still moves the leader where nothing is captured.
	if got := mine(t, s, "L:D4N-D4")[0]; got != "L:D4N-D4!" {
		t.Errorf("leader's step back %s", got)
	}
	refuse(t, s, "L:D4-D4S", "a capture is a paid step, and this leader has used its paid step")
	for _, m := range s.Legal() {
		if strings.HasPrefix(m, "L:D4-D4S") {
			t.Errorf("Legal offers %s", m)
		}
	}
}
