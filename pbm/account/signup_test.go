package account

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
	"golang.org/x/crypto/bcrypt"
)

var signupNow = time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)

// update runs f in a transaction of the store that is committed even
// when f returns an error (the error is f's, and is returned): the
// operations must leave nothing behind when they refuse.
func update(t *testing.T, st *store.Store, f func(tx *store.Tx) error) error {
	t.Helper()
	var ferr error
	if err := st.Update(func(tx *store.Tx) error { ferr = f(tx); return nil }); err != nil {
		t.Fatal(err)
	}
	return ferr
}

// user reads an account; ok is false when there is none.
func user(t *testing.T, st *store.Store, id string) (u store.User, ok bool) {
	t.Helper()
	err := st.View(func(tx *store.Tx) error {
		var err error
		u, err = tx.User(id)
		return err
	})
	if errors.Is(err, store.ErrNotFound) {
		return u, false
	}
	if err != nil {
		t.Fatal(err)
	}
	return u, true
}

func signup(id, pw string, addrs ...string) Signup {
	return Signup{ID: id, Password: pw, Cost: bcrypt.MinCost, Addresses: addrs,
		By:     Sender{From: "me@x.test", Now: signupNow},
		IsGame: func(w string) bool { return strings.EqualFold(w, "chess") }}
}

// TestOpenRefusals: each refusal of a signup, in the order they are
// told, is its typed error, and no account is written.
func TestOpenRefusals(t *testing.T) {
	st := storetest.Open(t)
	if err := update(t, st, func(tx *store.Tx) error { return tx.PutUser(store.User{ID: "Taken"}) }); err != nil {
		t.Fatal(err)
	}
	claim := signup("root", "pw", "me@x.test", "other@x.test")
	claim.Claim, claim.ClaimFrom = true, []string{"me@x.test"}
	for _, c := range []struct {
		s    Signup
		want error
	}{
		{signup("a", "pw"), ErrBadUserid},
		{signup("has space", "pw"), ErrBadUserid},
		{signup("Computer", "pw"), ErrBadUserid},
		{signup("all", "pw"), ErrBadUserid},
		{signup("Chess", ""), ErrGameName},
		{signup("alice", ""), ErrPasswordEmpty},
		{signup("alice", strings.Repeat("p", MaxPassword+1)), ErrPasswordLong},
		{signup("taken", "pw"), ErrTaken},
		{signup("alice", "apple", "pie"), ErrPasswordWords},
		{signup("alice", "pw", "a@x.test", "b@x.test", "c@x.test", "d@x.test", "e@x.test", "f@x.test"), ErrMaxAddresses},
		{claim, ErrAdminClaim},
	} {
		err := update(t, st, func(tx *store.Tx) error { _, _, err := Open(tx, c.s); return err })
		if !errors.Is(err, c.want) {
			t.Errorf("signup %q: %v, want %v", c.s.ID, err, c.want)
		}
		if c.s.ID != "taken" {
			if _, ok := user(t, st, c.s.ID); ok {
				t.Errorf("signup %q refused, but the account was written", c.s.ID)
			}
		}
	}
	var bad *AddressError
	err := update(t, st, func(tx *store.Tx) error { _, _, err := Open(tx, signup("alice", "pw", "a@x.test", "no@")); return err })
	if !errors.As(err, &bad) || bad.Word != "no@" {
		t.Errorf("signup with a bad address: %v, want the AddressError of %q", err, "no@")
	}
}

// TestOpen: a signup writes the account with its hash and language;
// the sender's address is confirmed at once, the others wait for
// confirmation and are returned; an admin claim leaves every address
// pending, the sender's too.
func TestOpen(t *testing.T) {
	st := storetest.Open(t)
	s := signup("Alice", "secret", "ME@x.test", "other@x.test")
	s.Language = "hu"
	var fresh []store.PendingAddress
	if err := update(t, st, func(tx *store.Tx) (err error) { _, fresh, err = Open(tx, s); return err }); err != nil {
		t.Fatal(err)
	}
	u, ok := user(t, st, "alice")
	if !ok {
		t.Fatal("no account written")
	}
	if bcrypt.CompareHashAndPassword(u.Hash, []byte("secret")) != nil || u.Language != "hu" || !u.Created.Equal(signupNow) {
		t.Errorf("account %+v: want the password's hash, hu, created %v", u, signupNow)
	}
	if !slices.Equal(u.Addresses, []string{"me@x.test"}) || len(u.Pending) != 1 || u.Pending[0].Address != "other@x.test" || u.Pending[0].By != "me@x.test" {
		t.Errorf("addresses %v pending %+v, want me@x.test confirmed and other@x.test pending", u.Addresses, u.Pending)
	}
	if len(fresh) != 1 || fresh[0].Address != "other@x.test" {
		t.Errorf("fresh %+v, want other@x.test", fresh)
	}

	c := signup("root", "pw", "me@x.test", "other@x.test")
	c.Claim, c.ClaimFrom = true, []string{"Me@x.test", "other@x.test"}
	if err := update(t, st, func(tx *store.Tx) (err error) { _, fresh, err = Open(tx, c); return err }); err != nil {
		t.Fatal(err)
	}
	if r, _ := user(t, st, "root"); len(r.Addresses) != 0 || len(r.Pending) != 2 || len(fresh) != 2 {
		t.Errorf("claimed admin: addresses %v pending %+v, want both pending", r.Addresses, r.Pending)
	}

	d := signup("nobodyhome", "pw")
	d.By.From = "me@x.test"
	if err := update(t, st, func(tx *store.Tx) (err error) { _, _, err = Open(tx, d); return err }); err != nil {
		t.Fatal(err)
	}
	if r, _ := user(t, st, "nobodyhome"); !slices.Equal(r.Addresses, []string{"me@x.test"}) {
		t.Errorf("signup with no address: %v, want the sender's", r.Addresses)
	}
}

// TestAddAddresses: the cap of MaxAddresses counts confirmed and
// pending addresses together, and is the same cap a command's own list
// meets; an address the account has is no addition; a refusal changes
// nothing.
func TestAddAddresses(t *testing.T) {
	st := storetest.Open(t)
	start := store.User{ID: "alice", Addresses: []string{"a@x.test", "b@x.test", "c@x.test"},
		Pending: []store.PendingAddress{{Address: "d@x.test", Since: signupNow}}}
	if err := update(t, st, func(tx *store.Tx) error { return tx.PutUser(start) }); err != nil {
		t.Fatal(err)
	}
	by := Sender{From: "a@x.test", Now: signupNow}
	add := func(words ...string) ([]string, []store.PendingAddress, error) {
		var added []string
		var fresh []store.PendingAddress
		err := update(t, st, func(tx *store.Tx) error {
			u, _ := tx.User("alice")
			var err error
			_, added, fresh, err = AddAddresses(tx, u, words, by)
			return err
		})
		return added, fresh, err
	}
	var already *AlreadyError
	if _, _, err := add("B@x.test", "d@x.test"); !errors.As(err, &already) || !slices.Equal(already.Addresses, []string{"b@x.test", "d@x.test"}) {
		t.Errorf("adding addresses it has: %v, want AlreadyError", err)
	}
	var full *FullError
	if _, _, err := add("e@x.test", "f@x.test"); !errors.As(err, &full) || full.Have != 4 {
		t.Errorf("adding past the cap: %v, want FullError of 4", err)
	}
	if u, _ := user(t, st, "alice"); len(u.Addresses) != 3 || len(u.Pending) != 1 {
		t.Errorf("refusals changed the account: %+v", u)
	}
	added, fresh, err := add("a@x.test", "e@x.test")
	if err != nil || !slices.Equal(added, []string{"e@x.test"}) || len(fresh) != 1 {
		t.Fatalf("add e@x.test: %v %v %v", added, fresh, err)
	}
	if u, _ := user(t, st, "alice"); len(u.Addresses)+len(u.Pending) != MaxAddresses || PendingIndex(u.Pending, "e@x.test") < 0 {
		t.Errorf("after adding: %v pending %+v", u.Addresses, u.Pending)
	}
	if _, _, err := add("f@x.test"); !errors.As(err, &full) || full.Have != MaxAddresses {
		t.Errorf("a sixth address: %v, want FullError of %d", err, MaxAddresses)
	}
}

// TestChangeAddresses: the new list replaces the old; an address the
// account had confirmed stays confirmed, the sender's own is confirmed
// at once unless the MTA found the From forged, when it is left out
// with no confirmation at all.
func TestChangeAddresses(t *testing.T) {
	st := storetest.Open(t)
	if err := update(t, st, func(tx *store.Tx) error {
		return tx.PutUser(store.User{ID: "alice", Addresses: []string{"a@x.test", "b@x.test"}})
	}); err != nil {
		t.Fatal(err)
	}
	change := func(by Sender, words ...string) (store.User, []store.PendingAddress, error) {
		var u store.User
		var fresh []store.PendingAddress
		err := update(t, st, func(tx *store.Tx) error {
			old, _ := tx.User("alice")
			var err error
			u, fresh, err = ChangeAddresses(tx, old, words, by)
			return err
		})
		return u, fresh, err
	}
	if _, _, err := change(Sender{From: "z@x.test"}, "b@x.test", "nope"); err == nil {
		t.Error("a bad address was taken")
	}
	u, fresh, err := change(Sender{From: "new@x.test", Now: signupNow}, "b@x.test", "new@x.test", "far@x.test")
	if err != nil || !slices.Equal(u.Addresses, []string{"b@x.test", "new@x.test"}) || len(fresh) != 1 || fresh[0].Address != "far@x.test" {
		t.Errorf("change: %v pending %+v fresh %+v %v", u.Addresses, u.Pending, fresh, err)
	}
	u, fresh, err = change(Sender{From: "forged@x.test", Forged: true, Now: signupNow}, "b@x.test", "forged@x.test")
	if err != nil || !slices.Equal(u.Addresses, []string{"b@x.test"}) || len(u.Pending) != 0 || len(fresh) != 0 {
		t.Errorf("change from a forged From: %v pending %+v fresh %+v %v", u.Addresses, u.Pending, fresh, err)
	}
	if got, _ := user(t, st, "alice"); !slices.Equal(got.Addresses, []string{"b@x.test"}) {
		t.Errorf("stored addresses %v", got.Addresses)
	}
}

// TestSetPasswordAndClose: a refused password keeps the old hash; a
// good one replaces it; Close closes the account.
func TestSetPasswordAndClose(t *testing.T) {
	st := storetest.Open(t)
	h, _ := Hash("old", bcrypt.MinCost)
	if err := update(t, st, func(tx *store.Tx) error { return tx.PutUser(store.User{ID: "alice", Hash: h}) }); err != nil {
		t.Fatal(err)
	}
	set := func(pw string) error {
		return update(t, st, func(tx *store.Tx) error {
			u, _ := tx.User("alice")
			_, err := SetPassword(tx, u, pw, bcrypt.MinCost)
			return err
		})
	}
	if err := set(""); !errors.Is(err, ErrPasswordEmpty) {
		t.Errorf("empty password: %v", err)
	}
	if u, _ := user(t, st, "alice"); bcrypt.CompareHashAndPassword(u.Hash, []byte("old")) != nil {
		t.Error("a refused password changed the hash")
	}
	if err := set("new"); err != nil {
		t.Fatal(err)
	}
	if u, _ := user(t, st, "alice"); bcrypt.CompareHashAndPassword(u.Hash, []byte("new")) != nil {
		t.Error("the new password does not match the stored hash")
	}
	if err := update(t, st, func(tx *store.Tx) error { u, _ := tx.User("alice"); return Close(tx, u) }); err != nil {
		t.Fatal(err)
	}
	if u, _ := user(t, st, "alice"); !u.Closed {
		t.Error("Close left the account open")
	}
}

// TestWriteAdmin: the operator's admin account is written with its
// addresses confirmed, opened again when closed, and the lock of
// guesses at the old password ends.
func TestWriteAdmin(t *testing.T) {
	st := storetest.Open(t)
	var existed bool
	if err := update(t, st, func(tx *store.Tx) (err error) {
		existed, err = WriteAdmin(tx, "root", []byte("h1"), []string{"r@x.test"}, signupNow)
		return err
	}); err != nil || existed {
		t.Fatalf("first write: existed %v, %v", existed, err)
	}
	if err := update(t, st, func(tx *store.Tx) error {
		u, _ := tx.User("root")
		u.Closed, u.Pending = true, []store.PendingAddress{{Address: "p@x.test"}}
		if err := tx.PutUser(u); err != nil {
			return err
		}
		return tx.PutGuesses("root", store.Guesses{Count: 3, Until: signupNow.Add(time.Hour)})
	}); err != nil {
		t.Fatal(err)
	}
	if err := update(t, st, func(tx *store.Tx) (err error) {
		existed, err = WriteAdmin(tx, "root", []byte("h2"), []string{"s@x.test"}, signupNow)
		return err
	}); err != nil || !existed {
		t.Fatalf("second write: existed %v, %v", existed, err)
	}
	u, _ := user(t, st, "root")
	if u.Closed || string(u.Hash) != "h2" || !slices.Equal(u.Addresses, []string{"s@x.test"}) || len(u.Pending) != 0 {
		t.Errorf("admin account %+v", u)
	}
	st.View(func(tx *store.Tx) error {
		if g, err := tx.Guesses("root"); err != nil || g.Count != 0 || !g.Until.IsZero() {
			t.Errorf("guesses %+v %v, want none", g, err)
		}
		return nil
	})
}

// TestUnclaimed: a userid with no account, a closed one, or one with
// no confirmed address is unclaimed.
func TestUnclaimed(t *testing.T) {
	st := storetest.Open(t)
	if err := update(t, st, func(tx *store.Tx) error {
		for _, u := range []store.User{
			{ID: "root", Addresses: []string{"r@x.test"}},
			{ID: "shut", Addresses: []string{"s@x.test"}, Closed: true},
			{ID: "waiting", Pending: []store.PendingAddress{{Address: "w@x.test"}}},
		} {
			if err := tx.PutUser(u); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	var out []string
	st.View(func(tx *store.Tx) (err error) {
		out, err = Unclaimed(tx, []string{"root", "shut", "waiting", "nobody"})
		return err
	})
	if !slices.Equal(out, []string{"shut", "waiting", "nobody"}) {
		t.Errorf("unclaimed %v", out)
	}
}

// TestParseAddresses: addresses come back in lower case; a word that
// is no addr-spec is refused by itself; more than MaxAddresses are
// refused.
func TestParseAddresses(t *testing.T) {
	got, err := ParseAddresses([]string{"Alice@X.test", "<bob@x.test>"})
	if err != nil || !slices.Equal(got, []string{"alice@x.test", "bob@x.test"}) {
		t.Errorf("parse: %v %v", got, err)
	}
	for _, w := range []string{"alice", "a b@x.test", "\"a\"@", "a@x.test\r\nBcc: c@x.test"} {
		var bad *AddressError
		if _, err := ParseAddresses([]string{"ok@x.test", w}); !errors.As(err, &bad) || bad.Word != w {
			t.Errorf("%q: %v, want its AddressError", w, err)
		}
	}
	six := []string{"a@x.test", "b@x.test", "c@x.test", "d@x.test", "e@x.test", "f@x.test"}
	if _, err := ParseAddresses(six[:MaxAddresses]); err != nil {
		t.Errorf("%d addresses: %v", MaxAddresses, err)
	}
	if _, err := ParseAddresses(six); !errors.Is(err, ErrMaxAddresses) {
		t.Errorf("six addresses: %v", err)
	}
	for _, c := range []struct {
		id string
		ok bool
	}{{"alice", true}, {"a-b_9", true}, {"x", false}, {strings.Repeat("a", 21), false}, {"NONE", false}, {"a.b", false}} {
		if ValidUserid(c.id) != c.ok {
			t.Errorf("ValidUserid(%q) = %v", c.id, !c.ok)
		}
	}
	if !LooksLikeUserid("none") {
		t.Error("a reserved word has the form of a userid")
	}
}
