package board

import (
	"reflect"
	"testing"
	"time"

	"github.com/pbmgo/pbm/store"
)

// TestOpponentsOf: the other players of the running boards where the
// player holds a seat, once each whatever their spelling; finished
// boards do not count.
func TestOpponentsOf(t *testing.T) {
	st := openStore(t)
	if err := st.Update(func(tx *store.Tx) error {
		for _, b := range []store.Board{
			{Game: "nim", Number: 1, Players: []string{"alice", "bob"}},
			{Game: "nim", Number: 2, Players: []string{"Carol", "Alice", "BOB"}},
			{Game: "nim", Number: 3, Players: []string{"alice", "dave"}, Over: true},
			{Game: "nim", Number: 4, Players: []string{"erin", "frank"}},
		} {
			if err := tx.PutBoard(b); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	st.View(func(tx *store.Tx) error {
		got, err := OpponentsOf(tx, "alice")
		if want := []string{"bob", "Carol"}; err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("OpponentsOf(alice) = %v, %v; want %v", got, err, want)
		}
		if got, err := OpponentsOf(tx, "nobody"); err != nil || len(got) != 0 {
			t.Errorf("OpponentsOf(nobody) = %v, %v", got, err)
		}
		return nil
	})
}

// TestDueAt: a running board is due when its Due has come.
func TestDueAt(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	if !DueAt(store.Board{Due: now}, now) || !DueAt(store.Board{Due: now.Add(-time.Hour)}, now) {
		t.Error("a board whose Due has come is not due")
	}
	for what, b := range map[string]store.Board{"later": {Due: now.Add(time.Second)}, "none": {}, "over": {Due: now, Over: true}} {
		if DueAt(b, now) {
			t.Errorf("%s: due", what)
		}
	}
}
