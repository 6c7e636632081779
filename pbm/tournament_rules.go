package pbm

// The checks that keep a tournament able to run to its end and within
// what one organiser may ask of the server: its settings and boards
// when it is announced, the organiser's unfinished tournaments and
// computer boards, and the withdrawal of a player who signs off. The
// rules themselves are package tournament's and board's; here they
// meet the store and the configured limits.

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/tournament"
)

// TournamentLimits bound what one organiser's tournaments ask of the
// server; a field of zero or less takes its default.
type TournamentLimits struct {
	// Open is the most tournaments that have not ended one player may
	// organise (admins are not bound); default 25.
	Open int
	// ComputerBoards is the most boards at once, over one organiser's
	// unfinished tournaments, at which every seat is the computer;
	// default 2. Such boards cost the computer's thinking and no
	// player is waiting for them.
	ComputerBoards int
}

const (
	defaultOpenTournaments = 25
	defaultComputerBoards  = 2
)

func (l TournamentLimits) open() int {
	if l.Open <= 0 {
		return defaultOpenTournaments
	}
	return l.Open
}

func (l TournamentLimits) computerBoards() int {
	if l.ComputerBoards <= 0 {
		return defaultComputerBoards
	}
	return l.ComputerBoards
}

// checkTournament refuses a tournament that could not run to its end:
// settings its format does not take, a --start day gone by, or a
// board it can reach (any number of seats, pools down to a final of
// two) that the game would not start with its options. A board that
// could not start would leave the board before it unable to end.
func (c *call) checkTournament(t *tournament.Tournament) error {
	if err := t.CheckAnnounced(); err != nil {
		return refuseMsg(lang.M("TournInvalid", "Why", tournament.Why(err)))
	}
	if !t.StartOn.IsZero() {
		now := c.s.now().UTC()
		if t.StartOn.Before(time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)) {
			return refuseMsg(lang.M("TournStartPast", "Day", t.StartOn.Format("2006-01-02")))
		}
	}
	lo, hi := c.game.Players()
	for _, n := range t.ReachableSeats() {
		if n < lo || n > hi {
			return refuseMsg(lang.N("TournSeats", n, "Title", c.game.Title(), "Range", playerRange(lo, hi), "N", n))
		}
		if err := board.CheckSetup(c.game, n, t.Options); err != nil {
			var setup *board.SetupError
			if errors.As(err, &setup) {
				err = setup.Err
			}
			return refuseMsg(lang.M("TournBoardOptions", "Seats", n, "Title", c.game.Title(), "Why", why(err)))
		}
	}
	return nil
}

// checkSeekOptions refuses a seek whose options the game would not
// start a board of two with: it would match and then fail.
func (c *call) checkSeekOptions(opts map[string]string) error {
	if lo, _ := c.game.Players(); lo > 2 {
		return nil
	}
	if err := board.CheckSetup(c.game, 2, opts); err != nil {
		var setup *board.SetupError
		if errors.As(err, &setup) {
			err = setup.Err
		}
		return refuseMsg(lang.M("SeekBadOptions", "Title", c.game.Title(), "Why", why(err)))
	}
	return nil
}

// unfinishedTournaments lists the tournaments of every game that have
// not ended and that keep returns true for.
func (c *call) unfinishedTournaments(keep func(t *tournament.Tournament) bool) ([]*tournament.Tournament, error) {
	var out []*tournament.Tournament
	for _, g := range c.s.cfg.Games.Games() {
		docs, err := c.tx.Tournaments(g.Name())
		if err != nil {
			return nil, err
		}
		for _, doc := range docs {
			t := new(tournament.Tournament)
			if err := json.Unmarshal(doc, t); err != nil {
				return nil, fmt.Errorf("tournaments of %s: %w", g.Name(), err)
			}
			if !t.Over && keep(t) {
				out = append(out, t)
			}
		}
	}
	return out, nil
}

// checkOrganiser refuses a new tournament to a player who organises
// as many unfinished ones as TournamentLimits.Open allows.
func (c *call) checkOrganiser(who string) error {
	if c.s.isAdmin(who) {
		return nil
	}
	mine, err := c.unfinishedTournaments(func(t *tournament.Tournament) bool { return strings.EqualFold(t.Organiser, who) })
	if err != nil {
		return err
	}
	if limit := c.s.cfg.Tournaments.open(); len(mine) >= limit {
		return refuseMsg(lang.N("TournOpenLimit", len(mine), "Who", who, "N", len(mine)))
	}
	return nil
}

func isComputer(id string) bool { _, _, ok := computerID(id); return ok }

// checkComputerBoards refuses the computer's entry into t (already
// joined to t, not yet saved) when the organiser's unfinished
// tournaments would then hold more boards of the computer against
// itself at once than TournamentLimits.ComputerBoards.
func (c *call) checkComputerBoards(t *tournament.Tournament) error {
	others, err := c.unfinishedTournaments(func(o *tournament.Tournament) bool {
		return strings.EqualFold(o.Organiser, t.Organiser) && !(strings.EqualFold(o.Game, t.Game) && strings.EqualFold(o.Name, t.Name))
	})
	if err != nil {
		return err
	}
	have := t.ComputerBoards(isComputer)
	for _, o := range others {
		have += o.ComputerBoards(isComputer)
	}
	if limit := c.s.cfg.Tournaments.computerBoards(); have > limit {
		return refuseMsg(lang.N("TournComputerLimit", limit, "Name", t.Name, "Who", t.Organiser, "Have", have, "N", limit))
	}
	return nil
}

// withdrawEverywhere takes a player who signs off out of every
// tournament that has not ended: out of the entrants of those not yet
// started, and out of the later rounds of the running ones. The caller
// then resigns the player's running boards, so that the round those
// boards complete is paired without the player.
func (c *call) withdrawEverywhere(id string) error {
	ts, err := c.unfinishedTournaments(func(t *tournament.Tournament) bool {
		for _, e := range t.Entrants {
			if strings.EqualFold(e.ID, id) && !e.Withdrawn {
				return true
			}
		}
		return false
	})
	if err != nil {
		return err
	}
	for _, t := range ts {
		t.Withdraw(id)
		if err := c.saveTournament(t); err != nil {
			return err
		}
	}
	return nil
}

// checkMailBoards refuses the start of tournament t (paired, nothing
// written yet) when this mail's tournaments (its starts, and the
// rounds its moves completed) already began so many boards that t's
// would take the mail past tournament.MaxBoardsAtOnce: a mail's
// transaction stays short however many starts it holds. The first
// tournament boards of a mail always go. playRound counts the boards.
func (c *call) checkMailBoards(t *tournament.Tournament) error {
	boards := len(t.Pending())
	if c.tournamentBoards > 0 && c.tournamentBoards+boards > tournament.MaxBoardsAtOnce {
		return refuseMsg(lang.N("TournMailBoards", c.tournamentBoards, "Name", t.Name, "Boards", boards, "N", c.tournamentBoards, "Max", tournament.MaxBoardsAtOnce))
	}
	return nil
}
