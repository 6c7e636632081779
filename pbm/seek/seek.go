// Package seek is the seek list, as pbmserv's: a player's standing wish
// for boards of a game with given options against anyone, and the rule
// that pairs two wishes into a board. A seek is matched with the seek
// of the same game and options of another player whose account is
// open, when both players' limits allow one more running board of the
// game (account.MayStart: seeking is no consent, as a challenge is);
// among those, with the nearest rating (board.RatingOf), the older
// seek on a tie. The older seeker moves first, and each seek's count
// goes down by one for the board.
//
// It is a package of its own, above pbm/account and pbm/board, because
// a match is where one player's account and limits meet the other's
// rating: pbm/board may not import pbm/account, and neither imports
// this package. It may import the store, pbm/account and pbm/board; it
// knows nothing of mail, templates, MIME or the core (package pbm),
// which reads the command, starts the board and writes the answer from
// what Place returns.
package seek

import (
	"fmt"
	"maps"
	"math"
	"strings"

	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/store"
)

// MaxCount is the most boards one seek may ask for.
const MaxCount = 20

// Match finds the seek s is matched with, and reports false when
// there is none.
func Match(tx *store.Tx, s store.Seek) (store.Seek, bool, error) {
	seeks, err := tx.Seeks(s.Game)
	if err != nil {
		return store.Seek{}, false, fmt.Errorf("seeks of %s: %w", s.Game, err)
	}
	// The seeker's own limit bars every match alike.
	if bars, err := account.Barred(tx, s.Game, []string{s.User}, ""); err != nil || len(bars) > 0 {
		return store.Seek{}, false, err
	}
	mine, err := board.RatingOf(tx, s.Game, s.User)
	if err != nil {
		return store.Seek{}, false, err
	}
	var best store.Seek
	found := false
	bestGap := math.Inf(1)
	for _, o := range seeks {
		if strings.EqualFold(o.User, s.User) || o.Count <= 0 || !maps.Equal(o.Options, s.Options) {
			continue
		}
		u, bar, err := account.Find(tx, o.User)
		if err != nil {
			return store.Seek{}, false, err
		}
		if bar.Barred() {
			continue
		}
		if bar, err := account.MayStart(tx, u, s.Game); err != nil {
			return store.Seek{}, false, err
		} else if bar.Barred() {
			continue
		}
		r, err := board.RatingOf(tx, s.Game, o.User)
		if err != nil {
			return store.Seek{}, false, err
		}
		if gap := math.Abs(r - mine); gap < bestGap {
			best, bestGap, found = o, gap, true
		}
	}
	return best, found, nil
}

// A Pairing is a board a seek started: its number and the other
// seeker.
type Pairing struct {
	Board   int
	Against string
}

// Placed is what placing a seek did: the boards it started, in order,
// and the boards it still asks for.
type Placed struct {
	Started []Pairing
	Left    int
}

// A Starter starts a board of the seek's game and options for the
// players, in seat order, and returns its number.
type Starter func(players []string) (int, error)

// Place writes a seek in place of the seeker's last one of the game:
// a count of 0 withdraws it. While it asks for boards and has a match,
// start starts a board for the two seekers (the older first) and both
// counts go down by one; what is left of the seek is written.
func Place(tx *store.Tx, s store.Seek, start Starter) (Placed, error) {
	if len(s.Options) == 0 {
		s.Options = nil
	}
	var p Placed
	for s.Count > 0 {
		other, ok, err := Match(tx, s)
		if err != nil {
			return Placed{}, err
		}
		if !ok {
			break
		}
		n, err := start([]string{other.User, s.User})
		if err != nil {
			return Placed{}, err
		}
		other.Count--
		s.Count--
		if err := tx.PutSeek(other); err != nil {
			return Placed{}, fmt.Errorf("seek of %s: %w", other.User, err)
		}
		p.Started = append(p.Started, Pairing{Board: n, Against: other.User})
	}
	if err := tx.PutSeek(s); err != nil {
		return Placed{}, fmt.Errorf("seek of %s: %w", s.User, err)
	}
	p.Left = s.Count
	return p, nil
}

// List is a game's seeks, oldest first.
func List(tx *store.Tx, game string) ([]store.Seek, error) {
	seeks, err := tx.Seeks(game)
	if err != nil {
		return nil, fmt.Errorf("seeks of %s: %w", game, err)
	}
	return seeks, nil
}
