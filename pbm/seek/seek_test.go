package seek

import (
	"errors"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

var t0 = time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)

// world is a real store with accounts, ratings, running boards and
// seeks of the game "nim".
func world(t *testing.T, users []store.User, ratings []store.Rating, boards []store.Board, seeks []store.Seek) *store.Store {
	t.Helper()
	st := storetest.Open(t)
	err := st.Update(func(tx *store.Tx) error {
		for _, u := range users {
			if err := tx.PutUser(u); err != nil {
				return err
			}
		}
		for _, r := range ratings {
			if err := tx.PutRating("nim", r); err != nil {
				return err
			}
		}
		for _, b := range boards {
			if err := tx.PutBoard(b); err != nil {
				return err
			}
		}
		for _, s := range seeks {
			if err := tx.PutSeek(s); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func users(ids ...string) []store.User {
	var out []store.User
	for _, id := range ids {
		out = append(out, store.User{ID: id})
	}
	return out
}

// match is the seek a new seek of user with opts would be matched
// with, "" for none.
func match(t *testing.T, st *store.Store, user string, opts map[string]string) string {
	t.Helper()
	var got store.Seek
	var ok bool
	err := st.View(func(tx *store.Tx) (err error) {
		got, ok, err = Match(tx, store.Seek{Game: "nim", User: user, Count: 1, Options: opts, Created: t0.Add(time.Hour)})
		return
	})
	if err != nil {
		t.Fatal(err)
	}
	if !ok {
		return ""
	}
	return got.User
}

// TestMatchWho: a seek meets another player's seek of the same options;
// never the seeker's own, a closed account's or one with no account,
// nor one whose owner rejects the game or is at his limit, nor any
// when the seeker is at his own limit.
func TestMatchWho(t *testing.T) {
	running := store.Board{Game: "nim", Number: 101, Players: []string{"dave", "erin"}}
	us := users("alice", "bob", "erin")
	us = append(us, store.User{ID: "carol", Closed: true}, store.User{ID: "dave", Limits: map[string]int{"nim": 1}},
		store.User{ID: "frank", Limits: map[string]int{"nim": 0}})
	seeks := []store.Seek{
		{Game: "nim", User: "alice", Count: 1, Created: t0},
		{Game: "nim", User: "carol", Count: 2, Created: t0},
		{Game: "nim", User: "dave", Count: 2, Created: t0},
		{Game: "nim", User: "frank", Count: 2, Created: t0},
		{Game: "nim", User: "ghost", Count: 2, Created: t0},
		{Game: "nim", User: "bob", Count: 1, Options: map[string]string{"size": "5"}, Created: t0},
	}
	st := world(t, us, nil, []store.Board{running}, seeks)
	if got := match(t, st, "bob", nil); got != "alice" {
		t.Errorf("bob without options met %q, want alice (the only open account within its limit)", got)
	}
	if got := match(t, st, "ALICE", nil); got != "" {
		t.Errorf("alice met %q: her own seek, a closed account, one at its limit, one that rejects nim or none", got)
	}
	if got := match(t, st, "alice", map[string]string{"size": "5"}); got != "bob" {
		t.Errorf("alice with -size=5 met %q, want bob", got)
	}
	if got := match(t, st, "alice", map[string]string{"size": "7"}); got != "" {
		t.Errorf("alice with -size=7 met %q, want nobody", got)
	}
	if got := match(t, st, "dave", nil); got != "" {
		t.Errorf("dave at his limit met %q", got)
	}
	if got := match(t, st, "erin", nil); got != "alice" {
		t.Errorf("erin met %q, want alice", got)
	}
}

// TestMatchNearest: of the seeks that match, the one of the nearest
// rating, the older on a tie; a player with no rating has the start
// rating.
func TestMatchNearest(t *testing.T) {
	seeks := []store.Seek{
		{Game: "nim", User: "far", Count: 1, Created: t0},
		{Game: "nim", User: "tieold", Count: 1, Created: t0.Add(time.Minute)},
		{Game: "nim", User: "tienew", Count: 1, Created: t0.Add(2 * time.Minute)},
	}
	ratings := []store.Rating{{User: "far", Rating: 2200}, {User: "tieold", Rating: 1700}, {User: "tienew", Rating: 1500}, {User: "me", Rating: 1600}}
	st := world(t, users("far", "tieold", "tienew", "me", "new"), ratings, nil, seeks)
	if got := match(t, st, "me", nil); got != "tieold" {
		t.Errorf("1600 met %q, want tieold (100 away, older than tienew)", got)
	}
	if got := match(t, st, "new", nil); got != "tieold" {
		t.Errorf("a player with no rating met %q, want tieold", got)
	}
	st2 := world(t, users("far", "tieold", "tienew", "top"), append(ratings, store.Rating{User: "top", Rating: 2100}), nil, seeks)
	if got := match(t, st2, "top", nil); got != "far" {
		t.Errorf("2100 met %q, want far", got)
	}
}

// TestPlace: a seek for four boards starts one with each match while
// both ask for more (twice with a seek for two), the older seeker
// first, takes one from each count, and is kept with what it still asks
// for; a count of 0 withdraws a seek; a failing start
// is returned.
func TestPlace(t *testing.T) {
	seeks := []store.Seek{
		{Game: "nim", User: "alice", Count: 2, Created: t0},
		{Game: "nim", User: "bob", Count: 1, Created: t0.Add(time.Minute)},
		{Game: "nim", User: "carol", Count: 1, Options: map[string]string{"size": "5"}, Created: t0},
	}
	st := world(t, users("alice", "bob", "carol", "dave"), nil, nil, seeks)
	var seated [][]string
	var placed Placed
	err := st.Update(func(tx *store.Tx) (err error) {
		placed, err = Place(tx, store.Seek{Game: "nim", User: "dave", Count: 4, Options: map[string]string{}, Created: t0.Add(time.Hour)},
			func(players []string) (int, error) {
				seated = append(seated, players)
				return 100 + len(seated), nil
			})
		return
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []Pairing{{101, "alice"}, {102, "alice"}, {103, "bob"}}
	if len(placed.Started) != 3 || placed.Started[0] != want[0] || placed.Started[1] != want[1] || placed.Started[2] != want[2] || placed.Left != 1 {
		t.Errorf("placed %+v, want %v and one left", placed, want)
	}
	if len(seated) != 3 || seated[0][0] != "alice" || seated[0][1] != "dave" || seated[2][0] != "bob" || seated[2][1] != "dave" {
		t.Errorf("seats %v, want the older seeker first", seated)
	}
	left := map[string]int{}
	st.View(func(tx *store.Tx) error {
		all, err := List(tx, "nim")
		for _, s := range all {
			left[s.User] = s.Count
		}
		return err
	})
	if len(left) != 2 || left["carol"] != 1 || left["dave"] != 1 {
		t.Errorf("seeks left %v, want carol 1 (other options) and dave 1; alice's and bob's used up", left)
	}
	err = st.Update(func(tx *store.Tx) error {
		p, err := Place(tx, store.Seek{Game: "nim", User: "dave", Count: 0}, func([]string) (int, error) {
			t.Error("a withdrawal started a board")
			return 0, nil
		})
		if p.Left != 0 || len(p.Started) != 0 {
			t.Errorf("withdrawn: %+v", p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	st.View(func(tx *store.Tx) error {
		all, _ := List(tx, "nim")
		for _, s := range all {
			if s.User == "dave" {
				t.Errorf("dave's seek outlived its withdrawal: %+v", s)
			}
		}
		return nil
	})
	boom := errors.New("no board")
	err = st.Update(func(tx *store.Tx) error {
		_, err := Place(tx, store.Seek{Game: "nim", User: "dave", Count: 1, Options: map[string]string{"size": "5"}, Created: t0.Add(2 * time.Hour)}, func([]string) (int, error) { return 0, boom })
		return err
	})
	if !errors.Is(err, boom) {
		t.Errorf("a failing start: %v", err)
	}
}
