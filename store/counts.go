package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// The finished boards of each game, newest first, so that "<game>
// history" reads the last few without scanning every board: key
// "<game lower case>/<finish time>/<number>", value the board key.
// The finish time is the board's Updated when it was first written
// over. bFinishedOf maps a board key to its key in bFinished, so that
// PutBoard knows whether a board was over before.
//
// The counters of users, of mails processed and of running and
// finished boards per game live in bCounters under "count/": admin
// stats reads them instead of counting. PutUser, MarkProcessed and
// PutBoard keep them in the same transaction; Open builds both for a
// store written before they existed.
var (
	bFinished   = []byte("index-finished")
	bFinishedOf = []byte("index-finished-of")
)

const (
	finishedBuilt = "index.finished-counts"

	countUsers     = "count/users"
	countProcessed = "count/processed"
	countRunning   = "count/running/"  // + game
	countFinished  = "count/finished/" // + game

	finishLayout = "2006-01-02T15:04:05.000000000"
)

func finishedKey(game string, at time.Time, n int) []byte {
	return []byte(fmt.Sprintf("%s/%s/%08d", strings.ToLower(game), at.UTC().Format(finishLayout), n))
}

// openCounts creates the buckets of the finished index and fills them
// and the counters on first use.
func openCounts(tx *bolt.Tx) error {
	for _, b := range [][]byte{bFinished, bFinishedOf} {
		if _, err := tx.CreateBucketIfNotExists(b); err != nil {
			return err
		}
	}
	meta := tx.Bucket(bMeta)
	if meta.Get([]byte(finishedBuilt)) != nil {
		return nil
	}
	// Start from nothing: whatever a half-built attempt left is redone.
	for _, b := range [][]byte{bFinished, bFinishedOf} {
		if err := tx.DeleteBucket(b); err != nil {
			return err
		}
		if _, err := tx.CreateBucket(b); err != nil {
			return err
		}
	}
	counters := tx.Bucket(bCounters)
	var stale [][]byte
	c := counters.Cursor()
	for k, _ := c.Seek([]byte("count/")); k != nil && bytes.HasPrefix(k, []byte("count/")); k, _ = c.Next() {
		stale = append(stale, append([]byte(nil), k...))
	}
	for _, k := range stale {
		if err := counters.Delete(k); err != nil {
			return err
		}
	}
	t := &Tx{tx: tx}
	err := tx.Bucket(bBoards).ForEach(func(k, v []byte) error {
		var b struct {
			Game    string    `json:"game"`
			Number  int       `json:"number"`
			Updated time.Time `json:"updated"`
			Over    bool      `json:"over"`
		}
		if err := json.Unmarshal(v, &b); err != nil {
			return fmt.Errorf("store: decode board %s: %w", k, err)
		}
		return t.countBoard(string(k), b.Game, b.Number, b.Updated, b.Over, false)
	})
	if err != nil {
		return err
	}
	if err := t.addCount(countUsers, tx.Bucket(bUsers).Stats().KeyN); err != nil {
		return err
	}
	if err := t.addCount(countProcessed, tx.Bucket(bProcessed).Stats().KeyN); err != nil {
		return err
	}
	return meta.Put([]byte(finishedBuilt), []byte("1"))
}

func (t *Tx) count(name string) int {
	v := t.tx.Bucket(bCounters).Get([]byte(name))
	if len(v) != 8 {
		return 0
	}
	return int(int64(binary.BigEndian.Uint64(v)))
}

func (t *Tx) addCount(name string, d int) error {
	if d == 0 {
		return nil
	}
	n := t.count(name) + d
	if err := t.tx.Bucket(bCounters).Put([]byte(name), binary.BigEndian.AppendUint64(nil, uint64(int64(n)))); err != nil {
		return fmt.Errorf("store: counter %s: %w", name, err)
	}
	return nil
}

// countBoard moves a board, written before or not (existed), between
// the counters of running and finished boards and into or out of the
// finished index.
func (t *Tx) countBoard(key, game string, n int, updated time.Time, over, existed bool) error {
	of := t.tx.Bucket(bFinishedOf)
	fin := of.Get([]byte(key))
	wasOver := fin != nil
	game = strings.ToLower(game)
	switch {
	case over && !wasOver:
		fk := finishedKey(game, updated, n)
		if err := t.tx.Bucket(bFinished).Put(fk, []byte(key)); err != nil {
			return fmt.Errorf("store: index finished board: %w", err)
		}
		if err := of.Put([]byte(key), fk); err != nil {
			return fmt.Errorf("store: index finished board: %w", err)
		}
		if existed {
			if err := t.addCount(countRunning+game, -1); err != nil {
				return err
			}
		}
		return t.addCount(countFinished+game, 1)
	case !over && wasOver:
		if err := t.tx.Bucket(bFinished).Delete(fin); err != nil {
			return fmt.Errorf("store: index finished board: %w", err)
		}
		if err := of.Delete([]byte(key)); err != nil {
			return fmt.Errorf("store: index finished board: %w", err)
		}
		if err := t.addCount(countFinished+game, -1); err != nil {
			return err
		}
		return t.addCount(countRunning+game, 1)
	case !over && !existed:
		return t.addCount(countRunning+game, 1)
	}
	return nil
}

// FinishedBoards calls fn with the finished boards of a game, newest
// first (by the time each was first written over), until fn returns
// false. It reads only the boards it hands to fn.
func (t *Tx) FinishedBoards(game string, fn func(Board) bool) error {
	prefix := []byte(strings.ToLower(game) + "/")
	c := t.tx.Bucket(bFinished).Cursor()
	// The last key of the prefix: seek past it and step back.
	end := append(append([]byte(nil), prefix[:len(prefix)-1]...), '/'+1)
	k, v := c.Seek(end)
	if k == nil {
		k, v = c.Last()
	} else {
		k, v = c.Prev()
	}
	for ; k != nil && bytes.HasPrefix(k, prefix); k, v = c.Prev() {
		b, ok, err := t.boardAt(v)
		if err != nil {
			return err
		}
		if ok && !fn(b) {
			return nil
		}
	}
	return nil
}

// Counts are the numbers admin stats reports, read from counters kept
// as things are written, not counted.
type Counts struct {
	Users     int // accounts, closed ones included
	Processed int // entries of the dedupe table (Tx.MarkProcessed)
	Rates     int // senders with a rate counter
	// Running and Finished count the boards per game (lower case).
	Running  map[string]int
	Finished map[string]int
}

// Boards is the number of boards of every game.
func (c Counts) Boards() (running, finished int) {
	for _, n := range c.Running {
		running += n
	}
	for _, n := range c.Finished {
		finished += n
	}
	return running, finished
}

// Counts reads the counters.
func (t *Tx) Counts() Counts {
	out := Counts{Users: t.count(countUsers), Processed: t.count(countProcessed), Rates: t.count(countRates), Running: map[string]int{}, Finished: map[string]int{}}
	c := t.tx.Bucket(bCounters).Cursor()
	for _, part := range []struct {
		prefix string
		into   map[string]int
	}{{countRunning, out.Running}, {countFinished, out.Finished}} {
		p := []byte(part.prefix)
		for k, v := c.Seek(p); k != nil && bytes.HasPrefix(k, p); k, v = c.Next() {
			if len(v) == 8 {
				if n := int(int64(binary.BigEndian.Uint64(v))); n != 0 {
					part.into[string(k[len(p):])] = n
				}
			}
		}
	}
	return out
}

// FinishedCount is the number of finished boards of a game.
func (t *Tx) FinishedCount(game string) int { return t.count(countFinished + strings.ToLower(game)) }
