package board

import (
	"slices"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/store"
)

// TestSelectPage: a page of a list holds the boards of its place in
// the whole list, says how many the list has, and replays only its
// own boards.
func TestSelectPage(t *testing.T) {
	reg := engine.NewRegistry(hexemergo.Game{})
	var boards []store.Board
	for n := 101; n <= 125; n++ {
		boards = append(boards, store.Board{Game: "hexemergo", Number: n, Seed: uint64(n), Players: []string{"alice", "bob"}, Over: n%5 == 0})
	}
	st := listStore(t, boards...)
	replays := 0
	replay := func(b store.Board) (engine.Game, engine.State, error) {
		replays++
		return Replay(reg, nil, b, -1)
	}
	page := func(q Query, skip, size int) ([]int, int) {
		t.Helper()
		replays = 0
		var got []Listed
		var total int
		if err := st.View(func(tx *store.Tx) (err error) { got, total, err = SelectPage(tx, replay, q, skip, size); return }); err != nil {
			t.Fatalf("%+v: %v", q, err)
		}
		var out []int
		for _, l := range got {
			if l.State == nil {
				t.Errorf("board %d listed without its position", l.Board.Number)
			}
			out = append(out, l.Board.Number)
		}
		return out, total
	}
	for _, c := range []struct {
		q           Query
		skip, size  int
		want        []int
		total, play int
	}{
		{Query{Game: "hexemergo", Sel: SelActive}, 0, 3, []int{101, 102, 103}, 20, 3},
		{Query{Game: "hexemergo", Sel: SelActive}, 3, 3, []int{104, 106, 107}, 20, 3},
		{Query{Game: "hexemergo", Sel: SelActive}, 18, 3, []int{123, 124}, 20, 2},
		{Query{Game: "hexemergo", Sel: SelActive}, 30, 3, nil, 20, 0},
		{Query{Game: "hexemergo", Sel: SelInactive}, 1, 2, []int{110, 115}, 5, 2},
		{Query{Game: "hexemergo", Sel: SelAll}, 8, 3, []int{109, 110, 111}, 25, 3},
		{Query{Game: "hexemergo", Sel: SelAll, Who: []string{"alice"}}, 20, 10, []int{121, 122, 123, 124, 125}, 25, 5},
	} {
		got, total := page(c.q, c.skip, c.size)
		if !slices.Equal(got, c.want) || total != c.total || replays != c.play {
			t.Errorf("%+v from %d, %d: %v of %d with %d replays; want %v of %d with %d", c.q, c.skip, c.size, got, total, replays, c.want, c.total, c.play)
		}
	}
}
