package account

import (
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// openStore is a real store in a temporary directory, closed at the
// end of the test.
// TestFind: a userid with no account and a closed account are barred,
// each with its reason and the userid as the account spells it.
func TestFind(t *testing.T) {
	st := storetest.Open(t)
	err := st.Update(func(tx *store.Tx) error {
		if err := tx.PutUser(store.User{ID: "Alice"}); err != nil {
			return err
		}
		return tx.PutUser(store.User{ID: "Bob", Closed: true})
	})
	if err != nil {
		t.Fatal(err)
	}
	st.View(func(tx *store.Tx) error {
		for _, c := range []struct {
			id, user string
			why      Reason
		}{{"alice", "Alice", Allowed}, {"bob", "Bob", Closed}, {"carol", "carol", NoAccount}} {
			u, bar, err := Find(tx, c.id)
			if err != nil || bar.Reason != c.why || bar.Barred() != (c.why != Allowed) {
				t.Errorf("Find(%s): %+v %v, want %v", c.id, bar, err, c.why)
			}
			if c.why != NoAccount && u.ID != c.user || c.why != Allowed && bar.User != c.user {
				t.Errorf("Find(%s): account %q, bar for %q, want %q", c.id, u.ID, bar.User, c.user)
			}
		}
		return nil
	})
}

// TestWrongPassword: the GuessAllowed-th wrong password within the
// window locks the account, and LockedAt bars it until the lock ends;
// the owner is told of the first lock, and of a lock within a day of
// that one not again.
func TestWrongPassword(t *testing.T) {
	st := storetest.Open(t)
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	u := store.User{ID: "alice", Addresses: []string{"a@x.test"}}
	wrong := func(at time.Time) (l Lockout) {
		t.Helper()
		if err := st.Update(func(tx *store.Tx) (err error) { l, err = WrongPassword(tx, u.ID, at); return }); err != nil {
			t.Fatal(err)
		}
		return l
	}
	lockedAt := func(at time.Time) (b Bar) {
		t.Helper()
		if err := st.View(func(tx *store.Tx) (err error) { b, err = LockedAt(tx, u, at); return }); err != nil {
			t.Fatal(err)
		}
		return b
	}
	for i := 1; i < GuessAllowed; i++ {
		if l := wrong(now.Add(time.Duration(i) * time.Second)); l.Locked || l.Tell {
			t.Fatalf("guess %d locked: %+v", i, l)
		}
	}
	if b := lockedAt(now.Add(time.Minute)); b.Barred() {
		t.Fatalf("locked before the last guess: %+v", b)
	}
	l := wrong(now.Add(time.Minute))
	if !l.Locked || !l.Tell || !l.Until.Equal(now.Add(time.Minute+FirstLock)) {
		t.Fatalf("guess %d: %+v", GuessAllowed, l)
	}
	if b := lockedAt(l.Until.Add(-time.Second)); b.Reason != Locked || !b.Until.Equal(l.Until) || b.User != "alice" {
		t.Errorf("during the lock: %+v", b)
	}
	if b := lockedAt(l.Until); b.Barred() {
		t.Errorf("after the lock: %+v", b)
	}
	var again Lockout
	for i := 0; i < GuessAllowed; i++ {
		again = wrong(l.Until.Add(time.Duration(i) * time.Second))
	}
	if !again.Locked || again.Tell {
		t.Errorf("a second lock within the day: %+v, want locked and not told", again)
	}
}

// TestMayAdmin: an account with no confirmed address gives no admin
// power.
func TestMayAdmin(t *testing.T) {
	if b := MayAdmin(store.User{ID: "root", Pending: []store.PendingAddress{{Address: "r@x.test"}}}); b.Reason != Unconfirmed || b.User != "root" {
		t.Errorf("a claim unconfirmed: %+v", b)
	}
	if b := MayAdmin(store.User{ID: "root", Addresses: []string{"r@x.test"}}); b.Barred() {
		t.Errorf("a confirmed admin: %+v", b)
	}
}

// TestParseLimit: the words of "limit" and their numbers.
func TestParseLimit(t *testing.T) {
	for word, want := range map[string]int{"reject": 0, "NONE": 0, "accept": -1, "all": -1, "inf": -1, "unlimited": -1,
		"0": 0, "3": 3, "1000": 1000, "1001": -1} {
		if n, ok := ParseLimit(word); !ok || n != want {
			t.Errorf("ParseLimit(%q) = %d, %v; want %d", word, n, ok, want)
		}
	}
	for _, word := range []string{"-1", "many", ""} {
		if _, ok := ParseLimit(word); ok {
			t.Errorf("ParseLimit(%q) took it", word)
		}
	}
}

// TestLimitsOnStore: the running boards a limit counts are the boards
// of that game the user sits at that are not over; a user who rejects
// the game or is at his limit is barred, and Barred leaves out the
// consenting player and userids with no account.
func TestLimitsOnStore(t *testing.T) {
	st := storetest.Open(t)
	err := st.Update(func(tx *store.Tx) error {
		users := []store.User{
			{ID: "alice", Limits: map[string]int{"nim": 2}},
			{ID: "bob", Limits: map[string]int{"nim": 0}},
			{ID: "carol"},
		}
		for _, u := range users {
			if err := tx.PutUser(u); err != nil {
				return err
			}
		}
		for _, b := range []store.Board{
			{Game: "nim", Number: 1, Players: []string{"Alice", "carol"}},
			{Game: "nim", Number: 2, Players: []string{"carol", "alice"}, Over: true},
			{Game: "nim", Number: 3, Players: []string{"carol", "bob"}},
			{Game: "hex", Number: 1, Players: []string{"alice", "carol"}},
		} {
			if err := tx.PutBoard(b); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	err = st.Update(func(tx *store.Tx) error {
		if n, err := Running(tx, "alice", "nim"); err != nil || n != 1 {
			t.Errorf("alice runs %d boards of nim (%v), want 1", n, err)
		}
		if n, err := Running(tx, "carol", "nim"); err != nil || n != 2 {
			t.Errorf("carol runs %d boards of nim (%v), want 2", n, err)
		}
		alice, _ := tx.User("alice")
		if b, err := MayStart(tx, alice, "nim"); err != nil || b.Barred() {
			t.Errorf("alice below her limit: %+v %v", b, err)
		}
		if err := tx.PutBoard(store.Board{Game: "nim", Number: 4, Players: []string{"alice", "carol"}}); err != nil {
			return err
		}
		if b, err := MayStart(tx, alice, "nim"); err != nil || b.Reason != AtLimit || b.Limit != 2 || b.User != "alice" {
			t.Errorf("alice at her limit: %+v %v", b, err)
		}
		if b, err := MayStart(tx, alice, "hex"); err != nil || b.Barred() {
			t.Errorf("alice has no limit in hex: %+v %v", b, err)
		}
		bars, err := Barred(tx, "nim", []string{"computer", "alice", "bob", "carol"}, "")
		if err != nil || len(bars) != 2 || bars[0].Reason != AtLimit || bars[0].User != "alice" || bars[1].Reason != Rejects || bars[1].User != "bob" {
			t.Errorf("Barred: %+v %v", bars, err)
		}
		if bars, err := Barred(tx, "nim", []string{"alice", "bob"}, "ALICE"); err != nil || len(bars) != 1 || bars[0].User != "bob" {
			t.Errorf("Barred with alice consenting: %+v %v", bars, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
