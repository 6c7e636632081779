// Package tournplay is where a tournament (pbm/tournament) meets the
// boards of its game (pbm/board): the check of an announced tournament
// against what the game seats and starts, an entrant's entry with the
// game's rating and the computer's, and the texts of a tournament that
// write its boards' options (Describe, Report, Index), as messages of
// the catalogue (pbm/lang) that the core writes in the reader's
// language.
//
// It is a package of its own because pbm/tournament knows boards only
// by their numbers and may not import pbm/board. It may import the
// engine's interface, the store, pbm/board, pbm/tournament and
// pbm/lang; it reads the store (ratings, tournaments) and writes
// nothing (the caller saves the tournament), starts no board, and
// knows nothing of mail, templates or the core (package pbm). Each
// refusal is a *tournament.Refusal.
package tournplay

import (
	"errors"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/store"
)

func refuse(id string, kv ...any) error { return &tournament.Refusal{Msg: lang.M(id, kv...)} }

func refuseN(id string, n int, kv ...any) error {
	return &tournament.Refusal{Msg: lang.N(id, n, kv...)}
}

// GameSetup is game g's check of a board's seats and options
// (board.CheckSetup).
func GameSetup(g engine.Game) tournament.SetupCheck {
	return func(seats int, opts map[string]string) error { return board.CheckSetup(g, seats, opts) }
}

// CheckNew refuses a tournament t of game g that could not run to its
// end: settings its format does not take (CheckAnnounced), a --start
// day gone by at now (CheckStartDay), or a board it can reach that the
// game would not seat or start with its options (CheckBoards). Each
// refusal is a *tournament.Refusal; any other error stays as it is.
func CheckNew(t *tournament.Tournament, g engine.Game, now time.Time) error {
	if err := t.CheckAnnounced(); err != nil {
		return refuse("TournInvalid", "Why", tournament.Why(err))
	}
	if err := t.CheckStartDay(now); err != nil {
		return err
	}
	lo, hi := g.Players()
	err := t.CheckBoards(lo, hi, GameSetup(g))
	var seats *tournament.SeatsError
	if errors.As(err, &seats) {
		return refuseN("TournSeats", seats.N, "Title", g.Title(), "Range", board.PlayerRange(lo, hi), "N", seats.N)
	}
	var setup *tournament.SetupError
	if errors.As(err, &setup) {
		return refuse("TournBoardOptions", "Seats", setup.Seats, "Title", g.Title(), "Why", board.Why(setup.Err))
	}
	return err
}

// Enter enters who into t, asked by the player by (admin when by is an
// admin of the server), with who's rating at the game
// (board.RatingOf). A player enters himself; the computer (an id of
// board.ComputerID) is entered by the one who runs t, and not when the
// organiser's unfinished tournaments of the games would then hold more
// boards of the computer against itself at once than l allows
// (tournament.CheckComputerBoards). The caller saves t.
func Enter(tx *store.Tx, t *tournament.Tournament, by, who string, admin bool, games []string, l tournament.Limits) error {
	computer := who != by
	if computer && !t.Runs(by, admin) {
		return refuse("TournOrganiserComputer", "Name", t.Name, "Who", t.Organiser)
	}
	rating, err := board.RatingOf(tx, t.Game, who)
	if err != nil {
		return err
	}
	if err := t.Join(who, int(rating)); err != nil {
		return refuse("TournCannotJoin", "Who", who, "Name", t.Name, "Why", tournament.Why(err))
	}
	if computer {
		return tournament.CheckComputerBoards(tx, games, l, t, isComputer)
	}
	return nil
}

// isComputer tells the computer's ids (board.ComputerID).
func isComputer(id string) bool { _, _, ok := board.ComputerID(id); return ok }
