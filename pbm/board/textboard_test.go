package board

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/eko"
	"github.com/pbmgo/pbm/engine/esagek"
	"github.com/pbmgo/pbm/engine/hexatri"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/lang"
)

// TestTextBoardIn: in English the text board is the engine's own; in
// another language its drawing lines are kept as drawn and its
// sentences are written in the language, no line of them over 79
// columns; a declined board says so in the language.
func TestTextBoardIn(t *testing.T) {
	cat, err := lang.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []engine.Game{hexemergo.Game{}, esagek.Game{}, hexatri.Game{}, eko.Game{}} {
		b, st := playedWith(t, g, 12, rand.New(rand.NewPCG(1, 2)))
		if got := TextBoardIn(cat.For("en"), b, st); got != TextBoard(b, st) {
			t.Errorf("%s: English differs from the engine's text board", g.Name())
		}
		tb, ok := st.(engine.TextBoard)
		if !ok {
			t.Errorf("%s: the text board is not written in lines", g.Name())
			continue
		}
		for _, code := range lang.Codes[1:] {
			text := TextBoardIn(cat.For(code), b, st)
			if text == TextBoard(b, st) {
				t.Errorf("%s in %s: the text board is the English one", g.Name(), code)
			}
			for _, l := range tb.BoardLines(b.Players) {
				if l.Msg == nil && l.Text != "" && !strings.Contains(text, l.Text) {
					t.Errorf("%s in %s: the drawing line %q is missing", g.Name(), code, l.Text)
				}
			}
			drawing := map[string]bool{}
			for _, l := range tb.BoardLines(b.Players) {
				if l.Msg == nil {
					drawing[l.Text] = true
				}
			}
			for _, l := range strings.Split(text, "\n") {
				if !drawing[l] && utf8.RuneCountInString(l) > 79 {
					t.Errorf("%s in %s: a sentence line of %d columns: %q", g.Name(), code, utf8.RuneCountInString(l), l)
				}
			}
		}
	}
	// A declined board.
	_, b, st := declinedBoard(t)
	cs := cat.For("cs")
	text := TextBoardIn(cs, b, st)
	if !strings.Contains(text, cs.T("StatusDeclined", "Who", "bob")) || strings.Contains(text, "Game over") {
		t.Errorf("a declined board in Czech:\n%s", text)
	}
}
