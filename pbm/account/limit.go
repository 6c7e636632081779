package account

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/store"
)

// Limits follow pbmserv's limit, accept and reject: a player bounds
// the running boards of a game others may challenge him to, or refuses
// challenges to it altogether. The challenger's own limit does not
// stop his challenge: sending it is consent. A seek is no challenge:
// both seekers' limits count.

// MaxLimit is the largest limit one can set; above it means none.
const MaxLimit = 1000

// ParseLimit reads the value of a limit as a player writes it:
// "reject" or "none" is 0, "accept", "all", "inf" or "unlimited" is no
// limit (-1), and a number is that limit (none above MaxLimit). It
// reports false for anything else.
func ParseLimit(word string) (int, bool) {
	switch v := strings.ToLower(word); v {
	case "reject", "none":
		return 0, true
	case "accept", "all", "inf", "unlimited":
		return -1, true
	default:
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return 0, false
		}
		if n > MaxLimit {
			n = -1
		}
		return n, true
	}
}

// SetLimit sets a user's limit for a game; a negative limit is none.
func SetLimit(u *store.User, game string, n int) {
	game = strings.ToLower(game)
	if n < 0 {
		delete(u.Limits, game)
		if len(u.Limits) == 0 {
			u.Limits = nil
		}
		return
	}
	if u.Limits == nil {
		u.Limits = map[string]int{}
	}
	u.Limits[game] = n
}

// LimitOf returns a user's limit for a game, and whether there is one.
func LimitOf(u store.User, game string) (int, bool) {
	n, ok := u.Limits[strings.ToLower(game)]
	return n, ok
}

func LimitText(u store.User, game string) string {
	n, ok := LimitOf(u, game)
	switch {
	case !ok:
		return "no limit"
	case n == 0:
		return "every challenge rejected"
	}
	return fmt.Sprintf("at most %d running boards", n)
}

// Running counts the running boards of a game the user plays.
func Running(tx *store.Tx, id, game string) (int, error) {
	boards, err := tx.BoardsOf(id, game)
	if err != nil {
		return 0, fmt.Errorf("boards of %s: %w", id, err)
	}
	n := 0
	for _, b := range boards {
		if b.Over {
			continue
		}
		for _, p := range b.Players {
			if strings.EqualFold(p, id) {
				n++
				break
			}
		}
	}
	return n, nil
}

// MayStart bars a user from one more running board of a game that
// someone else asks him to: when he rejects challenges to it, or plays
// as many running boards of it as his limit.
func MayStart(tx *store.Tx, u store.User, game string) (Bar, error) {
	n, ok := LimitOf(u, game)
	if !ok {
		return Bar{}, nil
	}
	if n == 0 {
		return Bar{Reason: Rejects, User: u.ID}, nil
	}
	r, err := Running(tx, u.ID, game)
	if err != nil {
		return Bar{}, err
	}
	if r >= n {
		return Bar{Reason: AtLimit, User: u.ID, Limit: n}, nil
	}
	return Bar{}, nil
}

// Barred is the bars of the players of a board of a game to be started
// (MayStart), in their order, leaving out the one who consents to it
// by asking for it ("" for none). A userid with no account is left out
// too: the players are the caller's to check, and the computer has
// none.
func Barred(tx *store.Tx, game string, players []string, consenting string) ([]Bar, error) {
	var bars []Bar
	for _, id := range players {
		if consenting != "" && strings.EqualFold(id, consenting) {
			continue
		}
		u, err := tx.User(id)
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("account %s: %w", id, err)
		}
		b, err := MayStart(tx, u, game)
		if err != nil {
			return nil, err
		}
		if b.Barred() {
			bars = append(bars, b)
		}
	}
	return bars, nil
}
