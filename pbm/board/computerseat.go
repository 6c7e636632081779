package board

import (
	"strings"

	"github.com/pbmgo/pbm/pbm/computer"
	"github.com/pbmgo/pbm/store"
)

// The computer player sits at a board under the reserved userid
// "computer" (level normal) or "computer:<level>": it has no account,
// no password and no mail address, and its rating is kept per level
// under "computer:<level>". A userid cannot hold ':', and "computer"
// is reserved, so nobody can sign up as the computer.

// ComputerName is the userid of the computer, before its level.
const ComputerName = "computer"

// ComputerID reports whether id names the computer, with its canonical
// userid ("computer:normal") and level.
func ComputerID(id string) (string, computer.Level, bool) {
	name, level, hasLevel := strings.Cut(strings.ToLower(id), ":")
	if name != ComputerName {
		return "", computer.Level{}, false
	}
	if !hasLevel {
		level = computer.Normal.Name
	}
	lvl, ok := computer.LevelByName(level)
	if !ok {
		return "", computer.Level{}, false
	}
	return ComputerName + ":" + lvl.Name, lvl, true
}

// WaitingOf is b's entry in the index of boards waiting for the
// computer (Save), nil when mover is not the computer or b is over.
func WaitingOf(b store.Board, mover string) *store.Waiting {
	if id, _, ok := ComputerID(mover); ok && !b.Over {
		return &store.Waiting{Game: b.Game, Number: b.Number, Moves: len(b.Log), Player: id, ComputerOnly: ComputerOnly(b)}
	}
	return nil
}

// The order in which the computer serves its boards: a board where a
// person waits for the computer's move comes before a board of the
// computer against itself (a computer-only tournament), which nobody
// waits on, so such boards cannot slow a person's game.

// ComputerOnly reports whether every seat of b is the computer.
func ComputerOnly(b store.Board) bool {
	for _, p := range b.Players {
		if _, _, ok := ComputerID(p); !ok {
			return false
		}
	}
	return len(b.Players) > 0
}

// HumanFirst orders the waiting boards: those with a person first,
// each group in the index's order.
func HumanFirst(ws []store.Waiting) []store.Waiting {
	out := make([]store.Waiting, 0, len(ws))
	for _, only := range []bool{false, true} {
		for _, w := range ws {
			if w.ComputerOnly == only {
				out = append(out, w)
			}
		}
	}
	return out
}
