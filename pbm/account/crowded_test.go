package account

import (
	"testing"

	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// TestCrowdedAt: an address with max open accounts is crowded, a
// closed account does not count, and the first crowded address given
// is the one told.
func TestCrowdedAt(t *testing.T) {
	st := storetest.Open(t)
	err := st.Update(func(tx *store.Tx) error {
		for _, u := range []store.User{
			{ID: "a1", Addresses: []string{"full@x.test"}},
			{ID: "a2", Addresses: []string{"full@x.test", "half@x.test"}},
			{ID: "a3", Addresses: []string{"half@x.test"}, Closed: true},
			{ID: "a4", Addresses: []string{"also@x.test"}},
			{ID: "a5", Addresses: []string{"also@x.test"}},
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
	st.View(func(tx *store.Tx) error {
		for _, c := range []struct {
			addrs []string
			max   int
			at    string
			ok    bool
		}{
			{[]string{"half@x.test"}, 2, "", false},
			{[]string{"nobody@x.test"}, 1, "", false},
			{[]string{"half@x.test", "full@x.test", "also@x.test"}, 2, "full@x.test", true},
			{[]string{"also@x.test", "full@x.test"}, 2, "also@x.test", true},
			{[]string{"half@x.test"}, 1, "half@x.test", true},
		} {
			at, ok, err := CrowdedAt(tx, c.addrs, c.max)
			if err != nil || at != c.at || ok != c.ok {
				t.Errorf("CrowdedAt(%v, %d) = %q %v %v, want %q %v", c.addrs, c.max, at, ok, err, c.at, c.ok)
			}
		}
		return nil
	})
}
