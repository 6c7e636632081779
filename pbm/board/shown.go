package board

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// What the lists show of boards and games, as data and as messages:
// the selection words of a list, how many boards and finished games a
// list shows, the page of the standings, a game's number of players,
// its rules summary and a seek's options.

// ShownAtMost is the most boards "show <userid>" and "all show" show,
// and the most tournaments "all show" lists.
const ShownAtMost = 20

// HistoryRows is the most finished games a page of "<game> history"
// lists.
const HistoryRows = 50

// ParseSel reads a list's selection word (SelActive, SelInactive,
// SelNext, SelAll), in any case; ok is false when word is none.
func ParseSel(word string) (sel string, ok bool) {
	switch l := strings.ToLower(word); l {
	case SelActive, SelInactive, SelNext, SelAll:
		return l, true
	}
	return "", false
}

// Listed is how many finished games the history counts for its pages:
// those it holds and, when there are more, the store's count of them
// (at least one more).
func (h History) Listed() int {
	if h.More {
		return max(h.Total, len(h.Boards)+1)
	}
	return len(h.Boards)
}

// A StandingsPart is one table of the standings on a page: the rows
// from From to To (places in the part, from 0) of Rows.
type StandingsPart struct {
	Provisional bool
	Rows        []store.Rating
	From, To    int
}

// Empty reports whether the part has no rows at all.
func (p StandingsPart) Empty() bool { return len(p.Rows) == 0 }

// Page are the parts of the standings shown on the page of rows from
// to to of the whole table (established players first, then the
// provisional ones). A part that has rows but none of them on the page
// is left out; a part with no rows is always shown.
func (s Standings) Page(from, to int) []StandingsPart {
	var out []StandingsPart
	first := 0 // the place in the whole table of a part's first row
	for i, rows := range [][]store.Rating{s.Established, s.Provisional} {
		f, t := min(max(from-first, 0), len(rows)), min(max(to-first, 0), len(rows))
		first += len(rows)
		if len(rows) > 0 && f == t {
			continue // on another page
		}
		out = append(out, StandingsPart{Provisional: i == 1, Rows: rows, From: f, To: t})
	}
	return out
}

// Count is how many rated players the standings hold.
func (s Standings) Count() int { return len(s.Established) + len(s.Provisional) }

// PlayerRange is a game's number of players as "2" or "2-4".
func PlayerRange(min, max int) string {
	if min == max {
		return strconv.Itoa(min)
	}
	return fmt.Sprintf("%d-%d", min, max)
}

// RulesSummary is a game's rules summary in every language the engine
// writes it in (engine.HelpIn), in English otherwise.
func RulesSummary(g engine.Game) lang.Msg {
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

// OptionsMsg is a seek's options as a challenge gives them, or the
// words for none in the reader's language.
func OptionsMsg(opts map[string]string) lang.Msg {
	if len(opts) == 0 {
		return lang.M("SeekNoOptions")
	}
	return lang.Literal(strings.Join(OptionWords(opts), " "))
}

// The columns of the lists' rows, in every language alike; the core
// writes each row's head and then the row's words in the reader's
// language (StatusMsg, OutcomeMsg).

// GamesRow is the head of a board's row in "<game> games": its
// number, its moves and its players, before its status.
func GamesRow(b store.Board) string {
	return fmt.Sprintf("%6d %5d  %-30s ", b.Number, len(b.Log), strings.Join(b.Players, " "))
}

// HistoryRow is the head of a finished game's row in "<game> history":
// the day it ended, its number and its players, before its outcome.
func HistoryRow(b store.Board) string {
	return fmt.Sprintf("  %s %5d  %-30s ", b.Updated.UTC().Format("2006-01-02"), b.Number, strings.Join(b.Players, " "))
}

// StandingsRow is a rating's row in "<game> standings", at its place
// in the table (from 1): place, player, rating, won, lost and tied,
// with its line end.
func StandingsRow(place int, r store.Rating) string {
	return fmt.Sprintf("  %4d %-20s %6.0f %5d %5d %5d\n", place, r.User, r.Rating, r.Won, r.Lost, r.Tied)
}
