package board

import (
	"reflect"
	"testing"

	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// TestFinish: a finished board's end is rated in the store, and its
// result goes to the users of its list and to those who hear every
// result of the game, players left out; an aborted board is unrated
// and changes no rating.
func TestFinish(t *testing.T) {
	db := storetest.Open(t)
	drawn := store.Board{Game: "nim", Number: 5, Players: []string{"alice", "bob"}, Notify: []string{"carol"},
		Log: []store.Entry{{Seat: 0, Move: "take1"}, {Seat: 1, Kind: "draw"}}}
	err := db.Update(func(tx *store.Tx) error {
		for _, u := range []store.User{{ID: "dave", NotifyAll: []string{"nim"}}, {ID: "alice", NotifyAll: []string{"nim"}}, {ID: "erin"}} {
			if err := tx.PutUser(u); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	finish := func(b store.Board) (f Finished) {
		t.Helper()
		if err := db.Update(func(tx *store.Tx) (err error) { f, err = Finish(tx, b, nil); return }); err != nil {
			t.Fatal(err)
		}
		return f
	}
	f := finish(drawn)
	if !f.Over || f.Rating.Unrated != Rated || len(f.Rating.Changes) != 2 || f.Rating.Changes[0].User != "alice" {
		t.Errorf("a draw agreed: %+v", f)
	}
	if !reflect.DeepEqual(f.Notified, []string{"carol", "dave"}) {
		t.Errorf("told the result: %v, want [carol dave]", f.Notified)
	}
	aborted := drawn
	aborted.Number, aborted.Aborted, aborted.Notify = 6, true, nil
	if f := finish(aborted); !f.Over || f.Rating.Unrated != UnratedAborted || f.Rating.Changes != nil || !reflect.DeepEqual(f.Notified, []string{"dave"}) {
		t.Errorf("aborted: %+v", f)
	}
	var got store.Rating
	if err := db.View(func(tx *store.Tx) (err error) { got, _, err = tx.Rating("nim", "bob"); return }); err != nil {
		t.Fatal(err)
	}
	if got.Games != 1 || got.Tied != 1 {
		t.Errorf("bob after the draw and the aborted board: %+v", got)
	}
}
