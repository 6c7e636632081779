package tournament

import (
	"fmt"
	"time"

	"github.com/pbmgo/pbm/store"
)

// The queries over every tournament of the games that the clock and
// the lists ask: the tournaments whose start day has come and the
// tournaments a player entered.

// DueToStart reports whether the clock starts t at now: open, with a
// start day that has come, and entrants enough.
func (t *Tournament) DueToStart(now time.Time) bool {
	return !t.Started && !t.Over && !t.StartOn.IsZero() && !now.Before(t.StartOn) && len(t.Entrants) >= t.MinEntrants()
}

// Due lists the tournaments of the games that are due to start at now
// (DueToStart), game by game in the store's order. A document that
// does not decode is passed over and returned in skipped, so that one
// bad document holds no other tournament back; err is a failure of the
// store.
func Due(tx *store.Tx, games []string, now time.Time) (due []*Tournament, skipped []BadDocument, err error) {
	for _, g := range games {
		docs, err := tx.Tournaments(g)
		if err != nil {
			return nil, nil, fmt.Errorf("tournaments of %s: %w", g, err)
		}
		for _, doc := range docs {
			t, err := Decode(doc)
			if err != nil {
				skipped = append(skipped, BadDocument{Game: g, Err: err})
				continue
			}
			if t.DueToStart(now) {
				due = append(due, t)
			}
		}
	}
	return due, skipped, nil
}

// A BadDocument is a tournament's document of Game that does not
// decode.
type BadDocument struct {
	Game string
	Err  error
}

func (b BadDocument) Error() string { return fmt.Sprintf("tournaments of %s: %v", b.Game, b.Err) }

func (b BadDocument) Unwrap() error { return b.Err }

// EnteredBy lists the tournaments of the games (open, running and
// finished) that who entered, game by game in the store's order: the
// first max of them, and how many there are in all.
func EnteredBy(tx *store.Tx, games []string, who string, max int) (first []*Tournament, total int, err error) {
	for _, g := range games {
		docs, err := tx.Tournaments(g)
		if err != nil {
			return nil, 0, err
		}
		for _, doc := range docs {
			t, err := Decode(doc)
			if err != nil {
				return nil, 0, fmt.Errorf("tournaments of %s: %w", g, err)
			}
			if !t.Entered(who) {
				continue
			}
			total++
			if len(first) < max {
				first = append(first, t)
			}
		}
	}
	return first, total, nil
}
