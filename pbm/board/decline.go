package board

import (
	"strings"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// AllMoved reports whether every seat still in the game has made a
// move (or the board is a tournament's): from then on, leaving is
// resigning.
func AllMoved(b store.Board) bool {
	if b.Tournament != "" {
		// Entering a tournament takes up its boards: leaving one is
		// resigning it.
		return true
	}
	moved := map[int]bool{}
	for _, e := range b.Log {
		if e.Kind == "" {
			moved[e.Seat] = true
		}
	}
	for _, s := range InGame(b) {
		if !moved[s] {
			return false
		}
	}
	return true
}

// Removed reports whether a finished board ended by a decline: it has
// no result and is not rated.
func Removed(b store.Board, st engine.State) bool {
	n := len(b.Log)
	return n > 0 && b.Log[n-1].Kind == "decline" && st.Result().Over
}

// DeclinedSeats lists the seats that declined.
func DeclinedSeats(b store.Board) map[int]bool {
	out := map[int]bool{}
	for _, e := range b.Log {
		if e.Kind == "decline" {
			out[e.Seat] = true
		}
	}
	return out
}

// Decliner is the userid whose decline removed the board.
func Decliner(b store.Board) string {
	if n := len(b.Log); n > 0 && b.Log[n-1].Seat >= 0 && b.Log[n-1].Seat < len(b.Players) {
		return b.Players[b.Log[n-1].Seat]
	}
	return "?"
}

// Declined reports whether a board was removed by a decline, from its
// stored record alone (so the web site can tell without replaying it),
// and the userid who declined: the board is over and its last log
// entry is the decline. Such a board has no result and is not rated;
// its Outcome is the line declineStatus gives, which the text board and
// the picture say too.
func Declined(b store.Board) (by string, ok bool) {
	n := len(b.Log)
	if !b.Over || n == 0 || b.Log[n-1].Kind != "decline" {
		return "", false
	}
	return Decliner(b), true
}

// TextBoard is the engine's text board of the position st of b, as
// board mails show it and the web page should: a board removed by a
// decline says so (declinedDiagram) where the engine would name a
// winner.
func TextBoard(b store.Board, st engine.State) string {
	var diagram strings.Builder
	st.Board(&diagram, b.Players)
	text := strings.TrimRight(diagram.String(), "\n")
	if Removed(b, st) {
		text = declinedDiagram(text, b)
	}
	return text
}

// TextBoardIn is TextBoard written by p: the sentences of an engine
// that writes its text board in lines (engine.TextBoard) in p's
// language, the drawing as it is drawn. In English, and for an engine
// without lines, it is TextBoard.
func TextBoardIn(p lang.Printer, b store.Board, st engine.State) string {
	tb, ok := st.(engine.TextBoard)
	if !ok || p.Code() == lang.Default {
		return TextBoard(b, st)
	}
	removed := Removed(b, st)
	lines := tb.BoardLines(b.Players)
	texts := make([]string, len(lines))
	columns := make([]int, len(lines))
	for i, l := range lines {
		texts[i] = l.Text
		if l.Msg != nil {
			texts[i], columns[i] = renderPadded(p, l.Msg)
			if en := l.Msg.Error(); removed && strings.Contains(en, "Game over:") {
				texts[i] = en[:strings.Index(en, "Game over:")] + p.T("StatusDeclined", "Who", Decliner(b))
				columns[i] = 0
				removed = false
			}
		}
	}
	alignColumns(texts, columns)
	var out strings.Builder
	for i, l := range lines {
		line := texts[i]
		if l.Msg != nil {
			line = strings.Join(engine.WrapLine(line), "\n")
		}
		out.WriteString(line)
		out.WriteByte('\n')
	}
	text := strings.TrimRight(out.String(), "\n")
	if removed {
		text += "\n" + p.T("StatusDeclined", "Who", Decliner(b))
	}
	return text
}

// declinedDiagram is an engine's text board of a removed board with
// its line of the end, which tells the decline as a resignation
// ("Game over: Ohs (alice) wins: Eks resigned."), saying what
// happened instead: the rest of the line from "Game over:" is the
// board's status. A diagram without such a line gets the status as
// its last line.
func declinedDiagram(diagram string, b store.Board) string {
	st := DeclineStatus(b)
	lines := strings.Split(diagram, "\n")
	for i, l := range lines {
		if k := strings.Index(l, "Game over:"); k >= 0 {
			lines[i] = l[:k] + st
			return strings.Join(lines, "\n")
		}
	}
	return strings.TrimRight(diagram, "\n") + "\n" + st
}

// DeclineStatus is the status line of a removed board.
func DeclineStatus(b store.Board) string {
	return lang.English().T("StatusDeclined", "Who", Decliner(b))
}

// Resign takes seat out of the game at now for good, as a
// resignation or a forfeit (kind "resign" or "forfeit"), whoever is to
// move. On an error of the engine (the seat is out already) the record
// is unchanged.
func Resign(b *store.Board, st engine.State, seat int, kind string, now time.Time) error {
	if err := st.Resign(seat); err != nil {
		return err
	}
	b.Log = append(b.Log, store.Entry{Seat: seat, Kind: kind, At: now})
	delete(b.Queued, strings.ToLower(b.Players[seat]))
	return nil
}

// Leave takes seat off the board at now: a resignation (Resign) once
// every seat in the game has moved, a decline before (AllMoved). It
// returns whether it was a decline.
func Leave(b *store.Board, st engine.State, seat int, kind string, now time.Time) (declined bool, err error) {
	if AllMoved(*b) {
		return false, Resign(b, st, seat, kind, now)
	}
	if err := st.Resign(seat); err != nil {
		return true, err
	}
	key := strings.ToLower(b.Players[seat])
	b.Log = append(b.Log, store.Entry{Seat: seat, Kind: "decline", At: now})
	b.Vote = nil
	delete(b.Queued, key)
	delete(b.Submitted, key)
	return true, nil
}

// A line of a text board that is a row of a table has its column
// lined up by the spaces of its datum Pad, which the engine counts for
// its English. In another language the words before the column have
// another width: the core writes the row with padMark for Pad, and
// lines up the rows next to each other by display width (lang.Width),
// at the English column or further right when a language's words are
// wider.

// padMark stands for the padding of a row until the rows are lined up.
const padMark = "\x1f"

// renderPadded writes a line of a text board; for a row of a table it
// returns also the column the English lines up at (0 for any other
// line), with padMark where the padding goes.
func renderPadded(p lang.Printer, r *engine.Refusal) (string, int) {
	pad, ok := r.Args["Pad"].(string)
	if !ok || strings.TrimSpace(pad) != "" {
		return p.Render(Message(r)), 0
	}
	m := Message(r)
	m.Data["Pad"] = padMark
	before, _, found := strings.Cut(lang.English().Render(m), padMark)
	text := p.Render(m)
	if !found || strings.Count(text, padMark) != 1 {
		return p.Render(Message(r)), 0
	}
	return text, lang.Width(before) + len(pad)
}

// alignColumns lines up each run of rows next to each other (column
// not 0): the text before padMark padded to the widest of them, and
// at least to each row's English column.
func alignColumns(texts []string, columns []int) {
	for i := 0; i < len(texts); {
		if columns[i] == 0 {
			i++
			continue
		}
		j, target := i, 0
		for ; j < len(texts) && columns[j] != 0; j++ {
			before, _, _ := strings.Cut(texts[j], padMark)
			target = max(target, columns[j], lang.Width(before))
		}
		for k := i; k < j; k++ {
			before, after, _ := strings.Cut(texts[k], padMark)
			texts[k] = lang.Pad(before, target) + after
		}
		i = j
	}
}
