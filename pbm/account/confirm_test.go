package account

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// TestConfirm: only the token of the pending address, from that
// address and not forged, confirms it; the key is not asked for when
// no address is pending; anything else changes nothing.
func TestConfirm(t *testing.T) {
	st := storetest.Open(t)
	key := []byte("0123456789abcdef")
	p := store.PendingAddress{Address: "new@x.test", Since: signupNow, By: "a@x.test"}
	if err := update(t, st, func(tx *store.Tx) error {
		return tx.PutUser(store.User{ID: "alice", Addresses: []string{"a@x.test"}, Pending: []store.PendingAddress{p}})
	}); err != nil {
		t.Fatal(err)
	}
	tok := ConfirmToken(key, "alice", p)
	asked := 0
	keyOf := func() ([]byte, error) { asked++; return key, nil }
	confirm := func(id, from, tok string, forged bool) (string, error) {
		var addr string
		err := update(t, st, func(tx *store.Tx) (err error) {
			_, addr, err = Confirm(tx, id, from, tok, forged, keyOf)
			return err
		})
		return addr, err
	}
	if addr, err := confirm("alice", "other@x.test", tok, false); addr != "" || err != nil || asked != 0 {
		t.Errorf("from an address not pending: %q %v, key asked %d times", addr, err, asked)
	}
	if addr, err := confirm("nobody", "new@x.test", tok, false); addr != "" || err != nil {
		t.Errorf("no such account: %q %v", addr, err)
	}
	if addr, _ := confirm("alice", "new@x.test", tok+"x", false); addr != "" {
		t.Error("a wrong token confirmed")
	}
	if addr, _ := confirm("alice", "new@x.test", tok, true); addr != "" {
		t.Error("a forged From confirmed")
	}
	if u, _ := user(t, st, "alice"); len(u.Pending) != 1 || len(u.Addresses) != 1 {
		t.Fatalf("refused confirmations changed the account: %+v", u)
	}
	if _, err := confirm("alice", "new@x.test", tok, false); err != nil {
		t.Fatal(err)
	}
	if u, _ := user(t, st, "alice"); len(u.Pending) != 0 || !slices.Equal(u.Addresses, []string{"a@x.test", "new@x.test"}) {
		t.Errorf("after confirmation: %v pending %+v", u.Addresses, u.Pending)
	}
	broken := errors.New("no key")
	err := update(t, st, func(tx *store.Tx) error {
		if err := tx.PutUser(store.User{ID: "bob", Pending: []store.PendingAddress{p}}); err != nil {
			return err
		}
		_, _, err := Confirm(tx, "bob", "new@x.test", tok, false, func() ([]byte, error) { return nil, broken })
		return err
	})
	if !errors.Is(err, broken) {
		t.Errorf("the key's error: %v", err)
	}
}

// TestUnsubscribe: the address leaves every account, confirmed or
// pending; the open accounts that had it confirmed are the owners.
func TestUnsubscribe(t *testing.T) {
	st := storetest.Open(t)
	if err := update(t, st, func(tx *store.Tx) error {
		for _, u := range []store.User{
			{ID: "alice", Addresses: []string{"a@x.test", "Gone@x.test"}},
			{ID: "bob", Pending: []store.PendingAddress{{Address: "gone@x.test"}}},
			{ID: "carol", Addresses: []string{"gone@x.test"}, Closed: true},
			{ID: "dave", Addresses: []string{"d@x.test"}},
		} {
			if err := tx.PutUser(u); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	var ids []string
	var owners []store.User
	if err := update(t, st, func(tx *store.Tx) (err error) { ids, owners, err = Unsubscribe(tx, "gone@x.test"); return err }); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(ids, []string{"alice", "bob", "carol"}) || len(owners) != 1 || owners[0].ID != "alice" {
		t.Errorf("ids %v owners %v", ids, owners)
	}
	for _, id := range []string{"alice", "bob", "carol"} {
		u, _ := user(t, st, id)
		if containsFold(u.Addresses, "gone@x.test") || PendingIndex(u.Pending, "gone@x.test") >= 0 {
			t.Errorf("%s keeps the address: %+v", id, u)
		}
	}
	if u, _ := user(t, st, "alice"); !slices.Equal(u.Addresses, []string{"a@x.test"}) {
		t.Errorf("alice's other address: %v", u.Addresses)
	}
	if u, _ := user(t, st, "dave"); !slices.Equal(u.Addresses, []string{"d@x.test"}) {
		t.Errorf("dave changed: %v", u.Addresses)
	}
}

// TestDropLapsed: pending addresses asked for before the cutoff go,
// later ones stay; an account that is gone drops nothing.
func TestDropLapsed(t *testing.T) {
	st := storetest.Open(t)
	cutoff := signupNow.Add(-7 * 24 * time.Hour)
	if err := update(t, st, func(tx *store.Tx) error {
		return tx.PutUser(store.User{ID: "alice", Pending: []store.PendingAddress{
			{Address: "old@x.test", Since: cutoff.Add(-time.Second)}, {Address: "new@x.test", Since: cutoff}}})
	}); err != nil {
		t.Fatal(err)
	}
	drop := func(id string) int {
		var n int
		if err := update(t, st, func(tx *store.Tx) (err error) { n, err = DropLapsed(tx, id, cutoff); return err }); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := drop("alice"); n != 1 {
		t.Errorf("dropped %d, want 1", n)
	}
	if u, _ := user(t, st, "alice"); len(u.Pending) != 1 || u.Pending[0].Address != "new@x.test" {
		t.Errorf("pending %+v", u.Pending)
	}
	if n := drop("alice"); n != 0 {
		t.Errorf("dropped %d again", n)
	}
	if n := drop("nobody"); n != 0 {
		t.Errorf("dropped %d of no account", n)
	}
}
