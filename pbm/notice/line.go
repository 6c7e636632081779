package notice

import (
	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/store"
)

// LineRefusal says why a line of conditional moves for b was refused
// (board.LineError): the move, its number, the reason, and for an
// illegal move the position it was tried on.
func LineRefusal(g engine.Game, b store.Board, le *board.LineError) []lang.Msg {
	unchanged := lang.M("CondUnchanged")
	switch le.Kind {
	case board.LineYourTurn:
		return []lang.Msg{lang.M("CondYourTurn", "Number", b.Number), lang.Literal(" "), unchanged}
	case board.LineGameOver:
		return []lang.Msg{lang.M("CondEnds", "N", le.Number, "Move", mail.Quoted(le.Move)), lang.Literal(" "), unchanged}
	case board.LineEndsTheirs:
		return []lang.Msg{lang.M("CondEndsTheirs", "N", le.Number, "Move", mail.Quoted(le.Move)), lang.Literal(" "), unchanged}
	case board.LineConflict:
		return []lang.Msg{lang.M("CondConflict", "N", le.Number, "Move", mail.Quoted(le.Move), "Stored", le.Stored, "Game", g.Name(), "Number", b.Number), lang.Literal(" "), unchanged}
	case board.LineTooLong:
		return []lang.Msg{lang.M("CondTooLong", "Max", board.MaxLineMoves, "MaxTree", board.MaxTreeMoves), lang.Literal(" "), unchanged}
	case board.LineSeparator:
		return []lang.Msg{lang.M("CondEmptyTurn", "Sep", board.LineSep), lang.Literal(" "), unchanged}
	case board.LineEmpty:
		return []lang.Msg{lang.M("CondEmpty"), lang.Literal(" "), unchanged}
	}
	at := b
	at.Log = le.Log
	drawn := lang.Msg{Write: func(p lang.Printer) string { return board.TextBoardIn(p, at, le.State) }}
	return []lang.Msg{lang.M("RefuseIllegal", "N", le.Number, "Move", mail.Quoted(le.Move), "Why", board.Why(le.Err)), lang.Literal(" "), unchanged,
		lang.Literal(" "), lang.M("CondPosition"), lang.Literal("\n\n"), drawn}
}

// trimLine is a word of a command as a refusal repeats it, as the
// command language echoes it (mail.TrimLine).
func trimLine(s string) string { return mail.TrimLine(s) }
