package esagek

import (
	"strings"
	"testing"
)

// The item 3: illegal moves are refused with the reason and
// what would be legal, and the game is unchanged.
func TestRefusalsExplainAndKeepState(t *testing.T) {
	st, _ := Game{}.New(2, nil, 1)
	s := st.(*state)
	cases := []struct{ move, reason string }{
		{"", "empty move"},
		{"hello", "cannot read"},
		{"Z+", "no hexagon"},
		{"M7-M1", "cannot read"},
		{"A1 A2", "cannot read"},
		{"#3", "cannot read"},
		{"A1~A2", "no swaps in Classic"},
		{"C3", "only in the placement phase"},
		{strings.Repeat("M1x", 40), "too long"},
		{"\xff\xfe", "cannot read"},
	}
	for _, c := range cases {
		before := snapshot(s)
		_, err := s.Play(c.move)
		if err == nil {
			t.Fatalf("%q accepted", c.move)
		}
		if !strings.Contains(err.Error(), c.reason) {
			t.Errorf("%q: %v; want %q", c.move, err, c.reason)
		}
		// Every refusal names legal moves.
		legal := s.Legal()
		named := false
		for _, m := range legal {
			if strings.Contains(err.Error(), m) {
				named = true
			}
		}
		if !named {
			t.Errorf("%q: the error names no legal move: %v", c.move, err)
		}
		if snapshot(s) != before {
			t.Errorf("%q changed the state", c.move)
		}
	}
	// A refused move that names a piece lists that piece's moves first.
	s = build(t, nil, 2, 0, "B:M1,F5,F6 R:D4,D5,C3")
	_, err := s.Play("M1-A1")
	if err == nil || !strings.Contains(err.Error(), "M1-A4") {
		t.Errorf("M1-A1: %v; want the steps of M1 offered", err)
	}
	// After the game the error says it is over.
	s.finishGame(nil, "test")
	if _, err := s.Play("M1-A4"); err == nil || !strings.Contains(err.Error(), "over") {
		t.Errorf("after the end: %v", err)
	}
}

// Play accepts any case and answers canonically.
func TestCaseInsensitive(t *testing.T) {
	s := build(t, nil, 2, 0, "B:M1,F5,F6 R:D4,D5,C3")
	for _, m := range []string{"m+!", "M+!"} {
		c := s.Clone().(*state)
		got, err := c.Play(m)
		if err != nil || got != "M+!" {
			t.Errorf("%q: %q, %v", m, got, err)
		}
	}
}
