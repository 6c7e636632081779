package board

import (
	"strings"

	"github.com/pbmgo/pbm/engine"
)

// MovePrefix is the number of words at the start of f that play, in
// order, on a copy of the position st of the game g, whoever is to
// move (TurnMoves), or 0: the longest such prefix. A move's "#n" is
// left out of what is played. st is not changed.
func MovePrefix(g engine.Game, st engine.State, f []string) int {
	for k := len(f); k >= 1; k-- {
		moves, err := TurnMoves(g, f[:k])
		if err != nil {
			continue
		}
		try := st.Clone()
		played := true
		for _, m := range moves {
			mv, _, _ := strings.Cut(m, "#")
			if _, err := try.Play(mv); err != nil {
				played = false
				break
			}
		}
		if played {
			return k
		}
	}
	return 0
}
