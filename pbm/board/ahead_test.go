package board

import (
	"reflect"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// TestPlayAhead: after bob's move, alice's conditional answer plays
// (the board before it given back to be told first), then bob's queued
// move, and the spent tree is removed from the store; at an open vote
// the answer is held and said so; a move outside the tree leaves its
// lines unplayed and says which.
func TestPlayAhead(t *testing.T) {
	g := hexemergo.Game{}
	setup := func(t *testing.T) (*store.Store, store.Board, *store.Conditional, []string) {
		st, err := g.New(2, nil, 1)
		if err != nil {
			t.Fatal(err)
		}
		b := store.Board{Game: "hexemergo", Number: 3, Players: []string{"alice", "bob"}}
		play(t, &b, st, legalPath(t, st, 1, 0)...) // bob is to move
		line := legalPath(t, st, 3, 0)             // bob, alice, bob
		x := NewConditional(b, "alice")
		if _, err := AddLine(&x, b, st, 0, line[:2]); err != nil {
			t.Fatal(err)
		}
		s := storetest.Open(t)
		if err := s.Update(func(tx *store.Tx) error { return SaveConditional(tx, x) }); err != nil {
			t.Fatal(err)
		}
		return s, b, &x, line
	}
	run := func(t *testing.T, s *store.Store, b *store.Board, lapsed bool) []Ahead {
		t.Helper()
		_, st, err := Replay(engine.NewRegistry(g), nil, *b, -1)
		if err != nil {
			t.Fatal(err)
		}
		var out []Ahead
		if err := s.Update(func(tx *store.Tx) (err error) { out, err = PlayAhead(tx, b, st, lapsed, t0); return }); err != nil {
			t.Fatal(err)
		}
		return out
	}
	trees := func(t *testing.T, s *store.Store) []store.Conditional {
		var xs []store.Conditional
		if err := s.View(func(tx *store.Tx) (err error) { xs, err = tx.Conditionals("hexemergo", 3); return }); err != nil {
			t.Fatal(err)
		}
		return xs
	}

	t.Run("answer", func(t *testing.T) {
		s, b, _, line := setup(t)
		b.Log = append(b.Log, store.Entry{Seat: 1, Move: line[0], At: t0})
		b.Queued = map[string][]string{"bob": {line[2]}}
		n := len(b.Log)
		got := run(t, s, &b, false)
		if len(got) != 2 || got[0].Kind != AheadAnswer || got[0].Seat != 0 || got[0].Move != line[1] || len(got[0].Before.Log) != n || got[0].BeforeState == nil ||
			got[1].Kind != AheadQueued || got[1].Seat != 1 || got[1].Move != line[2] {
			t.Fatalf("done %+v", got)
		}
		if len(b.Log) != n+2 || !b.Log[n].Auto || !b.Log[n+1].Auto {
			t.Errorf("log %+v", b.Log)
		}
		if xs := trees(t, s); len(xs) != 0 {
			t.Errorf("spent tree kept: %+v", xs)
		}
	})
	t.Run("held", func(t *testing.T) {
		s, b, _, line := setup(t)
		b.Log = append(b.Log, store.Entry{Seat: 1, Move: line[0], At: t0})
		b.Vote = &store.Vote{Kind: "draw", By: 1, Accepted: []int{1}}
		got := run(t, s, &b, false)
		if len(got) != 1 || got[0].Kind != AheadHeld || got[0].User != "alice" || got[0].Move != line[1] {
			t.Fatalf("done %+v", got)
		}
		if len(b.Log) != 2 || len(trees(t, s)) != 1 {
			t.Errorf("an answer played at an open vote: log %+v", b.Log)
		}
	})
	t.Run("deviated", func(t *testing.T) {
		s, b, _, line := setup(t)
		_, st, err := Replay(engine.NewRegistry(g), nil, b, -1)
		if err != nil {
			t.Fatal(err)
		}
		other := legalPath(t, st, 1, 3)[0]
		if other == line[0] {
			t.Fatalf("the test's other move is the line's: %s", other)
		}
		b.Log = append(b.Log, store.Entry{Seat: 1, Move: other, At: t0})
		got := run(t, s, &b, false)
		if len(got) != 1 || got[0].Kind != AheadSynced || got[0].Sync.Kind != SyncDeviated || got[0].Sync.Move != other ||
			!reflect.DeepEqual(got[0].Sync.Lines, [][]string{line[:2]}) || got[0].UnplayedAt != 1 {
			t.Fatalf("done %+v", got)
		}
		if xs := trees(t, s); len(xs) != 1 || len(xs[0].Unplayed) != 1 {
			t.Errorf("unplayed lines not kept: %+v", xs)
		}
	})
}
