package board

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/store"
)

// A SetupError is an engine's refusal of a board to be started: its
// options or its number of players.
type SetupError struct{ Err error }

func (e *SetupError) Error() string { return "new board: " + e.Err.Error() }
func (e *SetupError) Unwrap() error { return e.Err }

// Days are the server's clock defaults: the days before a reminder
// and before a forfeit.
type Days struct{ Nag, Forfeit int }

// New is a new board of game g for players, in seat order, with the
// options of a challenge: a game's options under their names, the
// server's clock options under "-nag", "-forfeit" and "-total", in
// days (checked when read). The clock is the server's defaults where
// no option says otherwise. New takes the game's next board number and
// sets the first position from seed; the caller commits the board.
func New(tx *store.Tx, g engine.Game, players []string, opts map[string]string, seed uint64, now time.Time, defaults Days) (store.Board, engine.State, error) {
	gameOpts := map[string]string{}
	for k, v := range opts {
		if !strings.HasPrefix(k, "-") {
			gameOpts[k] = v
		}
	}
	st, err := g.New(len(players), gameOpts, seed)
	if err != nil {
		return store.Board{}, nil, &SetupError{err}
	}
	n, err := tx.NextBoardNumber(g.Name())
	if err != nil {
		return store.Board{}, nil, fmt.Errorf("new board of %s: %w", g.Name(), err)
	}
	b := store.Board{
		Game: g.Name(), Number: n, Seed: seed, Players: players, Options: gameOpts,
		Created: now, Updated: now, NagDays: defaults.Nag, ForfeitDays: defaults.Forfeit,
	}
	if len(gameOpts) == 0 {
		b.Options = nil
	}
	if v, ok := opts["-nag"]; ok {
		b.NagDays, _ = strconv.Atoi(v)
	}
	if v, ok := opts["-forfeit"]; ok {
		b.ForfeitDays, _ = strconv.Atoi(v)
	}
	if err := bankOptions(&b, opts); err != nil {
		return store.Board{}, nil, &SetupError{err}
	}
	return b, st, nil
}

// Why a challenge's seats were refused.
var (
	// ErrChallengerOut is a challenge whose sender takes no seat.
	ErrChallengerOut = errors.New("the challenger does not play")
	// ErrSeatCount is a number of players the game is not for.
	ErrSeatCount = errors.New("the game is not for that many players")
)

// CheckSeats checks the seats of a challenge of g by the user by:
// by must take one, and the game must be for that many players.
func CheckSeats(g engine.Game, players []string, by string) error {
	if !slices.ContainsFunc(players, func(p string) bool { return strings.EqualFold(p, by) }) {
		return ErrChallengerOut
	}
	if min, max := g.Players(); len(players) < min || len(players) > max {
		return ErrSeatCount
	}
	return nil
}
