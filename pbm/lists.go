package pbm

// What the server shows of its games: a game's help, boards, lists of
// boards, records, the history of finished games and the standings
// with the seek list. The domain picks the boards and rows
// (board.Select, board.HistoryOf, board.StandingsOf, seek.List); here
// they are written into the answer.

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/limit"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/pbm/notice"
	"github.com/pbmgo/pbm/pbm/seek"
	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/store"
)

func cmdGameHelp(c *call) error {
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
	said = append(said, lang.Literal("\n"), board.ConditionalHelp(c.game), lang.Literal("\n"))
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

func cmdShow(c *call) error {
	s := c.s
	if a := c.args[0]; a[0] < '0' || a[0] > '9' {
		return showUsers(c)
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
			c.sec.subject = notice.BoardSubject(g, b, now, false, false)
		}
	}
	c.sec.Text = "\n\n" + strings.Join(parts, "\n\n")
	return nil
}

func cmdGames(c *call) error {
	s := c.s
	args, n, err := pageArg(c.args)
	if err != nil {
		return err
	}
	var who, sel string
	for _, a := range args {
		switch strings.ToLower(a) {
		case "active", "inactive", "next", "all":
			sel = strings.ToLower(a)
		default:
			if who != "" {
				return refuseMsg(lang.M("RefuseUsage", "Usage", c.game.Name()+" games [<userid>] [active|inactive|next|all] [page=<n>]"))
			}
			who = a
		}
	}
	if sel == "" {
		sel = "active"
	}
	q := board.Query{Game: c.game.Name(), Sel: sel}
	if who != "" {
		q.Who = []string{who}
	}
	listed, total, err := board.SelectPage(c.tx, s.current, q, (n-1)*limit.PageSize, limit.PageSize)
	if err != nil {
		return err
	}
	p, ok := limit.PageOf(n, total, limit.PageSize)
	if !ok {
		return refuseMsg(lang.M("ListNoPage", "Page", n, "Pages", p.Pages))
	}
	if len(listed) == 0 {
		c.sec.say(lang.M("GamesNone", "Sel", sel, "Title", c.game.Title()))
		return nil
	}
	said := []lang.Msg{lang.M("GamesHead", "Title", c.game.Title(), "Sel", sel), lang.Literal("\n\n"), lang.M("GamesColumns")}
	for _, l := range listed {
		b := l.Board
		said = append(said, lang.Literal(fmt.Sprintf("\n%6d %5d  %-30s ", b.Number, len(b.Log), strings.Join(b.Players, " "))), board.StatusMsg(b, l.State))
	}
	said = append(said, c.pageFooter(p, args)...)
	c.sec.say(said...)
	return nil
}

// current is a board's game and its position now, for board.Select.
func (s *Server) current(b store.Board) (engine.Game, engine.State, error) { return s.replay(b, -1) }

// shownAtMost is the most boards "show <userid>" and "all show" show.
const shownAtMost = 20

// showUsers: "<game> show <userid>... [active|inactive|next|all]": the
// boards of the game where any of the users plays (pbmserv's show by
// player); "next" those where it is one of them to move. At most 20
// boards are shown.
func showUsers(c *call) error {
	s := c.s
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
	listed, err := board.Select(c.tx, s.current, board.Query{Game: c.game.Name(), Who: who, Sel: sel})
	if err != nil {
		return err
	}
	if len(listed) == 0 {
		c.sec.say(lang.M("GameShowNone", "Sel", sel, "Title", c.game.Title(), "Who", trimLine(strings.Join(who, ", "))))
		return nil
	}
	var parts []string
	for _, l := range listed[:min(len(listed), shownAtMost)] {
		text, err := c.boardTextFor(l.Board, l.Game, l.State, -1)
		if err != nil {
			return err
		}
		parts = append(parts, text)
	}
	var more []lang.Msg
	if n := len(listed) - shownAtMost; n > 0 {
		more = []lang.Msg{lang.Literal("\n\n"), lang.N("GameShowMore", n, "N", n)}
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

func cmdRecord(c *call) error {
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
func cmdAllShow(c *call) error {
	s := c.s
	who := c.args[0]
	sel := "active"
	if len(c.args) > 1 {
		sel = strings.ToLower(c.args[1])
		if sel != "next" && sel != "active" {
			return refuseMsg(lang.M("RefuseUsage", "Usage", "all show <userid> [next|active]"))
		}
	}
	listed, err := board.Select(c.tx, s.current, board.Query{Who: []string{who}, Sel: sel, Max: shownAtMost})
	if err != nil {
		return err
	}
	var parts []string
	for _, l := range listed {
		text, err := c.boardTextFor(l.Board, l.Game, l.State, -1)
		if err != nil {
			return err
		}
		parts = append(parts, text)
	}
	entered, err := c.enteredMsgs(who)
	if err != nil {
		return err
	}
	if len(parts) == 0 {
		c.sec.say(append([]lang.Msg{lang.M("AllShowNone", "Sel", sel, "Who", trimLine(who))}, entered...)...)
		return nil
	}
	n := len(parts)
	said := []lang.Msg{lang.N("AllShowBoards", n, "N", n), lang.Literal("\n\n" + strings.Join(parts, "\n\n"))}
	if n == shownAtMost {
		// The count takes in the note, as it always has.
		said = []lang.Msg{lang.N("AllShowBoards", n+1, "N", n+1), lang.Literal("\n\n" + strings.Join(parts, "\n\n") + "\n\n"), lang.M("AllShowAtMost")}
	}
	c.sec.say(append(said, entered...)...)
	return nil
}

// enteredMsgs lists the tournaments of every game that who entered
// (open, running and finished), at most shownAtMost of them, each on
// a line as "<game> tournaments" writes it after the game's name;
// nothing when who entered none.
func (c *call) enteredMsgs(who string) ([]lang.Msg, error) {
	var lines []lang.Msg
	total := 0
	for _, g := range c.s.cfg.Games.Games() {
		docs, err := c.tx.Tournaments(g.Name())
		if err != nil {
			return nil, err
		}
		for _, doc := range docs {
			var t tournament.Tournament
			if err := json.Unmarshal(doc, &t); err != nil {
				return nil, fmt.Errorf("tournaments of %s: %w", g.Name(), err)
			}
			if !t.Entered(who) {
				continue
			}
			total++
			if len(lines) >= shownAtMost {
				continue
			}
			line := lang.N("TournLine", len(t.Entrants), "Name", g.Name()+" "+t.Name, "Settings", describeMsg(&t), "N", len(t.Entrants))
			switch {
			case t.Over:
				line = lang.M("TournLineWon", "Line", line, "Who", t.Winner)
			case t.Started:
				line = lang.M("TournLineRound", "Line", line, "Round", t.Current()+1)
			}
			lines = append(lines, line)
		}
	}
	if total == 0 {
		return nil, nil
	}
	said := []lang.Msg{lang.Literal("\n\n"), lang.N("AllShowTournaments", total, "N", total, "Who", trimLine(who))}
	for _, l := range lines {
		said = append(said, lang.Literal("\n"), l)
	}
	if total > len(lines) {
		said = append(said, lang.Literal("\n"), lang.M("AllShowTournamentsAtMost", "N", shownAtMost))
	}
	return said, nil
}

// ReplayRecord plays a record through its game and returns the final
// board text and status. The text may be the record alone or the mail
// it came in, as a mail client saves it (mail.SavedBody).
func ReplayRecord(games *engine.Registry, text []byte) (string, error) {
	return board.ReplayRecord(games, mail.SavedBody(text, "[Game "))
}

// cmdStandings: "<game> standings [page=<n>]": the ratings, the
// established players then the provisional ones, and the players
// seeking a game, a page of each at a time.
func cmdStandings(c *call) error {
	args, n, err := pageArg(c.args)
	if err != nil {
		return err
	}
	st, err := board.StandingsOf(c.tx, c.game.Name())
	if err != nil {
		return err
	}
	seekers, err := seek.List(c.tx, c.game.Name())
	if err != nil {
		return err
	}
	p, ok := limit.PageOf(n, max(len(st.Established)+len(st.Provisional), len(seekers)), limit.PageSize)
	if !ok {
		return refuseMsg(lang.M("ListNoPage", "Page", n, "Pages", p.Pages))
	}
	said := []lang.Msg{lang.Literal("\n"), lang.M("StandingsOf", "Title", c.game.Title()), lang.Literal("\n")}
	first := 0 // the place in the whole table of a part's first row
	for _, part := range []struct {
		title lang.Msg
		rows  []store.Rating
	}{{lang.M("StandingsEstablished"), st.Established}, {lang.N("StandingsProvisional", board.ProvisionalGames, "N", board.ProvisionalGames), st.Provisional}} {
		from, to := min(max(p.From-first, 0), len(part.rows)), min(max(p.To-first, 0), len(part.rows))
		first += len(part.rows)
		if len(part.rows) > 0 && from == to {
			continue // on another page
		}
		said = append(said, lang.Literal("\n"), part.title, lang.Literal(":\n"))
		if len(part.rows) == 0 {
			said = append(said, lang.Literal("  "), lang.M("PlayNone"), lang.Literal("\n"))
			continue
		}
		said = append(said, lang.Literal("  "), lang.M("StandingsColumns"), lang.Literal("\n"))
		for i, r := range part.rows[from:to] {
			said = append(said, lang.Literal(fmt.Sprintf("  %4d %-20s %6.0f %5d %5d %5d\n", from+i+1, r.User, r.Rating, r.Won, r.Lost, r.Tied)))
		}
	}
	said = append(said, lang.Literal("\n"), lang.M("StandingsSeeking", "N", len(seekers)), lang.Literal("\n"))
	for _, sk := range seekers[min(p.From, len(seekers)):min(p.To, len(seekers))] {
		said = append(said, lang.N("SeekLine", sk.Count, "Who", fmt.Sprintf("%-20s", sk.User), "N", sk.Count, "Options", optionsMsg(sk.Options)), lang.Literal("\n"))
	}
	said = append(said, c.pageFooter(p, args)...)
	c.sec.say(said...)
	c.sec.subject = lang.M("MailSubjectStandings", "Title", c.game.Title())
	return nil
}

// historyRows is the most finished games "<game> history" lists.
const historyRows = 50

// cmdHistory: "<game> history [<userid>]": the last finished games of
// the game, newest first, or of one player (board.HistoryOf).
func cmdHistory(c *call) error {
	args, n, err := pageArg(c.args)
	if err != nil {
		return err
	}
	if len(args) > 1 {
		return refuseMsg(lang.M("RefuseUsage", "Usage", c.game.Name()+" history [<userid>] [page=<n>]"))
	}
	who := ""
	if len(args) == 1 {
		who = args[0]
	}
	h, err := board.HistoryOf(c.tx, c.game.Name(), who, n*historyRows)
	if err != nil {
		return err
	}
	total := len(h.Boards)
	if h.More {
		total = max(h.Total, total+1)
	}
	p, ok := limit.PageOf(n, total, historyRows)
	if !ok {
		return refuseMsg(lang.M("ListNoPage", "Page", n, "Pages", p.Pages))
	}
	h.Boards = h.Boards[p.From:p.To]
	var rows [][]lang.Msg
	for _, b := range h.Boards {
		head := lang.Literal(fmt.Sprintf("  %s %5d  %-30s ", b.Updated.UTC().Format("2006-01-02"), b.Number, strings.Join(b.Players, " ")))
		rows = append(rows, []lang.Msg{head, outcomeMsg(b)})
	}
	more := c.pageFooter(p, args)
	if who != "" {
		if h.More && n == 1 {
			more = append([]lang.Msg{lang.Literal("\n\n"), lang.N("HistoryMostRecent", h.Total, "Shown", historyRows, "N", h.Total)}, more...)
		}
		c.sec.subject = lang.M("MailSubjectHistoryOf", "Title", c.game.Title(), "Who", trimLine(who))
		if len(rows) == 0 {
			c.sec.say(lang.M("HistoryNoneOf", "Title", c.game.Title(), "Who", trimLine(who)))
		} else {
			c.sec.say(historyText(lang.M("HistoryOf", "Title", c.game.Title(), "Who", trimLine(who)), rows, more)...)
		}
		return nil
	}
	if h.More && n == 1 {
		more = append([]lang.Msg{lang.Literal("\n\n"), lang.N("HistoryMostRecentAll", h.Total, "Shown", historyRows, "N", h.Total, "Game", c.game.Name())}, more...)
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

// optionsMsg is a seek's options as a challenge gives them, or the
// words for none in the reader's language.
func optionsMsg(opts map[string]string) lang.Msg {
	if len(opts) == 0 {
		return lang.M("SeekNoOptions")
	}
	return lang.Literal(strings.Join(board.OptionWords(opts), " "))
}

// boardTextFor is a board shown in an answer (show, all show), written
// in the language the answer is written in.
func (c *call) boardTextFor(b store.Board, g engine.Game, st engine.State, upto int) (string, error) {
	return c.s.notices.RenderBoard(c.answerPrinter(), c.tx, b, g, st, upto, false, "", "", "", nil)
}

// pageArg takes the page word ("page=2") out of a list command's
// arguments: the other arguments and the page, 1 when none is given.
func pageArg(args []string) ([]string, int, error) {
	rest, n, bad := limit.ParsePage(args)
	if bad != "" {
		return nil, 0, refuseMsg(lang.M("ListBadPage", "Word", quotedWord(bad)))
	}
	return rest, n, nil
}

// pageFooter ends a page of a list that has more than one: which page
// it is and, when one follows, the exact command for the next.
func (c *call) pageFooter(p limit.Page, args []string) []lang.Msg {
	if p.Pages <= 1 {
		return nil
	}
	out := []lang.Msg{lang.Literal("\n\n"), lang.M("ListPage", "Page", p.Number, "Pages", p.Pages)}
	if p.More() {
		words := append(append([]string(nil), c.name...), args...)
		next := trimLine(strings.Join(words, " ")) + " " + limit.PageWord + strconv.Itoa(p.Number+1)
		out = append(out, lang.Literal(" "), lang.M("ListNext", "Command", next))
	}
	return out
}
