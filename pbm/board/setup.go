package board

import (
	"strings"

	"github.com/pbmgo/pbm/engine"
)

// CheckSetup tells whether game g starts a board of players seats with
// the options of a challenge (server options, under "-nag" and the
// like, are the caller's to check, and so is the number of players
// against g.Players): the engine's refusal as a
// *SetupError, nil when New would start it. It starts no board and
// reads no store, so a tournament or a seek can be refused when it is
// announced rather than when its board is due.
func CheckSetup(g engine.Game, players int, opts map[string]string) error {
	if _, err := g.New(players, gameOptions(opts), 1); err != nil {
		return &SetupError{err}
	}
	return nil
}

// gameOptions are the options of a challenge that are the game's own.
func gameOptions(opts map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range opts {
		if !strings.HasPrefix(k, "-") {
			out[k] = v
		}
	}
	return out
}
