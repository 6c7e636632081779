// Package clockdue lists what the server's clock has to do at a time:
// the running boards whose Due has come, the tournaments whose start
// day has, the accounts with an address whose confirmation lapsed and
// the digests that are due, leaving out the units put off after a
// failure (package tickmark); and it names each unit, as the marks and
// the log know it.
//
// It reads the store only: it may not import the core, mail or the
// templates, writes nothing and runs no unit.
package clockdue

import (
	"fmt"
	"strings"
	"time"

	"github.com/pbmgo/pbm/pbm/tickmark"
	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/store"
)

// Query is what is asked: the games whose tournaments are looked at,
// the time before which an unconfirmed address lapses, and at most how
// many digests one listing holds (the rest come at the next).
type Query struct {
	Games       []string
	LapseBefore time.Time
	MaxDigests  int
}

// List is what the clock has to do, each kind in the store's order.
type List struct {
	// Boards are the running boards whose Due has come. A board put
	// off after a failure is held by its Due (board.Hold).
	Boards []store.Board
	// Tournaments are those due to start, not put off.
	Tournaments []*tournament.Tournament
	// Skipped are the tournaments' documents that do not decode.
	Skipped []tournament.BadDocument
	// Lapsed are the userids with an address unconfirmed since
	// before LapseBefore, not put off.
	Lapsed []string
	// Digests are the userids whose digest is due. A digest put off
	// after a failure is held by its next time (account.HoldDigest).
	Digests []string
}

// At lists, in tx, what is due at now.
func At(tx *store.Tx, q Query, now time.Time) (List, error) {
	var l List
	boards, err := tx.DueBoards(now)
	if err != nil {
		return List{}, fmt.Errorf("due boards: %w", err)
	}
	for _, b := range boards {
		if !b.Over {
			l.Boards = append(l.Boards, b)
		}
	}
	due, skipped, err := tournament.Due(tx, q.Games, now)
	if err != nil {
		return List{}, err
	}
	l.Skipped = skipped
	for _, t := range due {
		if !tickmark.HeldOff(tx, TournamentKey(t.Game, t.Name), now) {
			l.Tournaments = append(l.Tournaments, t)
		}
	}
	users, err := tx.PendingBefore(q.LapseBefore)
	if err != nil {
		return List{}, fmt.Errorf("unconfirmed addresses: %w", err)
	}
	for _, u := range users {
		if !tickmark.HeldOff(tx, AccountKey(u.ID), now) {
			l.Lapsed = append(l.Lapsed, u.ID)
		}
	}
	if l.Digests, err = tx.DueDigests(now, q.MaxDigests); err != nil {
		return List{}, fmt.Errorf("due digests: %w", err)
	}
	return l, nil
}

// BoardKey names the unit of a board's clock: "board/nim/101".
func BoardKey(game string, number int) string {
	return fmt.Sprintf("board/%s/%d", strings.ToLower(game), number)
}

// TournamentKey names the unit that starts a tournament.
func TournamentKey(game, name string) string {
	return fmt.Sprintf("tournament/%s/%s", strings.ToLower(game), strings.ToLower(name))
}

// AccountKey names the unit that drops an account's lapsed addresses.
func AccountKey(id string) string { return "account/" + strings.ToLower(id) }

// DigestKey names the unit that sends an account's digest.
func DigestKey(id string) string { return "digest/" + strings.ToLower(id) }
