package account

import (
	"errors"
	"fmt"
	"time"

	"github.com/pbmgo/pbm/store"
)

// Reason is why an account may not do what a command asks of it now.
type Reason int

const (
	// Allowed bars nothing.
	Allowed Reason = iota
	// NoAccount: no account has the userid.
	NoAccount
	// Closed: the account is closed.
	Closed
	// Locked: the account takes no password until Bar.Until, after
	// too many wrong ones (WrongPassword, LockedAt).
	Locked
	// Unconfirmed: an admin claim no address has confirmed yet; the
	// account gives no admin power.
	Unconfirmed
	// Rejects: the account rejects challenges to the game.
	Rejects
	// AtLimit: the account plays as many running boards of the game
	// as its limit, Bar.Limit, allows.
	AtLimit
)

// A Bar is a reason an account may not do something now, with what an
// answer tells of it. The zero Bar bars nothing.
type Bar struct {
	Reason Reason
	// User is the userid as the account spells it (as asked, for
	// NoAccount).
	User string
	// Until is the end of a lock.
	Until time.Time
	// Limit is the account's limit of running boards, for AtLimit.
	Limit int
}

// Barred reports whether the bar stops anything.
func (b Bar) Barred() bool { return b.Reason != Allowed }

// Find reads the account of a userid named in a command, and bars it
// when there is none or it is closed.
func Find(tx *store.Tx, id string) (store.User, Bar, error) {
	u, err := tx.User(id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return u, Bar{Reason: NoAccount, User: id}, nil
	case err != nil:
		return u, Bar{}, fmt.Errorf("account %s: %w", id, err)
	case u.Closed:
		return u, Bar{Reason: Closed, User: u.ID}, nil
	}
	return u, Bar{}, nil
}

// LockedAt bars the password of an account while it is locked at now.
func LockedAt(tx *store.Tx, u store.User, now time.Time) (Bar, error) {
	g, err := tx.Guesses(u.ID)
	if err != nil {
		return Bar{}, fmt.Errorf("wrong passwords of %s: %w", u.ID, err)
	}
	if now.Before(g.Until) {
		return Bar{Reason: Locked, User: u.ID, Until: g.Until}, nil
	}
	return Bar{}, nil
}

// A Lockout is what one more wrong password did to an account.
type Lockout struct {
	// Locked: this password locked the account, until Until.
	Locked bool
	Until  time.Time
	// Tell: the owner is to be told of the lock at his own addresses;
	// he is told at most once a day.
	Tell bool
}

// WrongPassword records a wrong password for the account id at now
// (Wrong) and says whether it locked the account and whether its owner
// is to hear of it.
func WrongPassword(tx *store.Tx, id string, now time.Time) (Lockout, error) {
	g, err := tx.Guesses(id)
	if err != nil {
		return Lockout{}, fmt.Errorf("wrong passwords of %s: %w", id, err)
	}
	var l Lockout
	if g, l.Locked = Wrong(g, now); l.Locked {
		l.Until = g.Until
		if now.Sub(g.Told) >= day {
			g.Told = now
			l.Tell = true
		}
	}
	if err := tx.PutGuesses(id, g); err != nil {
		return Lockout{}, fmt.Errorf("wrong passwords of %s: %w", id, err)
	}
	return l, nil
}

// MayAdmin bars the admin commands of an account with no confirmed
// address: an admin claim not yet confirmed. Whether the userid is an
// admin's at all is the configuration's to say.
func MayAdmin(u store.User) Bar {
	if len(u.Addresses) == 0 {
		return Bar{Reason: Unconfirmed, User: u.ID}
	}
	return Bar{}
}
