package account

import (
	"strings"
	"time"

	"github.com/pbmgo/pbm/store"
)

// Wrong passwords are limited per account, whatever address they come
// from (the per-sender rate limit, RateAt, does not stop guesses from
// many forged senders): after GuessAllowed wrong passwords within
// GuessWindow the account takes no password for a while, FirstLock at
// first and twice as long at each lockout that follows, up to MaxLock;
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
// are bounded by the per-address rate limit (RateAt), which counts
// every mail that proves no account, and their answers reach only the
// owner. When the operator's MTA vouches for the From or finds it
// forged, GuesserOf says who guessed instead.
const (
	GuessAllowed = 5
	GuessWindow  = time.Hour
	FirstLock    = 15 * time.Minute
	MaxLock      = 24 * time.Hour
)

// Wrong is an account's record after one more wrong password at now,
// and whether the account locks with it (Until is then set).
func Wrong(g store.Guesses, now time.Time) (store.Guesses, bool) {
	return wrongWithin(g, now, GuessAllowed)
}

// wrongWithin is Wrong with allowed wrong passwords in a window.
func wrongWithin(g store.Guesses, now time.Time, allowed int) (store.Guesses, bool) {
	g = GuessesAt(g, now)
	if g.Count == 0 {
		g.Start = now
	}
	g.Count++
	g.Last = now
	if g.Count < allowed {
		return g, false
	}
	g.Locks++
	lock := MaxLock
	if g.Locks < 8 {
		lock = min(FirstLock<<(g.Locks-1), MaxLock)
	}
	g.Until = now.Add(lock)
	g.Start, g.Count = g.Until, 0
	return g, true
}

// GuessesAt is an account's record as it stands at now: a fresh one
// after a quiet day, a fresh window once the last is over.
func GuessesAt(g store.Guesses, now time.Time) store.Guesses {
	if now.Sub(g.Last) >= day || now.Before(g.Last) {
		return store.Guesses{Told: g.Told}
	}
	if now.Sub(g.Start) >= GuessWindow {
		g.Start, g.Count = now, 0
	}
	return g
}

// FromOwnAddress reports whether from is one of u's confirmed
// addresses.
func FromOwnAddress(u store.User, from string) bool {
	for _, a := range u.Addresses {
		if strings.EqualFold(a, from) {
			return true
		}
	}
	return false
}

const day = 24 * time.Hour
