package pbm

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/killpoint"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// Conditional moves (board.AddLine, board.Sync): "<game> if <board>
// <userid> <password> <move>..." adds a line to the player's tree, with
// no moves it shows the tree, "clear" removes it; a reply to a board
// mail says "if <move>...". The trees live in their own bucket of the
// store and are shown to their owner only; a move they answer is
// answered in the transaction that plays it (commit, playAhead).

// ifSecrets are the words of "if" never echoed or logged: the password
// and every move after it, which are the owner's secret until played.
// A command line is at most a few thousand words long (MaxLineBytes).
var ifSecrets = func() []int {
	out := make([]int, 0, 4096)
	for i := 2; i < 4098; i++ {
		out = append(out, i)
	}
	return out
}()

// cmdIf: "<game> if <board> <userid> <password> [<move>...|clear]".
func (s *Server) cmdIf(c *call) error {
	b, g, st, u, seat, err := c.boardPlayer()
	if err != nil {
		return err
	}
	n := b.Number
	if b.Over {
		return refuseOn(n, lang.M("CondOver", "Title", g.Title(), "Number", n))
	}
	x, err := conditionalOf(c.tx, b, u.ID)
	if err != nil {
		return err
	}
	board.Sync(&x, b)
	args := c.args[3:]
	c.sec.subject = lang.M("CondSubject", "Title", g.Title(), "Number", n)
	switch {
	case len(args) == 0:
	case len(args) == 1 && strings.EqualFold(args[0], "clear"):
		if err := c.tx.DeleteConditional(b.Game, n, u.ID); err != nil {
			return err
		}
		c.sec.say(lang.M("CondCleared", "Title", g.Title(), "Number", n))
		return nil
	default:
		moves, err := board.LineMoves(g, args)
		var le *board.LineError
		if errors.As(err, &le) {
			return refuseOn(n, lineRefusal(g, b, le)...)
		} else if err != nil {
			return err
		}
		if st.ToMove() == seat {
			return c.moveAndIf(b, g, st, u, seat, x, moves)
		}
		if _, err = board.AddLine(&x, b, st, seat, moves); errors.As(err, &le) {
			return refuseOn(n, lineRefusal(g, b, le)...)
		} else if err != nil {
			return err
		}
		if err := c.tx.PutConditional(x); err != nil {
			return err
		}
		c.sec.say(lang.M("CondAdded", "Title", g.Title(), "Number", n), lang.Literal("\n\n"))
	}
	c.sec.say(append(c.sec.msgs, treeMsgs(g, b, x)...)...)
	return nil
}

// moveAndIf is a line entered at its owner's turn: its first move is
// the owner's, played now as "move" plays it, and the rest of the line
// is kept from the position after it. The rest is checked before the
// move is played, and kept before, so that an answer the move draws
// from another tree is answered from it in the same step.
func (c *call) moveAndIf(b store.Board, g engine.Game, st engine.State, u store.User, seat int, x store.Conditional, moves []string) error {
	n := b.Number
	try := st.Clone()
	first, err := try.Play(moves[0])
	if err != nil {
		return refuseOn(n, lang.M("RefuseIllegal", "N", len(b.Log)+1, "Move", quotedWord(moves[0]), "Why", why(err)),
			lang.Literal(" "), lang.M("CondUnchanged"), lang.M("RefuseUnchanged"), drawn(b, st))
	}
	after := b
	after.Log = append(append([]store.Entry(nil), b.Log...), store.Entry{Seat: seat, Move: first})
	board.Sync(&x, after)
	if len(moves) > 1 {
		var le *board.LineError
		if _, err := board.AddLine(&x, after, try, seat, moves[1:]); errors.As(err, &le) {
			return refuseOn(n, lineRefusal(g, after, le)...)
		} else if err != nil {
			return err
		}
	}
	if err := c.tx.PutConditional(x); err != nil {
		return err
	}
	if err := c.play(b, u, seat, []string{first}); err != nil {
		return err
	}
	now, err := c.tx.Board(b.Game, n)
	if err != nil {
		return err
	}
	if now.Over {
		return nil
	}
	if x, err = conditionalOf(c.tx, now, u.ID); err != nil {
		return err
	}
	c.sec.say(append(c.sec.msgs, lang.Literal("\n\n"), lang.M("CondAdded", "Title", g.Title(), "Number", n), lang.Literal("\n\n"))...)
	c.sec.say(append(c.sec.msgs, treeMsgs(g, now, x)...)...)
	return nil
}

// conditionalOf is user's tree on b, or an empty one.
func conditionalOf(tx *store.Tx, b store.Board, user string) (store.Conditional, error) {
	all, err := tx.Conditionals(b.Game, b.Number)
	if err != nil {
		return store.Conditional{}, err
	}
	for _, x := range all {
		if strings.EqualFold(x.User, user) {
			return x, nil
		}
	}
	return board.NewConditional(b, user), nil
}

// treeMsgs shows a tree to its owner: the lines kept, and the lines
// left unplayed when the game went another way.
func treeMsgs(g engine.Game, b store.Board, x store.Conditional) []lang.Msg {
	var out []lang.Msg
	lines := board.Lines(x.Tree)
	if len(lines) == 0 {
		out = append(out, lang.M("CondNone", "Title", g.Title(), "Number", b.Number))
	} else {
		out = append(out, lang.M("CondTree", "Title", g.Title(), "Number", b.Number, "From", x.Base+1, "N", len(lines)), lang.Literal("\n"))
		out = append(out, lineList(g, lines))
	}
	if len(x.Unplayed) > 0 {
		out = append(out, lang.Literal("\n\n"), lang.M("CondUnplayed", "From", x.UnplayedAt+1, "N", len(x.Unplayed)), lang.Literal("\n"), lineList(g, x.Unplayed))
	}
	return out
}

func lineList(g engine.Game, lines [][]string) lang.Msg {
	var sb strings.Builder
	for _, l := range lines {
		sb.WriteString("  " + board.LineText(g, l) + "\n")
	}
	return lang.Literal(strings.TrimRight(sb.String(), "\n"))
}

// lineRefusal says why a line was refused: the move, its number, the
// reason, and the position it was tried on.
func lineRefusal(g engine.Game, b store.Board, le *board.LineError) []lang.Msg {
	unchanged := lang.M("CondUnchanged")
	switch le.Kind {
	case board.LineYourTurn:
		return []lang.Msg{lang.M("CondYourTurn", "Number", b.Number), lang.Literal(" "), unchanged}
	case board.LineGameOver:
		return []lang.Msg{lang.M("CondEnds", "N", le.Number, "Move", quotedWord(le.Move)), lang.Literal(" "), unchanged}
	case board.LineEndsTheirs:
		return []lang.Msg{lang.M("CondEndsTheirs", "N", le.Number, "Move", quotedWord(le.Move)), lang.Literal(" "), unchanged}
	case board.LineConflict:
		return []lang.Msg{lang.M("CondConflict", "N", le.Number, "Move", quotedWord(le.Move), "Stored", le.Stored, "Game", g.Name(), "Number", b.Number), lang.Literal(" "), unchanged}
	case board.LineTooLong:
		return []lang.Msg{lang.M("CondTooLong", "Max", board.MaxLineMoves, "MaxTree", board.MaxTreeMoves), lang.Literal(" "), unchanged}
	case board.LineSeparator:
		return []lang.Msg{lang.M("CondEmptyTurn", "Sep", board.LineSep), lang.Literal(" "), unchanged}
	case board.LineEmpty:
		return []lang.Msg{lang.M("CondEmpty"), lang.Literal(" "), unchanged}
	}
	at := b
	at.Log = le.Log
	return []lang.Msg{lang.M("RefuseIllegal", "N", le.Number, "Move", quotedWord(le.Move), "Why", why(le.Err)), lang.Literal(" "), unchanged,
		lang.Literal(" "), lang.M("CondPosition"), lang.Literal("\n\n"), drawn(at, le.State)}
}

// playAhead plays what the players arranged ahead of their turn, after
// the moves of a change: first the answers of conditional moves, then
// queued moves (playQueued); a queued move plays only at a turn where
// its player's tree holds no answer. Each automatic answer is mailed
// as a board mail of its own, the board as the move before it left it
// mailed first; a run stops after board.MaxAutomatic answers. A tree
// that the moves left is kept as unplayed lines, one taken back is
// void; their owners are told. It stops at an open vote (or one the
// change's move declined) and at the end of the game.
func (c *call) playAhead(b *store.Board, g engine.Game, st engine.State, ch *change, lapsed bool) error {
	trees, err := c.tx.Conditionals(b.Game, b.Number)
	if err != nil {
		return err
	}
	if len(trees) == 0 {
		return c.playQueued(b, st, ch)
	}
	base := make([]int, len(trees))
	for i := range trees {
		base[i] = trees[i].Base
	}
	auto := 0
	for {
		if err := c.syncTrees(b, g, trees); err != nil {
			return err
		}
		if board.Outcome(*b, st).Over {
			break
		}
		k, mv := -1, ""
		for i := range trees {
			if m, ok := board.CondAnswer(trees[i], st, board.SeatOf(*b, trees[i].User)); ok {
				k, mv = i, m
				break
			}
		}
		if k >= 0 && (b.Vote != nil || lapsed) {
			if trees[k].Base != base[k] {
				if err := c.tellHeld(*b, g, trees[k].User, mv, lapsed); err != nil {
					return err
				}
			}
			k = -1
		}
		if k >= 0 && auto < board.MaxAutomatic {
			// The board as the move before left it, then the answer.
			if err := c.mailBoardNow(*b, g, st, *ch); err != nil {
				return err
			}
			seat := board.SeatOf(*b, trees[k].User)
			e, err := board.PlayAnswer(b, st, seat, mv)
			if err != nil {
				return err
			}
			// A kill test ends the daemon here: the move and its
			// answer are in one transaction, neither committed yet.
			killpoint.At("conditional-answer", 1)
			auto++
			said := []lang.Msg{lang.M("CondPlayed", "Who", b.Players[seat], "Move", e.Move)}
			if auto == board.MaxAutomatic {
				said = append(said, lang.Literal(" "), lang.M("CondBound", "Max", board.MaxAutomatic))
			}
			*ch = change{Event: lang.English().Join(said), Said: said, By: b.Players[seat]}
			continue
		}
		n := len(b.Log)
		if err := c.playQueued(b, st, ch); err != nil {
			return err
		}
		if len(b.Log) == n {
			break
		}
	}
	over := board.Outcome(*b, st).Over
	for _, x := range trees {
		if over {
			x.Tree, x.Unplayed = nil, nil
		}
		if err := c.tx.PutConditional(x); err != nil {
			return err
		}
	}
	return nil
}

// mailBoardNow mails the board as it stands in the middle of a run of
// automatic moves. Its mail to the sender goes out at once: the answer
// to the sender's mail carries only the board as the run leaves it.
func (c *call) mailBoardNow(b store.Board, g engine.Game, st engine.State, ch change) error {
	held := len(c.held)
	if err := c.mailBoard(b.Clone(), g, st.Clone(), ch); err != nil {
		return err
	}
	for _, h := range c.held[held:] {
		if err := c.send(h.m); err != nil {
			return err
		}
	}
	c.held = c.held[:held]
	return nil
}

// syncTrees walks the trees down the moves played, and tells the
// owners of the trees the moves left or voided.
func (c *call) syncTrees(b *store.Board, g engine.Game, trees []store.Conditional) error {
	for i := range trees {
		r := board.Sync(&trees[i], *b)
		var text []lang.Msg
		switch r.Kind {
		case board.SyncDeviated:
			text = []lang.Msg{lang.M("CondDeviated", "Move", r.Move, "Title", g.Title(), "Number", b.Number, "At", trees[i].UnplayedAt+1, "Game", g.Name())}
		case board.SyncVoided:
			if len(r.Lines) == 0 {
				continue
			}
			text = []lang.Msg{lang.M("CondVoided", "Title", g.Title(), "Number", b.Number)}
		default:
			continue
		}
		text = append(text, lang.Literal("\n\n"), lineList(g, r.Lines))
		subject := lang.M("CondSubject", "Title", g.Title(), "Number", b.Number)
		if err := c.tellUserIn(trees[i].User, in(subject), func(p lang.Printer) string { return p.Join(text) }); err != nil {
			return err
		}
	}
	return nil
}

// tellHeld tells a tree's owner that its answer waits for them: a vote
// was open when the move it answers came.
func (c *call) tellHeld(b store.Board, g engine.Game, user, mv string, lapsed bool) error {
	vote := lang.M("VoteDraw")
	if !lapsed && b.Vote != nil {
		vote = voteMsg(b.Vote.Kind)
	}
	text := lang.M("CondHeld", "Move", mv, "Title", g.Title(), "Number", b.Number, "Vote", vote)
	subject := lang.M("CondSubject", "Title", g.Title(), "Number", b.Number)
	return c.tellUserIn(user, in(subject), in(text))
}

// conditionalHelp explains conditional moves with an example in g's
// notation, made from the first moves of a new board, its lines filled
// to 72 columns.
func conditionalHelp(g engine.Game) lang.Msg {
	m := lang.M("CondHelpNoExample", "Game", g.Name())
	if line := exampleLine(g); line != "" {
		m = lang.M("CondHelp", "Game", g.Name(), "Line", line)
	}
	return filled(m)
}

// filled is m with its lines filled to 72 columns.
func filled(m lang.Msg) lang.Msg {
	out := lang.Literal(fillTo(lang.English().Render(m), 72))
	out.Write = func(p lang.Printer) string { return fillTo(p.Render(m), 72) }
	return out
}

// fillTo breaks the lines of text longer than width at spaces; a line
// that begins with a space (an example) is left as it is.
func fillTo(text string, width int) string {
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

// exampleLine is a line of two answers from the start of a board of
// g, as the player who made the first move would enter it, or "" when
// the game gives none.
func exampleLine(g engine.Game) string {
	min, _ := g.Players()
	if min < 2 {
		min = 2
	}
	st, err := g.New(min, nil, 1)
	if err != nil {
		return ""
	}
	var line []string
	for len(line) < 1+2*min && !st.Result().Over {
		canon := exampleMove(g, st)
		if canon == "" {
			break
		}
		line = append(line, canon)
	}
	// The first move is the owner's: the line starts after it.
	if len(line) < 2 {
		return ""
	}
	return board.LineText(g, line[1:])
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

// helpIf is the text of "help if": the command, the reply form and an
// example for every game offered.
func (s *Server) helpIf(p lang.Printer) string {
	var sb strings.Builder
	c := s.game["if"]
	fmt.Fprintf(&sb, "  <game> if %s\n      %s\n\n", c.usage, c.explain(p))
	sb.WriteString(fillTo(p.T("CondHelpIntro"), 72) + "\n")
	for _, g := range s.cfg.Games.Games() {
		sb.WriteString("\n" + p.Render(conditionalHelp(g)) + "\n")
	}
	return strings.TrimRight(sb.String(), "\n")
}
