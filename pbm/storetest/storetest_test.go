package storetest

import (
	"errors"
	"testing"

	"github.com/pbmgo/pbm/store"
)

// TestOpenIsRealAndOwn: each Open is a real store of its own, which
// keeps what a transaction wrote and nothing of a transaction that
// failed.
func TestOpenIsRealAndOwn(t *testing.T) {
	a, b := Open(t), Open(t)
	Update(t, a, func(tx *store.Tx) error { return tx.PutMeta("kept", "yes") })
	boom := errors.New("boom")
	if err := a.Update(func(tx *store.Tx) error {
		if err := tx.PutMeta("dropped", "yes"); err != nil {
			return err
		}
		return boom
	}); !errors.Is(err, boom) {
		t.Fatalf("failed transaction: %v", err)
	}
	for _, c := range []struct {
		st         *store.Store
		name, want string
	}{{a, "kept", "yes"}, {a, "dropped", ""}, {b, "kept", ""}} {
		if err := c.st.View(func(tx *store.Tx) error {
			if got := tx.Meta(c.name); got != c.want {
				t.Errorf("%s: %q, want %q", c.name, got, c.want)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
}
