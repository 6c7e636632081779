package board

import (
	"strings"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/store"
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

// MovePrefixOn is MovePrefix on the board game n of the store as it
// stands (replay gives its position), or 0 when there is no such
// running board. Nothing is saved.
func MovePrefixOn(tx *store.Tx, replay Replayer, game string, n int, f []string) int {
	b, err := tx.Board(game, n)
	if err != nil || b.Over {
		return 0
	}
	g, st, err := replay(b)
	if err != nil {
		return 0
	}
	return MovePrefix(g, st, f)
}
