package store

import (
	"encoding/json"
	"fmt"
)

// Waiting is a board whose seat to move is played by the computer: the
// index the computer's worker reads, so that it never scans every
// board. It is written in the transaction that leaves the board in
// that state, and removed in the one that plays the move.
type Waiting struct {
	Game   string `json:"game"`
	Number int    `json:"number"`
	Moves  int    `json:"moves"` // moves in the log when the computer's turn began
	Player string `json:"player"`
	// ComputerOnly: every seat of the board is the computer; such a
	// board is served after the boards a person waits on.
	ComputerOnly bool `json:"computer_only,omitempty"`
}

// PutWaiting records that board waits for the computer.
func (t *Tx) PutWaiting(w Waiting) error { return t.put(bWaiting, boardKey(w.Game, w.Number), w) }

// DeleteWaiting removes the board from the index; absent is no error.
func (t *Tx) DeleteWaiting(game string, n int) error {
	if err := t.tx.Bucket(bWaiting).Delete([]byte(boardKey(game, n))); err != nil {
		return fmt.Errorf("store: delete %s/%s: %w", bWaiting, boardKey(game, n), err)
	}
	return nil
}

// WaitingBoards lists the boards waiting for the computer, in board
// order.
func (t *Tx) WaitingBoards() ([]Waiting, error) {
	var out []Waiting
	err := t.tx.Bucket(bWaiting).ForEach(func(k, v []byte) error {
		var w Waiting
		if err := json.Unmarshal(v, &w); err != nil {
			return fmt.Errorf("store: decode %s/%s: %w", bWaiting, k, err)
		}
		out = append(out, w)
		return nil
	})
	return out, err
}
