package store

import (
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestSentRecords keeps the digests of two mails, reads them back
// after a reopen, and prunes the older one only.
func TestSentRecords(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pbm.db")
	st, err := Open(Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2026, 12, 4, 10, 0, 0, 0, time.UTC)
	err = st.Update(func(tx *Tx) error {
		if err := tx.PutSent("old@games.test", Sent{At: t0, Digests: []uint64{1, 2}}); err != nil {
			return err
		}
		return tx.PutSent("new@games.test", Sent{At: t0.Add(48 * time.Hour), Digests: make([]uint64, 1000)})
	})
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	if st, err = Open(Config{Path: path}); err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	err = st.Update(func(tx *Tx) error {
		s, ok, err := tx.SentRecord("old@games.test")
		if err != nil || !ok || !slices.Equal(s.Digests, []uint64{1, 2}) {
			t.Errorf("old record: %+v %v %v", s, ok, err)
		}
		if s, _, _ := tx.SentRecord("new@games.test"); len(s.Digests) != maxSentDigests {
			t.Errorf("new record keeps %d digests, want the bound %d", len(s.Digests), maxSentDigests)
		}
		if n, err := tx.PruneSent(t0.Add(24*time.Hour), 10); n != 1 || err != nil {
			t.Errorf("pruned %d, %v; want 1", n, err)
		}
		if _, ok, _ := tx.SentRecord("old@games.test"); ok {
			t.Error("old record survives the prune")
		}
		if _, ok, _ := tx.SentRecord("new@games.test"); !ok {
			t.Error("new record pruned")
		}
		if _, ok, err := tx.SentRecord("none@games.test"); ok || err != nil {
			t.Errorf("absent record: %v %v", ok, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
