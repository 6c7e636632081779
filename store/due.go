package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// The running boards by the time the clock must next look at them
// (Board.Due, which the core sets), so that the clock reads only the
// boards that are due: key "<due time>\x00<board key>", no value.
// bDueOf maps a board key to its key in bDue. PutBoard keeps both: a
// board is in the index while it runs and its Due is set. Open builds
// them for a store written before they existed, each running board due
// at its last update (the core had set no Due then), so that the clock
// looks at each once and sets it.
var (
	bDue   = []byte("index-due")
	bDueOf = []byte("index-due-of")
)

const dueBuilt = "index.due"

func dueKey(at time.Time, board string) []byte {
	return []byte(at.UTC().Format(finishLayout) + "\x00" + board)
}

func openDue(tx *bolt.Tx) error {
	meta := tx.Bucket(bMeta)
	if meta.Get([]byte(dueBuilt)) != nil {
		return nil
	}
	for _, b := range [][]byte{bDue, bDueOf} {
		if tx.Bucket(b) != nil {
			if err := tx.DeleteBucket(b); err != nil {
				return err
			}
		}
		if _, err := tx.CreateBucket(b); err != nil {
			return err
		}
	}
	t := &Tx{tx: tx}
	err := tx.Bucket(bBoards).ForEach(func(k, v []byte) error {
		var b struct {
			Updated time.Time `json:"updated"`
			Due     time.Time `json:"due"`
			Over    bool      `json:"over"`
		}
		if err := json.Unmarshal(v, &b); err != nil {
			return fmt.Errorf("store: decode board %s: %w", k, err)
		}
		if b.Due.IsZero() {
			b.Due = b.Updated
		}
		return t.indexDue(string(k), b.Over, b.Due)
	})
	if err != nil {
		return err
	}
	return meta.Put([]byte(dueBuilt), []byte("1"))
}

// indexDue puts a board at its due time in the index, or takes it out
// when it is over or has no due time.
func (t *Tx) indexDue(key string, over bool, due time.Time) error {
	idx, of := t.tx.Bucket(bDue), t.tx.Bucket(bDueOf)
	var want []byte
	if !over && !due.IsZero() {
		want = dueKey(due, key)
	}
	old := of.Get([]byte(key))
	if bytes.Equal(old, want) {
		return nil
	}
	if old != nil {
		if err := idx.Delete(old); err != nil {
			return fmt.Errorf("store: index due board: %w", err)
		}
	}
	if want == nil {
		if old == nil {
			return nil
		}
		if err := of.Delete([]byte(key)); err != nil {
			return fmt.Errorf("store: index due board: %w", err)
		}
		return nil
	}
	if err := idx.Put(want, []byte{}); err != nil {
		return fmt.Errorf("store: index due board: %w", err)
	}
	if err := of.Put([]byte(key), want); err != nil {
		return fmt.Errorf("store: index due board: %w", err)
	}
	return nil
}

// DueBoards lists the running boards whose Due is at or before now,
// earliest first. It reads no other board.
func (t *Tx) DueBoards(now time.Time) ([]Board, error) {
	limit := []byte(now.UTC().Format(finishLayout) + "\x01")
	c := t.tx.Bucket(bDue).Cursor()
	k, _ := c.First()
	return t.boardsIndexed(c, k, func(k []byte) bool { return bytes.Compare(k, limit) < 0 })
}
