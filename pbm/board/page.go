package board

import (
	"fmt"

	"github.com/pbmgo/pbm/store"
)

// SelectPage lists the boards q picks from the skip-th on, size at
// most, and how many q picks in all: a page of a list. Only the
// boards of the page are replayed, except for SelNext, whose boards
// are all replayed to tell whose turn it is (they are one player's).
// q.Max is not used.
func SelectPage(tx *store.Tx, replay Replayer, q Query, skip, size int) (page []Listed, total int, err error) {
	if q.Sel == SelNext {
		q.Max = 0
		all, err := Select(tx, replay, q)
		if err != nil {
			return nil, 0, err
		}
		return all[min(skip, len(all)):min(skip+size, len(all))], len(all), nil
	}
	var boards []store.Board
	if len(q.Who) == 0 && q.Game != "" {
		// A whole game's list: only the page's boards are read.
		keep := func(over bool) bool { return selKeeps(store.Board{Over: over}, q.Sel) }
		if boards, total, err = tx.BoardsPage(q.Game, keep, skip, size); err != nil {
			return nil, 0, fmt.Errorf("boards of %s: %w", q.Game, err)
		}
	} else {
		all, err := candidates(tx, q)
		if err != nil {
			return nil, 0, err
		}
		var picked []store.Board
		for _, b := range all {
			if selKeeps(b, q.Sel) {
				picked = append(picked, b)
			}
		}
		boards, total = picked[min(skip, len(picked)):min(skip+size, len(picked))], len(picked)
	}
	for _, b := range boards {
		g, st, err := replay(b)
		if err != nil {
			return nil, 0, err
		}
		page = append(page, Listed{Board: b, Game: g, State: st})
	}
	return page, total, nil
}
