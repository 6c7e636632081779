package store

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// PendingAddress is a delivery address given for an account that its
// owner has not confirmed yet: nothing but the one confirmation mail
// goes to it until then.
type PendingAddress struct {
	Address string    `json:"address"`
	Since   time.Time `json:"since"`
	// By is the address of the mail that asked for it.
	By string `json:"by,omitempty"`
}

// The security records: the index of pending addresses by the time
// they were asked for (key "pending/" + 8 bytes of Unix nanoseconds +
// userid lower case + "\x00" + address, no value; PutUser keeps it), the
// wrong-password record of each account ("guess/" + userid lower
// case) and that of its owner's own verified mail ("ownguess/" +
// userid lower case), and when a refusal for a wrong password was last mailed to an
// address ("refusal/" + address lower case).
var bSecurity = []byte("security")

const (
	secPending  = "pending/"
	secGuess    = "guess/"
	secOwnGuess = "ownguess/"
	secRefusal  = "refusal/"
)

func openSecurity(tx *bolt.Tx) error {
	_, err := tx.CreateBucketIfNotExists(bSecurity)
	return err
}

func pendingKey(p PendingAddress, user string) []byte {
	k := append([]byte(secPending), binary.BigEndian.AppendUint64(nil, uint64(p.Since.UnixNano()))...)
	return append(k, []byte(strings.ToLower(user)+"\x00"+strings.ToLower(p.Address))...)
}

// indexPending brings the pending index from the account as it was
// (old, nil for a new account) to u.
func (t *Tx) indexPending(old []byte, u User) error {
	b := t.tx.Bucket(bSecurity)
	if old != nil {
		var was User
		if err := json.Unmarshal(old, &was); err != nil {
			return fmt.Errorf("store: decode user %s: %w", u.ID, err)
		}
		for _, p := range was.Pending {
			if err := b.Delete(pendingKey(p, was.ID)); err != nil {
				return fmt.Errorf("store: pending index: %w", err)
			}
		}
	}
	for _, p := range u.Pending {
		if err := b.Put(pendingKey(p, u.ID), []byte{}); err != nil {
			return fmt.Errorf("store: pending index: %w", err)
		}
	}
	return nil
}

// PendingBefore lists the accounts with an address pending since
// before t, from the index: no account is read that has none.
func (t *Tx) PendingBefore(before time.Time) ([]User, error) {
	c := t.tx.Bucket(bSecurity).Cursor()
	end := append([]byte(secPending), binary.BigEndian.AppendUint64(nil, uint64(before.UnixNano()))...)
	seen := map[string]bool{}
	var out []User
	for k, _ := c.Seek([]byte(secPending)); k != nil && strings.HasPrefix(string(k), secPending) && string(k) < string(end); k, _ = c.Next() {
		rest := k[len(secPending)+8:]
		id, _, _ := strings.Cut(string(rest), "\x00")
		if seen[id] {
			continue
		}
		seen[id] = true
		u, err := t.User(id)
		if errors.Is(err, ErrNotFound) {
			continue
		} else if err != nil {
			return nil, err
		}
		out = append(out, u)
	}
	return out, nil
}

// Guesses is the record of wrong passwords given for one account.
type Guesses struct {
	// Start is the beginning of the window Count counts in.
	Start time.Time `json:"start"`
	Count int       `json:"count"`
	// Locks is the number of lockouts in a row; each lasts longer.
	Locks int `json:"locks,omitempty"`
	// Until is the end of the lockout, zero when there is none.
	Until time.Time `json:"until,omitzero"`
	// Last is the last wrong password; Told when the owner was last
	// told of a lockout.
	Last time.Time `json:"last,omitzero"`
	Told time.Time `json:"told,omitzero"`
}

// Guesses reads the wrong-password record of an account; absent reads
// as none.
func (t *Tx) Guesses(user string) (Guesses, error) {
	var g Guesses
	err := t.get(bSecurity, secGuess+strings.ToLower(user), &g)
	if errors.Is(err, ErrNotFound) {
		return Guesses{}, nil
	}
	return g, err
}

// PutGuesses writes the wrong-password record of an account.
func (t *Tx) PutGuesses(user string, g Guesses) error {
	return t.put(bSecurity, secGuess+strings.ToLower(user), g)
}

// OwnGuesses reads the record of the wrong passwords an account's
// owner gave from her own addresses, verified by the operator's MTA
// (account.WrongBy, account.PasswordBar); absent reads as none.
func (t *Tx) OwnGuesses(user string) (Guesses, error) {
	var g Guesses
	err := t.get(bSecurity, secOwnGuess+strings.ToLower(user), &g)
	if errors.Is(err, ErrNotFound) {
		return Guesses{}, nil
	}
	return g, err
}

// PutOwnGuesses writes the record of the owner's own wrong passwords.
func (t *Tx) PutOwnGuesses(user string, g Guesses) error {
	return t.put(bSecurity, secOwnGuess+strings.ToLower(user), g)
}

// RefusalMailed is when a refusal for a wrong password was last mailed
// to addr; zero for never.
func (t *Tx) RefusalMailed(addr string) time.Time {
	var at time.Time
	if err := t.get(bSecurity, secRefusal+strings.ToLower(addr), &at); err != nil {
		return time.Time{}
	}
	return at
}

// PutRefusalMailed records that a refusal for a wrong password was
// mailed to addr at at.
func (t *Tx) PutRefusalMailed(addr string, at time.Time) error {
	return t.put(bSecurity, secRefusal+strings.ToLower(addr), at)
}

// PruneRefusals deletes the records of refusals mailed before t.
func (t *Tx) PruneRefusals(before time.Time) error {
	b := t.tx.Bucket(bSecurity)
	c := b.Cursor()
	var old [][]byte
	for k, v := c.Seek([]byte(secRefusal)); k != nil && strings.HasPrefix(string(k), secRefusal); k, v = c.Next() {
		var at time.Time
		if json.Unmarshal(v, &at) != nil || at.Before(before) {
			old = append(old, append([]byte(nil), k...))
		}
	}
	for _, k := range old {
		if err := b.Delete(k); err != nil {
			return fmt.Errorf("store: prune refusals: %w", err)
		}
	}
	return nil
}
