package tickmark

import (
	"errors"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// TestMarks: a unit's first failure is the one reported, a second is
// not; the unit is held off for Retry after its last failure; a run
// clears the mark, and the next failure is a first again.
func TestMarks(t *testing.T) {
	s := storetest.Open(t)
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	const key = "board/nim/7"
	fail := func(at time.Time) bool {
		t.Helper()
		var first bool
		if err := s.Update(func(tx *store.Tx) (err error) {
			first, err = Fail(tx, key, at, errors.New("broken"))
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return first
	}
	held := func(at time.Time) (h bool) {
		t.Helper()
		if err := s.View(func(tx *store.Tx) error { h = HeldOff(tx, key, at); return nil }); err != nil {
			t.Fatal(err)
		}
		return h
	}
	if held(t0) {
		t.Fatal("held off before any failure")
	}
	if !fail(t0) {
		t.Error("the first failure is not reported as first")
	}
	if !held(t0.Add(Retry-time.Minute)) || held(t0.Add(Retry)) {
		t.Error("not held off for exactly Retry")
	}
	if fail(t0.Add(Retry)) {
		t.Error("a second failure is reported again")
	}
	if !held(t0.Add(2*Retry - time.Minute)) {
		t.Error("the second failure does not hold the unit off from its own time")
	}
	if err := s.View(func(tx *store.Tx) error {
		if v := tx.Meta(Prefix + key); v == "" {
			t.Error("no mark in the store")
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if err := s.Update(func(tx *store.Tx) error { return Clear(tx, key) }); err != nil {
		t.Fatal(err)
	}
	if held(t0.Add(Retry)) {
		t.Error("held off after the mark was cleared")
	}
	if !fail(t0.Add(3 * Retry)) {
		t.Error("a failure after a run is not a first")
	}
	// Clearing a unit without a mark is no error.
	if err := s.Update(func(tx *store.Tx) error { return Clear(tx, "board/nim/8") }); err != nil {
		t.Error(err)
	}
}
