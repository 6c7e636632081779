package account

import (
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// TestSpend: an allowance gives what it has and no more, refuses
// whole, survives in the store, and is whole again after the hour.
func TestSpend(t *testing.T) {
	st := storetest.Open(t)
	t0 := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	spend := func(n int, at time.Time) (Allowance, bool) {
		t.Helper()
		var a Allowance
		var ok bool
		if err := st.Update(func(tx *store.Tx) error {
			var err error
			a, ok, err = Spend(tx, MessageKey("Alice"), n, 10, at)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return a, ok
	}
	if a, ok := spend(7, t0); !ok || a.Left != 3 || !a.Resets.Equal(t0.Add(time.Hour)) {
		t.Fatalf("first 7 of 10: %+v %v", a, ok)
	}
	if a, ok := spend(4, t0.Add(time.Minute)); ok || a.Left != 3 {
		t.Fatalf("4 more with 3 left: %+v %v", a, ok)
	}
	if a, ok := spend(3, t0.Add(2*time.Minute)); !ok || a.Left != 0 {
		t.Fatalf("the last 3: %+v %v", a, ok)
	}
	if _, ok := spend(1, t0.Add(59*time.Minute)); ok {
		t.Fatal("one past the allowance within the hour was given")
	}
	if a, ok := spend(1, t0.Add(61*time.Minute)); !ok || a.Left != 9 {
		t.Fatalf("after the hour: %+v %v", a, ok)
	}
}

// TestBlock: blocks are per owner, case-blind, bounded, and undone by
// name or all at once; unknown userids are not recorded.
func TestBlock(t *testing.T) {
	st := storetest.Open(t)
	err := st.Update(func(tx *store.Tx) error {
		for _, id := range []string{"Alice", "Bob", "Carol"} {
			if err := tx.PutUser(store.User{ID: id}); err != nil {
				return err
			}
		}
		blocked, unknown, err := Block(tx, "alice", []string{"bob", "BOB", "nobody9"})
		if err != nil {
			return err
		}
		if !slices.Equal(blocked, []string{"Bob"}) || !slices.Equal(unknown, []string{"nobody9"}) {
			t.Errorf("block: %v, unknown %v", blocked, unknown)
		}
		if ok, _ := tx.Blocked("ALICE", "bob"); !ok {
			t.Error("bob is not blocked by alice")
		}
		if ok, _ := tx.Blocked("carol", "bob"); ok {
			t.Error("a block of alice's holds for carol")
		}
		if ok, _ := tx.Blocked("alice", "nobody9"); ok {
			t.Error("an unknown userid was recorded")
		}
		freed, not, err := Unblock(tx, "alice", []string{"carol", "bob"})
		if err != nil {
			return err
		}
		if !slices.Equal(freed, []string{"Bob"}) || !slices.Equal(not, []string{"carol"}) {
			t.Errorf("unblock: %v, not blocked %v", freed, not)
		}
		if ok, _ := tx.Blocked("alice", "bob"); ok {
			t.Error("bob still blocked after unblock")
		}
		// The bound: MaxBlocks at most, and a block past it records
		// nothing.
		var many []string
		for i := range MaxBlocks + 1 {
			id := fmt.Sprintf("u%03d", i)
			if err := tx.PutUser(store.User{ID: id}); err != nil {
				return err
			}
			many = append(many, id)
		}
		if _, _, err := Block(tx, "alice", many); !errors.Is(err, ErrTooManyBlocks) {
			t.Errorf("block of %d: %v", len(many), err)
		}
		if have, _ := tx.Blocks("alice"); len(have) != 0 {
			t.Errorf("a refused block recorded %d", len(have))
		}
		if _, _, err := Block(tx, "alice", many[:MaxBlocks]); err != nil {
			t.Errorf("block of %d: %v", MaxBlocks, err)
		}
		freed, _, err = Unblock(tx, "alice", []string{"all"})
		if err != nil {
			return err
		}
		if len(freed) != MaxBlocks {
			t.Errorf("unblock all freed %d", len(freed))
		}
		if have, _ := tx.Blocks("alice"); len(have) != 0 {
			t.Errorf("after unblock all: %v", have)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
