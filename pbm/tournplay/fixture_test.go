package tournplay

import (
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/store"
)

// openStore opens a real bbolt store in the test's directory.
func openStore(tb testing.TB) *store.Store {
	tb.Helper()
	st, err := store.Open(store.Config{Path: filepath.Join(tb.TempDir(), "t.db")})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { st.Close() })
	return st
}

func update(tb testing.TB, st *store.Store, fn func(tx *store.Tx) error) {
	tb.Helper()
	if err := st.Update(fn); err != nil {
		tb.Fatal(err)
	}
}

// anySetup starts every board.
func anySetup(int, map[string]string) error { return nil }

// entrants enters n players p0, p1, ... with falling ratings.
func entrants(t *tournament.Tournament, n int) {
	for i := range n {
		if err := t.Join(fmt.Sprintf("p%d", i), 2000-10*i); err != nil {
			panic(err)
		}
	}
}

func refusalID(err error) string {
	var r *tournament.Refusal
	if !errors.As(err, &r) {
		return ""
	}
	return r.Msg.ID
}
