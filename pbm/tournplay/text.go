package tournplay

import (
	"fmt"
	"strings"

	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/tournament"
)

// Describe is tournament t's settings in the reader's language; the
// format's name, the day and the options are written as they are
// given.
func Describe(t *tournament.Tournament) lang.Msg {
	parts := []lang.Msg{lang.Literal(string(t.Format)), lang.N("TournSeatsN", t.Seats, "N", t.Seats)}
	if t.Rounds > 0 {
		parts = append(parts, lang.N("TournRoundsN", t.Rounds, "N", t.Rounds))
	}
	if t.Double {
		parts = append(parts, lang.M("TournDouble"))
	}
	if t.Size > 0 {
		parts = append(parts, lang.N("TournStartsAt", t.Size, "N", t.Size))
	}
	if !t.StartOn.IsZero() {
		parts = append(parts, lang.M("TournStartsOn", "Day", t.StartOn.Format("2006-01-02")))
	}
	for _, w := range board.OptionWords(t.Options) {
		parts = append(parts, lang.Literal(w))
	}
	out := parts[0]
	for _, p := range parts[1:] {
		out = lang.M("PlayJoinComma", "A", out, "B", p)
	}
	return out
}

// Report is the standings table and the rounds with their boards, to
// be written in the reader's language; before the start, the
// entrants.
func Report(t *tournament.Tournament) []lang.Msg {
	out := []lang.Msg{lang.M("TournHead", "Name", t.Name, "Settings", Describe(t), "Who", t.Organiser)}
	switch {
	case t.Over:
		out = append(out, lang.M("TournWonBy", "Who", t.Winner))
	case t.Started:
		out = append(out, lang.M("TournRunning", "Round", t.Current()+1))
	default:
		return append(out, lang.N("TournOpen", len(t.Entrants), "N", len(t.Entrants), "Entrants", strings.Join(t.IDs(), ", ")), lang.Literal("\n"))
	}
	out = append(out, lang.Literal("\n\n"), lang.M("TournColumns"))
	var b strings.Builder
	for _, n := range t.TieBreakNames() {
		fmt.Fprintf(&b, " %8s", n)
	}
	out = append(out, lang.Literal(b.String()), lang.M("TournColumnBoards"), lang.Literal("\n"))
	b.Reset()
	for _, st := range t.Standings() {
		fmt.Fprintf(&b, "%-4d %-20s %6s", st.Rank, st.ID, tournament.FormatPoints(st.Points))
		for _, v := range st.TieBreaks {
			fmt.Fprintf(&b, " %8s", tournament.FormatPoints(v))
		}
		fmt.Fprintf(&b, " %6d\n", st.Played)
	}
	out = append(out, lang.Literal(b.String()))
	for r, rd := range t.Played {
		out = append(out, lang.Literal("\n"), lang.M("TournRoundHead", "Round", r+1), lang.Literal("\n"))
		for _, p := range rd.Pairings {
			switch {
			case p.Bye():
				out = append(out, lang.M("TournBye", "Who", p.Seats[0]))
			case p.Done:
				var scores []string
				for _, v := range p.Points {
					scores = append(scores, tournament.FormatPoints(v))
				}
				out = append(out, lang.M("TournPairingDone", "Number", p.Board, "Seats", strings.Join(p.Seats, " - "), "Score", strings.Join(scores, "-")))
			default:
				out = append(out, lang.M("TournPairingRunning", "Number", p.Board, "Seats", strings.Join(p.Seats, " - ")))
			}
			out = append(out, lang.Literal("\n"))
		}
	}
	return out
}

// Index is the list of tournaments of a game (its title) to be written
// in the reader's language: the open ones, the running ones and the
// finished ones, each part with its count and a line for each of ts
// that is in it, in the order of ts.
func Index(title string, ts []*tournament.Tournament) []lang.Msg {
	var open, running, done []lang.Msg
	for _, t := range ts {
		line := lang.N("TournLine", len(t.Entrants), "Name", fmt.Sprintf("%-20s", t.Name), "Settings", Describe(t), "N", len(t.Entrants))
		switch {
		case t.Over:
			done = append(done, lang.M("TournLineWon", "Line", line, "Who", t.Winner))
		case t.Started:
			running = append(running, lang.M("TournLineRound", "Line", line, "Round", t.Current()+1))
		default:
			open = append(open, line)
		}
	}
	var said []lang.Msg
	for i, part := range []struct {
		id    string
		lines []lang.Msg
	}{{"TournListOpen", open}, {"TournListRunning", running}, {"TournListFinished", done}} {
		if i > 0 {
			said = append(said, lang.Literal("\n"))
		}
		said = append(said, lang.M(part.id, "Title", title, "N", len(part.lines)))
		for _, l := range part.lines {
			said = append(said, lang.Literal("\n"), l)
		}
	}
	return said
}
