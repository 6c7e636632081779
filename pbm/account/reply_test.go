package account

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// TestConfirmReply: the detail of the confirmation address, as the
// reply's recipient gives it, confirms the pending address it was
// made for, and only from that address.
func TestConfirmReply(t *testing.T) {
	st := storetest.Open(t)
	key := []byte("0123456789abcdef")
	p := store.PendingAddress{Address: "new@x.test", Since: signupNow, By: "a@x.test"}
	if err := update(t, st, func(tx *store.Tx) error {
		return tx.PutUser(store.User{ID: "Alice", Addresses: []string{"a@x.test"}, Pending: []store.PendingAddress{p}})
	}); err != nil {
		t.Fatal(err)
	}
	detail := ConfirmDetail(key, "Alice", p)
	rest, ok := strings.CutPrefix(detail, ConfirmTag+".")
	if !ok || !strings.HasPrefix(rest, "alice.") {
		t.Fatalf("detail %q: want the tag and the userid in lower case", detail)
	}
	keyOf := func() ([]byte, error) { return key, nil }
	reply := func(rest, from string) string {
		var addr string
		if err := update(t, st, func(tx *store.Tx) (err error) {
			_, addr, err = ConfirmReply(tx, rest, from, false, keyOf)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return addr
	}
	for _, bad := range []string{"alice", "alice.", "bob." + strings.TrimPrefix(rest, "alice."), rest + "x"} {
		if addr := reply(bad, "new@x.test"); addr != "" {
			t.Errorf("detail %q confirmed %q", bad, addr)
		}
	}
	if addr := reply(rest, "other@x.test"); addr != "" {
		t.Errorf("a reply from another address confirmed %q", addr)
	}
	if u, _ := user(t, st, "Alice"); len(u.Pending) != 1 {
		t.Fatalf("refused replies changed the account: %+v", u)
	}
	if addr := reply(rest, "new@x.test"); addr != "new@x.test" {
		t.Errorf("the right reply confirmed %q", addr)
	}
	if u, _ := user(t, st, "Alice"); !slices.Equal(u.Addresses, []string{"a@x.test", "new@x.test"}) {
		t.Errorf("after the reply: %v", u.Addresses)
	}
}

// TestUnsubscribeBy: only the unsubscribe token of the sender's
// address, not forged, takes it off; the key is asked for each time,
// and its error is returned.
func TestUnsubscribeBy(t *testing.T) {
	st := storetest.Open(t)
	key := []byte("0123456789abcdef")
	if err := update(t, st, func(tx *store.Tx) error {
		return tx.PutUser(store.User{ID: "alice", Addresses: []string{"a@x.test", "gone@x.test"}})
	}); err != nil {
		t.Fatal(err)
	}
	tok := AddrToken(key, UnsubTag, "gone@x.test")
	asked := 0
	keyOf := func() ([]byte, error) { asked++; return key, nil }
	unsub := func(addr, tok string, forged bool) ([]string, bool) {
		var ids []string
		var ok bool
		if err := update(t, st, func(tx *store.Tx) (err error) {
			ids, _, ok, err = UnsubscribeBy(tx, addr, tok, forged, keyOf)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return ids, ok
	}
	for _, c := range []struct {
		addr, tok string
		forged    bool
	}{{"gone@x.test", tok + "x", false}, {"a@x.test", tok, false}, {"gone@x.test", tok, true}} {
		if ids, ok := unsub(c.addr, c.tok, c.forged); ok || ids != nil {
			t.Errorf("%+v: unsubscribed %v", c, ids)
		}
	}
	if u, _ := user(t, st, "alice"); len(u.Addresses) != 2 {
		t.Fatalf("refused unsubscribes changed the account: %v", u.Addresses)
	}
	if ids, ok := unsub("gone@x.test", tok, false); !ok || !slices.Equal(ids, []string{"alice"}) {
		t.Errorf("the right token: %v %v", ids, ok)
	}
	if u, _ := user(t, st, "alice"); !slices.Equal(u.Addresses, []string{"a@x.test"}) {
		t.Errorf("after unsubscribe: %v", u.Addresses)
	}
	if asked != 4 {
		t.Errorf("key asked %d times, want 4", asked)
	}
	broken := errors.New("no key")
	err := update(t, st, func(tx *store.Tx) error {
		_, _, _, err := UnsubscribeBy(tx, "a@x.test", tok, false, func() ([]byte, error) { return nil, broken })
		return err
	})
	if !errors.Is(err, broken) {
		t.Errorf("the key's error: %v", err)
	}
}
