package seek

import (
	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
)

// CheckOptions refuses the options of a seek of game g that the game
// would not start a board of two with (board.CheckSetup): such a seek
// would match and then fail. A game that seats no fewer than three
// takes no seek's board of two, and its options are not checked. The
// refusal is a *board.SetupError; board.Why writes its reason.
func CheckOptions(g engine.Game, opts map[string]string) error {
	if lo, _ := g.Players(); lo > 2 {
		return nil
	}
	return board.CheckSetup(g, 2, opts)
}
