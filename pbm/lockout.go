package pbm

import (
	"fmt"
	"strings"
	"time"

	"github.com/pbmgo/pbm/pbm/mail"

	"github.com/pbmgo/pbm/store"
)

// Wrong passwords are limited per account, whatever address they come
// from (the per-sender rate limit, rate.go, does not stop guesses from
// many forged senders): after guessAllowed wrong passwords within
// guessWindow the account takes no password for a while, firstLock at
// first and twice as long at each lockout that follows, up to maxLock;
// a day without a wrong password starts afresh. While locked, no
// password is checked (the right one is refused as well, or the lock
// would tell a guesser when he has found it); replies to board mails,
// whose tokens are no password, still play. The owner is told at his
// own addresses when the account locks, at most once a day. A refusal
// for a wrong password is mailed to an address that is not one of the
// account's at most once a day (no backscatter to forged senders):
// the answers past that are recorded and not sent.
//
// A wrong password in mail from one of the account's own addresses is
// not counted: a forger who writes under the owner's address would
// otherwise lock the owner out of his own account. Guesses from there
// are bounded by the per-address rate limit (rate.go), which counts
// every mail that proves no account, and their answers reach only the
// owner.
const (
	guessAllowed = 5
	guessWindow  = time.Hour
	firstLock    = 15 * time.Minute
	maxLock      = 24 * time.Hour
)

// guessesAt is an account's record as it stands at now: a fresh one
// after a quiet day, a fresh window once the last is over.
func guessesAt(g store.Guesses, now time.Time) store.Guesses {
	if now.Sub(g.Last) >= day || now.Before(g.Last) {
		return store.Guesses{Told: g.Told}
	}
	if now.Sub(g.Start) >= guessWindow {
		g.Start, g.Count = now, 0
	}
	return g
}

// fromOwnAddress reports whether from is one of u's confirmed
// addresses.
func fromOwnAddress(u store.User, from string) bool {
	for _, a := range u.Addresses {
		if strings.EqualFold(a, from) {
			return true
		}
	}
	return false
}

// locked refuses a password for u while the account is locked.
func (c *call) locked(u store.User) error {
	g, err := c.tx.Guesses(u.ID)
	if err != nil {
		return err
	}
	if now := c.s.now(); now.Before(g.Until) {
		c.badPassword(u)
		return refuse("The account %s takes no password until %s: too many wrong passwords were given for it. Replies to its board mails still work.",
			u.ID, stamp(g.Until))
	}
	return nil
}

// wrongPassword records a wrong password for u, locks the account
// when it is one too many, and returns the refusal.
func (c *call) wrongPassword(u store.User) error {
	c.badPassword(u)
	now := c.s.now()
	g, err := c.tx.Guesses(u.ID)
	if err != nil {
		return err
	}
	g = guessesAt(g, now)
	if g.Count == 0 {
		g.Start = now
	}
	g.Count++
	g.Last = now
	if g.Count >= guessAllowed {
		g.Locks++
		lock := maxLock
		if g.Locks < 8 {
			lock = min(firstLock<<(g.Locks-1), maxLock)
		}
		g.Until = now.Add(lock)
		g.Start, g.Count = g.Until, 0
		c.s.log.Warn("account locked after wrong passwords", "userid", u.ID, "until", g.Until.UTC().Format(time.RFC3339), "last_from", c.msg.From)
		if now.Sub(g.Told) >= day {
			g.Told = now
			if err := c.tellLocked(u, g); err != nil {
				return err
			}
		}
	}
	if err := c.tx.PutGuesses(u.ID, g); err != nil {
		return err
	}
	return refuse("Invalid password entered for %s.", u.ID)
}

// badPassword marks the mail as holding a refused password, for the
// backscatter bound (mayAnswer) and so that the account's owner is not
// sent a report of each guess (reportForeign): the lockout tells him.
func (c *call) badPassword(u store.User) {
	c.guessed = true
	if !contains(u.Addresses, c.msg.From) {
		c.foreignGuess = true
	}
}

// tellLocked tells the owner of an account that it is locked.
func (c *call) tellLocked(u store.User, g store.Guesses) error {
	text := mail.Wrap(fmt.Sprintf("%d wrong passwords for your account %s were given within %s, the last in a mail from %s. "+
		"No password is taken for %s until %s; replies to your board mails still work. "+
		"The guesses did not find your password. If it is short, or used elsewhere, change it once the lock is over. "+
		"You are told of this at most once a day.",
		guessAllowed, u.ID, guessWindow, c.msg.From, u.ID, stamp(g.Until)), 79)
	for _, a := range u.Addresses {
		if err := c.notice(a, "pbm: wrong passwords for "+u.ID, text); err != nil {
			return err
		}
	}
	return nil
}

// mayAnswer reports whether the answer to the mail may be sent: not
// when it refuses a wrong password to an address that is not the
// account's and that was sent such a refusal within the day. It
// records the refusal it lets through.
func (r *run) mayAnswer() (bool, error) {
	if !r.foreignGuess {
		return true, nil
	}
	now := r.s.now()
	if last := r.tx.RefusalMailed(r.msg.From); !last.IsZero() && now.Sub(last) < day && !now.Before(last) {
		r.s.log.Warn("refusal not mailed", "from", r.msg.From, "reason", "a wrong password refused to this address within the day")
		return false, nil
	}
	return true, r.tx.PutRefusalMailed(strings.ToLower(r.msg.From), now)
}
