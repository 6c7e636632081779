package notice

import (
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// TestAccounts: the list of accounts counts them and gives each its
// userid, its addresses, whether it is closed and the day it opened.
func TestAccounts(t *testing.T) {
	st := storetest.Open(t)
	day := time.Date(2026, 3, 4, 23, 0, 0, 0, time.FixedZone("x", -2*3600))
	err := st.Update(func(tx *store.Tx) error {
		if err := tx.PutUser(store.User{ID: "alice", Addresses: []string{"a@x.test", "a2@x.test"}, Created: day}); err != nil {
			return err
		}
		return tx.PutUser(store.User{ID: "bob", Addresses: []string{"b@x.test"}, Closed: true, Created: day})
	})
	if err != nil {
		t.Fatal(err)
	}
	st.View(func(tx *store.Tx) error {
		ms, err := Accounts(tx)
		if err != nil {
			t.Fatal(err)
		}
		got := lang.English().Join(ms)
		for _, want := range []string{"2 accounts:\n", "  alice                a@x.test a2@x.test, since 2026-03-05\n", "  bob                  b@x.test (closed), since 2026-03-05\n"} {
			if !strings.Contains(got, want) {
				t.Errorf("list lacks %q:\n%s", want, got)
			}
		}
		if strings.Count(got, "(closed)") != 1 {
			t.Errorf("list marks open accounts closed:\n%s", got)
		}
		return nil
	})
}
