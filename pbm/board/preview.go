package board

import (
	"fmt"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/store"
)

// PreviewError is a move of a preview that cannot be played (Preview):
// the game ended before it (Over), or the engine refused it (Err).
type PreviewError struct {
	Move string // as the player wrote it
	Over bool
	Err  error
}

func (e *PreviewError) Error() string {
	if e.Over {
		return fmt.Sprintf("preview: %q comes after the end of the game", e.Move)
	}
	return fmt.Sprintf("preview: %q: %v", e.Move, e.Err)
}

func (e *PreviewError) Unwrap() error { return e.Err }

// Preview plays moves on st, one after the other, as a preview shows
// them: st is left at the position they give, and nothing is saved.
// It returns the moves played in canonical form; the first that cannot
// be played is a *PreviewError.
func Preview(st engine.State, moves []string) ([]string, error) {
	var played []string
	for _, mv := range moves {
		if st.Result().Over {
			return played, &PreviewError{Move: mv, Over: true}
		}
		canon, err := st.Play(mv)
		if err != nil {
			return played, &PreviewError{Move: mv, Err: err}
		}
		played = append(played, canon)
	}
	return played, nil
}

// VoteWaiting lists the players of b still in the game whose answer
// to the open vote is awaited, in seat order; none without a vote.
func VoteWaiting(b store.Board) []string {
	if b.Vote == nil {
		return nil
	}
	var waiting []string
	for _, s := range InGame(b) {
		if !ContainsSeat(b.Vote.Accepted, s) {
			waiting = append(waiting, b.Players[s])
		}
	}
	return waiting
}
