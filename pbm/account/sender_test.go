package account

import (
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

func TestGuesserOf(t *testing.T) {
	u := store.User{ID: "alice", Addresses: []string{"alice@players.test"}}
	for _, c := range []struct {
		from string
		p    Proof
		want Guesser
	}{
		{"alice@players.test", Unproven, OwnAddress},
		{"ALICE@players.test", Genuine, Owner},
		{"alice@players.test", Forged, Stranger},
		{"mallory@evil.test", Genuine, Stranger},
		{"mallory@evil.test", Unproven, Stranger},
		{"mallory@evil.test", Forged, Stranger},
	} {
		if got := GuesserOf(u, c.from, c.p); got != c.want {
			t.Errorf("GuesserOf(%s, %v) = %v, want %v", c.from, c.p, got, c.want)
		}
	}
}

// Strangers lock the account; the verified owner is not refused by
// their lock, and her own wrong passwords lock only her, after
// OwnGuessAllowed, for FirstLock; an unverified mail from her address
// counts nothing and is refused by the strangers' lock.
func TestOwnerAndStrangerLocks(t *testing.T) {
	st := storetest.Open(t)
	now := time.Date(2026, 12, 7, 8, 0, 0, 0, time.UTC)
	u := store.User{ID: "alice", Addresses: []string{"alice@players.test"}}
	err := st.Update(func(tx *store.Tx) error {
		if err := tx.PutUser(u); err != nil {
			return err
		}
		for i := 0; i < GuessAllowed; i++ {
			m, err := WrongBy(tx, u.ID, Stranger, now)
			if err != nil {
				return err
			}
			if !m.Counted || m.Own || m.Locked != (i == GuessAllowed-1) {
				t.Errorf("stranger's guess %d: %+v", i+1, m)
			}
		}
		for _, who := range []Guesser{Stranger, OwnAddress} {
			if b, err := PasswordBar(tx, u, who, now); err != nil || b.Reason != Locked {
				t.Errorf("%v while strangers locked the account: %+v %v", who, b, err)
			}
		}
		if b, err := PasswordBar(tx, u, Owner, now); err != nil || b.Barred() {
			t.Errorf("the owner while strangers locked the account: %+v %v", b, err)
		}
		if m, err := WrongBy(tx, u.ID, OwnAddress, now); err != nil || m.Counted {
			t.Errorf("an unverified wrong password from her address: %+v %v", m, err)
		}
		for i := 0; i < OwnGuessAllowed; i++ {
			m, err := WrongBy(tx, u.ID, Owner, now.Add(time.Duration(i)*time.Minute))
			if err != nil {
				return err
			}
			if !m.Counted || !m.Own || m.Locked != (i == OwnGuessAllowed-1) || m.Tell {
				t.Errorf("the owner's wrong password %d: %+v", i+1, m)
			}
		}
		at := now.Add(OwnGuessAllowed * time.Minute)
		b, err := PasswordBar(tx, u, Owner, at)
		if err != nil || b.Reason != OwnLocked || !b.Until.Equal(now.Add((OwnGuessAllowed-1)*time.Minute+FirstLock)) {
			t.Errorf("the owner after her own wrong passwords: %+v %v", b, err)
		}
		if b, err := PasswordBar(tx, u, Owner, b.Until); err != nil || b.Barred() {
			t.Errorf("the owner after her lock: %+v %v", b, err)
		}
		// Her own lock is hers: the strangers' record is as they left it.
		g, err := tx.Guesses(u.ID)
		if err != nil || g.Locks != 1 {
			t.Errorf("strangers' record: %+v %v", g, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
