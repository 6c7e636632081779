package board

import (
	"errors"
	"strings"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/store"
)

// Moves made ahead of their turn (pbmserv): a queue of moves kept
// unchecked until the player's turn comes, then played one per turn
// (PlayQueued); and a submitted move, checked and kept until the
// player confirms it.

// MaxQueued is how many moves a player may queue on a board.
const MaxQueued = 20

// ErrQueueFull is a queue that would hold more than MaxQueued moves.
var ErrQueueFull = errors.New("the queue holds at most 20 moves")

// Queue adds moves to user's queue on b and writes b. It returns the
// queue as it is now; on ErrQueueFull nothing is changed or written.
func Queue(tx *store.Tx, b *store.Board, user string, moves []string) ([]string, error) {
	key := strings.ToLower(user)
	q := append(append([]string(nil), b.Queued[key]...), moves...)
	if len(q) > MaxQueued {
		return nil, ErrQueueFull
	}
	if b.Queued == nil {
		b.Queued = map[string][]string{}
	}
	b.Queued[key] = q
	return q, tx.PutBoard(*b)
}

// ClearQueue empties user's queue on b and writes b.
func ClearQueue(tx *store.Tx, b *store.Board, user string) error {
	delete(b.Queued, strings.ToLower(user))
	return tx.PutBoard(*b)
}

// ErrNotYourTurn is a move submitted by a player who is not to move.
var ErrNotYourTurn = errors.New("not the player's turn")

// Submit checks seat's move mv on st, whose seat must be to move, and
// keeps it on b as the user's submitted move, until the user confirms
// it; it writes b and returns the move in canonical form, st holding
// the position it gives. A move the engine refuses is the engine's
// error, and nothing is written.
func Submit(tx *store.Tx, b *store.Board, st engine.State, seat int, mv string) (string, error) {
	if st.ToMove() != seat {
		return "", ErrNotYourTurn
	}
	canon, err := st.Play(mv)
	if err != nil {
		return "", err
	}
	if b.Submitted == nil {
		b.Submitted = map[string]string{}
	}
	b.Submitted[strings.ToLower(b.Players[seat])] = canon
	return canon, tx.PutBoard(*b)
}

// Confirm takes user's submitted move off b (not written: the move's
// play writes it); false when the user submitted none.
func Confirm(b *store.Board, user string) (string, bool) {
	key := strings.ToLower(user)
	mv, ok := b.Submitted[key]
	if ok {
		delete(b.Submitted, key)
	}
	return mv, ok
}

// SaveConditional keeps a player's conditional moves on a board; one
// with neither tree nor unplayed lines is removed.
func SaveConditional(tx *store.Tx, x store.Conditional) error {
	return tx.PutConditional(x)
}

// ClearConditional removes user's conditional moves on board n of
// game.
func ClearConditional(tx *store.Tx, game string, n int, user string) error {
	return tx.DeleteConditional(game, n, user)
}

// SaveTrees keeps the trees of a board after its moves were played
// (PlayAnswer, Sync); at the end of the game (over) they are emptied,
// and so removed.
func SaveTrees(tx *store.Tx, trees []store.Conditional, over bool) error {
	for _, x := range trees {
		if over {
			x.Tree, x.Unplayed = nil, nil
		}
		if err := tx.PutConditional(x); err != nil {
			return err
		}
	}
	return nil
}
