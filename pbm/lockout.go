package pbm

import (
	"fmt"
	"strings"
	"time"

	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/pbm/mail"

	"github.com/pbmgo/pbm/store"
)

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
	var locks bool
	if g, locks = account.Wrong(g, now); locks {
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
		account.GuessAllowed, u.ID, account.GuessWindow, c.msg.From, u.ID, stamp(g.Until)), 79)
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
