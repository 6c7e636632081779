package board

import (
	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/lang"
)

// Bounds are the bounds on the moves of one command, checked before a
// game sees them, so that the cost of a refusal does not grow with
// what is refused: MaxMoves words, each of at most MaxMoveBytes, and a
// joined turn of at most MaxMoveBytes.
type Bounds struct{ MaxMoves, MaxMoveBytes int }

// BoundError is a command refused by a bound on its moves; Msg names
// the bound, for the reader's language.
type BoundError struct{ Msg lang.Msg }

func (e *BoundError) Error() string { return lang.InEnglish(e.Msg) }

// Moves gives the moves of one command as g plays them (TurnMoves),
// after the bounds: a command of more than MaxMoves moves, or a move
// (a turn once joined) of more than MaxMoveBytes, is a *BoundError
// before g sees it.
func (bd Bounds) Moves(g engine.Game, words []string) ([]string, error) {
	if len(words) > bd.MaxMoves {
		return nil, &BoundError{lang.N("CmdTooManyMoves", len(words), "Max", bd.MaxMoves)}
	}
	long := func(id string, n int, kv ...any) error {
		kv = append(kv, "Len", lang.N("CmdBytes", n), "Limit", lang.N("CmdBytes", bd.MaxMoveBytes))
		return &BoundError{lang.M(id, kv...)}
	}
	for i, w := range words {
		if len(w) > bd.MaxMoveBytes {
			return nil, long("CmdMoveTooLong", len(w), "N", i+1)
		}
	}
	moves, err := TurnMoves(g, words)
	if err == nil && len(moves) == 1 && len(moves[0]) > bd.MaxMoveBytes {
		return nil, long("CmdTurnTooLong", len(moves[0]), "Title", g.Title())
	}
	return moves, err
}
