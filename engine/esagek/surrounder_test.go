package esagek

import (
	"strings"
	"testing"
)

var sur = map[string]string{"surrounder": ""}

// placing turns a built Surrounder position into the placement phase
// with the given pieces in hand per seat.
func placing(s *state, hands ...int) {
	s.placing = true
	s.over, s.winners, s.reason, s.out, s.notes = false, nil, "", [6]bool{}, nil
	for seat, h := range hands {
		s.hand[seat] = int8(h)
		s.initial[seat] += int16(h)
	}
	s.history = nil
	s.legalOK = false
	s.startTurn()
}

// Rule book part 1, item 7 and section 9.4: an empty board, pieces in
// hand per player count, one placement per turn on any empty field.
func TestSurrounderStart(t *testing.T) {
	want := map[int][2]int{2: {15, 7}, 3: {10, 5}, 4: {8, 4}, 5: {6, 3}, 6: {5, 3}}
	for n := 2; n <= 6; n++ {
		st, err := Game{}.New(n, sur, 2)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*state)
		for seat := 0; seat < n; seat++ {
			if int(s.hand[seat]) != want[n][0] {
				t.Errorf("%d players: %s has %d in hand, want %d", n, seatName(seat), s.hand[seat], want[n][0])
			}
		}
		if s.goal != want[n][1] || !s.placing || s.count(0) != 0 {
			t.Errorf("%d players: goal %d placing %v", n, s.goal, s.placing)
		}
		if l := s.Legal(); len(l) != numFields || l[0] != "A1" {
			t.Errorf("%d players: %d placements, want 42", n, len(l))
		}
	}
}

// Item 7: conquest at the end of the mover's own turn only; during
// placement a conquered piece becomes neutral; when the last piece is
// placed the neutral pieces leave.
func TestSurrounderPlacement(t *testing.T) {
	s := build(t, sur, 2, 1, "B:A4,M2,M6 R:D4,D5,C3")
	placing(s, 2, 2)
	refuse(t, s, "M2", "not empty")
	refuse(t, s, "M1-M4", "placement phase")
	// Red places into the surrounded M1: it stays after Red's own turn.
	mustPlay(t, s, "M1")
	if s.board[at(t, "M1")] != 2 {
		t.Fatal("Red's piece on M1 was removed at the end of Red's own turn")
	}
	// Blue's placement anywhere ends Blue's turn: M1 is conquered and a
	// neutral piece takes its place.
	mustPlay(t, s, "F5")
	if got := pieces(s, 'N'); got != "M1" {
		t.Fatalf("neutral pieces on %q, want M1", got)
	}
	if s.taken[0] != 1 || s.lost[1] != 1 {
		t.Errorf("Blue conquered %d, Red lost %d; want 1, 1", s.taken[0], s.lost[1])
	}
	refuse(t, s, "M1", "not empty")
	mustPlay(t, s, "D1")
	if !s.placing || pieces(s, 'N') != "M1" {
		t.Fatal("placement ended early")
	}
	mustPlay(t, s, "C2") // Blue's last piece: all pieces are placed
	if s.placing || pieces(s, 'N') != "" {
		t.Errorf("after the last placement: placing %v, neutrals on %q", s.placing, pieces(s, 'N'))
	}
	if s.ToMove() != 1 || !isLegal(s, "D4-D3") {
		t.Errorf("movement phase should offer steps: %v", s.Legal())
	}
}

// Item 7: a rim field has two neighbours and is never surrounded; a
// piece among neutral or mixed neighbours is not surrounded either.
func TestSurrounderRimAndMixed(t *testing.T) {
	s := build(t, sur, 3, 0, "B:A6,A2,M2,M6,F5,F6 R:A1,M1,E5,E6 Y:A4,C3,C4")
	mustPlay(t, s, "F5-F4")
	if s.board[at(t, "A1")] != 2 {
		t.Error("Red on the rim field A1 was conquered")
	}
	if s.board[at(t, "M1")] != 2 {
		t.Error("Red on M1 with a Yellow neighbour was conquered")
	}
	for f := 0; f < numFields; f++ {
		if isRim(f) && len(geo.adj[f]) != 2 {
			t.Errorf("rim field %s has %d neighbours", geo.name[f], len(geo.adj[f]))
		}
	}
}

// Item 7: conquest of several pieces of several opponents in one turn,
// and the conquest goal.
func TestSurrounderConquestGoal(t *testing.T) {
	// M2 (Red) needs B5; M6 (Yellow) has M1, M5, F3 Blue already.
	s := build(t, sur, 3, 0, "B:M1,M3,M5,F3,B4,E5,E6 R:M2,C3,C4,D4 Y:M6,A1,A2,D5")
	s.goal = 2
	mustPlay(t, s, "B4-B5")
	if got := pieces(s, 'R') + "|" + pieces(s, 'Y'); got != "C3 C4 D4|A1 A2 D5" {
		t.Errorf("after B4-B5 Red|Yellow are on %s", got)
	}
	if r := s.Result(); !r.Over || len(r.Winners) != 1 || r.Winners[0] != 0 ||
		!strings.Contains(r.Reason, "conquered 2") {
		t.Errorf("conquest goal: %+v", r)
	}
	// An enemy piece surrounded at the end of another player's turn
	// stays: Red's step leaves Blue's trap on M2 alone.
	s = build(t, sur, 2, 1, "B:M1,M3,B5,E5,E6 R:M4,M2,C3,C4,D4")
	mustPlay(t, s, "D4-D3")
	if s.board[at(t, "M2")] != 2 {
		t.Error("Red's M2 was conquered at the end of Red's turn")
	}
	mustPlay(t, s, "E5-E4")
	if s.board[at(t, "M2")] != empty || s.taken[0] != 1 {
		t.Error("Blue did not conquer M2 at the end of Blue's turn")
	}
}

// Item 7: a player with fewer than 3 pieces is out; his pieces stay and
// can still be conquered; he is skipped.
func TestSurrounderDropOut(t *testing.T) {
	s := build(t, sur, 3, 0, "B:M1,M3,B4,E5,E6,F5 R:M2,A1,A2 Y:C3,C4,D4,D5")
	mustPlay(t, s, "B4-B5")
	if !s.out[1] || s.count(1) != 2 {
		t.Fatalf("Red with 2 pieces: out %v, %d pieces", s.out[1], s.count(1))
	}
	if s.ToMove() != 2 {
		t.Errorf("turn should skip Red to Yellow, is %d", s.ToMove())
	}
	if got := pieces(s, 'R'); got != "A1 A2" {
		t.Errorf("Red's pieces should stay on A1 A2: %q", got)
	}
	if !isLegal(s, "D4-D3") {
		t.Errorf("Yellow moves on: %v", s.Legal())
	}
}

// Item 7: swaps without swap-back, rotation bans, no jumping.
func TestSurrounderMoves(t *testing.T) {
	s := build(t, sur, 2, 0, "B:M1,F5,F6 R:M2,C3,C4")
	refuse(t, s, "M1xF2", "no jumping")
	refuse(t, s, "C3", "only in the placement phase")
	mustPlay(t, s, "M1~M2")
	refuse(t, s, "M1~M2", "swaps back")
	mustPlay(t, s, "M+")
	refuse(t, s, "M-", "rotated on the previous turn")
	if !isLegal(s, "F+") {
		t.Errorf("F may turn: %v", s.Legal())
	}
}

// A seat resigning during placement is skipped; the placement phase
// ends when the seats in play have placed everything.
func TestSurrounderResignWhilePlacing(t *testing.T) {
	st, _ := Game{}.New(3, sur, 5)
	s := st.(*state)
	quitter := (s.ToMove() + 2) % 3
	if err := s.Resign(quitter); err != nil {
		t.Fatal(err)
	}
	for i := 0; s.placing && s.ToMove() >= 0; i++ {
		if s.ToMove() == quitter {
			t.Fatal("the resigned seat was asked to move")
		}
		l := s.Legal()
		mustPlay(t, s, l[(i*7)%len(l)])
	}
	if s.placing || s.Result().Over {
		t.Fatalf("placing %v, over %v", s.placing, s.Result().Over)
	}
	if s.count(quitter) != 0 || pieces(s, 'N') != "" {
		t.Errorf("the resigned seat placed %d pieces; neutrals %q", s.count(quitter), pieces(s, 'N'))
	}
	for seat := 0; seat < 3; seat++ {
		if seat != quitter && s.hand[seat] != 0 {
			t.Errorf("%s still holds %d pieces", seatName(seat), s.hand[seat])
		}
	}
}
