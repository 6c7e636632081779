package board

import (
	"strings"
	"unicode/utf8"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// What conditional moves say to their owner, and how they are
// explained, as messages of the catalogue.

// ConditionalOf is user's tree on b, or an empty one.
func ConditionalOf(tx *store.Tx, b store.Board, user string) (store.Conditional, error) {
	all, err := tx.Conditionals(b.Game, b.Number)
	if err != nil {
		return store.Conditional{}, err
	}
	for _, x := range all {
		if strings.EqualFold(x.User, user) {
			return x, nil
		}
	}
	return NewConditional(b, user), nil
}

// TreeMsgs shows a tree to its owner: the lines kept, and the lines
// left unplayed when the game went another way.
func TreeMsgs(g engine.Game, b store.Board, x store.Conditional) []lang.Msg {
	var out []lang.Msg
	lines := Lines(x.Tree)
	if len(lines) == 0 {
		out = append(out, lang.M("CondNone", "Title", g.Title(), "Number", b.Number))
	} else {
		out = append(out, lang.M("CondTree", "Title", g.Title(), "Number", b.Number, "From", x.Base+1, "N", len(lines)), lang.Literal("\n"))
		out = append(out, LineList(g, lines))
	}
	if len(x.Unplayed) > 0 {
		out = append(out, lang.Literal("\n\n"), lang.M("CondUnplayed", "From", x.UnplayedAt+1, "N", len(x.Unplayed)), lang.Literal("\n"), LineList(g, x.Unplayed))
	}
	return out
}

// LineList writes lines one a row, indented.
func LineList(g engine.Game, lines [][]string) lang.Msg {
	var sb strings.Builder
	for _, l := range lines {
		sb.WriteString("  " + LineText(g, l) + "\n")
	}
	return lang.Literal(strings.TrimRight(sb.String(), "\n"))
}

// ConditionalHelp explains conditional moves with an example in g's
// notation, made from the first moves of a new board, its lines filled
// to 72 columns.
func ConditionalHelp(g engine.Game) lang.Msg {
	m := lang.M("CondHelpNoExample", "Game", g.Name())
	if line := ExampleLine(g); line != "" {
		m = lang.M("CondHelp", "Game", g.Name(), "Line", line)
	}
	return filled(m)
}

// filled is m with its lines filled to 72 columns.
func filled(m lang.Msg) lang.Msg {
	out := lang.Literal(Fill(lang.English().Render(m), 72))
	out.Write = func(p lang.Printer) string { return Fill(p.Render(m), 72) }
	return out
}

// Fill breaks the lines of text longer than width at spaces; a line
// that begins with a space (an example) is left as it is.
func Fill(text string, width int) string {
	var b strings.Builder
	for i, l := range strings.Split(text, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		if strings.HasPrefix(l, " ") || utf8.RuneCountInString(l) <= width {
			b.WriteString(l)
			continue
		}
		n := 0
		for j, w := range strings.Fields(l) {
			k := utf8.RuneCountInString(w)
			switch {
			case j == 0:
			case n+1+k > width:
				b.WriteByte('\n')
				n = 0
			default:
				b.WriteByte(' ')
				n++
			}
			b.WriteString(w)
			n += k
		}
	}
	return b.String()
}

// ExampleLine is a line of two answers from the start of a board of
// g, as the player who made the first move would enter it, or "" when
// the game gives none.
func ExampleLine(g engine.Game) string {
	min, _ := g.Players()
	if min < 2 {
		min = 2
	}
	st, err := g.New(min, nil, 1)
	if err != nil {
		return ""
	}
	owner := st.ToMove()
	if exampleMove(g, st) == "" {
		return ""
	}
	var line []string
	end := 0 // the line up to the owner's last answer
	for answers := 0; answers < 2 && len(line) < 8*min && !st.Result().Over; {
		seat := st.ToMove()
		canon := exampleMove(g, st)
		if canon == "" {
			break
		}
		line = append(line, canon)
		if seat == owner {
			answers++
			end = len(line)
		}
	}
	if end < 2 {
		return ""
	}
	return LineText(g, line[:end])
}

// exampleMove plays on st a move of the middle of the legal ones,
// other than a pass when there is another, and of two actions in a
// game whose turn holds several when two go together; "" when there
// is none.
func exampleMove(g engine.Game, st engine.State) string {
	var legal []string
	for _, m := range st.Legal() {
		if !strings.EqualFold(m, "pass") {
			legal = append(legal, m)
		}
	}
	if len(legal) == 0 {
		legal = st.Legal()
	}
	if len(legal) == 0 {
		return ""
	}
	first := legal[len(legal)/2]
	if t, ok := g.(engine.Turns); ok {
		for _, second := range legal {
			try := st.Clone()
			if canon, err := try.Play(t.JoinTurn([]string{first, second})); err == nil {
				st.Play(t.JoinTurn([]string{first, second}))
				return canon
			}
		}
	}
	canon, err := st.Play(first)
	if err != nil {
		return ""
	}
	return canon
}
