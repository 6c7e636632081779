package account

import (
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// TestTryPassword: a right password is taken; wrong ones are recorded
// until the account locks; while it is locked, a password is refused
// unchecked, even the right one, and nothing more is recorded; the
// verified owner is not refused by the strangers' lock.
func TestTryPassword(t *testing.T) {
	st := storetest.Open(t)
	now := time.Date(2026, 12, 7, 8, 0, 0, 0, time.UTC)
	u := store.User{ID: "alice", Addresses: []string{"alice@players.test"}}
	err := st.Update(func(tx *store.Tx) error {
		if err := tx.PutUser(u); err != nil {
			return err
		}
		checked := 0
		try := func(who Guesser, right bool) Try {
			t.Helper()
			r, err := TryPassword(tx, u, who, now, func() bool { checked++; return right })
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		if r := try(Stranger, true); !r.OK || r.Bar.Barred() || r.Miss != (Miss{}) || checked != 1 {
			t.Errorf("a right password: %+v, checked %d", r, checked)
		}
		for i := 0; i < GuessAllowed; i++ {
			r := try(Stranger, false)
			if r.OK || r.Bar.Barred() || !r.Miss.Counted || r.Miss.Locked != (i == GuessAllowed-1) {
				t.Errorf("wrong password %d: %+v", i+1, r)
			}
		}
		before, err := tx.Guesses(u.ID)
		if err != nil {
			return err
		}
		checked = 0
		if r := try(Stranger, true); r.OK || r.Bar.Reason != Locked || checked != 0 {
			t.Errorf("the right password while locked: %+v, checked %d", r, checked)
		}
		if r := try(OwnAddress, false); r.OK || r.Bar.Reason != Locked || checked != 0 {
			t.Errorf("her unverified address while locked: %+v, checked %d", r, checked)
		}
		after, err := tx.Guesses(u.ID)
		if err != nil {
			return err
		}
		if after.Count != before.Count || after.Locks != before.Locks || !after.Until.Equal(before.Until) {
			t.Errorf("a refused password was recorded: %+v, was %+v", after, before)
		}
		if r := try(Owner, true); !r.OK || checked != 1 {
			t.Errorf("the verified owner past the strangers' lock: %+v, checked %d", r, checked)
		}
		if r := try(Owner, false); r.OK || !r.Miss.Own || !r.Miss.Counted {
			t.Errorf("the verified owner's wrong password: %+v", r)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
