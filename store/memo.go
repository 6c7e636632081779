package store

import (
	"bytes"
	"container/list"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sync"
)

// memo keeps the boards and accounts last read or written, decoded,
// beside the bytes they were decoded from. A record read again is
// looked up by its key and counts only when the stored bytes are still
// exactly those bytes, so a write, a rolled-back transaction or another
// process can never make it serve a stale record; the caller gets a
// deep copy it may change. A move reads its board and accounts several
// times in one transaction and the next move reads them again: this
// spares the JSON decoder all but the first.
type memo struct {
	mu    sync.Mutex
	max   int // bytes of records kept
	size  int
	lru   *list.List // of *memoEntry, most recent first
	byKey map[string]*list.Element
}

type memoEntry struct {
	key string // bucket, NUL, key
	raw []byte
	v   any // a Board or a User, never handed out
}

// memoBytes bounds the bytes of the records a store keeps decoded.
const memoBytes = 16 << 20

func newMemo(max int) *memo {
	return &memo{max: max, lru: list.New(), byKey: map[string]*list.Element{}}
}

func memoKey(bucket []byte, key []byte) string {
	return string(bucket) + "\x00" + string(key)
}

// lookup is the record kept under key if it was decoded from raw.
func (m *memo) lookup(key string, raw []byte) (any, bool) {
	if m == nil {
		return nil, false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	el, ok := m.byKey[key]
	if !ok {
		return nil, false
	}
	e := el.Value.(*memoEntry)
	if !bytes.Equal(e.raw, raw) {
		return nil, false
	}
	m.lru.MoveToFront(el)
	return e.v, true
}

// keep remembers v, which must be the caller's own copy, as the record
// decoded from raw.
func (m *memo) keep(key string, raw []byte, v any) {
	if m == nil || len(raw) > m.max/4 {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if el, ok := m.byKey[key]; ok {
		m.drop(el)
	}
	e := &memoEntry{key: key, raw: bytes.Clone(raw), v: v}
	m.byKey[key] = m.lru.PushFront(e)
	m.size += len(e.raw)
	for m.size > m.max {
		m.drop(m.lru.Back())
	}
}

func (m *memo) drop(el *list.Element) {
	e := m.lru.Remove(el).(*memoEntry)
	delete(m.byKey, e.key)
	m.size -= len(e.raw)
}

// readMemo decodes the record stored in bucket under key as raw, from
// the memo when it can; clone is the record's deep copy.
func readMemo[T any](t *Tx, bucket, key, raw []byte, clone func(T) T) (T, error) {
	k := memoKey(bucket, key)
	if v, ok := t.memo.lookup(k, raw); ok {
		return clone(v.(T)), nil
	}
	var r T
	if err := json.Unmarshal(raw, &r); err != nil {
		return r, fmt.Errorf("store: decode %s/%s: %w", bucket, key, err)
	}
	if t.memo != nil {
		t.memo.keep(k, raw, clone(r))
	}
	return r, nil
}

// putMemo writes the record v in bucket under key and keeps it in the
// memo as written.
func putMemo[T any](t *Tx, bucket []byte, key string, v T, clone func(T) T) error {
	data, err := t.putData(bucket, key, v)
	if err == nil && t.memo != nil {
		t.memo.keep(memoKey(bucket, []byte(key)), data, clone(v))
	}
	return err
}

// Clone is a deep copy of the board: it shares no slice, map or
// pointer with b.
func (b Board) Clone() Board {
	c := b
	c.Players = slices.Clone(b.Players)
	c.Options = maps.Clone(b.Options)
	c.Log = slices.Clone(b.Log)
	if b.Vote != nil {
		v := *b.Vote
		v.Accepted = slices.Clone(b.Vote.Accepted)
		c.Vote = &v
	}
	if b.Queued != nil {
		c.Queued = make(map[string][]string, len(b.Queued))
		for k, q := range b.Queued {
			c.Queued[k] = slices.Clone(q)
		}
	}
	c.Submitted = maps.Clone(b.Submitted)
	c.Subscribers = slices.Clone(b.Subscribers)
	c.Notify = slices.Clone(b.Notify)
	c.Result = b.Result.Clone()
	return c
}

// clone is a deep copy of the account.
func (u User) clone() User {
	c := u
	c.Hash = slices.Clone(u.Hash)
	c.Addresses = slices.Clone(u.Addresses)
	c.Vacations = slices.Clone(u.Vacations)
	c.DaysOff = slices.Clone(u.DaysOff)
	c.SubscribeAll = slices.Clone(u.SubscribeAll)
	c.NotifyAll = slices.Clone(u.NotifyAll)
	c.Limits = maps.Clone(u.Limits)
	c.Pending = slices.Clone(u.Pending)
	return c
}
