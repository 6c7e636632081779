package board

import (
	"fmt"
	"strings"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// The texts of the lists answered by mail, as messages written in the
// reader's language: the boards a show of players found, every board
// of a player, the finished games and the standings. The core picks
// the page and writes its footer; a board's drawing is the notice
// writer's, given here as text.

// ShownText is the answer to "<game> show <userid>...": the boards
// drawn (parts, at most ShownAtMost of them) of the found boards of
// the game titled title, and how many more were found than shown.
func ShownText(title string, parts []string, found int) []lang.Msg {
	said := []lang.Msg{lang.N("GameShowBoards", len(parts), "N", len(parts), "Title", title),
		lang.Literal("\n\n" + strings.Join(parts, "\n\n"))}
	if n := found - ShownAtMost; n > 0 {
		said = append(said, lang.Literal("\n\n"), lang.N("GameShowMore", n, "N", n))
	}
	return said
}

// AllShowText is the answer to "all show <userid> [next|active]": the
// boards drawn (parts) of who (as shown) selected by sel, then entered,
// the tournaments who entered. A list cut at ShownAtMost says so, and
// its count takes in the note.
func AllShowText(sel, who string, parts []string, entered []lang.Msg) []lang.Msg {
	n := len(parts)
	var said []lang.Msg
	switch {
	case n == 0:
		said = []lang.Msg{lang.M("AllShowNone", "Sel", sel, "Who", who)}
	case n == ShownAtMost:
		said = []lang.Msg{lang.N("AllShowBoards", n+1, "N", n+1), lang.Literal("\n\n" + strings.Join(parts, "\n\n") + "\n\n"), lang.M("AllShowAtMost")}
	default:
		said = []lang.Msg{lang.N("AllShowBoards", n, "N", n), lang.Literal("\n\n" + strings.Join(parts, "\n\n"))}
	}
	return append(said, entered...)
}

// GamesText is the answer to "<game> games": the boards listed of the
// game titled title, selected by sel, one row each with its status,
// then footer.
func GamesText(title, sel string, listed []Listed, footer []lang.Msg) []lang.Msg {
	if len(listed) == 0 {
		return []lang.Msg{lang.M("GamesNone", "Sel", sel, "Title", title)}
	}
	said := []lang.Msg{lang.M("GamesHead", "Title", title, "Sel", sel), lang.Literal("\n\n"), lang.M("GamesColumns")}
	for _, l := range listed {
		said = append(said, lang.Literal("\n"+GamesRow(l.Board)), StatusMsg(l.Board, l.State))
	}
	return append(said, footer...)
}

// HistoryText is the answer to "<game> history [<userid>]" of the game
// g: its subject and its text, the finished games of h (the page's),
// of who (as shown; "" for every player). On the first page of a
// history cut short it says how many games there are; footer ends it.
func HistoryText(g engine.Game, h History, who string, first bool, footer []lang.Msg) (subject lang.Msg, said []lang.Msg) {
	more := footer
	if who != "" {
		if h.More && first {
			more = append([]lang.Msg{lang.Literal("\n\n"), lang.N("HistoryMostRecent", h.Total, "Shown", HistoryRows, "N", h.Total)}, more...)
		}
		subject = lang.M("MailSubjectHistoryOf", "Title", g.Title(), "Who", who)
		if len(h.Boards) == 0 {
			return subject, []lang.Msg{lang.M("HistoryNoneOf", "Title", g.Title(), "Who", who)}
		}
		return subject, historyRows(lang.M("HistoryOf", "Title", g.Title(), "Who", who), h.Boards, more)
	}
	if h.More && first {
		more = append([]lang.Msg{lang.Literal("\n\n"), lang.N("HistoryMostRecentAll", h.Total, "Shown", HistoryRows, "N", h.Total, "Game", g.Name())}, more...)
	}
	subject = lang.M("MailSubjectHistory", "Title", g.Title())
	if len(h.Boards) == 0 {
		return subject, []lang.Msg{lang.M("HistoryNone", "Title", g.Title())}
	}
	return subject, historyRows(lang.M("HistoryAll", "Title", g.Title()), h.Boards, more)
}

// historyRows is the list of finished games under its head, a row
// and the outcome a line.
func historyRows(head lang.Msg, boards []store.Board, more []lang.Msg) []lang.Msg {
	said := []lang.Msg{head, lang.Literal("\n\n")}
	for i, b := range boards {
		if i > 0 {
			said = append(said, lang.Literal("\n"))
		}
		said = append(said, lang.Literal(HistoryRow(b)), OutcomeMsg(b))
	}
	return append(said, more...)
}

// StandingsText is the standings of the game titled title on the page
// of rows [from, to): the established players then the provisional
// ones, then the players seeking a game (seekers) of the same rows.
func StandingsText(title string, st Standings, seekers []store.Seek, from, to int) []lang.Msg {
	said := []lang.Msg{lang.Literal("\n"), lang.M("StandingsOf", "Title", title), lang.Literal("\n")}
	for _, part := range st.Page(from, to) {
		head := lang.M("StandingsEstablished")
		if part.Provisional {
			head = lang.N("StandingsProvisional", ProvisionalGames, "N", ProvisionalGames)
		}
		said = append(said, lang.Literal("\n"), head, lang.Literal(":\n"))
		if part.Empty() {
			said = append(said, lang.Literal("  "), lang.M("PlayNone"), lang.Literal("\n"))
			continue
		}
		said = append(said, lang.Literal("  "), lang.M("StandingsColumns"), lang.Literal("\n"))
		for i, r := range part.Rows[part.From:part.To] {
			said = append(said, lang.Literal(StandingsRow(part.From+i+1, r)))
		}
	}
	said = append(said, lang.Literal("\n"), lang.M("StandingsSeeking", "N", len(seekers)), lang.Literal("\n"))
	for _, sk := range seekers[min(from, len(seekers)):min(to, len(seekers))] {
		said = append(said, lang.N("SeekLine", sk.Count, "Who", fmt.Sprintf("%-20s", sk.User), "N", sk.Count, "Options", OptionsMsg(sk.Options)), lang.Literal("\n"))
	}
	return said
}

// GameHelp is the answer to "<game> help" of the game g: its number of
// players and rules, its options with their defaults, its conditional
// moves, and how to start a board.
func GameHelp(g engine.Game) []lang.Msg {
	min, max := g.Players()
	said := []lang.Msg{lang.Literal("\n"), lang.M("GameHelpPlayers", "Title", g.Title(), "Players", PlayerRange(min, max)), RulesSummary(g)}
	if opts := g.Options(); len(opts) > 0 {
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
	said = append(said, lang.Literal("\n"), ConditionalHelp(g), lang.Literal("\n"))
	return append(said, lang.Literal("\n"), lang.M("GameHelpStart"),
		lang.Literal(fmt.Sprintf("\n  %s challenge <userid> <password> <player1> [<player2>...] [-option...]\n", g.Name())))
}
