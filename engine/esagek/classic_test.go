package esagek

import (
	"strings"
	"testing"
)

// Rule book part 1, item 5: the default setup and the -home layout.
func TestClassicSetups(t *testing.T) {
	st, err := Game{}.New(2, nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*state)
	if got, want := pieces(s, 'B'), "A1 A2 A6 B1 B2 B3 F1 F5 F6"; got != want {
		t.Errorf("Blue starts on %s, want %s", got, want)
	}
	if got, want := pieces(s, 'R'), "C2 C3 C4 D3 D4 D5 E4 E5 E6"; got != want {
		t.Errorf("Red starts on %s, want %s", got, want)
	}
	st, err = Game{}.New(2, map[string]string{"home": ""}, 3)
	if err != nil {
		t.Fatal(err)
	}
	s = st.(*state)
	if got, want := pieces(s, 'B'), "M1 A1 A2 A3 A4 A5 A6 B6 F2"; got != want {
		t.Errorf("-home: Blue starts on %s, want %s", got, want)
	}
	if got, want := pieces(s, 'R'), "M4 C5 D1 D2 D3 D4 D5 D6 E3"; got != want {
		t.Errorf("-home: Red starts on %s, want %s", got, want)
	}
	// Item 4: the first mover is drawn from the seed; both seats occur.
	first := map[int]bool{}
	for seed := uint64(0); seed < 20; seed++ {
		st, _ := Game{}.New(2, nil, seed)
		again, _ := Game{}.New(2, nil, seed)
		if st.ToMove() != again.ToMove() {
			t.Fatalf("seed %d drew two different first movers", seed)
		}
		first[st.ToMove()] = true
	}
	if !first[0] || !first[1] {
		t.Errorf("first movers over 20 seeds: %v, want both seats", first)
	}
}

func TestClassicStep(t *testing.T) {
	s := build(t, nil, 2, 0, "B:M1,F5,F6 R:M3,D4,D5")
	for _, m := range []string{"M1-A4", "M1-M2", "M1-M6"} {
		if !isLegal(s, m) {
			t.Errorf("step %s should be legal", m)
		}
	}
	refuse(t, s, "M1-A1", "do not share a side")
	refuse(t, s, "M1-M4", "do not share a side")
	refuse(t, s, "M3-M2", "no piece of yours on M3")
	refuse(t, s, "F5-F6", "F6 is not empty")
	if got, err := s.Play("m1-m2"); err != nil || got != "M1-M2" {
		t.Fatalf("m1-m2: %q, %v", got, err)
	}
	if s.board[at(t, "M2")] != 1 || s.board[at(t, "M1")] != empty || s.ToMove() != 1 {
		t.Errorf("after M1-M2: Blue on %s, to move %d", pieces(s, 'B'), s.ToMove())
	}
}

func TestClassicRotation(t *testing.T) {
	s := build(t, nil, 2, 0, "B:M1,M2,F5 R:M4,D4,D5")
	refuse(t, s, "A+", "you have no piece on hexagon A")
	mustPlay(t, s, "M+")
	// Item 3: clockwise, Hk goes to H(k+1).
	if got, want := pieces(s, 'B'), "M2 M3 F5"; got != want {
		t.Errorf("after M+ Blue is on %s, want %s", got, want)
	}
	if got, want := pieces(s, 'R'), "M5 D4 D5"; got != want {
		t.Errorf("after M+ Red is on %s, want %s", got, want)
	}
	// Item 5: not the hexagon the opponent just rotated.
	refuse(t, s, "M-", "hexagon M was rotated on the previous turn")
	mustPlay(t, s, "D-")
	if got, want := pieces(s, 'R'), "M5 D3 D4"; got != want {
		t.Errorf("after D- Red is on %s, want %s", got, want)
	}
	mustPlay(t, s, "M-") // allowed again: the previous turn turned D
	if got, want := pieces(s, 'B'), "M1 M2 F5"; got != want {
		t.Errorf("after M- Blue is on %s, want %s", got, want)
	}
}

// Item 5: no more than 3 rotations of one hexagon on one's own turns in
// a row, in either direction; any other move resets the count.
func TestClassicRotationLimit(t *testing.T) {
	s := build(t, nil, 2, 0, "B:M1,F5,F6 R:D4,D5,C3")
	mustPlay(t, s, "M+", "D4-D3", "M-", "D3-D4", "M+", "D4-D3")
	refuse(t, s, "M+", "last 3 turns")
	refuse(t, s, "M-", "last 3 turns")
	mustPlay(t, s, "F+", "D3-D4") // another hexagon resets the count
	mustPlay(t, s, "M+", "D4-D3", "M+", "D3-D4")
	mustPlay(t, s, "F1-F2", "D4-D3") // a step resets it too
	mustPlay(t, s, "M+", "D3-D4", "M+", "D4-D3", "M+", "D3-D4")
	refuse(t, s, "M+", "last 3 turns")
}

// Item 5 and section 5: jumps land "through the corner", chains of up
// to 3 jumps, stopping after any jump.
func TestClassicCaptureChain(t *testing.T) {
	// Red on C1 jumps C6 to D1, M4 to M1, M6 to E1; F4 would be a 4th.
	s := build(t, nil, 2, 1, "B:C6,M4,M6,F4,A1,A2 R:C1,D4,D5")
	for _, m := range []string{"C1xD1", "C1xD1xM1", "C1xD1xM1xE1"} {
		if !isLegal(s, m) {
			t.Errorf("%s should be legal; legal: %v", m, s.Legal())
		}
	}
	refuse(t, s, "C1xD1xM1xE1xF1", "at most 3")
	refuse(t, s, "C1xD1xM1xE1!x", "cannot read")
	refuse(t, s, "C1xD2", "no jump leads from C1 to D2")
	mustPlay(t, s, "c1xd1xm1xe1")
	if got, want := pieces(s, 'B'), "A1 A2 F4"; got != want {
		t.Errorf("after the chain Blue has %s, want %s", got, want)
	}
	if got, want := pieces(s, 'R'), "D4 D5 E1"; got != want {
		t.Errorf("after the chain Red has %s, want %s", got, want)
	}
	if s.taken[1] != 3 || s.lost[0] != 3 {
		t.Errorf("taken %d, lost %d; want 3 and 3", s.taken[1], s.lost[0])
	}
	// Across a disc border the landing is opposite the victim: M1 over
	// A4 lands on A1; a landing field must be empty.
	s = build(t, nil, 2, 1, "R:M1,F5,F6 B:A4,M2,C1,D4")
	if !isLegal(s, "M1xA1") {
		t.Errorf("M1xA1 should be legal: %v", s.Legal())
	}
	refuse(t, s, "M1xC1", "landing field C1 is not empty")
	refuse(t, s, "M1xE1", "nothing to jump on M6")
	refuse(t, s, "F5xM5", "nothing to jump on F4")
	refuse(t, s, "F5xA1", "no jump leads from F5 to A1")
}

// Item 5: a piece entering the opponent's hexagon freezes at once and a
// chain ends there; frozen pieces neither move, capture nor are captured,
// but their hexagon still turns.
func TestClassicFrozen(t *testing.T) {
	s := build(t, nil, 2, 0, "B:C1,A1,A2 R:C6,M4,M6,E5,E6")
	if !isLegal(s, "C1xD1") || isLegal(s, "C1xD1xM1") {
		t.Fatalf("Blue's chain must stop on D1: %v", s.Legal())
	}
	refuse(t, s, "C1xD1xM1", "froze on D1")
	mustPlay(t, s, "C1xD1")
	if !s.frozen(at(t, "D1")) {
		t.Fatal("Blue's piece on D1 is not frozen")
	}
	var b strings.Builder
	s.Board(&b, []string{"blue", "red"})
	if !strings.Contains(b.String(), "frozen: D1") || !strings.Contains(b.String(), `\b /`) {
		t.Errorf("board does not show the frozen piece:\n%s", b.String())
	}
	// Red cannot capture the frozen piece: M4 over D1 would land on D4.
	refuse(t, s, "M4xD4", "frozen and cannot be captured")
	mustPlay(t, s, "E5-E4")
	refuse(t, s, "D1-D2", "frozen")
	refuse(t, s, "D1xM1", "frozen")
	if !isLegal(s, "D+") {
		t.Errorf("Blue may turn hexagon D under a frozen piece: %v", s.Legal())
	}
	mustPlay(t, s, "D+")
	if !s.frozen(at(t, "D2")) || s.board[at(t, "D2")] != 1 {
		t.Errorf("after D+ the frozen piece should be on D2, still frozen")
	}
}

// Item 5: the warning ! makes a capture compulsory on the opponent's
// next turn, his choice which, if any capture exists.
func TestClassicWarning(t *testing.T) {
	s := build(t, nil, 2, 0, "B:M1,F5,F6,A1 R:M2,D4,D5")
	mustPlay(t, s, "F5-F4!")
	if !s.warned {
		t.Fatal("warning not recorded")
	}
	for _, m := range s.Legal() {
		if !strings.Contains(m, "x") {
			t.Errorf("after a warning %s is offered though capturing is compulsory", m)
		}
	}
	refuse(t, s, "M2-M3", "compulsory", "M2xF2")
	mustPlay(t, s, "M2xF2")
	// Without a warning capturing is optional.
	s = build(t, nil, 2, 0, "B:M1,F5,F6,A1 R:M2,D4,D5")
	mustPlay(t, s, "F5-F4")
	if !isLegal(s, "M2-M3") || !isLegal(s, "M2xF2") {
		t.Errorf("without warning both step and capture are legal: %v", s.Legal())
	}
	// A warning when no capture exists has no effect.
	s = build(t, nil, 2, 0, "B:A1,A2,F5 R:D4,D5,C3")
	mustPlay(t, s, "A+!")
	if !isLegal(s, "D4-D3") {
		t.Errorf("a warning without any capture must not bind: %v", s.Legal())
	}
}

// Item 5: the two ways to win.
func TestClassicWins(t *testing.T) {
	s := build(t, nil, 2, 0, "B:D2,D3,M4,A1 R:A4,A5,F5,F6")
	mustPlay(t, s, "M4-D1")
	r := s.Result()
	if !r.Over || len(r.Winners) != 1 || r.Winners[0] != 0 || !strings.Contains(r.Reason, "3 pieces in Red's hexagon") {
		t.Errorf("3 in the opponent's hexagon: %+v", r)
	}
	if s.ToMove() != -1 || len(s.Legal()) != 0 {
		t.Errorf("game over but ToMove %d, %d legal", s.ToMove(), len(s.Legal()))
	}
	s = build(t, nil, 2, 1, "B:M1,F5,F6 R:M2,D4,D5")
	mustPlay(t, s, "M2xF2")
	r = s.Result()
	if !r.Over || len(r.Winners) != 1 || r.Winners[0] != 1 || !strings.Contains(r.Reason, "only 2 pieces") {
		t.Errorf("opponent down to 2: %+v", r)
	}
	// Two pieces in the hexagon do not win yet.
	s = build(t, nil, 2, 0, "B:D2,M4,A1 R:A4,A5,F5,F6")
	mustPlay(t, s, "M4-D1")
	if s.Result().Over {
		t.Errorf("two pieces in D ended the game: %v", s.Result())
	}
}

// Item 10: a Classic player without a legal move loses.
func TestClassicNoMoveLoses(t *testing.T) {
	// Red: two frozen pieces in A and one boxed in on B2 (B1 and B3
	// Blue, the jump over B3 blocked on C2); Red turned A on his last 3
	// turns and Blue just turned B.
	s := build(t, nil, 2, 1, "B:B1,B3,C2,F5,F6 R:A1,A2,B2")
	if len(s.Legal()) == 0 {
		t.Fatal("Red should have rotations before the bans")
	}
	s.lastRot, s.streakHx[1], s.streak[1] = 2, 1, 3
	s.history = nil
	s.startTurn()
	r := s.Result()
	if !r.Over || len(r.Winners) != 1 || r.Winners[0] != 0 || r.Reason != "Red has no legal move" {
		t.Errorf("no legal move: %+v", r)
	}
}

// Item 9: the third occurrence of a position with the same player to
// move is a draw; every game is drawn after -maxturns turns.
func TestClassicDraws(t *testing.T) {
	s := build(t, nil, 2, 0, "B:M1,F5,F6 R:M4,D4,D5")
	loop := []string{"M1-M2", "M4-M5", "M2-M1", "M5-M4"}
	mustPlay(t, s, loop...)
	mustPlay(t, s, loop[:3]...)
	if s.Result().Over {
		t.Fatalf("over too early: %v", s.Result())
	}
	mustPlay(t, s, loop[3])
	if r := s.Result(); !r.Draw() || !strings.Contains(r.Reason, "repetition") {
		t.Errorf("third repetition: %+v", r)
	}
	s = build(t, map[string]string{"maxturns": "3"}, 2, 0, "B:M1,F5,F6 R:M4,D4,D5")
	mustPlay(t, s, "M1-M2", "M4-M5")
	if s.Result().Over {
		t.Fatal("over after 2 of 3 turns")
	}
	mustPlay(t, s, "F5-F4")
	if r := s.Result(); !r.Draw() || r.Reason != "draw after 3 turns" {
		t.Errorf("turn limit: %+v", r)
	}
}

func TestClassicResign(t *testing.T) {
	st, _ := Game{}.New(2, nil, 5)
	waiting := 1 - st.ToMove()
	if err := st.Resign(waiting); err != nil {
		t.Fatal(err)
	}
	r := st.Result()
	if !r.Over || len(r.Winners) != 1 || r.Winners[0] != 1-waiting {
		t.Errorf("resignation: %+v", r)
	}
	if err := st.Resign(1 - waiting); err == nil {
		t.Error("resigning after the end accepted")
	}
	if err := st.Resign(7); err == nil {
		t.Error("resigning seat 8 accepted")
	}
}
