// Package account is a player's account as the server keeps it:
// the rules of userids, passwords and addresses (and the one cap on
// an account's addresses), signup and its admin claim, passwords and
// their hashes, the addresses of an account and their confirmation
// and unsubscribe, the settings (language, time zone, digest, days
// off, pictures, automatic vacation), the limits on challenges, the
// per-address rate limit of mail that proves no account, the hourly
// allowances of commands and of messages, the recipients of a message
// and the players whose messages an account blocks, and the lock after
// wrong passwords and the refusals of them mailed to strangers.
// Its functions work on the store's records, in the caller's
// transaction: each operation checks its rules, writes the account
// itself when they hold, and returns what it decided as data, a typed
// error when it refuses (and then writes nothing): a Bar says why an
// account may not do what a command asks now (no such account, closed,
// locked, an unconfirmed admin claim, a limit), written once here for
// every command that asks.
//
// It may import the store (and the standard library and bcrypt) only:
// it knows nothing of mail, templates,
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
