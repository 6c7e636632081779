package board

import (
	"errors"
	"reflect"
	"testing"

	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// TestNumber: a board argument is a positive number with an optional
// "#n", n not negative.
func TestNumber(t *testing.T) {
	for _, c := range []struct {
		arg   string
		n, at int
		err   error
	}{
		{"7", 7, -1, nil},
		{"7#0", 7, 0, nil},
		{"12#3", 12, 3, nil},
		{"0", 0, 0, ErrNotNumber},
		{"-2", 0, 0, ErrNotNumber},
		{"x", 0, 0, ErrNotNumber},
		{"#3", 0, 0, ErrNotNumber},
		{"7#", 0, 0, ErrHashNotNumber},
		{"7#-1", 0, 0, ErrHashNotNumber},
		{"7#x", 0, 0, ErrHashNotNumber},
	} {
		n, at, err := Number(c.arg)
		if n != c.n || at != c.at || !errors.Is(err, c.err) {
			t.Errorf("Number(%q) = %d, %d, %v; want %d, %d, %v", c.arg, n, at, err, c.n, c.at, c.err)
		}
	}
}

// TestWatch: the boards named are followed or left and written, with
// the user; "all" follows every running board the user does not play
// and later ones; an argument that is not a number, a board that does
// not exist, and a board the user plays are reported and change
// nothing.
func TestWatch(t *testing.T) {
	db := storetest.Open(t)
	err := db.Update(func(tx *store.Tx) error {
		for _, b := range []store.Board{
			{Game: "nim", Number: 1, Players: []string{"alice", "bob"}},
			{Game: "nim", Number: 2, Players: []string{"carol", "bob"}},
			{Game: "nim", Number: 3, Players: []string{"alice", "dave"}},
		} {
			if err := tx.PutBoard(b); err != nil {
				return err
			}
		}
		return tx.PutUser(store.User{ID: "carol"})
	})
	if err != nil {
		t.Fatal(err)
	}
	watch := func(args []string, on bool) Watched {
		t.Helper()
		var w Watched
		err := db.Update(func(tx *store.Tx) error {
			u, err := tx.User("carol")
			if err != nil {
				return err
			}
			w, err = Watch(tx, &u, "nim", args, on)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	subscribers := func() map[int][]string {
		t.Helper()
		out := map[int][]string{}
		err := db.View(func(tx *store.Tx) error {
			for n := 1; n <= 3; n++ {
				b, err := tx.Board("nim", n)
				if err != nil {
					return err
				}
				out[n] = b.Subscribers
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}

	w := watch([]string{"1", "x", "9", "2", "3#4"}, true)
	if !reflect.DeepEqual(w.Done, []string{"1", "3"}) {
		t.Errorf("done %v, want [1 3]", w.Done)
	}
	want := []WatchFailure{{Arg: "x", Err: ErrNotNumber}, {Arg: "9", Number: 9, Err: ErrNoBoard}, {Arg: "2", Number: 2, Err: ErrYouPlay}}
	if !reflect.DeepEqual(w.Failed, want) {
		t.Errorf("failed %+v, want %+v", w.Failed, want)
	}
	if got := subscribers(); !reflect.DeepEqual(got, map[int][]string{1: {"carol"}, 2: nil, 3: {"carol"}}) {
		t.Errorf("subscribers %v", got)
	}

	w = watch([]string{"3"}, false)
	if !reflect.DeepEqual(w.Done, []string{"3"}) || len(w.Failed) != 0 {
		t.Errorf("unsubscribe: %+v", w)
	}
	if got := subscribers(); !reflect.DeepEqual(got, map[int][]string{1: {"carol"}, 2: nil, 3: nil}) {
		t.Errorf("subscribers after leaving 3: %v", got)
	}

	w = watch([]string{"ALL"}, true)
	if !reflect.DeepEqual(w.Done, []string{"all"}) || len(w.Failed) != 0 {
		t.Errorf("all: %+v", w)
	}
	if got := subscribers(); !reflect.DeepEqual(got, map[int][]string{1: {"carol"}, 2: nil, 3: {"carol"}}) {
		t.Errorf("subscribers after all: %v", got)
	}
	err = db.View(func(tx *store.Tx) error {
		u, err := tx.User("carol")
		if err == nil && !reflect.DeepEqual(u.SubscribeAll, []string{"nim"}) {
			t.Errorf("carol follows every board of %v", u.SubscribeAll)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
