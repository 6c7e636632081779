package pbm

import (
	"slices"

	"github.com/pbmgo/pbm/store"
)

// The order in which the computer serves its boards: a board where a
// person waits for the computer's move comes before a board of the
// computer against itself (a computer-only tournament), which nobody
// waits on, so such boards cannot slow a person's game.

// computerOnly reports whether every seat of b is the computer.
func computerOnly(b store.Board) bool {
	for _, p := range b.Players {
		if !isComputer(p) {
			return false
		}
	}
	return len(b.Players) > 0
}

// humanFirst orders the waiting boards: those with a person first,
// each group in the index's order.
func humanFirst(ws []store.Waiting) []store.Waiting {
	slices.SortStableFunc(ws, func(a, b store.Waiting) int {
		switch {
		case a.ComputerOnly == b.ComputerOnly:
			return 0
		case b.ComputerOnly:
			return -1
		}
		return 1
	})
	return ws
}
