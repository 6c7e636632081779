package account

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pbmgo/pbm/store"
)

// Allowances over an hour (RateWindow), kept in the store's rate
// counters so that a restart does not reset them: the commands of an
// address that prove no account (kept under the address itself, with
// the mail-level rate limit), and the messages a player mails to other
// players (kept under MessageKey).

// MessageKey is the key of a player's hourly message allowance among
// the rate counters. A userid holds no '@', so it never meets an
// address's counter.
func MessageKey(id string) string { return "message:" + strings.ToLower(id) }

// An Allowance is what is left of an hourly allowance, and when the
// hour is over and it is whole again.
type Allowance struct {
	Max, Left int
	Resets    time.Time
}

// Spend takes n from the allowance of limit an hour kept under key. When
// fewer than n are left nothing is taken and ok is false. The
// allowance is returned as it stands after the call.
func Spend(tx *store.Tx, key string, n, limit int, now time.Time) (a Allowance, ok bool, err error) {
	rate, err := tx.Rate(key)
	if err != nil {
		return a, false, fmt.Errorf("allowance of %s: %w", key, err)
	}
	rate = RateAt(rate, now)
	a = Allowance{Max: limit, Left: max(0, limit-rate.Count), Resets: rate.Start.Add(RateWindow)}
	if n > a.Left {
		return a, false, nil
	}
	rate.Count += n
	a.Left -= n
	if err := tx.PutRate(key, rate); err != nil {
		return a, false, fmt.Errorf("allowance of %s: %w", key, err)
	}
	return a, true, nil
}

// MaxBlocks bounds the senders one account blocks.
const MaxBlocks = 100

// Blocking: an account may refuse the messages ("message") of chosen
// players; their board mails, chat on a shared board and everything
// else still reach it.

// ErrTooManyBlocks is Block's refusal past MaxBlocks.
var ErrTooManyBlocks = errors.New("too many blocked players")

// Block makes owner take no more messages from the accounts named. It
// returns the userids as their accounts spell them, and those that
// name no account (nothing is recorded for them). Past MaxBlocks,
// nothing is recorded and the error is ErrTooManyBlocks.
func Block(tx *store.Tx, owner string, senders []string) (blocked, unknown []string, err error) {
	have, err := tx.Blocks(owner)
	if err != nil {
		return nil, nil, fmt.Errorf("blocks of %s: %w", owner, err)
	}
	n := len(have)
	for _, s := range senders {
		u, err := tx.User(s)
		if errors.Is(err, store.ErrNotFound) || err == nil && u.Closed {
			unknown = append(unknown, s)
			continue
		} else if err != nil {
			return nil, nil, fmt.Errorf("block %s: %w", s, err)
		}
		if containsFold(blocked, u.ID) {
			continue
		}
		if !containsFold(have, u.ID) {
			n++
		}
		blocked = append(blocked, u.ID)
	}
	if n > MaxBlocks {
		return nil, nil, ErrTooManyBlocks
	}
	for _, id := range blocked {
		if err := tx.PutBlock(owner, id); err != nil {
			return nil, nil, err
		}
	}
	return blocked, unknown, nil
}

// Unblock lets owner take messages from the senders named again; "all"
// lets every one. It returns the senders taken off, as they were
// recorded, and those that were not blocked.
func Unblock(tx *store.Tx, owner string, senders []string) (freed, not []string, err error) {
	have, err := tx.Blocks(owner)
	if err != nil {
		return nil, nil, fmt.Errorf("blocks of %s: %w", owner, err)
	}
	if len(senders) == 1 && strings.EqualFold(senders[0], "all") {
		senders = have
	}
	for _, s := range senders {
		i := indexFold(have, s)
		if i < 0 {
			not = append(not, s)
			continue
		}
		if containsFold(freed, s) {
			continue
		}
		if err := tx.DeleteBlock(owner, s); err != nil {
			return nil, nil, err
		}
		freed = append(freed, have[i])
	}
	return freed, not, nil
}

func indexFold(list []string, s string) int {
	for i, v := range list {
		if strings.EqualFold(v, s) {
			return i
		}
	}
	return -1
}

func containsFold(list []string, s string) bool { return indexFold(list, s) >= 0 }
