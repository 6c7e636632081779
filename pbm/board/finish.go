package board

import (
	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/store"
)

// Finished is what the end of a game did: whether it has a result
// (then the ratings are what it did to them), and who hears only its
// result.
type Finished struct {
	Over     bool
	Rating   Rating
	Notified []string
}

// Finish records the end of board b, at position st: the ratings of
// its players are updated in tx (Rate, from its Outcome). It returns
// what changed and who hears the result (Notified).
func Finish(tx *store.Tx, b store.Board, st engine.State) (Finished, error) {
	res := Outcome(b, st)
	r, err := Rate(tx, b, res)
	if err != nil {
		return Finished{}, err
	}
	return Finished{Over: res.Over, Rating: r, Notified: Notified(tx, b)}, nil
}
