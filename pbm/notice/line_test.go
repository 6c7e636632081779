package notice

import (
	"errors"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/command"
	"github.com/pbmgo/pbm/store"
)

// TestLineRefusal: a refused line says why, that the tree is as it
// was, and quotes the move given; an illegal
// move shows the position it was tried on.
func TestLineRefusal(t *testing.T) {
	p := printer(t, "en")
	g := hexemergo.Game{}
	b := store.Board{Game: "hexemergo", Number: 7, Players: []string{"alice", "bob"}}
	got := p.Join(LineRefusal(g, b, &board.LineError{Kind: board.LineYourTurn}))
	if !strings.Contains(got, "your turn on board 7") || !strings.Contains(got, "as they were") {
		t.Errorf("your turn: %q", got)
	}
	got = p.Join(LineRefusal(g, b, &board.LineError{Kind: board.LineConflict, Number: 3, Move: "C3", Stored: "D4"}))
	if !strings.Contains(got, `answer D4, not "C3"`) || !strings.Contains(got, "(move 3)") || !strings.Contains(got, "hexemergo if 7") {
		t.Errorf("conflict: %q", got)
	}
	st, err := g.New(2, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	got = p.Join(LineRefusal(g, b, &board.LineError{Kind: board.LineIllegal, Number: 2, Move: "Z9", Err: errors.New("off the board"), State: st}))
	if !strings.Contains(got, `Move 2, "Z9", is illegal: off the board`) || !strings.Contains(got, "tried on") || !strings.Contains(got, board.TextBoardIn(p, b, st)) {
		t.Errorf("illegal: %q", got)
	}
}

// TestTrimLine: a word is repeated as the command language repeats it
// (command.TrimLine): on one line, cut after 200 characters.
func TestTrimLine(t *testing.T) {
	for _, s := range []string{"C3", "C3\nmore", "a\r\nb\tc", strings.Repeat("é", 250)} {
		if got, want := trimLine(s), command.TrimLine(s); got != want {
			t.Errorf("trimLine(%q) = %q, want %q", s, got, want)
		}
	}
	if got := trimLine(strings.Repeat("x", 300)); len(got) != 203 {
		t.Errorf("a long word is %d bytes, want 200 and the dots", len(got))
	}
}
