package esagek

import (
	"strings"
	"testing"
)

var inv = map[string]string{"invasion": ""}

// Rule book part 1, item 6 and section 9.3: the start for every player
// count.
func TestInvasionStarts(t *testing.T) {
	want := map[int][]string{
		2: {"A1 A2 A4 A6 B1 B2 B3 B5 F1 F3 F5 F6", "C2 C3 C4 C6 D1 D3 D4 D5 E2 E4 E5 E6"},
		3: {"A1 A2 A3 A4 A5 A6", "C1 C2 C3 C4 C5 C6", "E1 E2 E3 E4 E5 E6"},
		4: {"B1 B2 B3 B5", "C2 C3 C4 C6", "E2 E4 E5 E6", "F1 F3 F5 F6"},
		5: {"A1 A2 A4 A6", "B1 B2 B3 B5", "C2 C3 C4 C6", "E2 E4 E5 E6", "F1 F3 F5 F6"},
		6: {"A1 A2 A4 A6", "B1 B2 B3 B5", "C2 C3 C4 C6", "D1 D3 D4 D5", "E2 E4 E5 E6", "F1 F3 F5 F6"},
	}
	goals := map[int]int{2: 4, 3: 3, 4: 2, 5: 2, 6: 2}
	for n := 2; n <= 6; n++ {
		st, err := Game{}.New(n, inv, 9)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*state)
		for seat := 0; seat < n; seat++ {
			if got := pieces(s, colourLetters[seat]); got != want[n][seat] {
				t.Errorf("%d players: %s starts on %s, want %s", n, seatName(seat), got, want[n][seat])
			}
		}
		if s.goal != goals[n] {
			t.Errorf("%d players: goal %d, want %d", n, s.goal, goals[n])
		}
		if lim := map[bool]int{true: 2, false: 3}[n > 3]; s.capLimit != lim {
			t.Errorf("%d players: capture limit %d, want %d", n, s.capLimit, lim)
		}
	}
	if _, err := (Game{}).New(7, inv, 1); err == nil {
		t.Error("Invasion for 7 players accepted")
	}
	if _, err := (Game{}).New(1, inv, 1); err == nil {
		t.Error("Invasion for 1 player accepted")
	}
}

// Item 6: swaps with a side-adjacent enemy piece; no swapping back the
// pair swapped on the immediately preceding turn.
func TestInvasionSwap(t *testing.T) {
	s := build(t, inv, 2, 0, "B:M1,F5,F6,F1,E5 R:M2,C3,C4,D4,D5")
	refuse(t, s, "F5~M2", "do not share a side")
	refuse(t, s, "F5~F6", "the piece on F6 is yours")
	refuse(t, s, "F5~F4", "no enemy piece on F4")
	refuse(t, s, "M2~M1", "name your own piece first: M1~M2")
	mustPlay(t, s, "m1~m2")
	if s.board[at(t, "M2")] != 1 || s.board[at(t, "M1")] != 2 {
		t.Fatalf("swap did not exchange: Blue %s, Red %s", pieces(s, 'B'), pieces(s, 'R'))
	}
	refuse(t, s, "M1~M2", "swaps back")
	mustPlay(t, s, "D4-D3", "F5-F4")
	if !isLegal(s, "M1~M2") {
		t.Errorf("swapping the pair later is allowed: %v", s.Legal())
	}
}

// Item 6: chains of at most 3 jumps, at most 2 with more than three
// players, over pieces of several opponents.
func TestInvasionCaptureLimits(t *testing.T) {
	// Blue on C1: over C6 (Red) to D1, M4 (Yellow) to M1, M6 to E1,
	// F4 to F1.
	s := build(t, inv, 4, 0, "B:C1,A1,A2 R:C6,F4,B1,B2 Y:M4,D4,D5 G:M6,E5,E6")
	if !isLegal(s, "C1xD1xM1") {
		t.Fatalf("two-jump chain over Red and Yellow should be legal: %v", s.Legal())
	}
	refuse(t, s, "C1xD1xM1xE1", "at most 2")
	mustPlay(t, s, "C1xD1xM1")
	if s.count(1) != 3 || s.count(2) != 2 || s.taken[0] != 2 {
		t.Errorf("after the chain Red %d, Yellow %d, Blue took %d", s.count(1), s.count(2), s.taken[0])
	}

	s = build(t, inv, 3, 0, "B:C1,A1,A2 R:C6,M6,F4,B1,B2,B3 Y:M4,D3,D4,D5")
	if !isLegal(s, "C1xD1xM1xE1") {
		t.Fatalf("three-jump chain should be legal with 3 players: %v", s.Legal())
	}
	refuse(t, s, "C1xD1xM1xE1xF1", "at most 3")
	mustPlay(t, s, "C1xD1xM1xE1")
	if got, want := pieces(s, 'R'), "B1 B2 B3 F4"; got != want {
		t.Errorf("Red left on %s, want %s", got, want)
	}
	if got, want := pieces(s, 'Y'), "D3 D4 D5"; got != want {
		t.Errorf("Yellow left on %s, want %s", got, want)
	}
	if s.out[1] || s.out[2] {
		t.Error("nobody fell below the goal of 3")
	}
}

// Item 6: a player with fewer pieces than the goal is out; his pieces
// stay as obstacles that can be captured or swapped; the turn skips him.
func TestInvasionElimination(t *testing.T) {
	s := build(t, inv, 3, 0, "B:C1,A1,A2,A3 R:C6,M2,B1 Y:M1,E5,E6,D3")
	mustPlay(t, s, "C1xD1")
	if !s.out[1] {
		t.Fatal("Red with 2 pieces (goal 3) is not out")
	}
	if got := pieces(s, 'R'); got != "M2 B1" {
		t.Errorf("Red's pieces should stay on M2 B1, are on %q", got)
	}
	if s.ToMove() != 2 {
		t.Errorf("after Blue the turn should skip Red to Yellow, is %d", s.ToMove())
	}
	if !isLegal(s, "M1xC1") || !isLegal(s, "M1~M2") {
		t.Errorf("Yellow may capture and swap Red's obstacles: %v", s.Legal())
	}
	if s.Result().Over {
		t.Errorf("two players left; over: %v", s.Result())
	}
	var b strings.Builder
	s.Board(&b, nil)
	if !strings.Contains(b.String(), "Red is out with 2 pieces") {
		t.Errorf("status does not report Red out:\n%s", b.String())
	}
	mustPlay(t, s, "M1xC1")
	if s.ToMove() != 0 {
		t.Errorf("after Yellow comes Blue, not %d", s.ToMove())
	}
	// The last player not out wins.
	s = build(t, inv, 2, 0, "B:C1,A1,A2,A3 R:C6,M2,B1,B2")
	mustPlay(t, s, "C1xD1")
	if r := s.Result(); !r.Over || len(r.Winners) != 1 || r.Winners[0] != 0 ||
		!strings.Contains(r.Reason, "last player") {
		t.Errorf("last player left: %+v", r)
	}
}

// Item 6: the goal in M is checked for every player after every turn.
func TestInvasionWin(t *testing.T) {
	s := build(t, inv, 2, 0, "B:M2,M3,M4,A4,F5 R:C3,C4,D4,D5")
	mustPlay(t, s, "A4-M1")
	if r := s.Result(); !r.Over || len(r.Winners) != 1 || r.Winners[0] != 0 ||
		!strings.Contains(r.Reason, "4 pieces in the middle") {
		t.Errorf("mover reaching the goal: %+v", r)
	}
	// Blue's swap hands Red the fourth piece in M: Red wins.
	s = build(t, inv, 2, 0, "B:M1,F5,F6,F1,E5 R:A4,M2,M3,M4,D4")
	mustPlay(t, s, "M1~A4")
	if r := s.Result(); !r.Over || len(r.Winners) != 1 || r.Winners[0] != 1 {
		t.Errorf("swap giving Red the goal: %+v", r)
	}
	// Three in M is not enough with two players.
	s = build(t, inv, 2, 0, "B:M2,M3,A4,F5,F6 R:C3,C4,D4,D5")
	mustPlay(t, s, "A4-M1")
	if s.Result().Over {
		t.Errorf("3 of 4 in M ended the game: %v", s.Result())
	}
}

// Item 6: no rotating the hexagon rotated on the immediately preceding
// turn, whoever turned it; a rotation needs a piece of one's own there.
func TestInvasionRotation(t *testing.T) {
	s := build(t, inv, 3, 0, "B:M1,A1,A2 R:M3,C3,C4 Y:M5,E5,E6")
	mustPlay(t, s, "M+")
	refuse(t, s, "M-", "rotated on the previous turn")
	refuse(t, s, "E+", "no piece on hexagon E")
	mustPlay(t, s, "C+")
	if !isLegal(s, "M-") || isLegal(s, "C-") {
		t.Errorf("Yellow may turn M but not C: %v", s.Legal())
	}
	refuse(t, s, "M1-M2!", "only in Classic")
}

// Resignation with more than two players: play goes on without the
// seat; the last one left wins.
func TestInvasionResign(t *testing.T) {
	st, _ := Game{}.New(3, inv, 4)
	s := st.(*state)
	mover := s.ToMove()
	other := (mover + 1) % 3
	if err := s.Resign(other); err != nil {
		t.Fatal(err)
	}
	if s.Result().Over || s.ToMove() != mover {
		t.Fatalf("after another seat resigned: over %v, to move %d", s.Result().Over, s.ToMove())
	}
	if err := s.Resign(other); err == nil {
		t.Error("a second resignation of the same seat accepted")
	}
	if err := s.Resign(mover); err != nil {
		t.Fatal(err)
	}
	last := 3 - mover - other
	if r := s.Result(); !r.Over || len(r.Winners) != 1 || r.Winners[0] != last {
		t.Errorf("last seat %d should win: %+v", last, r)
	}
}

// The seat to move resigns: the turn passes to the next seat in play,
// and its pieces stay as obstacles.
func TestInvasionResignMover(t *testing.T) {
	st, _ := Game{}.New(4, inv, 8)
	s := st.(*state)
	mover := s.ToMove()
	before := s.count(mover)
	if err := s.Resign(mover); err != nil {
		t.Fatal(err)
	}
	if s.Result().Over || s.ToMove() != (mover+1)%4 {
		t.Errorf("after the mover resigned: over %v, to move %d", s.Result().Over, s.ToMove())
	}
	if s.count(mover) != before {
		t.Errorf("the resigned seat's pieces left the board")
	}
	for _, m := range s.Legal() {
		if _, err := s.Clone().Play(m); err != nil {
			t.Errorf("legal %s refused: %v", m, err)
		}
	}
}
