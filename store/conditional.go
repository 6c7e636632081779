package store

import (
	"encoding/json"
	"fmt"
	"strings"
)

// bConditional holds the players' conditional moves, one record per
// board and player, apart from the board record: nothing that reads
// or shows a board (its JSON, the web pages, the feeds) sees them.
var bConditional = []byte("conditional")

// Conditional is one player's conditional moves on one board: a tree
// of lines from the position after the first Base entries of the log.
// The root's children are the next moves; a node's children follow it.
// Its moves are the owner's secret until they are played.
type Conditional struct {
	Game   string `json:"game"`
	Number int    `json:"number"`
	User   string `json:"user"`
	// Base is the number of log entries the tree follows, Sum a
	// fingerprint of them: a log that no longer begins with them (a
	// take-back) voids the tree.
	Base int        `json:"base"`
	Sum  string     `json:"sum"`
	Tree []CondNode `json:"tree,omitempty"`
	// Unplayed are the lines left when the game went another way,
	// UnplayedAt the number of log entries they would have followed.
	Unplayed   [][]string `json:"unplayed,omitempty"`
	UnplayedAt int        `json:"unplayed_at,omitempty"`
}

// CondNode is one move of a tree of conditional moves: the seat that
// plays it, in canonical notation, and the moves that follow it.
type CondNode struct {
	Seat int        `json:"seat"`
	Move string     `json:"move"`
	Next []CondNode `json:"next,omitempty"`
}

func conditionalKey(game string, n int, user string) string {
	return boardKey(game, n) + "/" + strings.ToLower(user)
}

// Conditionals lists the conditional moves kept on a board, by owner.
func (t *Tx) Conditionals(game string, n int) ([]Conditional, error) {
	bk := t.tx.Bucket(bConditional)
	if bk == nil {
		return nil, nil
	}
	prefix := []byte(boardKey(game, n) + "/")
	var out []Conditional
	c := bk.Cursor()
	for k, v := c.Seek(prefix); k != nil && strings.HasPrefix(string(k), string(prefix)); k, v = c.Next() {
		var x Conditional
		if err := json.Unmarshal(v, &x); err != nil {
			return nil, fmt.Errorf("store: decode %s/%s: %w", bConditional, k, err)
		}
		out = append(out, x)
	}
	return out, nil
}

// PutConditional keeps a player's conditional moves on a board; one
// with neither tree nor unplayed lines is removed.
func (t *Tx) PutConditional(x Conditional) error {
	if len(x.Tree) == 0 && len(x.Unplayed) == 0 {
		return t.DeleteConditional(x.Game, x.Number, x.User)
	}
	bk, err := t.tx.CreateBucketIfNotExists(bConditional)
	if err != nil {
		return fmt.Errorf("store: create %s: %w", bConditional, err)
	}
	data, err := json.Marshal(x)
	if err != nil {
		return fmt.Errorf("store: encode conditional moves of %s on %s %d: %w", x.User, x.Game, x.Number, err)
	}
	if err := bk.Put([]byte(conditionalKey(x.Game, x.Number, x.User)), data); err != nil {
		return fmt.Errorf("store: put conditional moves of %s on %s %d: %w", x.User, x.Game, x.Number, err)
	}
	return nil
}

// DeleteConditional removes a player's conditional moves on a board;
// absent is no error.
func (t *Tx) DeleteConditional(game string, n int, user string) error {
	bk := t.tx.Bucket(bConditional)
	if bk == nil {
		return nil
	}
	if err := bk.Delete([]byte(conditionalKey(game, n, user))); err != nil {
		return fmt.Errorf("store: delete conditional moves of %s on %s %d: %w", user, game, n, err)
	}
	return nil
}
