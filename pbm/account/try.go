package account

import (
	"time"

	"github.com/pbmgo/pbm/store"
)

// A Try is what a password given for an account decided: Bar, when the
// account's lock refused it unchecked; else OK, when it was the
// account's; else Miss, what the wrong password did.
type Try struct {
	Bar  Bar
	OK   bool
	Miss Miss
}

// TryPassword decides a password given for u by who at now: it is
// refused unchecked while the account is locked against who
// (PasswordBar); else check tells whether it is the account's, and a
// wrong one is recorded (WrongBy), which may lock the account.
func TryPassword(tx *store.Tx, u store.User, who Guesser, now time.Time, check func() bool) (Try, error) {
	bar, err := PasswordBar(tx, u, who, now)
	if err != nil {
		return Try{}, err
	}
	if bar.Barred() {
		return Try{Bar: bar}, nil
	}
	if check() {
		return Try{OK: true}, nil
	}
	m, err := WrongBy(tx, u.ID, who, now)
	if err != nil {
		return Try{}, err
	}
	return Try{Miss: m}, nil
}
