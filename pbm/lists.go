package pbm

// What the server shows of its games: a game's help, boards, lists of
// boards, records, the history of finished games and the standings
// with the seek list. The domain picks the boards and rows
// (board.Select, board.HistoryOf, board.StandingsOf, seek.List,
// tournament.EnteredBy); here they are written into the answer.

import (
	"strings"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	cmdtab "github.com/pbmgo/pbm/pbm/command"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/limit"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/pbm/notice"
	"github.com/pbmgo/pbm/pbm/seek"
	"github.com/pbmgo/pbm/pbm/tournplay"
	"github.com/pbmgo/pbm/store"
)

func cmdGameHelp(c *call) error {
	c.sec.say(board.GameHelp(c.game)...)
	c.sec.subject = lang.M("MailSubjectHelp", "Title", c.game.Title())
	return nil
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
		g, st, err := s.boards.Replay(b, at)
		if err != nil {
			return err
		}
		text, err := boardTextFor(c, b, g, st, at)
		if err != nil {
			return err
		}
		parts = append(parts, text)
		if len(c.args) == 1 {
			now := st
			if at >= 0 {
				if _, now, err = s.boards.Replay(b, -1); err != nil {
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
	who, sel := board.SelArgs(args)
	if len(who) > 1 {
		return refuseMsg(lang.M("RefuseUsage", "Usage", c.game.Name()+" games [<userid>] [active|inactive|next|all] [page=<n>]"))
	}
	q := board.Query{Game: c.game.Name(), Who: who, Sel: sel}
	listed, total, err := board.SelectPage(c.tx, s.boards.Now, q, (n-1)*limit.PageSize, limit.PageSize)
	if err != nil {
		return err
	}
	p, ok := limit.PageOf(n, total, limit.PageSize)
	if !ok {
		return refuseMsg(lang.M("ListNoPage", "Page", n, "Pages", p.Pages))
	}
	c.sec.say(board.GamesText(c.game.Title(), sel, listed, pageFooter(c.name, p, args))...)
	return nil
}

// showUsers: "<game> show <userid>... [active|inactive|next|all]": the
// boards of the game where any of the users plays (pbmserv's show by
// player); "next" those where it is one of them to move. At most 20
// boards are shown.
func showUsers(c *call) error {
	s := c.s
	who, sel := board.SelArgs(c.args)
	if len(who) == 0 {
		return refuseMsg(lang.M("GameShowTooMuch", "Game", c.game.Name()))
	}
	listed, err := board.Select(c.tx, s.boards.Now, board.Query{Game: c.game.Name(), Who: who, Sel: sel})
	if err != nil {
		return err
	}
	if len(listed) == 0 {
		c.sec.say(lang.M("GameShowNone", "Sel", sel, "Title", c.game.Title(), "Who", trimLine(strings.Join(who, ", "))))
		return nil
	}
	var parts []string
	for _, l := range listed[:min(len(listed), board.ShownAtMost)] {
		text, err := boardTextFor(c, l.Board, l.Game, l.State, -1)
		if err != nil {
			return err
		}
		parts = append(parts, text)
	}
	c.sec.say(board.ShownText(c.game.Title(), parts, len(listed))...)
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
	sel := board.SelActive
	if len(c.args) > 1 {
		sel = strings.ToLower(c.args[1])
		if sel != board.SelNext && sel != board.SelActive {
			return refuseMsg(lang.M("RefuseUsage", "Usage", "all show <userid> [next|active]"))
		}
	}
	listed, err := board.Select(c.tx, s.boards.Now, board.Query{Who: []string{who}, Sel: sel, Max: board.ShownAtMost})
	if err != nil {
		return err
	}
	var parts []string
	for _, l := range listed {
		text, err := boardTextFor(c, l.Board, l.Game, l.State, -1)
		if err != nil {
			return err
		}
		parts = append(parts, text)
	}
	entered, err := tournplay.Entered(c.tx, gameNames(s.cfg.Games), who, trimLine(who))
	if err != nil {
		return err
	}
	c.sec.say(board.AllShowText(sel, trimLine(who), parts, entered)...)
	return nil
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
	p, ok := limit.PageOf(n, max(st.Count(), len(seekers)), limit.PageSize)
	if !ok {
		return refuseMsg(lang.M("ListNoPage", "Page", n, "Pages", p.Pages))
	}
	said := board.StandingsText(c.game.Title(), st, seekers, p.From, p.To)
	said = append(said, pageFooter(c.name, p, args)...)
	c.sec.say(said...)
	c.sec.subject = lang.M("MailSubjectStandings", "Title", c.game.Title())
	return nil
}

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
	h, err := board.HistoryOf(c.tx, c.game.Name(), who, n*board.HistoryRows)
	if err != nil {
		return err
	}
	p, ok := limit.PageOf(n, h.Listed(), board.HistoryRows)
	if !ok {
		return refuseMsg(lang.M("ListNoPage", "Page", n, "Pages", p.Pages))
	}
	h.Boards = h.Boards[p.From:p.To]
	subject, said := board.HistoryText(c.game, h, trimLine(who), n == 1, pageFooter(c.name, p, args))
	c.sec.subject = subject
	c.sec.say(said...)
	return nil
}

// boardTextFor is a board shown in an answer (show, all show), written
// in the language the answer is written in.
func boardTextFor(c *call, b store.Board, g engine.Game, st engine.State, upto int) (string, error) {
	return c.s.notices.RenderBoard(c.answerPrinter(), c.tx, b, g, st, upto, false, "", "", "", nil)
}

// pageArg takes the page word ("page=2") out of a list command's
// arguments: the other arguments and the page, 1 when none is given.
func pageArg(args []string) ([]string, int, error) {
	rest, n, bad := limit.ParsePage(args)
	if bad != "" {
		return nil, 0, refuseMsg(lang.M("ListBadPage", "Word", mail.Quoted(bad)))
	}
	return rest, n, nil
}

// pageFooter ends a page of a list that has more than one
// (command.PageFooter).
func pageFooter(name []string, p limit.Page, args []string) []lang.Msg {
	return cmdtab.PageFooter(name, p, args)
}
