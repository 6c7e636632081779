package board

import (
	"fmt"
	"strings"

	"github.com/pbmgo/pbm/engine"
)

// TurnMoves gives the moves of one command as the game plays them. For
// a game whose turn is a list of actions (engine.Turns) the words are
// one turn: one move string, with the #n that any of its words carried
// (all that carry one must agree). For other games the words are the
// moves, unchanged.
func TurnMoves(g engine.Game, words []string) ([]string, error) {
	t, ok := g.(engine.Turns)
	if !ok || len(words) == 0 {
		return words, nil
	}
	num := ""
	parts := make([]string, 0, len(words))
	for _, w := range words {
		mv, n, has := strings.Cut(w, "#")
		if has {
			if num != "" && n != num {
				return nil, fmt.Errorf("One mail is one turn of %s, numbered once: its moves carry both #%s and #%s; nothing was played.", g.Title(), num, n)
			}
			num = n
		}
		if mv != "" {
			parts = append(parts, mv)
		}
	}
	mv := t.JoinTurn(parts)
	if num != "" {
		mv += "#" + num
	}
	return []string{mv}, nil
}
