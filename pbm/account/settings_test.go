package account

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// TestSettingsRefusals: a word a setting does not know is its typed
// error, and the account stays as it was.
func TestSettingsRefusals(t *testing.T) {
	st := storetest.Open(t)
	start := store.User{ID: "alice", TimeZone: "Europe/Budapest", Digest: DigestDaily}
	if err := update(t, st, func(tx *store.Tx) error { return tx.PutUser(start) }); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		op   func(tx *store.Tx, u store.User) (store.User, error)
		want error
	}{
		{"limit", func(tx *store.Tx, u store.User) (store.User, error) { return ChangeLimit(tx, u, "chess", "lots") }, ErrBadLimit},
		{"zone", func(tx *store.Tx, u store.User) (store.User, error) { return SetZone(tx, u, "Mars/Olympus") }, ErrUnknownZone},
		{"digest", func(tx *store.Tx, u store.User) (store.User, error) {
			return SetDigest(tx, u, "hourly", time.UTC, signupNow)
		}, ErrUnknownDigest},
		{"pictures", func(tx *store.Tx, u store.User) (store.User, error) { return SetPictures(tx, u, "maybe") }, ErrPicturesWord},
		{"auto vacation", func(tx *store.Tx, u store.User) (store.User, error) { return SetAutoVacation(tx, u, "yes") }, ErrAutoVacationArg},
	} {
		err := update(t, st, func(tx *store.Tx) error { u, _ := tx.User("alice"); _, err := c.op(tx, u); return err })
		if !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
	u, _ := user(t, st, "alice")
	if u.TimeZone != start.TimeZone || u.Digest != start.Digest || u.NoPictures || u.AutoVacation || len(u.Limits) != 0 {
		t.Errorf("refusals changed the account: %+v", u)
	}
}

// TestSettings: each setting is written to the account.
func TestSettings(t *testing.T) {
	st := storetest.Open(t)
	if err := update(t, st, func(tx *store.Tx) error { return tx.PutUser(store.User{ID: "alice"}) }); err != nil {
		t.Fatal(err)
	}
	set := func(op func(tx *store.Tx, u store.User) (store.User, error)) store.User {
		t.Helper()
		if err := update(t, st, func(tx *store.Tx) error { u, _ := tx.User("alice"); _, err := op(tx, u); return err }); err != nil {
			t.Fatal(err)
		}
		u, _ := user(t, st, "alice")
		return u
	}
	if u := set(func(tx *store.Tx, u store.User) (store.User, error) { return SetLanguage(tx, u, "nl") }); u.Language != "nl" {
		t.Errorf("language %q", u.Language)
	}
	if u := set(func(tx *store.Tx, u store.User) (store.User, error) { return ChangeLimit(tx, u, "chess", "3") }); !limitIs(u, 3) {
		t.Errorf("limit %v", u.Limits)
	}
	if u := set(func(tx *store.Tx, u store.User) (store.User, error) { return PutLimit(tx, u, "chess", 0) }); !limitIs(u, 0) {
		t.Errorf("rejectall: limit %v", u.Limits)
	}
	if u := set(func(tx *store.Tx, u store.User) (store.User, error) { return SetZone(tx, u, "Europe/Budapest") }); u.TimeZone != "Europe/Budapest" {
		t.Errorf("zone %q", u.TimeZone)
	}
	if u := set(func(tx *store.Tx, u store.User) (store.User, error) { return SetDaysOff(tx, u, []int{0, 6}) }); !slices.Equal(u.DaysOff, []int{0, 6}) {
		t.Errorf("days off %v", u.DaysOff)
	}
	if u := set(func(tx *store.Tx, u store.User) (store.User, error) { return SetPictures(tx, u, "OFF") }); !u.NoPictures {
		t.Error("pictures stay on")
	}
	if u := set(func(tx *store.Tx, u store.User) (store.User, error) { return SetAutoVacation(tx, u, "on") }); !u.AutoVacation {
		t.Error("automatic vacation stays off")
	}
	if u := set(func(tx *store.Tx, u store.User) (store.User, error) { return SetAutoVacation(tx, u, "off") }); u.AutoVacation {
		t.Error("automatic vacation stays on")
	}
}

// TestDigestDue: a digest set is due at its next time in the store's
// index of digests; one sent is due at the one after; a hold moves it;
// turning it off takes it out.
func TestDigestDue(t *testing.T) {
	st := storetest.Open(t)
	if err := update(t, st, func(tx *store.Tx) error { return tx.PutUser(store.User{ID: "alice", TimeZone: "UTC"}) }); err != nil {
		t.Fatal(err)
	}
	due := func(at time.Time) []string {
		var ids []string
		st.View(func(tx *store.Tx) (err error) { ids, err = tx.DueDigests(at, 10); return err })
		return ids
	}
	if err := update(t, st, func(tx *store.Tx) error {
		u, _ := tx.User("alice")
		_, err := SetDigest(tx, u, "daily", time.UTC, signupNow)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	u, _ := user(t, st, "alice")
	next := NextDigest(DigestDaily, time.UTC, signupNow)
	if u.Digest != DigestDaily || !u.DigestNext.Equal(next) {
		t.Fatalf("digest %q next %v, want daily at %v", u.Digest, u.DigestNext, next)
	}
	if got := due(next.Add(-time.Second)); len(got) != 0 {
		t.Errorf("due before its time: %v", got)
	}
	if got := due(next); !slices.Equal(got, []string{"alice"}) {
		t.Errorf("due at its time: %v", got)
	}
	if err := update(t, st, func(tx *store.Tx) error { u, _ := tx.User("alice"); return DigestSent(tx, u, time.UTC, next) }); err != nil {
		t.Fatal(err)
	}
	if got := due(next); len(got) != 0 {
		t.Errorf("still due after it was sent: %v", got)
	}
	hold := next.Add(3 * time.Hour)
	if err := update(t, st, func(tx *store.Tx) error { return HoldDigest(tx, "alice", hold) }); err != nil {
		t.Fatal(err)
	}
	if u, _ := user(t, st, "alice"); !u.DigestNext.Equal(hold) || !slices.Equal(due(hold), []string{"alice"}) {
		t.Errorf("held to %v: next %v, due %v", hold, u.DigestNext, due(hold))
	}
	if err := update(t, st, func(tx *store.Tx) error {
		u, _ := tx.User("alice")
		_, err := SetDigest(tx, u, "off", time.UTC, signupNow)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if got := due(hold.Add(365 * 24 * time.Hour)); len(got) != 0 {
		t.Errorf("due after it was turned off: %v", got)
	}
}

// limitIs reports whether the account's limit of chess is n.
func limitIs(u store.User, n int) bool {
	m, ok := LimitOf(u, "chess")
	return ok && m == n
}
