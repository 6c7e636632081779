// Package storetest opens real bbolt stores for tests: one file in the
// test's own directory, closed when the test ends, as the daemon opens
// its own. It is the store's fixture, as imapmemserver is go-imap's; it
// knows nothing of rules and writes only through the store's
// transactions.
package storetest

import (
	"path/filepath"
	"testing"

	"github.com/pbmgo/pbm/store"
)

// Open opens a new store in tb's directory and closes it when tb ends.
func Open(tb testing.TB) *store.Store {
	tb.Helper()
	st, err := store.Open(store.Config{Path: filepath.Join(tb.TempDir(), "pbm.db")})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { st.Close() })
	return st
}

// Update runs fn in a read-write transaction of st and fails tb if it
// returns an error.
func Update(tb testing.TB, st *store.Store, fn func(tx *store.Tx) error) {
	tb.Helper()
	if err := st.Update(fn); err != nil {
		tb.Fatal(err)
	}
}
