package board

import (
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// TestDescribeSaysSeatsCellsAndKey: the description of a HexEmergo
// picture names the position, each seat with its player, the occupied
// cells and what the shaded centre cell is, in every language.
func TestDescribeSaysSeatsCellsAndKey(t *testing.T) {
	cat, err := lang.Load()
	if err != nil {
		t.Fatal(err)
	}
	g := hexemergo.Game{}
	reg := engine.NewRegistry(g)
	b := store.Board{Game: g.Name(), Number: 104, Seed: 5, Players: []string{"alice", "bob"}}
	_, st, _ := Replay(reg, nil, b, -1)
	b.Log = append(b.Log, store.Entry{Seat: 0, Move: st.Legal()[0]})
	_, st, err = Replay(reg, nil, b, -1)
	if err != nil {
		t.Fatal(err)
	}
	for _, code := range lang.Codes {
		pr := cat.For(code)
		p, ok := PictureIn(pr, b, st)
		if !ok {
			t.Fatal("no picture of a HexEmergo board")
		}
		title, desc := Describe(pr, g, b, p, len(b.Log))
		if !strings.Contains(title, "104") {
			t.Errorf("%s: title %q lacks the board's number", code, title)
		}
		key := pr.T("PictureHexemergoCentre")
		for _, want := range []string{"alice", "bob", b.Log[0].Move[:2] + ":", key, "D4"} {
			if !strings.Contains(desc, want) {
				t.Errorf("%s: description lacks %q: %s", code, want, desc)
			}
		}
		if code == "en" && !strings.Contains(desc, "Seat 1: ") || key == "PictureHexemergoCentre" {
			t.Errorf("%s: description %q (key %q)", code, desc, key)
		}
	}
}
