// Package account is a player's account as the server keeps it:
// passwords and their hashes, the addresses of an account and their
// confirmation, the limits on challenges, the per-address rate limit
// of mail that proves no account, and the lock after wrong passwords.
// Its functions work on the store's records and return the new state
// as data.
//
// It knows nothing of mail, templates or games: the core (package pbm)
// reads the commands and writes the answers.
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
