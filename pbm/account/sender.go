package account

import (
	"fmt"
	"time"

	"github.com/pbmgo/pbm/store"
)

// Who gave a password, as the rules of wrong passwords see it, when
// the operator's MTA says whether a mail's From is genuine
// (Authentication-Results, RFC 8601; read by pbm/mail, which the core
// turns into a Proof).
//
// Without that word pbm cannot tell the owner from a forger who writes
// under her address, so a wrong password from her own address is not
// counted and any lock refuses her too (Wrong, LockedAt). With it:
//
//   - a mail whose From the MTA found forged is a stranger's, whatever
//     address it names: its wrong passwords count towards the
//     account's lock;
//   - a mail from one of the account's own addresses that the MTA
//     verified is the owner's: the lock that strangers' guesses caused
//     does not refuse her, and her own wrong passwords are counted
//     apart (the owner's record, store.Tx.OwnGuesses), up to
//     OwnGuessAllowed within GuessWindow, which lock the account
//     against her own addresses only, for FirstLock doubling up to
//     MaxLock as the strangers' lock does;
//   - anything else is as before.
const OwnGuessAllowed = 10

// OwnLocked: the owner's own wrong passwords, from her verified
// addresses, lock the account against them until Bar.Until (WrongBy,
// PasswordBar). It is numbered apart from the other reasons (Allowed
// to AtLimit).
const OwnLocked Reason = 100

// Proof is what the operator's MTA said of a mail's From.
type Proof int

const (
	// Unproven: no word, or one that proves neither way.
	Unproven Proof = iota
	// Genuine: the From's domain passed DMARC, or an aligned DKIM or
	// SPF check.
	Genuine
	// Forged: the From's domain failed.
	Forged
)

// Guesser is who gave a password for an account.
type Guesser int

const (
	// Stranger: mail from an address that is not one of the
	// account's, or mail the MTA found forged. Its wrong passwords
	// count towards the account's lock, which refuses it.
	Stranger Guesser = iota
	// OwnAddress: mail from one of the account's addresses that the
	// MTA did not verify. Its wrong passwords are not counted (a
	// forger would lock the owner out); the account's lock refuses it.
	OwnAddress
	// Owner: mail from one of the account's addresses that the MTA
	// verified. Only the owner's own lock refuses it; its wrong
	// passwords count towards that lock.
	Owner
)

// GuesserOf is who a mail from the address from, with the proof p,
// is to the account u.
func GuesserOf(u store.User, from string, p Proof) Guesser {
	switch {
	case p == Forged:
		return Stranger
	case !FromOwnAddress(u, from):
		return Stranger
	case p == Genuine:
		return Owner
	}
	return OwnAddress
}

// PasswordBar bars a password for u from who at now: the account's
// lock (LockedAt), or for the owner her own lock only.
func PasswordBar(tx *store.Tx, u store.User, who Guesser, now time.Time) (Bar, error) {
	if who != Owner {
		return LockedAt(tx, u, now)
	}
	g, err := tx.OwnGuesses(u.ID)
	if err != nil {
		return Bar{}, fmt.Errorf("own wrong passwords of %s: %w", u.ID, err)
	}
	if now.Before(g.Until) {
		return Bar{Reason: OwnLocked, User: u.ID, Until: g.Until}, nil
	}
	return Bar{}, nil
}

// A Miss is what one wrong password did.
type Miss struct {
	Lockout
	// Counted: the password counted towards a lock (not for
	// OwnAddress). Own: towards the owner's own lock, whose refusal
	// tells her so; she is not sent a notice besides.
	Counted, Own bool
}

// WrongBy records a wrong password for the account id from who at
// now.
func WrongBy(tx *store.Tx, id string, who Guesser, now time.Time) (Miss, error) {
	switch who {
	case Stranger:
		l, err := WrongPassword(tx, id, now)
		return Miss{Lockout: l, Counted: true}, err
	case OwnAddress:
		return Miss{}, nil
	}
	g, err := tx.OwnGuesses(id)
	if err != nil {
		return Miss{}, fmt.Errorf("own wrong passwords of %s: %w", id, err)
	}
	m := Miss{Counted: true, Own: true}
	if g, m.Locked = wrongWithin(g, now, OwnGuessAllowed); m.Locked {
		m.Until = g.Until
	}
	if err := tx.PutOwnGuesses(id, g); err != nil {
		return Miss{}, fmt.Errorf("own wrong passwords of %s: %w", id, err)
	}
	return m, nil
}
