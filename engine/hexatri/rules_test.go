package hexatri

import (
	"slices"
	"strings"
	"testing"
)

// Rule book part 1, item 5: points pay only from a hexagon the player
// holds alone; never from a contested one.
func TestPaymentFromUsableHexagonsOnly(t *testing.T) {
	s := build(t, 2, nil, "D4:R2* C3:R1B1 E4:B1 A1:R1 D4=2 C3=5 E4=3")
	refuse(t, s, "D4-D4N@C3", "C3 is contested")
	refuse(t, s, "D4-D4N@E4", "no piece on E4")
	refuse(t, s, "D4-D4N@A1", "A1 has no movement points")
	got := mine(t, s, "d4-d4n@d4")
	if got[0] != "D4-D4N@D4" || s.pts(t, "D4") != 1 || s.pts(t, "C3") != 5 {
		t.Errorf("paid %v, D4 %d C3 %d", got, s.pts(t, "D4"), s.pts(t, "C3"))
	}
	// The list of legal actions never pays from C3 or E4.
	for _, m := range s.Legal() {
		if strings.HasSuffix(m, "@C3") || strings.HasSuffix(m, "@E4") {
			t.Errorf("legal %s pays from a hexagon R may not use", m)
		}
	}
}

// Rule book part 1, item 5: the default payment.
func TestDefaultPayment(t *testing.T) {
	s := build(t, 2, nil, "D4:R2 C3:R1 A1:R1 D4=1 C3=2 A1=2 D5N:r G4:B*")
	// Departure usable: it pays.
	if got := mine(t, s, "D4-D4S")[0]; got != "D4-D4S@D4" {
		t.Errorf("default payment %s, want D4-D4S@D4", got)
	}
	// Departure empty of points: most points, ties in reading order.
	if got := mine(t, s, "D4-D4N")[0]; got != "D4-D4N@A1" {
		t.Errorf("default payment %s, want D4-D4N@A1", got)
	}
	// From a triangle: the usable hexagon with most points.
	if got := mine(t, s, "D5N-D5")[0]; got != "D5N-D5@C3" {
		t.Errorf("default payment %s, want D5N-D5@C3", got)
	}
}

// Rule book part 1, item 5: one paid step per ordinary piece.
func TestOnePaidStepPerPiece(t *testing.T) {
	s := build(t, 2, nil, "D4:R2* D4=6 G4:B*")
	mine(t, s, "D4-D4N@D4", "D4-D4S@D4")
	refuse(t, s, "D4N-D4@D4", "already stepped")
	refuse(t, s, "D4S-D4", "already stepped")
	// With no ordinary piece able to step, D4-... moves the leader.
	if got := mine(t, s, "D4-D4SE")[0]; got != "L:D4-E4N!" {
		t.Errorf("got %s, want the leader's free step", got)
	}
	if s.pts(t, "D4") != 4 {
		t.Errorf("D4 has %d points, want 4", s.pts(t, "D4"))
	}
}

// Rule book section 2.4: the chained move II.
func TestChainedMove(t *testing.T) {
	s := build(t, 2, nil, "C3:R1 D4N:r C3=3 G4:B*")
	refuse(t, s, "D4N-D4-D4NE@C3", "no point would be left on D4")
	s = build(t, 2, nil, "C3:R1 D4N:r C3=3 D4=1 G4:B*")
	refuse(t, s, "D4N-D4-C3N@C3", "does not touch D4")
	refuse(t, s, "D4N-D4-D4NE@D4", "no piece on D4")
	got := mine(t, s, "d4n-d4-d4ne")
	if got[0] != "D4N-D4-C4S@C3" {
		t.Errorf("chain %v", got)
	}
	if s.pts(t, "D4") != 0 || s.pts(t, "C3") != 2 || s.at(t, "C4S", 'R') != 1 || s.at(t, "D4", 'R') != 0 {
		t.Errorf("after the chain D4 %d C3 %d", s.pts(t, "D4"), s.pts(t, "C3"))
	}
	refuse(t, s, "C4S-D4@C3", "already stepped")
	// Not over a contested hexagon, and not for the leader.
	s = build(t, 2, nil, "C3:R1 D4N:r C3=3 D4:B1 D4=2 C4N:R")
	refuse(t, s, "D4N-D4-D4NE@C3", "holds enemy pieces")
	refuse(t, s, "C4N-C4-C4NE@C3", "the leader takes its steps one by one")
	// Without a chain the piece stays on the hexagon.
	play(t, s, "D4N-D4@C3")
	if s.at(t, "D4", 'R') != 1 {
		t.Error("the piece did not arrive on D4")
	}
}

// Rule book part 1, item 5: the leader's paid and free steps.
func TestLeaderSteps(t *testing.T) {
	s := build(t, 2, nil, "D4:R* C3:R1 C3=3 G4:B*")
	if got := mine(t, s, "L:D4-D4N")[0]; got != "L:D4-D4N!" {
		t.Errorf("leader default %s, want the free step", got)
	}
	refuse(t, s, "L:D4N-D4!", "used its free step")
	refuse(t, s, "L:D4N-D4@D4", "no piece on D4")
	if got := mine(t, s, "L:D4N-D4")[0]; got != "L:D4N-D4@C3" {
		t.Errorf("paid step %s", got)
	}
	refuse(t, s, "L:D4-D4S", "used both its steps")
	refuse(t, s, "L:D4-D4S@C3", "used its paid step")
	// The paid step first, then the free one.
	s = build(t, 2, nil, "D4:R* D4=3 G4:B*")
	mine(t, s, "L:D4-D4N@D4", "L:D4N-D4!")
	if s.pts(t, "D4") != 2 {
		t.Errorf("D4 has %d points, want 2", s.pts(t, "D4"))
	}
	// Only a leader has a free step.
	s = build(t, 2, nil, "D4:R1 C3:R* D4=3 G4:B*")
	refuse(t, s, "D4-D4N!", "no leader on D4")
}

// Rule book part 1, item 5: entering on an empty outer triangle.
func TestEntering(t *testing.T) {
	es, _ := Game{}.New(2, nil, 5)
	s := es.(*state)
	// Round 1: no points, so only the leader's free step enters.
	for _, m := range s.Legal() {
		if m != "PASS" && !strings.HasPrefix(m, "L:IN:") {
			t.Errorf("round 1 offers %s", m)
		}
	}
	if n := len(s.Legal()); n != 25 {
		t.Errorf("round 1 offers %d actions, want 24 entries and PASS", n)
	}
	refuse(t, s, "IN:A1N", "legal now: L:IN:A1N!")
	if got := play(t, s, "l:in:a1n")[0]; got != "L:IN:A1N!" {
		t.Errorf("entry %s", got)
	}
	s = build(t, 2, nil, "A1:R1 A1=3 D4N:b G4:B*")
	refuse(t, s, "IN:D4N", "not an outer triangle")
	refuse(t, s, "IN:D4", "not on hexagon D4")
	mine(t, s, "IN:A1N")
	refuse(t, s, "IN:A1N@A1", "A1N is occupied")
	if s.at(t, "A1N", 'R') != 1 || s.pts(t, "A1") != 2 {
		t.Error("entry did not place the piece or take the point")
	}
	// Entering is the piece's step for the round.
	refuse(t, s, "A1N-A1@A1", "already stepped")
}

// Rule book part 1, item 5: the last piece may not leave a contested
// hexagon.
func TestLastPieceStays(t *testing.T) {
	s := build(t, 2, nil, "D4:R1B2 C3:R1 C3=3 G4:B*")
	refuse(t, s, "D4-D4N@C3", "may not take your last piece off D4")
	s = build(t, 2, nil, "D4:R2B2 C3:R1 C3=3 G4:B*")
	mine(t, s, "D4-D4N@C3")
	refuse(t, s, "D4-D4S@C3", "last piece")
}

// Rule book part 1, item 4: the movement phase ends after a full cycle of
// passes with no action in between.
func TestMovementEndsAfterPasses(t *testing.T) {
	s := build(t, 3, nil, "A1:R* A1=2 D4:B* G4:G*")
	play(t, s, "PASS")
	if s.toMove != 1 {
		t.Fatalf("after R's pass %d to move", s.toMove)
	}
	// B acts in its turn; G and R pass, and B, which acted since R's
	// first pass, must pass too.
	play(t, s, "L:D4-D4N!", "PASS", "PASS")
	if s.round != 1 || s.toMove != 1 || s.passCount() != 2 {
		t.Fatalf("B acted: round %d, to move %d, %d passes", s.round, s.toMove, s.passCount())
	}
	play(t, s, "PASS")
	if s.round != 2 {
		t.Fatalf("three passes after the last action: round %d", s.round)
	}
	if s.pts(t, "A1") != 3 {
		t.Errorf("production did not run: A1 has %d", s.pts(t, "A1"))
	}
	// Round 2 starts with the next seat.
	if s.toMove != 1 || s.first != 1 {
		t.Errorf("round 2 starts with seat %d", s.toMove)
	}
}

// Rule book part 1, item 3: the first seat moves on each round, over
// seats that are out.
func TestFirstSeatRotates(t *testing.T) {
	es, _ := Game{}.New(3, nil, 9)
	s := es.(*state)
	s0 := s.toMove
	for r := 1; r <= 4; r++ {
		if s.round != r || s.toMove != (s0+r-1)%3 {
			t.Fatalf("round %d starts with seat %d, want %d", s.round, s.toMove, (s0+r-1)%3)
		}
		play(t, s, "PASS", "PASS", "PASS")
	}
	// Seat after the next is out: it is skipped.
	skip := (s0 + 5) % 3
	if err := s.Resign(skip); err != nil {
		t.Fatal(err)
	}
	for s.round < 6 {
		play(t, s, "PASS")
	}
	if s.toMove != (skip+1)%3 {
		t.Errorf("round 6 starts with seat %d, want %d (seat %d is out)", s.toMove, (skip+1)%3, skip)
	}
	// Round 1 by lot: several seeds give several first seats.
	seen := map[int]bool{}
	for seed := uint64(0); seed < 30; seed++ {
		es, _ := Game{}.New(6, nil, seed)
		seen[es.ToMove()] = true
	}
	if len(seen) < 4 {
		t.Errorf("30 seeds drew only first seats %v", seen)
	}
}

// passRound ends the movement phase of a 2- or 3-player board.
func passRound(t *testing.T, s *state) {
	t.Helper()
	r := s.round
	for s.round == r && !s.res.Over {
		play(t, s, "PASS")
	}
}

// Rule book section 2.5: production capped by the number and the pieces.
func TestProduction(t *testing.T) {
	s := build(t, 2, map[string]string{"pieces": "11"}, "D4:R2 C3:R5 A1:R3 E4:R1B1 B2:R* G4:B*")
	passRound(t, s)
	for hex, want := range map[string]int{"D4": 2, "C3": 3, "A1": 1, "E4": 0, "B2": 1, "G4": 1, "D5": 0} {
		if got := s.pts(t, hex); got != want {
			t.Errorf("%s produced %d, want %d", hex, got, want)
		}
	}
	b := show(s)
	for _, want := range []string{"Production: A1 +1 R, B2 +1 R, C3 +3 R, D4 +2 R, G4 +1 B", "Battle on E4: R1 B1 -> R1 B1"} {
		if !strings.Contains(b, want) {
			t.Errorf("board mail lacks %q:\n%s", want, b)
		}
	}
}

// Rule book section 2.6: the battle arithmetic.
func TestFight(t *testing.T) {
	cases := []struct{ in, want []int }{
		{[]int{3, 1}, []int{2, 0}},
		{[]int{3, 2}, []int{1, 0}},
		{[]int{2, 2}, []int{2, 2}},
		{[]int{3, 2, 1}, []int{1, 0, 0}},
		{[]int{3, 3, 1}, []int{2, 2, 0}},
		{[]int{0, 4, 0, 1}, []int{0, 3, 0, 0}},
		{[]int{5, 0}, []int{5, 0}},
	}
	for _, c := range cases {
		got := slices.Clone(c.in)
		fight(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("battle %v -> %v, want %v", c.in, got, c.want)
		}
	}
}

// Rule book section 2.6: battles on the board, ordinary pieces lost
// before the leader.
func TestBattles(t *testing.T) {
	s := build(t, 3, map[string]string{"pieces": "20"}, "D4:R3B1 C3:R3B2 E4:R2B2 B2:R3B2G1 F2:R3B3G1 A1:R* G4:B* G1:G*")
	passRound(t, s)
	want := map[string][3]int{"D4": {2, 0, 0}, "C3": {1, 0, 0}, "E4": {2, 2, 0}, "B2": {1, 0, 0}, "F2": {2, 2, 0}}
	for hex, w := range want {
		got := [3]int{s.at(t, hex, 'R'), s.at(t, hex, 'B'), s.at(t, hex, 'G')}
		if got != w {
			t.Errorf("%s after the battle %v, want %v", hex, got, w)
		}
	}
	if !strings.Contains(show(s), "Battle on F2: R3 B3 G1 -> R2 B2") {
		t.Errorf("battle report missing:\n%s", show(s))
	}
	// The leader is lost last: R has a piece and the leader against 2.
	s = build(t, 2, nil, "D4:R1*B2 G4:B*")
	passRound(t, s)
	if s.at(t, "D4", 'R') != 2 || s.res.Over {
		t.Error("2 against 2 must stand")
	}
	s = build(t, 2, nil, "D4:R1*B3 G4:B*")
	passRound(t, s)
	if !s.res.Over || !slices.Equal(s.res.Winners, []int{1}) {
		t.Errorf("R's leader fell; result %+v", s.res)
	}
}

// Rule book section 2.6: encirclement of a hexagon and of a triangle,
// judged once after the battles.
func TestEncirclement(t *testing.T) {
	s := build(t, 2, map[string]string{"pieces": "8"}, "D4:R2 D4N:b D4NE:b D4SE:b D4S:b D4SW:b D4NW:b A1:R* G4:B*")
	passRound(t, s)
	if s.at(t, "D4", 'R') != 0 || !strings.Contains(show(s), "Encircled on D4: 2 of R removed") {
		t.Errorf("D4 not encircled:\n%s", show(s))
	}
	// One side left open: no encirclement.
	s = build(t, 2, nil, "D4:R2 D4N:b D4NE:b D4SE:b D4S:b D4SW:b A1:R* G4:B*")
	passRound(t, s)
	if s.at(t, "D4", 'R') != 2 {
		t.Error("D4 with an open side lost its pieces")
	}
	// A triangle whose three hexagons hold only enemies.
	s = build(t, 2, nil, "D4N:r D4:B1 C3:B1 C4:B1 A1:R* G4:B*")
	passRound(t, s)
	if s.at(t, "D4N", 'R') != 0 {
		t.Error("D4N not encircled")
	}
	// The same after a battle cleared D4 of R: judged on the result.
	s = build(t, 2, nil, "D4N:r D4:B2R1 C3:B1 C4:B1 A1:R* G4:B*")
	passRound(t, s)
	if s.at(t, "D4N", 'R') != 0 || s.at(t, "D4", 'B') != 1 {
		t.Errorf("D4N after the battle on D4:\n%s", show(s))
	}
	// A contested neighbour holding one of R's pieces saves it.
	s = build(t, 2, nil, "D4N:r D4:B1R1 C3:B1 C4:B1 A1:R* G4:B*")
	passRound(t, s)
	if s.at(t, "D4N", 'R') != 1 {
		t.Error("D4N encircled though R stands on D4")
	}
	// An outer triangle falls with its one hexagon.
	s = build(t, 2, nil, "A1N:r A1:B1 D4:R* G4:B*")
	passRound(t, s)
	if s.at(t, "A1N", 'R') != 0 {
		t.Error("A1N not encircled")
	}
}

// Rule book part 1, item 6: removed pieces sit out the next round.
func TestRemovedPiecesLocked(t *testing.T) {
	s := build(t, 2, map[string]string{"pieces": "6"}, "B2:R4 D4:R2 D4N:b D4NE:b D4SE:b D4S:b D4SW:b D4NW:b A1:R* A1=5 G4:B*")
	passRound(t, s)
	if s.round != 2 || s.toMove != 1 {
		t.Fatalf("round %d, to move %d", s.round, s.toMove)
	}
	play(t, s, "PASS")
	refuse(t, s, "IN:A1N@A1", "may not enter before round 3")
	if !strings.Contains(show(s), "2 locked until round 3") {
		t.Errorf("state block does not show the locked pieces:\n%s", show(s))
	}
	play(t, s, "PASS")
	// Round 3: R starts and may enter.
	if s.round != 3 || s.toMove != 0 {
		t.Fatalf("round %d, to move %d", s.round, s.toMove)
	}
	play(t, s, "IN:A1N@A1")
}

// Rule book part 1, item 7: a fallen leader takes the player out; the
// game goes on while two remain; the last leaders falling together draw.
func TestLeaderLossAndEnd(t *testing.T) {
	s := build(t, 3, nil, "D4:R1*B3 G4:B* A1:G*")
	passRound(t, s)
	if !s.out[0] || s.res.Over || s.leadersLeft(0) != 0 {
		t.Fatalf("R out %v, over %v", s.out[0], s.res.Over)
	}
	for _, pc := range s.pieces {
		if pc.owner == 0 && pc.at != gone {
			t.Fatal("an out player kept a piece")
		}
	}
	if strings.Contains(strings.Join(s.Legal(), " "), "L:IN") && s.toMove == 0 {
		t.Error("R still acts")
	}
	if !strings.Contains(show(s), "R alice: out (leader lost in round 1)") {
		t.Errorf("board:\n%s", show(s))
	}
	// Both leaders fall in one combat phase: a draw.
	s = build(t, 2, nil, "A1N:R A1:B1 G4S:B G4:R1")
	passRound(t, s)
	if !s.res.Over || len(s.res.Winners) != 0 || !strings.Contains(s.res.Reason, "fell together") {
		t.Errorf("result %+v", s.res)
	}
	if s.ToMove() != -1 || len(s.Legal()) != 0 {
		t.Error("the game goes on after the end")
	}
	// Three players, two leaders fall: the third wins.
	s = build(t, 3, nil, "A1N:R A1:B1 G4S:B G4:R1 D4:G*")
	passRound(t, s)
	if !s.res.Over || !slices.Equal(s.res.Winners, []int{2}) {
		t.Errorf("result %+v", s.res)
	}
}

// Illegal actions and junk are refused with the reason and a list of
// legal actions, the board unchanged.
func TestIllegalActionsRefused(t *testing.T) {
	s := build(t, 2, nil, "D4:R2* D4=2 C3:B1 G4:B*")
	for move, why := range map[string]string{
		"":              "empty move",
		"FOO":           "not a Hexatri action",
		"D4-D5":         "steps go from a hexagon",
		"D4-E1N@D4":     "does not touch D4",
		"C3-C3N@D4":     "no piece on C3",
		"D4-D4N@D4!":    "either free",
		"D4-D4N@D9":     "not a field",
		"D4-D4N@D4N":    "is a triangle",
		"BLOCK:C3":      "-blockade",
		"SHOOT:C3":      "-shoot",
		"SHIFT:D4>C3":   "-regroup",
		"CLONE":         "-cloner",
		"D4N-D4":        "no piece on D4N",
		"G4-G4S":        "no piece on G4",
		"L:IN:A1N":      "no leader off the board",
		"D4-D4N-D4":     "triangle-hexagon-triangle",
		"D4N-D4-D4NE-X": "not a Hexatri action",
	} {
		refuse(t, s, move, why)
	}
	_, err := s.Play("D4-D4N@C3")
	if err == nil || !strings.Contains(err.Error(), "legal now: D4-C3S@D4") {
		t.Errorf("error %v lists no legal move from D4", err)
	}
}

// Resignation: two players, the other wins; three, play goes on.
func TestResign(t *testing.T) {
	es, _ := Game{}.New(2, nil, 1)
	if err := es.Resign(0); err != nil {
		t.Fatal(err)
	}
	if r := es.Result(); !r.Over || !slices.Equal(r.Winners, []int{1}) {
		t.Errorf("result %+v", r)
	}
	if err := es.Resign(1); err == nil {
		t.Error("resign after the end accepted")
	}
	s := build(t, 3, nil, "A1:R* D4:B* G4:G*")
	play(t, s, "PASS", "PASS")
	if err := s.Resign(2); err != nil {
		t.Fatal(err)
	}
	// G was to move; R and B had passed: the phase ends.
	if s.round != 2 || s.res.Over {
		t.Errorf("round %d over %v", s.round, s.res.Over)
	}
	if err := s.Resign(2); err == nil {
		t.Error("resigning twice accepted")
	}
	// A seat that resigns after passing: the others must still pass.
	s = build(t, 3, nil, "A1:R* D4:B* G4:G*")
	play(t, s, "PASS", "PASS")
	if err := s.Resign(0); err != nil {
		t.Fatal(err)
	}
	if s.round != 1 || s.toMove != 2 {
		t.Errorf("round %d, to move %d; G has not passed yet", s.round, s.toMove)
	}
	play(t, s, "PASS")
	if s.round != 2 {
		t.Errorf("round %d after B and G passed", s.round)
	}
	if err := s.Resign(7); err == nil {
		t.Error("seat 7 resigned")
	}
	if err := s.Resign(s.toMove); err != nil {
		t.Fatal(err)
	}
	if !s.res.Over || len(s.res.Winners) != 1 {
		t.Errorf("result %+v", s.res)
	}
}

// A hexagon token too wide for the radius 4 diagram is shortened and
// listed in full under it.
func TestCrowdedHexagon(t *testing.T) {
	s := build(t, 6, nil, "E5:R1*B1*G1 E5=12 D4:Y2*")
	b := show(s)
	if !strings.Contains(b, "Crowded hexagons: E5 5R2*B2*G1:12") || !strings.Contains(b, " 5+ ") {
		t.Errorf("crowded E5:\n%s", b)
	}
	if !strings.Contains(b, "4Y3*") || !strings.Contains(b, "E5:12") {
		t.Errorf("board:\n%s", b)
	}
}

// Rule book section 4: several actions in one word, all or nothing.
func TestSeveralActions(t *testing.T) {
	s := build(t, 2, opt("blockade"), "D4:R2* D4=5 C3:B1 G4:B*")
	got := play(t, s, "D4-D4N;L:D4-D4S,BLOCK:C3@D4,D4,D4,PASS")
	if got[0] != "D4-D4N@D4;L:D4-D4S!;BLOCK:C3@D4,D4,D4;PASS" {
		t.Errorf("echo %s", got[0])
	}
	if s.toMove != 1 || s.pts(t, "D4") != 1 {
		t.Errorf("to move %d, D4 %d", s.toMove, s.pts(t, "D4"))
	}
	s = build(t, 2, nil, "D4:R2* D4=5 C3:B1 G4:B*")
	refuse(t, s, "D4-D4N;D4-D4N", "action 2 of 2, D4-D4N: D4N is occupied")
	refuse(t, s, "PASS;D4-D4N", "PASS ends your turn")
	refuse(t, s, "D4-D4N;;PASS", "empty action")
}
