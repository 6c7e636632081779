package notice

import (
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// TestStats: the stats count the accounts as stored and give the
// dedupe window in days.
func TestStats(t *testing.T) {
	st := storetest.Open(t)
	if err := st.Update(func(tx *store.Tx) error {
		for _, id := range []string{"alice", "bob"} {
			if err := tx.PutUser(store.User{ID: id}); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	st.View(func(tx *store.Tx) error {
		ms, err := Stats(tx, nil, 72*time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		got := lang.English().Join(ms)
		for _, want := range []string{"accounts 2; boards 0 (0 running, 0 finished);", "(for 3 days)", "outbox 0; failed deliveries 0"} {
			if !strings.Contains(got, want) {
				t.Errorf("stats lack %q:\n%s", want, got)
			}
		}
		return nil
	})
}
