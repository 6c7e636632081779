// Package account is a player's account as the server keeps it:
// passwords and their hashes, the addresses of an account and their
// confirmation, the limits on challenges, the per-address rate limit
// of mail that proves no account, the hourly allowances of commands
// and of messages, the players whose messages an account blocks, and
// the lock after wrong passwords.
// Its functions work on the store's records, in the caller's
// transaction, and return what they decided as data: a Bar says why an
// account may not do what a command asks now (no such account, closed,
// locked, an unconfirmed admin claim, a limit), written once here for
// every command that asks.
//
// It may import the store only: it knows nothing of mail, templates,
// the engines or the boards' rules; the core (package pbm) reads the
// commands and writes the answers.
package account

import (
	"fmt"

	"golang.org/x/crypto/bcrypt"
)

// Hash is the bcrypt hash of a password at the given cost.
func Hash(pw string, cost int) ([]byte, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(pw), cost)
	if err != nil {
		return nil, fmt.Errorf("hash password: %w", err)
	}
	return h, nil
}
