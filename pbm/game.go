package pbm

// Starting and playing a board: challenges and seeks, moves,
// resignations, and the ratings a finished board changes.

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"maps"
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/computer"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/pbm/notice"
	"github.com/pbmgo/pbm/pbm/seek"
	"github.com/pbmgo/pbm/store"
)

// boardArg parses a board number, with an optional "#n".
// (board.Number).
func boardArg(g engine.Game, arg string) (n, at int, err error) {
	n, at, err = board.Number(arg)
	switch err {
	case nil:
		return n, at, nil
	case board.ErrHashNotNumber:
		return 0, 0, refuseMsg(lang.M("GameHashNotNumber", "Arg", mail.Quoted(arg)))
	}
	return 0, 0, refuseMsg(lang.M("GameNotBoardNumber", "Arg", mail.Quoted(arg), "Title", g.Title()))
}

// loadBoard reads a board of the call's game.
func (c *call) loadBoard(n int) (store.Board, error) {
	b, err := c.tx.Board(c.game.Name(), n)
	if errors.Is(err, store.ErrNotFound) {
		return b, refuseMsg(lang.M("RefuseNoBoard", "Title", c.game.Title(), "Number", n))
	}
	c.sec.board = n
	return b, err
}

// boardOf reads the board named by an argument "<board>[#n]" and
// returns it with n (-1 without "#").
func (c *call) boardOf(arg string) (store.Board, int, error) {
	n, at, err := boardArg(c.game, arg)
	if err != nil {
		return store.Board{}, 0, err
	}
	b, err := c.loadBoard(n)
	return b, at, err
}

func cmdChallenge(c *call) error {
	u := c.user
	opts := map[string]string{}
	players, err := board.ChallengeArgs(c.game, c.args[2:], opts, func(a string) (string, bool, error) {
		p, bar, err := account.Find(c.tx, a)
		return p.ID, bar.Barred(), err
	})
	var pe *board.PlayerError
	switch {
	case errors.As(err, &pe) && pe.Kind == board.PlayerComputerLevel:
		return refuseMsg(lang.M("GameComputerLevels", "Arg", mail.Quoted(pe.Arg), "Levels", computer.Names()))
	case errors.As(err, &pe) && pe.Kind == board.PlayerBarred:
		return refuseMsg(lang.M("GameNotAPlayer", "Arg", mail.Quoted(pe.Arg)))
	case errors.As(err, &pe):
		return refuseMsg(lang.M("GameNamedTwice", "Who", pe.ID))
	case err != nil:
		return optionRefusal(c.game, err)
	}
	switch err := board.CheckSeats(c.game, players, u.ID); err {
	case nil:
	case board.ErrChallengerOut:
		return refuseMsg(lang.M("GameYouMustPlay", "Who", u.ID))
	case board.ErrSeatCount:
		min, max := c.game.Players()
		return refuseMsg(lang.N("GamePlayerCount", len(players), "Title", c.game.Title(), "Range", board.PlayerRange(min, max), "N", len(players)))
	default:
		return err
	}
	if err := checkLimits(c, players, u.ID); err != nil {
		return err
	}
	b, st, err := startBoard(c.unit, c.game, players, opts, func(b *store.Board) {}, lang.M("GameChallengeBy", "Who", u.ID), c.comment, u.ID)
	if err != nil {
		return err
	}
	c.sec.board = b.Number
	c.sec.say(lang.M("GameStarted", "Title", c.game.Title(), "Number", b.Number, "Players", strings.Join(players, ", "), "Status", board.StatusMsg(b, st)))
	return nil
}

// option reads one option of a challenge into opts (board.Option)
// and says why one is refused.
func option(g engine.Game, a string, opts map[string]string) error {
	return optionRefusal(g, board.Option(g, a, opts))
}

// optionRefusal says why an option of a challenge was refused, when err
// is a *board.OptionError; any other error it returns as it is.
func optionRefusal(g engine.Game, err error) error {
	var oe *board.OptionError
	if !errors.As(err, &oe) {
		return err
	}
	return refuseMsg(notice.OptionRefused(g, oe))
}

// startBoard starts a board of game g for players, in seat order, in
// the unit of work u, with the options of a challenge (server options
// under "-nag", "-forfeit", "-total"); set adjusts the board before its
// first commit (a tournament names itself). The board mail tells
// event. The answer to a mail plays on the board only when its command
// says so (cmdChallenge, cmdSeek set the section's board): the boards
// of a tournament's round have mails of their own.
func startBoard(u *unit, g engine.Game, players []string, opts map[string]string, set func(*store.Board), event lang.Msg, comment, by string) (store.Board, engine.State, error) {
	s := u.s
	var seedBytes [8]byte
	rand.Read(seedBytes[:])
	seed := binary.BigEndian.Uint64(seedBytes[:])
	b, st, err := board.New(u.tx, g, players, opts, seed, s.now(), board.Days{Nag: s.cfg.NagDays, Forfeit: s.cfg.ForfeitDays})
	var setup *board.SetupError
	if errors.As(err, &setup) {
		return store.Board{}, nil, refuseMsg(lang.M("GameInvalid", "Why", why(setup.Err)))
	}
	if err != nil {
		return store.Board{}, nil, err
	}
	b.ThreadID = mail.NewID(fmt.Sprintf("%s.%d", g.Name(), b.Number), s.domain)
	set(&b)
	if err := board.AddWatchers(u.tx, &b); err != nil {
		return store.Board{}, nil, err
	}
	said := []lang.Msg{event}
	if err := commit(u, &b, g, st, change{New: true, Said: said, Comment: comment, By: by}); err != nil {
		return store.Board{}, nil, err
	}
	return b, st, nil
}

func cmdMove(c *call) error {
	return play(c, c.board, c.user, c.seat, c.args[3:])
}

// moveVerb finds pbmserv's "move <board> <userid> <password> resign"
// (or propose, undo, accept, reject): the command of that name, with
// the move left out of the arguments. A "#n" on the word must be the
// next move's number, as on a move.
func (c *call) moveVerb() (*command, bool, error) {
	word, num, hasNum := strings.Cut(c.args[3], "#")
	_, move, _ := c.s.game.Find("move")
	name := strings.ToLower(word)
	if !contains(move.Verbs, name) {
		return nil, false, nil
	}
	verb := c.s.game[name]
	if hasNum {
		b, _, err := c.boardOf(c.args[0])
		if err != nil {
			return nil, true, err
		}
		if k, err := strconv.Atoi(num); err != nil || k != len(b.Log)+1 {
			return nil, true, refuseOn(b.Number, lang.M("GameVerbStale", "Verb", name, "Got", trimLine(num), "Number", b.Number, "Next", len(b.Log)+1))
		}
	}
	c.args = c.args[:3]
	return verb, true, nil
}

// play checks and applies the moves of one command for a player, all
// or nothing, and commits the board.
func play(c *call, b store.Board, u store.User, seat int, moves []string) error {
	n := b.Number
	g, st, err := c.s.boards.Replay(b, -1)
	if err != nil {
		return err
	}
	if moves, err = moveBounds(c.s).Moves(g, moves); err != nil {
		return refusalOn(n, err)
	}
	// refusalMsg is a refusal with the board unchanged: the drawing
	// stays as the engine draws it.
	refusalMsg := func(m lang.Msg) error {
		return refuseOn(n, m, lang.M("RefuseUnchanged"), drawn(b, st))
	}
	start := len(b.Log)
	p, err := board.Play(&b, st, seat, moves, c.s.now())
	var me *board.MoveError
	if errors.As(err, &me) {
		switch me.Kind {
		case board.MoveBadNumber:
			return refuseOn(n, lang.M("GameHashWant", "Arg", mail.Quoted(me.Arg), "Want", me.Want))
		case board.MoveStale:
			return refuseOn(n, lang.M("GameMoveStale", "Move", trimLine(me.Move), "Got", me.Got, "Number", n, "Want", me.Want))
		case board.MoveGameOver:
			return refusalMsg(lang.M("GameOverAfter", "N", me.Want-1, "Move", mail.Quoted(me.Move)))
		case board.MoveNotYours:
			return refusalMsg(lang.M("RefuseNotYourMove", "Who", b.Players[me.ToMove]))
		default:
			return refusalMsg(lang.M("RefuseIllegal", "N", me.Want, "Move", mail.Quoted(me.Move), "Why", why(me.Err)))
		}
	}
	if err != nil {
		return err
	}
	played := p.Moves
	said := []lang.Msg{lang.M("PlayPlayed", "Who", u.ID, "Moves", strings.Join(played, " "))}
	if p.DrawLapsed {
		said = append(said, lang.M("PlayDrawLapses"))
	}
	if err := commit(c.unit, &b, g, st, change{Said: said, Comment: c.comment, By: u.ID, Lapsed: p.DrawLapsed}); err != nil {
		return err
	}
	c.sec.say(lang.M("PlayPlayedOn", "Who", u.ID, "Title", g.Title(), "Number", n, "N", start+len(played), "Moves", strings.Join(played, " "), "Status", board.StatusMsg(b, st)))
	return nil
}

func cmdResign(c *call) error {
	b, u, seat := c.board, c.user, c.seat
	declined, err := leave(c.unit, b, seat, "resign", lang.M("PlayResigns", "Who", u.ID), lang.M("PlayDeclines", "Who", u.ID), c.comment)
	if err != nil {
		return err
	}
	if declined {
		c.sec.say(lang.M("PlayDeclined", "Who", u.ID, "Title", c.game.Title(), "Number", b.Number))
	} else {
		c.sec.say(lang.M("PlayResigned", "Who", u.ID, "Title", c.game.Title(), "Number", b.Number))
	}
	return nil
}

// resignSeat takes a seat out of a board and mails the board.
func resignSeat(c *call, b store.Board, seat int, kind string, event lang.Msg) error {
	g, st, err := c.s.boards.Replay(b, -1)
	if err != nil {
		return err
	}
	if err := board.Resign(&b, st, seat, kind, c.s.now()); err != nil {
		return refuseOn(b.Number, lang.M("PlayCannotResign", "Who", b.Players[seat], "Number", b.Number, "Why", why(err)))
	}
	said := []lang.Msg{event}
	return commit(c.unit, &b, g, st, change{Said: said, Comment: c.comment, By: b.Players[seat]})
}

// Seeking a game, as pbmserv's seek list: "<game> seek <userid>
// <password> [<n>] [-option...]" asks for n boards (1 unless given; 0
// withdraws) with these options against anyone. The matching is
// package seek's (seek.Place); here a match becomes a board
// (startBoard, as a challenge) and what was started the answer.

// cmdSeek handles "<game> seek".
func cmdSeek(c *call) error {
	s := c.s
	u := c.user
	count := 1
	opts := map[string]string{}
	for i, a := range c.args[2:] {
		if n, err := strconv.Atoi(a); err == nil && i == 0 {
			if n < 0 || n > seek.MaxCount {
				return refuseMsg(lang.N("SeekCount", n, "N", n))
			}
			count = n
			continue
		}
		if !strings.HasPrefix(a, "-") {
			return refuseMsg(lang.M("SeekUsage", "Game", c.game.Name(), "Arg", mail.Quoted(a)))
		}
		if err := option(c.game, a, opts); err != nil {
			return err
		}
	}
	if err := board.CheckBank(opts); err != nil {
		return refuseMsg(why(err))
	}
	if err := board.CheckSeek(c.game, opts); err != nil {
		return refuseMsg(lang.M("SeekBadOptions", "Title", c.game.Title(), "Why", board.Why(err)))
	}
	sk := store.Seek{Game: c.game.Name(), User: u.ID, Count: count, Options: opts, Created: s.now()}
	placed, err := seek.Place(c.tx, sk, func(players []string) (int, error) {
		b, _, err := startBoard(c.unit, c.game, players, maps.Clone(opts), func(*store.Board) {}, lang.M("SeekStarted", "A", players[0], "B", players[1]), "", "")
		if err == nil {
			c.sec.board = b.Number
		}
		return b.Number, err
	})
	if err != nil {
		return err
	}
	c.sec.say(notice.Seeking(c.game, u.ID, count, opts, placed)...)
	return nil
}

// why is an error as a message in the reader's language (board.Why).
func why(err error) lang.Msg { return board.Why(err) }
