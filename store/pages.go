package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// BoardsPage reads a page of a game's boards in board order: of the
// boards keep picks by whether they are over, those from the skip-th
// on, size at most, and how many keep picks in all. Whether a board is
// over is read from the index of finished boards, so only the boards
// of the page are decoded.
func (t *Tx) BoardsPage(game string, keep func(over bool) bool, skip, size int) ([]Board, int, error) {
	prefix := []byte(strings.ToLower(game) + "/")
	of := t.tx.Bucket(bFinishedOf)
	var out []Board
	total := 0
	c := t.tx.Bucket(bBoards).Cursor()
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		if !keep(of.Get(k) != nil) {
			continue
		}
		total++
		if total <= skip || len(out) == size {
			continue
		}
		var b Board
		if err := json.Unmarshal(v, &b); err != nil {
			return nil, 0, fmt.Errorf("store: decode board %s: %w", k, err)
		}
		out = append(out, b)
	}
	return out, total, nil
}
