package pbm

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/mail"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/computer"
	"github.com/pbmgo/pbm/pbm/lang"
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
	var played []string
	now := c.s.now()
	start := len(b.Log)
	for i, arg := range moves {
		mv, num, hasNum := strings.Cut(arg, "#")
		want := start + i + 1
		if hasNum {
			k, err := strconv.Atoi(num)
			if err != nil {
				return &Refusal{Board: n, Text: fmt.Sprintf("%q: the part after # must be the move number, %d.", trimLine(arg), want)}
			}
			if k != want {
				return &Refusal{Board: n, Text: fmt.Sprintf("Move %s received as move #%d, but the next move on board %d is #%d: the command is stale, nothing was played.",
					trimLine(mv), k, n, want)}
			}
		}
		if st.Result().Over {
			return refusal("The game ended after move %d; %q was not played and nothing of this command was applied.", want-1, trimLine(mv))
		}
		if t := st.ToMove(); t != seat {
			return refusalMsg(lang.M("RefuseNotYourMove", "Who", b.Players[t]))
		}
		canon, err := st.Play(mv)
		if err != nil {
			return refusalMsg(lang.M("RefuseIllegal", "N", want, "Move", quotedWord(mv), "Why", err.Error()))
		}
		played = append(played, canon)
		b.Log = append(b.Log, store.Entry{Seat: seat, Move: canon, At: now})
	}
	event := fmt.Sprintf("%s played %s.", u.ID, strings.Join(played, " "))
	if b.Vote != nil && b.Vote.Kind == "draw" {
		b.Vote = nil // a move answers a draw offer with no (pbmserv)
		event += " The draw offer lapses."
	}
	delete(b.Submitted, strings.ToLower(u.ID))
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
	if err := st.Resign(seat); err != nil {
		return &Refusal{Board: b.Number, Text: fmt.Sprintf("%s cannot resign board %d: %v", b.Players[seat], b.Number, err)}
	}
	b.Log = append(b.Log, store.Entry{Seat: seat, Kind: kind, At: c.s.now()})
	delete(b.Queued, strings.ToLower(b.Players[seat]))
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
