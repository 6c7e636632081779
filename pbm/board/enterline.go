package board

import (
	"fmt"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/store"
)

// FirstMoveError is a line entered at its owner's turn whose first
// move, the owner's own, is illegal on the position now (EnterLine):
// nothing is kept.
type FirstMoveError struct {
	Move string // as the player wrote it
	Err  error  // the engine's reason
}

func (e *FirstMoveError) Error() string {
	return fmt.Sprintf("the first move %q of the line: %v", e.Move, e.Err)
}

func (e *FirstMoveError) Unwrap() error { return e.Err }

// EnterLine adds a line of moves (LineMoves) to x, the tree of the
// player at seat on b at position st (x synced to b), and saves the
// tree. Entered at the player's turn, the line's first move is the
// player's own: it is checked on st and returned in canonical form, to
// be played as a move command plays it, and the rest of the line is
// kept from the position after it; the rest is checked and kept before
// the move is played, so that an answer the move draws from another
// tree is answered from it in the same step. Otherwise first is "".
// A refused first move is a *FirstMoveError, a refused line a
// *LineError (AddLine); either way nothing is saved.
func EnterLine(tx *store.Tx, x *store.Conditional, b store.Board, st engine.State, seat int, moves []string) (first string, err error) {
	if st.ToMove() != seat {
		if _, err := AddLine(x, b, st, seat, moves); err != nil {
			return "", err
		}
		return "", SaveConditional(tx, *x)
	}
	try := st.Clone()
	if first, err = try.Play(moves[0]); err != nil {
		return "", &FirstMoveError{Move: moves[0], Err: err}
	}
	after := b
	after.Log = append(append([]store.Entry(nil), b.Log...), store.Entry{Seat: seat, Move: first})
	Sync(x, after)
	if len(moves) > 1 {
		if _, err := AddLine(x, after, try, seat, moves[1:]); err != nil {
			return "", err
		}
	}
	return first, SaveConditional(tx, *x)
}
