package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	bolt "go.etcd.io/bbolt"
)

// The boards of each player, so that "games <userid>", "show <userid>"
// and "all show" read a player's boards without scanning every board:
// key "<userid lower case>\x00<board key>", no value. PutBoard keeps it;
// Open builds it for a store written before it existed.
var bPlayerBoards = []byte("index-player-boards")

const playerBoardsBuilt = "index.player-boards"

func playerBoardKey(user, board string) []byte {
	return []byte(strings.ToLower(user) + "\x00" + board)
}

// openIndexes creates the index buckets and fills them on first use.
func openIndexes(tx *bolt.Tx) error {
	idx, err := tx.CreateBucketIfNotExists(bPlayerBoards)
	if err != nil {
		return err
	}
	meta := tx.Bucket(bMeta)
	if meta.Get([]byte(playerBoardsBuilt)) != nil {
		return nil
	}
	err = tx.Bucket(bBoards).ForEach(func(k, v []byte) error {
		var b Board
		if err := json.Unmarshal(v, &b); err != nil {
			return fmt.Errorf("store: decode board %s: %w", k, err)
		}
		for _, p := range b.Players {
			if err := idx.Put(playerBoardKey(p, string(k)), []byte{}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return meta.Put([]byte(playerBoardsBuilt), []byte("1"))
}

func (t *Tx) indexBoard(b Board) error {
	idx := t.tx.Bucket(bPlayerBoards)
	if idx == nil {
		return nil
	}
	for _, p := range b.Players {
		if err := idx.Put(playerBoardKey(p, boardKey(b.Game, b.Number)), []byte{}); err != nil {
			return fmt.Errorf("store: index board: %w", err)
		}
	}
	return nil
}

// BoardsOf lists the boards user plays in one game, or in every game
// when game is empty, in board order.
func (t *Tx) BoardsOf(user, game string) ([]Board, error) {
	prefix := playerBoardKey(user, "")
	if game != "" {
		prefix = append(prefix, strings.ToLower(game)+"/"...)
	}
	c := t.tx.Bucket(bPlayerBoards).Cursor()
	k, _ := c.Seek(prefix)
	return t.boardsIndexed(c, k, func(k []byte) bool { return bytes.HasPrefix(k, prefix) })
}

// boardsIndexed reads the boards an index lists from its key k on,
// while in(k) holds. An index key ends in NUL and the board's key; a
// board gone since is left out.
func (t *Tx) boardsIndexed(c *bolt.Cursor, k []byte, in func([]byte) bool) ([]Board, error) {
	var out []Board
	for ; k != nil && in(k); k, _ = c.Next() {
		b, ok, err := t.boardAt(k[bytes.IndexByte(k, 0)+1:])
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, b)
		}
	}
	return out, nil
}
