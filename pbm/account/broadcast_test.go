package account

import (
	"fmt"
	"testing"

	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// TestAddressees: a broadcast goes to every address of every open
// account, each with its account's language, and to no closed one.
func TestAddressees(t *testing.T) {
	st := storetest.Open(t)
	err := st.Update(func(tx *store.Tx) error {
		for _, u := range []store.User{
			{ID: "alice", Addresses: []string{"a@example.org", "a2@example.org"}, Language: "hu"},
			{ID: "bob", Addresses: []string{"b@example.org"}, Closed: true},
			{ID: "carol", Addresses: []string{"c@example.org"}},
		} {
			if err := tx.PutUser(u); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	err = st.View(func(tx *store.Tx) error {
		to, err := Addressees(tx)
		if err != nil {
			return err
		}
		got := fmt.Sprint(to)
		if want := "[{a@example.org hu} {a2@example.org hu} {c@example.org }]"; got != want {
			t.Errorf("Addressees %s, want %s", got, want)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
