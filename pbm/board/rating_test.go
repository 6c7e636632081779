package board

import (
	"math"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// TestRate: the rating rules on a real store, without any mail: new
// players are provisional and move by their performance, established
// ones by K times (score - expected); a draw moves nobody of equal
// rating; an aborted, declined or lone board is not rated and changes
// nothing.
func TestRate(t *testing.T) {
	st := storetest.Open(t)
	b := store.Board{Game: "nim", Number: 101, Players: []string{"alice", "bob"}, Log: []store.Entry{{Seat: 0, Move: "take1"}}}
	rate := func(b store.Board, res engine.Result) (r Rating) {
		t.Helper()
		if err := st.Update(func(tx *store.Tx) (err error) { r, err = Rate(tx, b, res); return }); err != nil {
			t.Fatal(err)
		}
		return r
	}
	r := rate(b, engine.Result{Over: true, Winners: []int{0}})
	if r.Unrated != Rated || len(r.Changes) != 2 {
		t.Fatalf("a win: %+v", r)
	}
	if a, o := r.Changes[0], r.Changes[1]; a.User != "alice" || a.Before != 1600 || a.After != 2000 || !a.Provisional ||
		o.User != "bob" || o.After != 1200 {
		t.Errorf("first game: %+v", r.Changes)
	}
	if r := rate(b, engine.Result{Over: false}); r.Unrated != Rated || r.Changes != nil {
		t.Errorf("a running board was rated: %+v", r)
	}
	aborted := b
	aborted.Aborted = true
	if r := rate(aborted, engine.Result{Over: true, Reason: "aborted by an admin"}); r.Unrated != UnratedAborted || r.Changes != nil {
		t.Errorf("aborted: %+v", r)
	}
	if r := rate(b, engine.Result{Over: true, Reason: "challenge declined"}); r.Unrated != UnratedDeclined {
		t.Errorf("declined: %+v", r)
	}
	lone := b
	lone.Log = append(lone.Log, store.Entry{Seat: 1, Kind: "decline"})
	if r := rate(lone, engine.Result{Over: true, Winners: []int{0}}); r.Unrated != UnratedFew {
		t.Errorf("one seat left: %+v", r)
	}
	// The unrated boards changed nothing: alice has one game.
	var got store.Rating
	st.View(func(tx *store.Tx) (err error) { got, _, err = tx.Rating("nim", "alice"); return })
	if got.Games != 1 || got.Rating != 2000 || got.Won != 1 {
		t.Errorf("alice after one rated game: %+v", got)
	}
	// Established players of equal rating who draw stay where they are.
	for _, u := range []string{"carol", "dave"} {
		st.Update(func(tx *store.Tx) error {
			return tx.PutRating("nim", store.Rating{User: u, Rating: 1700, Games: ProvisionalGames})
		})
	}
	eq := store.Board{Game: "nim", Number: 102, Players: []string{"carol", "dave"}}
	r = rate(eq, engine.Result{Over: true})
	for _, c := range r.Changes {
		if c.After != 1700 || c.Provisional {
			t.Errorf("draw of equals: %+v", c)
		}
	}
	// An established win against an equal gains K/2.
	r = rate(eq, engine.Result{Over: true, Winners: []int{1}})
	if d := r.Changes[1].After - r.Changes[1].Before; math.Abs(d-KFactor/2) > 1e-9 {
		t.Errorf("an established win moved dave by %.3f, want %d", d, KFactor/2)
	}
}
