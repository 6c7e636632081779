package board

import (
	"github.com/pbmgo/pbm/engine"
)

// CheckSeek refuses the options of a seek of game g that the game
// would not start a board of two with (CheckSetup): such a seek
// would match and then fail. A game that seats no fewer than three
// takes no seek's board of two, and its options are not checked. The
// refusal is a *SetupError; Why writes its reason.
func CheckSeek(g engine.Game, opts map[string]string) error {
	if lo, _ := g.Players(); lo > 2 {
		return nil
	}
	return CheckSetup(g, 2, opts)
}
