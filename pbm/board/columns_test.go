package board

import (
	"regexp"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/esagek"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// TestEsagekSeatColumns: the seat lines of Esagek's text board are a
// table whose counts start in one column, by display width, in every
// language, with players' names of any length, as in English.
func TestEsagekSeatColumns(t *testing.T) {
	cat, err := lang.Load()
	if err != nil {
		t.Fatal(err)
	}
	reg := engine.NewRegistry(esagek.Game{})
	for _, tc := range []struct {
		players []string
		options map[string]string
	}{
		{[]string{"al", "bartholomew"}, nil},
		{[]string{"zoe", "x", "maximiliankowalczyk"}, map[string]string{"invasion": ""}},
		{[]string{"zoe", "x", "maximiliankowalczyk", "ed"}, map[string]string{"surrounder": ""}},
	} {
		players := tc.players
		b := store.Board{Game: "esagek", Number: 5, Seed: 3, Players: players, Options: tc.options}
		_, st, err := Replay(reg, nil, b, -1)
		if err != nil {
			t.Fatalf("%v: %v", players, err)
		}
		for _, code := range lang.Codes {
			p := cat.For(code)
			text := TextBoardIn(p, b, st)
			var cols []int
			for _, l := range strings.Split(text, "\n") {
				for _, who := range players {
					// A seat line: "<letter> <colour> (<who>)<pad> <state>".
					re := regexp.MustCompile(`^[A-Z] .*\(` + regexp.QuoteMeta(who) + `\) +`)
					if m := re.FindString(l); m != "" {
						cols = append(cols, lang.Width(m))
					}
				}
			}
			if len(cols) != len(players) {
				t.Fatalf("%s %v: %d seat lines found:\n%s", code, players, len(cols), text)
			}
			for _, c := range cols[1:] {
				if c != cols[0] {
					t.Errorf("%s %v: the seats' counts start at columns %v:\n%s", code, players, cols, text)
					break
				}
			}
			if cols[0] < 33 {
				t.Errorf("%s %v: the counts start at column %d, left of the English column", code, players, cols[0])
			}
			if strings.Contains(text, padMark) {
				t.Errorf("%s: the padding's mark is left in the text", code)
			}
		}
	}
}

// TestAlignColumnsWidth: the display width counts a composed letter once, a
// combining mark not at all, and a wide character twice.
func TestAlignColumnsWidth(t *testing.T) {
	texts := []string{"a Kék (x)" + padMark + " 1", "b Ve\u0301rt (yy)" + padMark + " 2", "plain", "c 紅 (z)" + padMark + " 3"}
	cols := []int{5, 5, 0, 5}
	alignColumns(texts, cols)
	if texts[0] != "a Kék (x)   1" || texts[1] != "b Ve\u0301rt (yy) 2" || texts[2] != "plain" || texts[3] != "c 紅 (z) 3" {
		t.Errorf("aligned: %q", texts)
	}
}
