package tournament

import (
	"errors"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
)

// GameSetup is game g's check of a board's seats and options
// (board.CheckSetup).
func GameSetup(g engine.Game) SetupCheck {
	return func(seats int, opts map[string]string) error { return board.CheckSetup(g, seats, opts) }
}

// CheckNew refuses a tournament t of game g that could not run to its
// end: settings its format does not take (CheckAnnounced), a --start
// day gone by at now (CheckStartDay), or a board it can reach that the
// game would not seat or start with its options (CheckBoards). Each
// refusal is a *Refusal; any other error stays as it is.
func CheckNew(t *Tournament, g engine.Game, now time.Time) error {
	if err := t.CheckAnnounced(); err != nil {
		return refuse("TournInvalid", "Why", Why(err))
	}
	if err := t.CheckStartDay(now); err != nil {
		return err
	}
	lo, hi := g.Players()
	err := t.CheckBoards(lo, hi, GameSetup(g))
	var seats *SeatsError
	if errors.As(err, &seats) {
		return refuseN("TournSeats", seats.N, "Title", g.Title(), "Range", board.PlayerRange(lo, hi), "N", seats.N)
	}
	var setup *SetupError
	if errors.As(err, &setup) {
		return refuse("TournBoardOptions", "Seats", setup.Seats, "Title", g.Title(), "Why", board.Why(setup.Err))
	}
	return err
}
