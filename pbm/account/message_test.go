package account

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// TestAddressMessage: a message's names are sorted into those it goes
// to, unknown or closed accounts, accounts messaged already and
// accounts that block the sender, each once, in the order named.
func TestAddressMessage(t *testing.T) {
	st := storetest.Open(t)
	if err := update(t, st, func(tx *store.Tx) error {
		for _, u := range []store.User{{ID: "Alice"}, {ID: "bob"}, {ID: "carol"}, {ID: "dave"}, {ID: "gone", Closed: true}} {
			if err := tx.PutUser(u); err != nil {
				return err
			}
		}
		_, _, err := Block(tx, "carol", []string{"alice"})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	var r Recipients
	err := st.View(func(tx *store.Tx) (err error) {
		r, err = AddressMessage(tx, "alice", []string{"BOB", "nobody", "carol", "bob", "dave", "gone", "Nobody", "alice"},
			func(id string) bool { return strings.EqualFold(id, "dave") })
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r.To, []string{"bob", "Alice"}) || !slices.Equal(r.Unknown, []string{"nobody", "gone"}) ||
		!slices.Equal(r.Already, []string{"dave"}) || !slices.Equal(r.Blocked, []string{"carol"}) {
		t.Errorf("recipients %+v", r)
	}
	if n := r.Copies("alice"); n != 1 {
		t.Errorf("copies %d, want 1: none to the sender herself", n)
	}
}
