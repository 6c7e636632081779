package web

import (
	"errors"
	"strings"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/store"
)

var errNoGame = errors.New("the board's game is not played here")

// waitingShown bounds the boards the player page lists as waiting.
const waitingShown = 50

// waitingRow is a board where the player is to move, on the player's
// page.
type waitingRow struct {
	Title, Path, Opponents string
	Number                 int
	Deadline               time.Time
}

// now is the server's time.
func (s *Site) now() time.Time {
	if s.opts.Now != nil {
		return s.opts.Now()
	}
	return time.Now()
}

// waitingOf lists the boards where user is to move, the most urgent
// first, as the digest does (board.WaitingFor); the clock of a board
// is its own (each board keeps its days).
func (s *Site) waitingOf(user string) []waitingRow {
	var rows []waitingRow
	replay := func(b store.Board) (engine.Game, engine.State, error) {
		g, ok := s.games.Lookup(b.Game)
		if !ok {
			return nil, nil, errNoGame
		}
		st, err := replay(g, b, len(b.Log))
		return g, st, err
	}
	s.store.View(func(tx *store.Tx) error {
		u, err := tx.User(user)
		if err != nil {
			return nil
		}
		waiting, err := board.WaitingFor(tx, replay, u, func(b store.Board) board.Clock { return board.Limits(b, 0, 0) }, s.now(), waitingShown)
		if err != nil {
			return nil
		}
		for _, w := range waiting {
			rows = append(rows, waitingRow{Title: w.Game.Title(), Path: board.Path(w.Board.Game, w.Board.Number), Number: w.Board.Number,
				Opponents: strings.Join(w.Opponents, ", "), Deadline: w.Deadline.UTC()})
		}
		return nil
	})
	return rows
}
