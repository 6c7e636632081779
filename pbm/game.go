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
	min, max := c.game.Players()
	said := []lang.Msg{lang.Literal("\n"), lang.M("GameHelpPlayers", "Title", c.game.Title(), "Players", playerRange(min, max)),
		rulesSummary(c.game)}
	if opts := c.game.Options(); len(opts) > 0 {
		said = append(said, lang.Literal("\n"), lang.M("GameHelpOptions"), lang.Literal("\n"))
		for _, o := range opts {
			name := "-" + o.Name
			if o.Value != "" {
				name += "=" + o.Value
			}
			said = append(said, lang.Literal(fmt.Sprintf("  %-16s %s", name, o.Help)))
			if o.Default != "" {
				said = append(said, lang.M("GameHelpDefault", "Value", o.Default))
			}
			said = append(said, lang.Literal("\n"))
		}
	}
	said = append(said, lang.Literal("\n"), lang.M("GameHelpStart"),
		lang.Literal(fmt.Sprintf("\n  %s challenge <userid> <password> <player1> [<player2>...] [-option...]\n", c.game.Name())))
	c.sec.say(said...)
	c.sec.subject = lang.M("MailSubjectHelp", "Title", c.game.Title())
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
		return 0, 0, refuseMsg(lang.M("GameNotBoardNumber", "Arg", quotedWord(arg), "Title", g.Title()))
	}
	at = -1
	if has {
		at, err = strconv.Atoi(hash)
		if err != nil || at < 0 {
			return 0, 0, refuseMsg(lang.M("GameHashNotNumber", "Arg", quotedWord(arg)))
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
				return refuseMsg(lang.M("GameComputerLevels", "Arg", quotedWord(a), "Levels", computer.Names()))
			}
			p, err := c.tx.User(a)
			if errors.Is(err, store.ErrNotFound) || (err == nil && p.Closed) {
				return refuseMsg(lang.M("GameNotAPlayer", "Arg", quotedWord(a)))
			} else if err != nil {
				return err
			}
			if contains(players, p.ID) {
				return refuseMsg(lang.M("GameNamedTwice", "Who", p.ID))
			}
			players = append(players, p.ID)
		}
	}
	if !contains(players, u.ID) {
		return refuseMsg(lang.M("GameYouMustPlay", "Who", u.ID))
	}
	min, max := c.game.Players()
	if len(players) < min || len(players) > max {
		return refuseMsg(lang.N("GamePlayerCount", len(players), "Title", c.game.Title(), "Range", playerRange(min, max), "N", len(players)))
	}
	if err := c.checkLimits(players, u.ID); err != nil {
		return err
	}
	b, st, err := c.startBoard(players, opts, func(b *store.Board) {}, lang.M("GameChallengeBy", "Who", u.ID), c.comment, u.ID)
	if err != nil {
		return err
	}
	c.sec.say(lang.M("GameStarted", "Title", c.game.Title(), "Number", b.Number, "Players", strings.Join(players, ", "), "Status", board.StatusMsg(b, st)))
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
				return refuseMsg(lang.M("GameOptionDays", "Arg", trimLine(a)))
			}
			opts["-"+name] = val
			return nil
		}
		return refuseMsg(lang.M("GameServerOption", "Arg", quotedWord(a)))
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
		return refuseMsg(lang.M("GameNoOption", "Title", c.game.Title(), "Arg", quotedWord(a), "Options", optionList(c.game)))
	}
	if o.Value != "" && !hasVal {
		return refuseMsg(lang.M("GameOptionValue", "Name", o.Name, "Value", o.Value))
	}
	if o.Value == "" && hasVal {
		return refuseMsg(lang.M("GameOptionNoValue", "Name", o.Name))
	}
	opts[o.Name] = val
	return nil
}

// startBoard starts a board of the call's game for players, in seat
// order, with the options of a challenge (server options under "-nag",
// "-forfeit", "-total"); set adjusts the board before its first commit
// (a tournament names itself). The board mail tells event.
func (c *call) startBoard(players []string, opts map[string]string, set func(*store.Board), event lang.Msg, comment, by string) (store.Board, engine.State, error) {
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
		return store.Board{}, nil, refuseMsg(lang.M("GameInvalid", "Why", why(err)))
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
	said := []lang.Msg{event}
	if err := c.commit(&b, c.game, st, change{New: true, Event: lang.English().Join(said), Said: said, Comment: comment, By: by}); err != nil {
		return store.Board{}, nil, err
	}
	return b, st, nil
}

func optionList(g engine.Game) lang.Msg {
	var names []string
	for _, o := range g.Options() {
		names = append(names, "-"+o.Name)
	}
	return listOrNone(names)
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
		return u, -1, refuseOn(b.Number, lang.M("GameEnded", "Title", c.game.Title(), "Number", b.Number, "Outcome", outcomeMsg(b)))
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
			return nil, true, refuseOn(b.Number, lang.M("GameVerbStale", "Verb", name, "Got", trimLine(num), "Number", b.Number, "Next", len(b.Log)+1))
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
			return refuseOn(n, lang.M("GameHashWant", "Arg", quotedWord(me.Arg), "Want", me.Want))
		case board.MoveStale:
			return refuseOn(n, lang.M("GameMoveStale", "Move", trimLine(me.Move), "Got", me.Got, "Number", n, "Want", me.Want))
		case board.MoveGameOver:
			return refusalMsg(lang.M("GameOverAfter", "N", me.Want-1, "Move", quotedWord(me.Move)))
		case board.MoveNotYours:
			return refusalMsg(lang.M("RefuseNotYourMove", "Who", b.Players[me.ToMove]))
		default:
			return refusalMsg(lang.M("RefuseIllegal", "N", me.Want, "Move", quotedWord(me.Move), "Why", why(me.Err)))
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
	if err := c.commit(&b, g, st, change{Event: lang.English().Join(said), Said: said, Comment: c.comment, By: u.ID}); err != nil {
		return err
	}
	c.sec.say(lang.M("PlayPlayedOn", "Who", u.ID, "Title", g.Title(), "Number", n, "N", start+len(played), "Moves", strings.Join(played, " "), "Status", board.StatusMsg(b, st)))
	return nil
}

func (s *Server) cmdResign(c *call) error {
	b, u, seat, err := c.seated()
	if err != nil {
		return err
	}
	declined, err := c.leave(b, seat, "resign", lang.M("PlayResigns", "Who", u.ID), lang.M("PlayDeclines", "Who", u.ID))
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
func (c *call) resignSeat(b store.Board, seat int, kind string, event lang.Msg) error {
	g, st, err := c.s.replay(b, -1)
	if err != nil {
		return err
	}
	if err := board.Resign(&b, st, seat, kind, c.s.now()); err != nil {
		return refuseOn(b.Number, lang.M("PlayCannotResign", "Who", b.Players[seat], "Number", b.Number, "Why", why(err)))
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
			return refuseOn(n, lang.N("GameNoSuchMove", len(b.Log), "Number", n, "Moves", len(b.Log), "At", at))
		}
		g, st, err := s.replay(b, at)
		if err != nil {
			return err
		}
		text, err := c.boardTextFor(b, g, st, at)
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
			c.sec.subject = boardSubjectMsg(g, b, now, false, false)
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
				return refuseMsg(lang.M("RefuseUsage", "Usage", c.game.Name()+" games [<userid>] [active|inactive|next|all]"))
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
	type row struct {
		head   string
		status lang.Msg
	}
	var rows []row
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
		rows = append(rows, row{fmt.Sprintf("%6d %5d  %-30s ", b.Number, len(b.Log), strings.Join(b.Players, " ")), board.StatusMsg(b, st)})
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].head < rows[j].head })
	if len(rows) == 0 {
		c.sec.say(lang.M("GamesNone", "Sel", sel, "Title", c.game.Title()))
		return nil
	}
	said := []lang.Msg{lang.M("GamesHead", "Title", c.game.Title(), "Sel", sel), lang.Literal("\n\n"), lang.M("GamesColumns")}
	for _, r := range rows {
		said = append(said, lang.Literal("\n"+r.head), r.status)
	}
	c.sec.say(said...)
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
		return refuseMsg(lang.M("GameShowTooMuch", "Game", c.game.Name()))
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
		text, err := c.boardTextFor(b, g, st, -1)
		if err != nil {
			return err
		}
		parts = append(parts, text)
	}
	if len(parts) == 0 {
		c.sec.say(lang.M("GameShowNone", "Sel", sel, "Title", c.game.Title(), "Who", trimLine(strings.Join(who, ", "))))
		return nil
	}
	var more []lang.Msg
	if len(parts) > 20 {
		more = []lang.Msg{lang.Literal("\n\n"), lang.N("GameShowMore", len(parts)-20, "N", len(parts)-20)}
		parts = parts[:20]
	}
	c.sec.say(append([]lang.Msg{lang.N("GameShowBoards", len(parts), "N", len(parts), "Title", c.game.Title()),
		lang.Literal("\n\n" + strings.Join(parts, "\n\n"))}, more...)...)
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
	c.sec.say(lang.M("GameRecord", "Title", c.game.Title(), "Number", n), lang.Literal("\n\n"+board.Record(b)))
	c.sec.subject = lang.M("MailSubjectRecord", "Title", c.game.Title(), "Number", n)
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
			return refuseMsg(lang.M("RefuseUsage", "Usage", "all show <userid> [next|active]"))
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
		text, err := c.boardTextFor(b, g, st, -1)
		if err != nil {
			return err
		}
		parts = append(parts, text)
		if len(parts) == 20 {
			break
		}
	}
	if len(parts) == 0 {
		c.sec.say(lang.M("AllShowNone", "Sel", sel, "Who", trimLine(who)))
		return nil
	}
	n := len(parts)
	said := []lang.Msg{lang.N("AllShowBoards", n, "N", n), lang.Literal("\n\n" + strings.Join(parts, "\n\n"))}
	if n == 20 {
		// The count takes in the note, as it always has.
		said = []lang.Msg{lang.N("AllShowBoards", n+1, "N", n+1), lang.Literal("\n\n" + strings.Join(parts, "\n\n") + "\n\n"), lang.M("AllShowAtMost")}
	}
	c.sec.say(said...)
	return nil
}

// ReplayRecord plays a record through its game and returns the final
// board text and status. The text may be the record alone or the mail
// it came in, as a mail client saves it (mail.SavedBody).
func ReplayRecord(games *engine.Registry, text []byte) (string, error) {
	return board.ReplayRecord(games, mail.SavedBody(text, "[Game "))
}

// rate updates the ratings for a finished board (board.Rate) and
// returns lines that tell each player's change, to be written in each
// reader's language.
func (c *call) rate(b store.Board, res engine.Result) ([]lang.Msg, error) {
	r, err := board.Rate(c.tx, b, res)
	if err != nil || !res.Over {
		return nil, err
	}
	return ratingLines(b, r), nil
}

// ratingLines are the lines of the mail of a game's end that tell what
// it did to the ratings.
func ratingLines(b store.Board, r board.Rating) []lang.Msg {
	switch r.Unrated {
	case board.UnratedAborted:
		return []lang.Msg{lang.M("RatingNotAborted")}
	case board.UnratedDeclined:
		return []lang.Msg{lang.M("RatingNotDeclined", "Who", board.Decliner(b))}
	case board.UnratedFew:
		return []lang.Msg{lang.M("RatingNotFew")}
	}
	var lines []lang.Msg
	for _, ch := range r.Changes {
		prov := lang.Literal("")
		if ch.Provisional {
			prov = lang.M("RatingProvisional")
		}
		before, after := fmt.Sprintf("%.0f", ch.Before), fmt.Sprintf("%.0f", ch.After)
		switch {
		case math.Round(ch.After) < math.Round(ch.Before):
			lines = append(lines, lang.M("RatingDown", "Who", ch.User, "Before", before, "After", after, "Provisional", prov))
		case math.Round(ch.After) == math.Round(ch.Before):
			lines = append(lines, lang.M("RatingStayed", "Who", ch.User, "After", after, "Provisional", prov))
		default:
			lines = append(lines, lang.M("RatingUp", "Who", ch.User, "Before", before, "After", after, "Provisional", prov))
		}
	}
	return lines
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
	said := []lang.Msg{lang.Literal("\n"), lang.M("StandingsOf", "Title", c.game.Title()), lang.Literal("\n")}
	for _, part := range []struct {
		title lang.Msg
		rows  []string
	}{{lang.M("StandingsEstablished"), est}, {lang.N("StandingsProvisional", board.ProvisionalGames, "N", board.ProvisionalGames), prov}} {
		said = append(said, lang.Literal("\n"), part.title, lang.Literal(":\n"))
		if len(part.rows) == 0 {
			said = append(said, lang.Literal("  "), lang.M("PlayNone"), lang.Literal("\n"))
			continue
		}
		said = append(said, lang.Literal("  "), lang.M("StandingsColumns"), lang.Literal("\n"))
		for i, r := range part.rows {
			said = append(said, lang.Literal(fmt.Sprintf("  %4d %s\n", i+1, r)))
		}
	}
	seekers, err := c.seekLines()
	if err != nil {
		return err
	}
	said = append(said, lang.Literal("\n"), lang.M("StandingsSeeking", "N", len(seekers)), lang.Literal("\n"))
	for _, l := range seekers {
		said = append(said, l, lang.Literal("\n"))
	}
	c.sec.say(said...)
	c.sec.subject = lang.M("MailSubjectStandings", "Title", c.game.Title())
	return nil
}

// historyRows is the most finished games "<game> history" lists.
const historyRows = 50

// cmdHistory: "<game> history [<userid>]": the last finished games of
// the game, newest first, or of one player. It reads the store's index
// of finished boards, never every board.
func (s *Server) cmdHistory(c *call) error {
	if len(c.args) > 1 {
		return refuseMsg(lang.M("RefuseUsage", "Usage", c.game.Name()+" history [<userid>]"))
	}
	listed := func(b store.Board) bool {
		return b.Over && !b.Aborted && !(len(b.Log) > 0 && b.Log[len(b.Log)-1].Kind == "decline")
	}
	row := func(b store.Board) []lang.Msg {
		head := lang.Literal(fmt.Sprintf("  %s %5d  %-30s ", b.Updated.UTC().Format("2006-01-02"), b.Number, strings.Join(b.Players, " ")))
		return []lang.Msg{head, outcomeMsg(b)}
	}
	var rows [][]lang.Msg
	var more []lang.Msg
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
				more = []lang.Msg{lang.Literal("\n\n"), lang.N("HistoryMostRecent", len(done), "Shown", historyRows, "N", len(done))}
				break
			}
			rows = append(rows, row(b))
		}
		c.sec.subject = lang.M("MailSubjectHistoryOf", "Title", c.game.Title(), "Who", trimLine(who))
		if len(rows) == 0 {
			c.sec.say(lang.M("HistoryNoneOf", "Title", c.game.Title(), "Who", trimLine(who)))
		} else {
			c.sec.say(historyText(lang.M("HistoryOf", "Title", c.game.Title(), "Who", trimLine(who)), rows, more)...)
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
		n := c.tx.FinishedCount(c.game.Name())
		more = []lang.Msg{lang.Literal("\n\n"), lang.N("HistoryMostRecentAll", n, "Shown", historyRows, "N", n, "Game", c.game.Name())}
	}
	if len(rows) == 0 {
		c.sec.say(lang.M("HistoryNone", "Title", c.game.Title()))
	} else {
		c.sec.say(historyText(lang.M("HistoryAll", "Title", c.game.Title()), rows, more)...)
	}
	c.sec.subject = lang.M("MailSubjectHistory", "Title", c.game.Title())
	return nil
}

// historyText is the list of finished games under its head.
func historyText(head lang.Msg, rows [][]lang.Msg, more []lang.Msg) []lang.Msg {
	said := []lang.Msg{head, lang.Literal("\n\n")}
	for i, r := range rows {
		if i > 0 {
			said = append(said, lang.Literal("\n"))
		}
		said = append(said, r...)
	}
	return append(said, more...)
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
				return refuseMsg(lang.N("SeekCount", n, "N", n))
			}
			count = n
			continue
		}
		if !strings.HasPrefix(a, "-") {
			return refuseMsg(lang.M("SeekUsage", "Game", c.game.Name(), "Arg", quotedWord(a)))
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
		c.sec.say(lang.M("SeekWithdrawn", "Title", c.game.Title()))
		return nil
	}
	var started []lang.Msg
	for seek.Count > 0 {
		other, ok, err := c.matchSeek(seek)
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		b, _, err := c.startBoard([]string{other.User, u.ID}, maps.Clone(opts), func(*store.Board) {},
			lang.M("SeekStarted", "A", other.User, "B", u.ID), "", "")
		if err != nil {
			return err
		}
		other.Count--
		seek.Count--
		if err := c.tx.PutSeek(other); err != nil {
			return err
		}
		started = append(started, lang.M("SeekBoardAgainst", "Number", b.Number, "Who", other.User))
	}
	if err := c.tx.PutSeek(seek); err != nil {
		return err
	}
	said := []lang.Msg{lang.N("SeekSeeking", count, "N", count, "Title", c.game.Title(), "Options", optionsMsg(opts))}
	if len(started) > 0 {
		said = append(said, lang.M("SeekStartedList"))
		for i, m := range started {
			if i > 0 {
				said = append(said, lang.Literal(", "))
			}
			said = append(said, m)
		}
		said = append(said, lang.Literal("."))
	}
	if seek.Count > 0 {
		said = append(said, lang.M("SeekStill", "N", seek.Count, "Withdraw", fmt.Sprintf("\"%s seek %s <password> 0\"", c.game.Name(), u.ID)))
	}
	c.sec.say(said...)
	return nil
}

// optionsMsg is optionsLine in the reader's language.
func optionsMsg(opts map[string]string) lang.Msg {
	if len(opts) == 0 {
		return lang.M("SeekNoOptions")
	}
	return lang.Literal(optionsLine(opts))
}

// optionsLine writes a seek's options.
func optionsLine(opts map[string]string) string {
	if len(opts) == 0 {
		return "no options"
	}
	return strings.Join(board.OptionWords(opts), " ")
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
func (c *call) seekLines() ([]lang.Msg, error) {
	seeks, err := c.tx.Seeks(c.game.Name())
	if err != nil {
		return nil, err
	}
	var out []lang.Msg
	for _, sk := range seeks {
		out = append(out, lang.N("SeekLine", sk.Count, "Who", fmt.Sprintf("%-20s", sk.User), "N", sk.Count, "Options", optionsMsg(sk.Options)))
	}
	return out, nil
}

// boardTextFor is a board shown in an answer (show, all show), written
// in the language the answer is written in.
func (c *call) boardTextFor(b store.Board, g engine.Game, st engine.State, upto int) (string, error) {
	return c.s.renderBoard(c.answerPrinter(), c.tx, b, g, st, upto, false, "", "", "", nil)
}

// rulesSummary is a game's rules summary in every language the engine
// writes it in (engine.Helps), in English otherwise.
func rulesSummary(g engine.Game) lang.Msg {
	frame := func(text string) string { return "\n\n" + strings.TrimRight(text, "\n") + "\n" }
	m := lang.Literal(frame(g.Help()))
	m.Write = func(p lang.Printer) string {
		if text, ok := engine.HelpIn(g, p.Code()); ok {
			return frame(text)
		}
		return m.Literal
	}
	return m
}

// why is an error as a message: an engine's refusal in the reader's
// language (engine.Refusal), any other error as its text.
func why(err error) lang.Msg {
	var r *engine.Refusal
	if errors.As(err, &r) {
		return board.Message(r)
	}
	return lang.Literal(err.Error())
}
