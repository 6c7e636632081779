package pbm

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"maps"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/computer"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/store"
)

func (s *Server) cmdGameHelp(c *call) error {
	var b strings.Builder
	min, max := c.game.Players()
	fmt.Fprintf(&b, "%s, %s players.\n\n%s\n", c.game.Title(), playerRange(min, max), strings.TrimRight(c.game.Help(), "\n"))
	if opts := c.game.Options(); len(opts) > 0 {
		b.WriteString("\nChallenge options:\n")
		for _, o := range opts {
			name := "-" + o.Name
			if o.Value != "" {
				name += "=" + o.Value
			}
			def := ""
			if o.Default != "" {
				def = " (default " + o.Default + ")"
			}
			fmt.Fprintf(&b, "  %-16s %s%s\n", name, o.Help, def)
		}
	}
	fmt.Fprintf(&b, "\nStart a board:\n  %s challenge <userid> <password> <player1> [<player2>...] [-option...]\n", c.game.Name())
	c.sec.Text = "\n" + b.String()
	c.sec.subject = c.game.Title() + " help"
	return nil
}

func playerRange(min, max int) string {
	if min == max {
		return strconv.Itoa(min)
	}
	return fmt.Sprintf("%d-%d", min, max)
}

// boardArg parses a board number, with an optional "#n".
func boardArg(g engine.Game, arg string) (n, at int, err error) {
	num, hash, has := strings.Cut(arg, "#")
	n, err = strconv.Atoi(num)
	if err != nil || n <= 0 {
		return 0, 0, refuse("%q is not a %s board number.", trimLine(arg), g.Title())
	}
	at = -1
	if has {
		at, err = strconv.Atoi(hash)
		if err != nil || at < 0 {
			return 0, 0, refuse("%q: the part after # must be a move number.", trimLine(arg))
		}
	}
	return n, at, nil
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

func (s *Server) cmdChallenge(c *call) error {
	u, err := c.auth(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	var players []string
	opts := map[string]string{}
	for _, a := range c.args[2:] {
		switch {
		case strings.HasPrefix(a, "-"):
			if err := c.option(a, opts); err != nil {
				return err
			}
		default:
			if id, _, ok := computerID(a); ok {
				// The computer may take any number of seats.
				players = append(players, id)
				continue
			}
			if strings.EqualFold(a, computerName) || strings.HasPrefix(strings.ToLower(a), computerName+":") {
				return refuse("Invalid challenge: %q: the computer plays at the levels %s (computer:easy, computer:normal, computer:hard; plain computer is normal).", trimLine(a), computer.Names())
			}
			p, err := c.tx.User(a)
			if errors.Is(err, store.ErrNotFound) || (err == nil && p.Closed) {
				return refuse("Invalid challenge: %q is not a player here.", trimLine(a))
			} else if err != nil {
				return err
			}
			if contains(players, p.ID) {
				return refuse("Invalid challenge: %s is named twice.", p.ID)
			}
			players = append(players, p.ID)
		}
	}
	if !contains(players, u.ID) {
		return refuse("Invalid challenge: you (%s) must be one of the players.", u.ID)
	}
	min, max := c.game.Players()
	if len(players) < min || len(players) > max {
		return refuse("Invalid challenge: %s is for %s players, not %d.", c.game.Title(), playerRange(min, max), len(players))
	}
	if err := c.checkLimits(players, u.ID); err != nil {
		return err
	}
	b, st, err := c.startBoard(players, opts, func(b *store.Board) {}, fmt.Sprintf("Challenge by %s.", u.ID), c.comment, u.ID)
	if err != nil {
		return err
	}
	n := b.Number
	c.sec.Text = fmt.Sprintf("%s board %d started for %s; %s", c.game.Title(), n, strings.Join(players, ", "), board.Status(b, st))
	return nil
}

// option reads one option of a challenge into opts: a game's option
// "-name[=value]" under its name, a server option "--name=<days>"
// under "-name".
func (c *call) option(a string, opts map[string]string) error {
	if strings.HasPrefix(a, "--") {
		name, val, _ := strings.Cut(strings.ToLower(a[2:]), "=")
		switch name {
		case "nagtime", "forfeittime", "totaltime": // pbmserv's names
			name = strings.TrimSuffix(name, "time")
			fallthrough
		case "nag", "forfeit", "total":
			if d, err := strconv.Atoi(val); err != nil || d < 1 || d > 365 {
				return refuse("%s needs a number of days from 1 to 365.", trimLine(a))
			}
			opts["-"+name] = val
			return nil
		}
		return refuse("Unknown server option %q: the server takes --nag=<days>, --forfeit=<days> and --total=<days> (or --nagtime, --forfeittime, --totaltime).", trimLine(a))
	}
	name, val, hasVal := strings.Cut(strings.ToLower(a[1:]), "=")
	var o engine.Option
	found := false
	for _, k := range c.game.Options() {
		if strings.EqualFold(k.Name, name) {
			o, found = k, true
		}
	}
	if !found {
		return refuse("%s has no option %q; options: %s.", c.game.Title(), trimLine(a), optionList(c.game))
	}
	if o.Value != "" && !hasVal {
		return refuse("Option -%s needs a value: -%s=%s.", o.Name, o.Name, o.Value)
	}
	if o.Value == "" && hasVal {
		return refuse("Option -%s takes no value.", o.Name)
	}
	opts[o.Name] = val
	return nil
}

// startBoard starts a board of the call's game for players, in seat
// order, with the options of a challenge (server options under "-nag",
// "-forfeit", "-total"); set adjusts the board before its first commit
// (a tournament names itself). The board mail tells event.
func (c *call) startBoard(players []string, opts map[string]string, set func(*store.Board), event, comment, by string) (store.Board, engine.State, error) {
	s := c.s
	var seedBytes [8]byte
	rand.Read(seedBytes[:])
	seed := binary.BigEndian.Uint64(seedBytes[:])
	engineOpts := map[string]string{}
	for k, v := range opts {
		if !strings.HasPrefix(k, "-") {
			engineOpts[k] = v
		}
	}
	st, err := c.game.New(len(players), engineOpts, seed)
	if err != nil {
		return store.Board{}, nil, refuse("Invalid challenge: %v", err)
	}
	n, err := c.tx.NextBoardNumber(c.game.Name())
	if err != nil {
		return store.Board{}, nil, err
	}
	now := s.now()
	b := store.Board{
		Game: c.game.Name(), Number: n, Seed: seed, Players: players, Options: engineOpts,
		Created: now, Updated: now,
		ThreadID: mail.NewID(fmt.Sprintf("%s.%d", c.game.Name(), n), s.domain),
	}
	if len(engineOpts) == 0 {
		b.Options = nil
	}
	b.NagDays, b.ForfeitDays = s.cfg.NagDays, s.cfg.ForfeitDays
	if v, ok := opts["-nag"]; ok {
		b.NagDays, _ = strconv.Atoi(v)
	}
	if v, ok := opts["-forfeit"]; ok {
		b.ForfeitDays, _ = strconv.Atoi(v)
	}
	if v, ok := opts["-total"]; ok {
		b.TotalDays, _ = strconv.Atoi(v)
	}
	set(&b)
	if err := c.watchersOf(&b); err != nil {
		return store.Board{}, nil, err
	}
	c.sec.board = n
	if err := c.commit(&b, c.game, st, change{New: true, Event: event, Comment: comment, By: by}); err != nil {
		return store.Board{}, nil, err
	}
	return b, st, nil
}

func optionList(g engine.Game) string {
	var names []string
	for _, o := range g.Options() {
		names = append(names, "-"+o.Name)
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// player authenticates a board command's userid and finds the seat.
func (c *call) player(b store.Board, id, pw string) (store.User, int, error) {
	u, err := c.auth(id, pw)
	if err != nil {
		return u, -1, err
	}
	seat := board.SeatOf(b, u.ID)
	if seat < 0 {
		return u, -1, refuseOn(b.Number, lang.M("RefuseNotPlaying", "Title", c.game.Title(), "Number", b.Number))
	}
	if b.Over {
		return u, -1, &Refusal{Text: fmt.Sprintf("The game on %s board %d has ended: %s", c.game.Title(), b.Number, b.Outcome), Board: b.Number}
	}
	return u, seat, nil
}

// seated reads the board of a "<board> <userid> <password>" command
// and authenticates its player.
func (c *call) seated() (store.Board, store.User, int, error) {
	b, _, err := c.boardOf(c.args[0])
	if err != nil {
		return b, store.User{}, -1, err
	}
	u, seat, err := c.player(b, c.args[1], c.args[2])
	return b, u, seat, err
}

func (s *Server) cmdMove(c *call) error {
	if len(c.args) == 4 {
		if verb, ok, err := c.moveVerb(); ok || err != nil {
			if err != nil {
				return err
			}
			return verb.handle(c)
		}
	}
	b, u, seat, err := c.seated()
	if err != nil {
		return err
	}
	return c.play(b, u, seat, c.args[3:])
}

// moveVerb finds pbmserv's "move <board> <userid> <password> resign"
// (or propose, undo, accept, reject): the command of that name, with
// the move left out of the arguments. A "#n" on the word must be the
// next move's number, as on a move.
func (c *call) moveVerb() (*command, bool, error) {
	word, num, hasNum := strings.Cut(c.args[3], "#")
	_, move, _ := c.s.game.find("move")
	name := strings.ToLower(word)
	if !contains(move.verbs, name) {
		return nil, false, nil
	}
	verb := c.s.game[name]
	if hasNum {
		b, _, err := c.boardOf(c.args[0])
		if err != nil {
			return nil, true, err
		}
		if k, err := strconv.Atoi(num); err != nil || k != len(b.Log)+1 {
			return nil, true, &Refusal{Board: b.Number, Text: fmt.Sprintf("%s received as move #%s, but the next move on board %d is #%d: the command is stale, nothing was done.",
				name, trimLine(num), b.Number, len(b.Log)+1)}
		}
	}
	c.args = c.args[:3]
	return verb, true, nil
}

// play checks and applies the moves of one command for a player, all
// or nothing, and commits the board.
func (c *call) play(b store.Board, u store.User, seat int, moves []string) error {
	n := b.Number
	g, st, err := c.s.replay(b, -1)
	if err != nil {
		return err
	}
	if moves, err = c.s.commandMoves(g, moves); err != nil {
		return &Refusal{Board: n, Text: err.Error()}
	}
	refusal := func(format string, args ...any) error {
		var d strings.Builder
		st.Board(&d, b.Players)
		return &Refusal{Board: n, Text: fmt.Sprintf(format, args...) + "\n\nThe board is unchanged:\n\n" + strings.TrimRight(d.String(), "\n")}
	}
	// refusalMsg is refusal from the catalogue: the drawing stays as
	// the engine draws it.
	refusalMsg := func(m lang.Msg) error {
		var d strings.Builder
		st.Board(&d, b.Players)
		return refuseOn(n, m, lang.M("RefuseUnchanged"), lang.Literal(strings.TrimRight(d.String(), "\n")))
	}
	start := len(b.Log)
	p, err := board.Play(&b, st, seat, moves, c.s.now())
	var me *board.MoveError
	if errors.As(err, &me) {
		switch me.Kind {
		case board.MoveBadNumber:
			return &Refusal{Board: n, Text: fmt.Sprintf("%q: the part after # must be the move number, %d.", trimLine(me.Arg), me.Want)}
		case board.MoveStale:
			return &Refusal{Board: n, Text: fmt.Sprintf("Move %s received as move #%d, but the next move on board %d is #%d: the command is stale, nothing was played.",
				trimLine(me.Move), me.Got, n, me.Want)}
		case board.MoveGameOver:
			return refusal("The game ended after move %d; %q was not played and nothing of this command was applied.", me.Want-1, trimLine(me.Move))
		case board.MoveNotYours:
			return refusalMsg(lang.M("RefuseNotYourMove", "Who", b.Players[me.ToMove]))
		default:
			return refusalMsg(lang.M("RefuseIllegal", "N", me.Want, "Move", quotedWord(me.Move), "Why", me.Err.Error()))
		}
	}
	if err != nil {
		return err
	}
	played := p.Moves
	event := fmt.Sprintf("%s played %s.", u.ID, strings.Join(played, " "))
	if p.DrawLapsed {
		event += " The draw offer lapses."
	}
	if err := c.commit(&b, g, st, change{Event: event, Comment: c.comment, By: u.ID}); err != nil {
		return err
	}
	c.sec.Text = fmt.Sprintf("%s played on %s board %d (move %d): %s. %s", u.ID, g.Title(), n, start+len(played), strings.Join(played, " "), board.Status(b, st))
	return nil
}

func (s *Server) cmdResign(c *call) error {
	b, u, seat, err := c.seated()
	if err != nil {
		return err
	}
	declined, err := c.leave(b, seat, "resign", lang.Literal(u.ID+" resigns."), lang.Literal(u.ID+" declines the challenge."))
	if err != nil {
		return err
	}
	c.sec.Text = fmt.Sprintf("%s resigned %s board %d.", u.ID, c.game.Title(), b.Number)
	if declined {
		c.sec.Text = fmt.Sprintf("%s declined the challenge of %s board %d; it is not rated.", u.ID, c.game.Title(), b.Number)
	}
	return nil
}

// resignSeat takes a seat out of a board and mails the board.
func (c *call) resignSeat(b store.Board, seat int, kind string, event lang.Msg) error {
	g, st, err := c.s.replay(b, -1)
	if err != nil {
		return err
	}
	if err := board.Resign(&b, st, seat, kind, c.s.now()); err != nil {
		return &Refusal{Board: b.Number, Text: fmt.Sprintf("%s cannot resign board %d: %v", b.Players[seat], b.Number, err)}
	}
	said := []lang.Msg{event}
	return c.commit(&b, g, st, change{Event: lang.English().Join(said), Said: said, Comment: c.comment, By: b.Players[seat]})
}

func (s *Server) cmdShow(c *call) error {
	if a := c.args[0]; a[0] < '0' || a[0] > '9' {
		return s.showUsers(c)
	}
	var parts []string
	for _, arg := range c.args {
		b, at, err := c.boardOf(arg)
		if err != nil {
			return err
		}
		n := b.Number
		if at > len(b.Log) {
			return &Refusal{Board: n, Text: fmt.Sprintf("Board %d has %d moves; there is no move %d.", n, len(b.Log), at)}
		}
		g, st, err := s.replay(b, at)
		if err != nil {
			return err
		}
		text, err := s.boardText(c.tx, b, g, st, at, false, "", "", "")
		if err != nil {
			return err
		}
		parts = append(parts, text)
		if len(c.args) == 1 {
			now := st
			if at >= 0 {
				if _, now, err = s.replay(b, -1); err != nil {
					return err
				}
			}
			c.sec.subject = boardSubjectLine(g, b, now, false, false)
		}
	}
	c.sec.Text = "\n\n" + strings.Join(parts, "\n\n")
	return nil
}

func (s *Server) cmdGames(c *call) error {
	var who, sel string
	for _, a := range c.args {
		switch strings.ToLower(a) {
		case "active", "inactive", "next", "all":
			sel = strings.ToLower(a)
		default:
			if who != "" {
				return refuse("Usage: %s games [<userid>] [active|inactive|next|all]", c.game.Name())
			}
			who = a
		}
	}
	if sel == "" {
		sel = "active"
	}
	var boards []store.Board
	var err error
	if who != "" {
		boards, err = c.tx.BoardsOf(who, c.game.Name())
	} else {
		boards, err = c.tx.Boards(c.game.Name())
	}
	if err != nil {
		return err
	}
	var rows []string
	for _, b := range boards {
		if who != "" && board.SeatOf(b, who) < 0 {
			continue
		}
		_, st, err := s.replay(b, -1)
		if err != nil {
			return err
		}
		switch sel {
		case "active":
			if b.Over {
				continue
			}
		case "inactive":
			if !b.Over {
				continue
			}
		case "next":
			if b.Over || who == "" || !strings.EqualFold(board.ToMove(b, st), who) {
				continue
			}
		}
		rows = append(rows, fmt.Sprintf("%6d %5d  %-30s %s", b.Number, len(b.Log), strings.Join(b.Players, " "), board.Status(b, st)))
	}
	sort.Strings(rows)
	if len(rows) == 0 {
		c.sec.Text = fmt.Sprintf("No %s %s boards.", sel, c.game.Title())
		return nil
	}
	c.sec.Text = fmt.Sprintf("%s boards (%s):\n\n %5s %5s  %-30s %s\n%s", c.game.Title(), sel, "Board", "Moves", "Players", "Status", strings.Join(rows, "\n"))
	return nil
}

// showUsers: "<game> show <userid>... [active|inactive|next|all]": the
// boards of the game where any of the users plays (pbmserv's show by
// player); "next" those where it is one of them to move. At most 20
// boards are shown.
func (s *Server) showUsers(c *call) error {
	var who []string
	sel := "active"
	for _, a := range c.args {
		switch l := strings.ToLower(a); l {
		case "active", "inactive", "next", "all":
			sel = l
		default:
			who = append(who, a)
		}
	}
	if len(who) == 0 {
		return refuse("This would generate too much mail: name a board or a userid, as in %s show <userid> next.", c.game.Name())
	}
	// The boards of the users named, from the store's index of each
	// player's boards, in board order.
	seen := map[int]bool{}
	var boards []store.Board
	for _, id := range who {
		bs, err := c.tx.BoardsOf(id, c.game.Name())
		if err != nil {
			return err
		}
		for _, b := range bs {
			if !seen[b.Number] {
				seen[b.Number] = true
				boards = append(boards, b)
			}
		}
	}
	sort.Slice(boards, func(i, j int) bool { return boards[i].Number < boards[j].Number })
	var parts []string
	for _, b := range boards {
		plays := false
		for _, id := range who {
			if board.SeatOf(b, id) >= 0 {
				plays = true
			}
		}
		if !plays || (sel == "active" || sel == "next") && b.Over || sel == "inactive" && !b.Over {
			continue
		}
		g, st, err := s.replay(b, -1)
		if err != nil {
			return err
		}
		if sel == "next" && !contains(who, board.ToMove(b, st)) {
			continue
		}
		text, err := s.boardText(c.tx, b, g, st, -1, false, "", "", "")
		if err != nil {
			return err
		}
		parts = append(parts, text)
	}
	if len(parts) == 0 {
		c.sec.Text = fmt.Sprintf("No %s %s boards for %s.", sel, c.game.Title(), trimLine(strings.Join(who, ", ")))
		return nil
	}
	more := ""
	if len(parts) > 20 {
		more = fmt.Sprintf("\n\n(%d more boards are not shown)", len(parts)-20)
		parts = parts[:20]
	}
	c.sec.Text = fmt.Sprintf("%d %s boards:\n\n%s%s", len(parts), c.game.Title(), strings.Join(parts, "\n\n"), more)
	return nil
}

// A record is a whole game as plain text, which "pbmd replay" reads
// back:
//
//	[Game "hexemergo"]
//	[Board "101"]
//	[Seed "1234"]
//	[Players "alice bob"]
//	[Option "alternate="]
//	[Result "Game won by alice."]
//
//	1 alice D5 2026-12-01T10:00:00Z
//	2 bob resign 2026-12-01T11:00:00Z
//
// A move line is the move number, the userid, the move or one of
// "(resign)", "(forfeit)", "(draw)", and the time.

func (s *Server) cmdRecord(c *call) error {
	b, _, err := c.boardOf(c.args[0])
	if err != nil {
		return err
	}
	n := b.Number
	c.sec.Text = fmt.Sprintf("The record of %s board %d; \"pbmd replay <file>\" plays it back.\n\n%s", c.game.Title(), n, board.Record(b))
	c.sec.subject = fmt.Sprintf("%s Board %d record", c.game.Title(), n)
	return nil
}

// cmdAllShow: "all show <userid> [next|active]": every board of the
// user in every game; "next" only those where it is the user's turn.
func (s *Server) cmdAllShow(c *call) error {
	who := c.args[0]
	sel := "active"
	if len(c.args) > 1 {
		sel = strings.ToLower(c.args[1])
		if sel != "next" && sel != "active" {
			return refuse("Usage: all show <userid> [next|active]")
		}
	}
	boards, err := c.tx.BoardsOf(who, "")
	if err != nil {
		return err
	}
	var parts []string
	for _, b := range boards {
		if b.Over || board.SeatOf(b, who) < 0 {
			continue
		}
		g, st, err := s.replay(b, -1)
		if err != nil {
			return err
		}
		if sel == "next" && !strings.EqualFold(board.ToMove(b, st), who) {
			continue
		}
		text, err := s.boardText(c.tx, b, g, st, -1, false, "", "", "")
		if err != nil {
			return err
		}
		parts = append(parts, text)
		if len(parts) == 20 {
			parts = append(parts, "(at most 20 boards are shown)")
			break
		}
	}
	if len(parts) == 0 {
		c.sec.Text = fmt.Sprintf("No %s boards for %s.", sel, trimLine(who))
		return nil
	}
	c.sec.Text = fmt.Sprintf("%d boards:\n\n%s", len(parts), strings.Join(parts, "\n\n"))
	return nil
}

// ReplayRecord plays a record through its game and returns the final
// board text and status. The text may be the record alone or the mail
// it came in, as a mail client saves it (mail.SavedBody).
func ReplayRecord(games *engine.Registry, text []byte) (string, error) {
	return board.ReplayRecord(games, mail.SavedBody(text, "[Game "))
}

// rate updates the ratings for a finished board (board.Rate) and
// returns lines that tell each player's change.
func (c *call) rate(b store.Board, res engine.Result) ([]string, error) {
	r, err := board.Rate(c.tx, b, res)
	if err != nil || !res.Over {
		return nil, err
	}
	switch r.Unrated {
	case board.UnratedAborted:
		return []string{"This game was not rated: an admin aborted it."}, nil
	case board.UnratedDeclined:
		return []string{"This game was not rated: " + board.Decliner(b) + " declined the challenge."}, nil
	case board.UnratedFew:
		return []string{"This game was not rated: fewer than two players took part."}, nil
	}
	var lines []string
	for _, ch := range r.Changes {
		dir := "went up"
		if math.Round(ch.After) < math.Round(ch.Before) {
			dir = "went down"
		} else if math.Round(ch.After) == math.Round(ch.Before) {
			dir = "stayed"
		}
		prov := ""
		if ch.Provisional {
			prov = " (provisional)"
		}
		if dir == "stayed" {
			lines = append(lines, fmt.Sprintf("%s's rating stayed at %.0f%s.", ch.User, ch.After, prov))
		} else {
			lines = append(lines, fmt.Sprintf("%s's rating %s from %.0f to %.0f%s.", ch.User, dir, ch.Before, ch.After, prov))
		}
	}
	return lines, nil
}

func (s *Server) cmdStandings(c *call) error {
	rs, err := c.tx.Ratings(c.game.Name())
	if err != nil {
		return err
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].Rating > rs[j].Rating })
	var est, prov []string
	for _, r := range rs {
		line := fmt.Sprintf("%-20s %6.0f %5d %5d %5d", r.User, r.Rating, r.Won, r.Lost, r.Tied)
		if r.Games >= board.ProvisionalGames {
			est = append(est, line)
		} else {
			prov = append(prov, line)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s standings\n", c.game.Title())
	for _, part := range []struct {
		title string
		rows  []string
	}{{"Established", est}, {"Provisional (fewer than 20 games)", prov}} {
		fmt.Fprintf(&b, "\n%s:\n", part.title)
		if len(part.rows) == 0 {
			b.WriteString("  none\n")
			continue
		}
		fmt.Fprintf(&b, "  %4s %-20s %6s %5s %5s %5s\n", "Rank", "Name", "Rating", "Won", "Lost", "Tied")
		for i, r := range part.rows {
			fmt.Fprintf(&b, "  %4d %s\n", i+1, r)
		}
	}
	seekers, err := c.seekLines()
	if err != nil {
		return err
	}
	fmt.Fprintf(&b, "\nSeeking a game: %d\n", len(seekers))
	for _, l := range seekers {
		b.WriteString(l + "\n")
	}
	c.sec.Text = "\n" + b.String()
	c.sec.subject = c.game.Title() + " Standings"
	return nil
}

// historyRows is the most finished games "<game> history" lists.
const historyRows = 50

// cmdHistory: "<game> history [<userid>]": the last finished games of
// the game, newest first, or of one player. It reads the store's index
// of finished boards, never every board.
func (s *Server) cmdHistory(c *call) error {
	if len(c.args) > 1 {
		return refuse("Usage: %s history [<userid>]", c.game.Name())
	}
	listed := func(b store.Board) bool {
		return b.Over && !b.Aborted && !(len(b.Log) > 0 && b.Log[len(b.Log)-1].Kind == "decline")
	}
	row := func(b store.Board) string {
		return fmt.Sprintf("  %s %5d  %-30s %s", b.Updated.UTC().Format("2006-01-02"), b.Number, strings.Join(b.Players, " "), b.Outcome)
	}
	var rows []string
	more := ""
	if len(c.args) == 1 {
		who := c.args[0]
		boards, err := c.tx.BoardsOf(who, c.game.Name())
		if err != nil {
			return err
		}
		var done []store.Board
		for _, b := range boards {
			if listed(b) && board.SeatOf(b, who) >= 0 {
				done = append(done, b)
			}
		}
		sort.SliceStable(done, func(i, j int) bool { return done[i].Updated.After(done[j].Updated) })
		for i, b := range done {
			if i == historyRows {
				more = fmt.Sprintf("\n\n(the %d most recent of %d are shown)", historyRows, len(done))
				break
			}
			rows = append(rows, row(b))
		}
		c.sec.subject = "Historical List of " + c.game.Title() + " games of " + trimLine(who)
		if len(rows) == 0 {
			c.sec.Text = fmt.Sprintf("No finished %s games of %s.", c.game.Title(), trimLine(who))
		} else {
			c.sec.Text = fmt.Sprintf("Finished %s games of %s, newest first:\n\n%s%s", c.game.Title(), trimLine(who), strings.Join(rows, "\n"), more)
		}
		return nil
	}
	full := false
	err := c.tx.FinishedBoards(c.game.Name(), func(b store.Board) bool {
		if !listed(b) {
			return true
		}
		if len(rows) == historyRows {
			full = true
			return false
		}
		rows = append(rows, row(b))
		return true
	})
	if err != nil {
		return err
	}
	if full {
		more = fmt.Sprintf("\n\n(the %d most recent of %d ended boards, aborted and declined ones included; %s history <userid> lists a player's)",
			historyRows, c.tx.FinishedCount(c.game.Name()), c.game.Name())
	}
	if len(rows) == 0 {
		c.sec.Text = "No finished " + c.game.Title() + " games yet."
	} else {
		c.sec.Text = fmt.Sprintf("Finished %s games, newest first:\n\n%s%s", c.game.Title(), strings.Join(rows, "\n"), more)
	}
	c.sec.subject = "Historical List of " + c.game.Title() + " games"
	return nil
}

// Seeking a game, as pbmserv's seek list: "<game> seek <userid>
// <password> [<n>] [-option...]" asks for n boards (1 unless given; 0
// withdraws) with these options against anyone. When another seek of
// the game has the same options and both players' limits allow a board,
// it is started at once, against the nearest rating (the older seek on
// a tie), the older seeker moving first; each seek's count goes down
// by one.

// cmdSeek handles "<game> seek".
func (s *Server) cmdSeek(c *call) error {
	u, err := c.auth(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	count := 1
	opts := map[string]string{}
	for i, a := range c.args[2:] {
		if n, err := strconv.Atoi(a); err == nil && i == 0 {
			if n < 0 || n > 20 {
				return refuse("A seek asks for 0 to 20 boards, not %d.", n)
			}
			count = n
			continue
		}
		if !strings.HasPrefix(a, "-") {
			return refuse("Usage: %s seek <userid> <password> [<n>] [-option...]: %q is not an option.", c.game.Name(), trimLine(a))
		}
		if err := c.option(a, opts); err != nil {
			return err
		}
	}
	seek := store.Seek{Game: c.game.Name(), User: u.ID, Count: count, Options: opts, Created: s.now()}
	if len(opts) == 0 {
		seek.Options = nil
	}
	if count == 0 {
		if err := c.tx.PutSeek(seek); err != nil {
			return err
		}
		c.sec.Text = fmt.Sprintf("Your %s seek is withdrawn.", c.game.Title())
		return nil
	}
	var started []string
	for seek.Count > 0 {
		other, ok, err := c.matchSeek(seek)
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		b, _, err := c.startBoard([]string{other.User, u.ID}, maps.Clone(opts), func(*store.Board) {},
			fmt.Sprintf("Started from the seek list: %s and %s both asked for a game.", other.User, u.ID), "", "")
		if err != nil {
			return err
		}
		other.Count--
		seek.Count--
		if err := c.tx.PutSeek(other); err != nil {
			return err
		}
		started = append(started, fmt.Sprintf("board %d against %s", b.Number, other.User))
	}
	if err := c.tx.PutSeek(seek); err != nil {
		return err
	}
	text := fmt.Sprintf("You seek %d %s boards (%s).", count, c.game.Title(), optionsLine(opts))
	if len(started) > 0 {
		text += " Started: " + strings.Join(started, ", ") + "."
	}
	if seek.Count > 0 {
		text += fmt.Sprintf(" Still seeking %d; \"%s seek %s <password> 0\" withdraws.", seek.Count, c.game.Name(), u.ID)
	}
	c.sec.Text = text
	return nil
}

// optionsLine writes a seek's options.
func optionsLine(opts map[string]string) string {
	if len(opts) == 0 {
		return "no options"
	}
	var parts []string
	for _, k := range sortedKeys(opts) {
		name := k
		if strings.HasPrefix(k, "-") {
			name = "-" + k // a server option, "--nag"
		}
		if v := opts[k]; v != "" {
			parts = append(parts, "-"+name+"="+v)
		} else {
			parts = append(parts, "-"+name)
		}
	}
	return strings.Join(parts, " ")
}

// matchSeek finds the seek that seek is matched with: same options,
// another player, both players' limits allowing one more board; the
// nearest rating first, the older seek on a tie.
func (c *call) matchSeek(seek store.Seek) (store.Seek, bool, error) {
	seeks, err := c.tx.Seeks(seek.Game)
	if err != nil {
		return store.Seek{}, false, err
	}
	mine, err := c.ratingOf(seek.User)
	if err != nil {
		return store.Seek{}, false, err
	}
	var best store.Seek
	found := false
	bestGap := math.Inf(1)
	for _, o := range seeks {
		if strings.EqualFold(o.User, seek.User) || o.Count <= 0 || !maps.Equal(o.Options, seek.Options) {
			continue
		}
		if u, err := c.tx.User(o.User); err != nil || u.Closed {
			continue
		}
		if err := c.checkLimits([]string{o.User, seek.User}, ""); err != nil {
			continue
		}
		r, err := c.ratingOf(o.User)
		if err != nil {
			return store.Seek{}, false, err
		}
		if gap := math.Abs(r - mine); gap < bestGap {
			best, bestGap, found = o, gap, true
		}
	}
	return best, found, nil
}

// ratingOf is a player's rating in the call's game, the start rating
// when he has none.
func (c *call) ratingOf(id string) (float64, error) {
	r, found, err := c.tx.Rating(c.game.Name(), id)
	if err != nil || !found {
		return board.StartRating, err
	}
	return r.Rating, nil
}

// seekLines lists the game's seekers for the standings.
func (c *call) seekLines() ([]string, error) {
	seeks, err := c.tx.Seeks(c.game.Name())
	if err != nil {
		return nil, err
	}
	var out []string
	for _, sk := range seeks {
		out = append(out, fmt.Sprintf("  %-20s %d boards, %s", sk.User, sk.Count, optionsLine(sk.Options)))
	}
	return out, nil
}

// OptionsLine writes the options of a seek (or of a tournament's
// boards) as the mails do: "-alternate --nag=1", "no options" when
// there are none.
func OptionsLine(opts map[string]string) string { return optionsLine(opts) }
