package clockdue

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/pbm/tickmark"
	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/store"
)

var now = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// TestAt: what is due at now, each kind apart; what is not yet due,
// over, or put off after a failure is left out.
func TestAt(t *testing.T) {
	st := storetest.Open(t)
	two := []tournament.Entrant{{ID: "alice"}, {ID: "bob"}}
	if err := st.Update(func(tx *store.Tx) error {
		for _, b := range []store.Board{
			{Game: "nim", Number: 1, Players: []string{"alice", "bob"}, Due: now.Add(-time.Hour)},
			{Game: "nim", Number: 2, Players: []string{"alice", "bob"}, Due: now.Add(time.Hour)},
			{Game: "nim", Number: 3, Players: []string{"alice", "bob"}},
		} {
			if err := tx.PutBoard(b); err != nil {
				return err
			}
		}
		for _, tr := range []*tournament.Tournament{
			{Game: "nim", Name: "Spring", Organiser: "alice", Format: tournament.Knockout, Seats: 2, StartOn: now.Add(-time.Hour), Entrants: two},
			{Game: "nim", Name: "Held", Organiser: "alice", Format: tournament.Knockout, Seats: 2, StartOn: now.Add(-time.Hour), Entrants: two},
			{Game: "nim", Name: "Summer", Organiser: "alice", Format: tournament.Knockout, Seats: 2, StartOn: now.Add(time.Hour), Entrants: two},
			{Game: "nim", Name: "Empty", Organiser: "alice", Format: tournament.Knockout, Seats: 2, StartOn: now.Add(-time.Hour)},
		} {
			if err := tournament.Save(tx, tr); err != nil {
				return err
			}
		}
		for _, u := range []store.User{
			{ID: "Carol", Pending: []store.PendingAddress{{Address: "c@x.test", Since: now.Add(-72 * time.Hour)}}},
			{ID: "dave", Pending: []store.PendingAddress{{Address: "d@x.test", Since: now.Add(-72 * time.Hour)}}},
			{ID: "erin", Pending: []store.PendingAddress{{Address: "e@x.test", Since: now.Add(-time.Hour)}}},
			{ID: "frank", Digest: "daily", DigestNext: now.Add(-time.Minute)},
			{ID: "grace", Digest: "daily", DigestNext: now.Add(time.Minute)},
		} {
			if err := tx.PutUser(u); err != nil {
				return err
			}
			if err := tx.SetDigestDue(u.ID, time.Time{}, u.DigestNext); err != nil {
				return err
			}
		}
		for _, key := range []string{TournamentKey("nim", "Held"), AccountKey("dave")} {
			if _, err := tickmark.Fail(tx, key, now.Add(-time.Hour), errors.New("broken")); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	// A board that ended after it was due is not listed.
	if err := st.Update(func(tx *store.Tx) error {
		return tx.PutBoard(store.Board{Game: "nim", Number: 4, Players: []string{"alice", "bob"}, Due: now.Add(-time.Hour), Over: true})
	}); err != nil {
		t.Fatal(err)
	}
	var l List
	if err := st.View(func(tx *store.Tx) error {
		var err error
		l, err = At(tx, Query{Games: []string{"nim"}, LapseBefore: now.Add(-48 * time.Hour), MaxDigests: 10}, now)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	var boards, tourns []string
	for _, b := range l.Boards {
		boards = append(boards, BoardKey(b.Game, b.Number))
	}
	for _, tr := range l.Tournaments {
		tourns = append(tourns, tr.Name)
	}
	if want := []string{"board/nim/1"}; !reflect.DeepEqual(boards, want) {
		t.Errorf("boards %v, want %v", boards, want)
	}
	if want := []string{"Spring"}; !reflect.DeepEqual(tourns, want) {
		t.Errorf("tournaments %v, want %v", tourns, want)
	}
	if want := []string{"Carol"}; !reflect.DeepEqual(l.Lapsed, want) {
		t.Errorf("lapsed %v, want %v", l.Lapsed, want)
	}
	if len(l.Digests) != 1 || l.Digests[0] != "frank" {
		t.Errorf("digests %v, want [frank]", l.Digests)
	}
	if len(l.Skipped) != 0 {
		t.Errorf("skipped %v", l.Skipped)
	}
}

// TestKeys: the units' names, lower case, as the marks have them.
func TestKeys(t *testing.T) {
	for got, want := range map[string]string{
		BoardKey("Nim", 101):           "board/nim/101",
		TournamentKey("Nim", "Spring"): "tournament/nim/spring",
		AccountKey("Alice"):            "account/alice",
		DigestKey("Alice"):             "digest/alice",
	} {
		if got != want {
			t.Errorf("%q, want %q", got, want)
		}
	}
}
