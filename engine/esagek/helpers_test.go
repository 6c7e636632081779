package esagek

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// build sets up a position: opts as for a challenge, n seats, the seat
// to move, and pieces as "B:A1,A2 R:D4 N:C3" (colour letter, fields).
// Counts start from the pieces on the board; nothing was captured.
func build(t testing.TB, opts map[string]string, n, toMove int, pieces string) *state {
	t.Helper()
	st, err := Game{}.New(n, opts, 1)
	if err != nil {
		t.Fatalf("new: %v", err)
	}
	s := st.(*state)
	s.board = [numFields]int8{}
	s.initial, s.lost, s.taken, s.hand = [6]int16{}, [6]int16{}, [6]int16{}, [6]int8{}
	s.placing = false
	for _, group := range strings.Fields(pieces) {
		col, list, ok := strings.Cut(group, ":")
		if !ok || len(col) != 1 {
			t.Fatalf("bad piece group %q", group)
		}
		code := neutral
		if col != "N" {
			i := strings.Index(colourLetters, col)
			if i < 0 {
				t.Fatalf("bad colour %q", col)
			}
			code = int8(i + 1)
		}
		fs, err := fieldList(list)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range fs {
			s.board[f] = code
			if code != neutral {
				s.initial[code-1]++
			}
		}
	}
	s.toMove = toMove
	s.turn = 0
	s.history = nil
	s.notes = nil
	s.lastRot, s.lastSwap, s.warned = noField, [2]int8{noField, noField}, false
	s.streak, s.streakHx = [2]int8{}, [2]int8{noField, noField}
	s.over, s.winners, s.reason = false, nil, ""
	s.out = [6]bool{}
	s.legalOK = false
	s.startTurn()
	return s
}

// at returns the field code for a field name.
func at(t testing.TB, name string) int {
	t.Helper()
	f, ok := parseField(name)
	if !ok {
		t.Fatalf("bad field %q", name)
	}
	return f
}

// mustPlay plays the moves and fails the test on a refusal.
func mustPlay(t testing.TB, s *state, moves ...string) {
	t.Helper()
	for _, m := range moves {
		if _, err := s.Play(m); err != nil {
			t.Fatalf("play %q: %v", m, err)
		}
	}
}

// refuse checks that m is refused with an error containing every part,
// and that the board is unchanged.
func refuse(t testing.TB, s *state, m string, parts ...string) {
	t.Helper()
	before := snapshot(s)
	_, err := s.Play(m)
	if err == nil {
		t.Fatalf("%q accepted; want refusal", m)
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Errorf("%q refused with %q; want it to mention %q", m, err, p)
		}
	}
	if after := snapshot(s); after != before {
		t.Errorf("refused %q changed the state", m)
	}
}

// snapshot renders the board and the rule state for comparisons.
func snapshot(s *state) string {
	var b bytes.Buffer
	s.Board(&b, nil)
	fmt.Fprintf(&b, "%v %v %v %v %v %v %v %v %v", s.toMove, s.turn, s.lastRot, s.lastSwap,
		s.warned, s.streak, s.streakHx, s.hand, s.history)
	return b.String()
}

// isLegal reports whether m is in Legal().
func isLegal(s *state, m string) bool {
	for _, x := range s.Legal() {
		if x == m {
			return true
		}
	}
	return false
}

// pieces lists the fields holding the colour letter c.
func pieces(s *state, c byte) string {
	var fs []string
	for f := 0; f < numFields; f++ {
		if p := s.board[f]; p != empty && (p == neutral && c == 'N' || p != neutral && colourLetters[p-1] == c) {
			fs = append(fs, geo.name[f])
		}
	}
	return strings.Join(fs, " ")
}
