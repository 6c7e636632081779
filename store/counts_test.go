package store

import (
	"fmt"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// finished lists the numbers FinishedBoards hands out for a game,
// newest first, stopping after max.
func finished(t *testing.T, s *Store, game string, max int) []int {
	t.Helper()
	var out []int
	err := s.View(func(tx *Tx) error {
		return tx.FinishedBoards(game, func(b Board) bool {
			out = append(out, b.Number)
			return len(out) < max
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func counts(t *testing.T, s *Store) Counts {
	t.Helper()
	var c Counts
	s.View(func(tx *Tx) error { c = tx.Counts(); return nil })
	return c
}

// TestFinishedAndCounts: the finished index lists a game's finished
// boards newest first, a board joins it when it is first written over
// (and leaves it if written running again), and the counters of
// users, processed mails and running and finished boards follow every
// write; both are built on open for a store without them.
func TestFinishedAndCounts(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pbm.db")
	s, err := Open(Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	put := func(b Board) {
		t.Helper()
		if err := s.Update(func(tx *Tx) error { return tx.PutBoard(b) }); err != nil {
			t.Fatal(err)
		}
	}
	// nim 101..105 start running; esagek 101 too.
	for n := 101; n <= 105; n++ {
		put(Board{Game: "nim", Number: n, Players: []string{"a", "b"}, Updated: at})
	}
	put(Board{Game: "Esagek", Number: 101, Players: []string{"a"}, Updated: at})
	if c := counts(t, s); c.Running["nim"] != 5 || c.Running["esagek"] != 1 || len(c.Finished) != 0 {
		t.Fatalf("all running: %+v", c)
	}
	if g := finished(t, s, "nim", 10); len(g) != 0 {
		t.Fatalf("nothing finished yet, listed %v", g)
	}
	// They finish in the order 103, 101, 105, each written twice (the
	// second write, later, must not move it nor count it again).
	for i, n := range []int{103, 101, 105} {
		done := at.Add(time.Duration(i+1) * time.Hour)
		put(Board{Game: "nim", Number: n, Players: []string{"a", "b"}, Updated: done, Over: true})
		put(Board{Game: "nim", Number: n, Players: []string{"a", "b"}, Updated: done.Add(10 * time.Hour), Over: true, Outcome: "a wins"})
	}
	if g := finished(t, s, "nim", 10); !reflect.DeepEqual(g, []int{105, 101, 103}) {
		t.Errorf("finished nim, newest first: %v", g)
	}
	if g := finished(t, s, "nim", 2); !reflect.DeepEqual(g, []int{105, 101}) {
		t.Errorf("the two newest: %v", g)
	}
	if g := finished(t, s, "esagek", 10); len(g) != 0 {
		t.Errorf("esagek has no finished board, listed %v", g)
	}
	c := counts(t, s)
	if c.Running["nim"] != 2 || c.Finished["nim"] != 3 || c.Running["esagek"] != 1 {
		t.Errorf("after three finished: %+v", c)
	}
	if r, f := c.Boards(); r != 3 || f != 3 {
		t.Errorf("boards: %d running, %d finished", r, f)
	}
	// The esagek board finishes; a nim board is written running again
	// (an admin's repair): it leaves the index.
	put(Board{Game: "esagek", Number: 101, Players: []string{"a"}, Updated: at.Add(time.Hour), Over: true})
	put(Board{Game: "nim", Number: 101, Players: []string{"a", "b"}, Updated: at.Add(20 * time.Hour)})
	if g := finished(t, s, "nim", 10); !reflect.DeepEqual(g, []int{105, 103}) {
		t.Errorf("nim 101 running again: %v", g)
	}
	if g := finished(t, s, "esagek", 10); !reflect.DeepEqual(g, []int{101}) {
		t.Errorf("esagek: %v", g)
	}
	// Users and processed mails, each counted once however often
	// written.
	s.Update(func(tx *Tx) error {
		for i := 0; i < 3; i++ {
			for _, id := range []string{"alice", "ALICE", "bob"} {
				if err := tx.PutUser(User{ID: id}); err != nil {
					t.Fatal(err)
				}
			}
			for j := 0; j < 4; j++ {
				if err := tx.MarkProcessed(IDDigest(fmt.Sprintf("<m%d@x>", j)), Processed{Outcome: "ok"}); err != nil {
					t.Fatal(err)
				}
			}
		}
		return nil
	})
	want := Counts{Users: 2, Processed: 4, Running: map[string]int{"nim": 3}, Finished: map[string]int{"nim": 2, "esagek": 1}}
	if c := counts(t, s); !reflect.DeepEqual(c, want) {
		t.Errorf("counts %+v, want %+v", c, want)
	}
	s.View(func(tx *Tx) error {
		if tx.ProcessedCount() != 4 || tx.FinishedCount("NIM") != 2 {
			t.Errorf("processed %d, nim finished %d", tx.ProcessedCount(), tx.FinishedCount("NIM"))
		}
		return nil
	})

	// A store from before the index and the counters (and one with a
	// wrong counter left over): both rebuilt on open.
	s.Update(func(tx *Tx) error {
		for _, b := range [][]byte{bFinished, bFinishedOf} {
			if err := tx.tx.DeleteBucket(b); err != nil {
				t.Fatal(err)
			}
		}
		if err := tx.addCount(countRunning+"nim", 40); err != nil {
			t.Fatal(err)
		}
		if err := tx.tx.Bucket(bCounters).Delete([]byte(countUsers)); err != nil {
			t.Fatal(err)
		}
		return tx.tx.Bucket(bMeta).Delete([]byte(finishedBuilt))
	})
	s.Close()
	s, err = Open(Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if c := counts(t, s); !reflect.DeepEqual(c, want) {
		t.Errorf("rebuilt counts %+v, want %+v", c, want)
	}
	// Rebuilt, the index orders by each board's Updated as it is now.
	if g := finished(t, s, "nim", 10); !reflect.DeepEqual(g, []int{105, 103}) {
		t.Errorf("rebuilt nim: %v", g)
	}
	// And it goes on being kept: nim 102 finishes last.
	put(Board{Game: "nim", Number: 102, Players: []string{"a", "b"}, Updated: at.Add(30 * time.Hour), Over: true})
	if g := finished(t, s, "nim", 10); !reflect.DeepEqual(g, []int{102, 105, 103}) {
		t.Errorf("after the rebuild: %v", g)
	}
	if c := counts(t, s); c.Running["nim"] != 2 || c.Finished["nim"] != 3 {
		t.Errorf("after the rebuild: %+v", c)
	}
}

// TestDueBoards: the clock's index lists the running boards whose Due
// has come, earliest first; a board moves with its Due, leaves when it
// is over or its Due is cleared, and an older store gets each running
// board due at its last update.
func TestDueBoards(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pbm.db")
	s, err := Open(Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	hour := func(h int) time.Time { return at.Add(time.Duration(h) * time.Hour) }
	put := func(b Board) {
		t.Helper()
		b.Game, b.Players = "nim", []string{"a", "b"}
		if err := s.Update(func(tx *Tx) error { return tx.PutBoard(b) }); err != nil {
			t.Fatal(err)
		}
	}
	due := func(now time.Time) []int {
		t.Helper()
		var out []int
		s.View(func(tx *Tx) error {
			bs, err := tx.DueBoards(now)
			if err != nil {
				t.Fatal(err)
			}
			for _, b := range bs {
				out = append(out, b.Number)
			}
			return nil
		})
		return out
	}
	put(Board{Number: 101, Updated: at, Due: hour(5)})
	put(Board{Number: 102, Updated: at, Due: hour(2)})
	put(Board{Number: 103, Updated: at})                           // no Due: never
	put(Board{Number: 104, Updated: at, Due: hour(1), Over: true}) // over: never
	if g := due(hour(1)); len(g) != 0 {
		t.Errorf("due at 1h: %v", g)
	}
	if g := due(hour(2)); !reflect.DeepEqual(g, []int{102}) {
		t.Errorf("due at 2h: %v", g)
	}
	if g := due(hour(9)); !reflect.DeepEqual(g, []int{102, 101}) {
		t.Errorf("due at 9h: %v", g)
	}
	// 102 is looked at and set later; 101 finishes; 103 gets a Due.
	put(Board{Number: 102, Updated: at, Due: hour(8)})
	put(Board{Number: 101, Updated: hour(3), Due: hour(5), Over: true})
	put(Board{Number: 103, Updated: at, Due: hour(7)})
	if g := due(hour(9)); !reflect.DeepEqual(g, []int{103, 102}) {
		t.Errorf("due at 9h after the changes: %v", g)
	}
	if g := due(hour(7)); !reflect.DeepEqual(g, []int{103}) {
		t.Errorf("due at 7h after the changes: %v", g)
	}
	put(Board{Number: 103, Updated: at})
	if g := due(hour(9)); !reflect.DeepEqual(g, []int{102}) {
		t.Errorf("103 with its Due cleared: %v", g)
	}

	// An older store: boards written without Due and without the
	// index. Rebuilt on open, each running board is due at its last
	// update, or at its Due if it has one.
	put(Board{Number: 105, Updated: hour(4)})
	s.Update(func(tx *Tx) error {
		for _, b := range [][]byte{bDue, bDueOf} {
			if err := tx.tx.DeleteBucket(b); err != nil {
				t.Fatal(err)
			}
		}
		return tx.tx.Bucket(bMeta).Delete([]byte(dueBuilt))
	})
	s.Close()
	if s, err = Open(Config{Path: path}); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if g := due(hour(9)); !reflect.DeepEqual(g, []int{103, 105, 102}) {
		t.Errorf("rebuilt, due at 9h: %v", g)
	}
	if g := due(hour(3)); !reflect.DeepEqual(g, []int{103}) {
		t.Errorf("rebuilt, due at 3h: %v", g)
	}
}

// TestWatchersOfAll: the accounts that subscribe to, or hear the
// result of, every board of a game are listed per game; a change of
// the lists moves them, and an older store gets the index on open.
func TestWatchersOfAll(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pbm.db")
	s, err := Open(Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	ids := func(f func(*Tx) ([]User, error)) []string {
		t.Helper()
		var out []string
		s.View(func(tx *Tx) error {
			us, err := f(tx)
			if err != nil {
				t.Fatal(err)
			}
			for _, u := range us {
				out = append(out, u.ID)
			}
			return nil
		})
		return out
	}
	subs := func(game string) []string {
		return ids(func(tx *Tx) ([]User, error) { return tx.SubscribersOfAll(game) })
	}
	notified := func(game string) []string {
		return ids(func(tx *Tx) ([]User, error) { return tx.NotifiedOfAll(game) })
	}
	put := func(u User) {
		t.Helper()
		if err := s.Update(func(tx *Tx) error { return tx.PutUser(u) }); err != nil {
			t.Fatal(err)
		}
	}
	put(User{ID: "Carol", SubscribeAll: []string{"nim", "Esagek"}})
	put(User{ID: "bob", SubscribeAll: []string{"nim"}, NotifyAll: []string{"esagek"}})
	put(User{ID: "nimrod"})
	if g := subs("NIM"); !reflect.DeepEqual(g, []string{"bob", "Carol"}) {
		t.Errorf("subscribers of nim: %v", g)
	}
	if g := notified("esagek"); !reflect.DeepEqual(g, []string{"bob"}) {
		t.Errorf("notified of esagek: %v", g)
	}
	// carol drops nim; bob moves from subscribe to notify in nim.
	put(User{ID: "carol", SubscribeAll: []string{"esagek"}})
	put(User{ID: "bob", NotifyAll: []string{"esagek", "nim"}})
	if g := subs("nim"); len(g) != 0 {
		t.Errorf("subscribers of nim after the changes: %v", g)
	}
	if g := subs("esagek"); !reflect.DeepEqual(g, []string{"carol"}) {
		t.Errorf("subscribers of esagek: %v", g)
	}
	if g := notified("nim"); !reflect.DeepEqual(g, []string{"bob"}) {
		t.Errorf("notified of nim: %v", g)
	}
	// An older store: built on open.
	s.Update(func(tx *Tx) error {
		if err := tx.tx.DeleteBucket(bWatchers); err != nil {
			t.Fatal(err)
		}
		return tx.tx.Bucket(bMeta).Delete([]byte(watchersBuilt))
	})
	s.Close()
	if s, err = Open(Config{Path: path}); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if g := subs("esagek"); !reflect.DeepEqual(g, []string{"carol"}) {
		t.Errorf("rebuilt, subscribers of esagek: %v", g)
	}
	if g := notified("esagek"); !reflect.DeepEqual(g, []string{"bob"}) {
		t.Errorf("rebuilt, notified of esagek: %v", g)
	}
}
