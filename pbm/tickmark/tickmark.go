// Package tickmark keeps the marks of the clock's units whose last run
// failed: since when, when last, and the error, so that a failure is
// reported once and the unit is left alone for Retry before it is
// tried again. A mark lives in the store's meta values, keyed by the
// unit's name ("board/nim/101").
//
// It knows the store only; it may not import the core, mail or the
// games, and it decides nothing about what a unit does.
package tickmark

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/pbmgo/pbm/store"
)

// Retry is how long the clock leaves a unit alone after it failed: it
// is tried again then, and reported only the first time.
const Retry = 24 * time.Hour

// Prefix names, in the store's meta values, the marks: Prefix and the
// unit's name.
const Prefix = "tick-failed/"

// mark records that a unit failed.
type mark struct {
	Since time.Time `json:"since"`
	At    time.Time `json:"at"`
	Error string    `json:"error"`
}

// HeldOff tells whether the unit key failed less than Retry before
// now.
func HeldOff(tx *store.Tx, key string, now time.Time) bool {
	v := tx.Meta(Prefix + key)
	if v == "" {
		return false
	}
	var m mark
	if json.Unmarshal([]byte(v), &m) != nil {
		return false
	}
	return now.Before(m.At.Add(Retry))
}

// Clear removes the mark of the unit key, which ran; no mark is no
// error.
func Clear(tx *store.Tx, key string) error {
	if tx.Meta(Prefix+key) == "" {
		return nil
	}
	if err := tx.DeleteMeta(Prefix + key); err != nil {
		return fmt.Errorf("tickmark: clear %s: %w", key, err)
	}
	return nil
}

// Fail records that the unit key failed at now with cause, and tells
// whether this is its first failure since it last ran (the one to
// report).
func Fail(tx *store.Tx, key string, now time.Time, cause error) (first bool, err error) {
	var m mark
	if v := tx.Meta(Prefix + key); v != "" {
		_ = json.Unmarshal([]byte(v), &m)
	}
	first = m.Since.IsZero()
	if first {
		m.Since = now
	}
	m.At, m.Error = now, cause.Error()
	doc, err := json.Marshal(m)
	if err != nil {
		return false, fmt.Errorf("tickmark: encode %s: %w", key, err)
	}
	if err := tx.PutMeta(Prefix+key, string(doc)); err != nil {
		return false, fmt.Errorf("tickmark: record %s: %w", key, err)
	}
	return first, nil
}
