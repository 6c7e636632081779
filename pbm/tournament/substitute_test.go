package tournament

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// TestSubstitute: an account takes an entrant's place, spelt as the
// account spells it, and the tournament is saved so; a substitute with
// no account, an entrant who is not there and a substitute who entered
// already are refused and change nothing.
func TestSubstitute(t *testing.T) {
	st := storetest.Open(t)
	storetest.Update(t, st, func(tx *store.Tx) error {
		for _, id := range []string{"Sub", "p1"} {
			if err := tx.PutUser(store.User{ID: id}); err != nil {
				return err
			}
		}
		tr := Announce("nim", "Cup", "org", RoundRobin, time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC))
		entrants(tr, 3)
		return Save(tx, tr)
	})
	ids := func() string {
		var got string
		st.View(func(tx *store.Tx) error {
			tr, err := Load(tx, "nim", "Cup")
			if err != nil {
				t.Fatal(err)
			}
			got = strings.Join(tr.IDs(), ",")
			return nil
		})
		return got
	}
	for _, c := range []struct {
		old, sub string
		is       func(error) bool
	}{
		{"p0", "nobody", func(err error) bool { return errors.Is(err, ErrNoPlayer) }},
		{"p9", "sub", func(err error) bool { return refusalID(err) == "TournRuleNotEntrant" }},
		{"p0", "P1", func(err error) bool { return refusalID(err) == "TournRuleEntered" }},
	} {
		st.Update(func(tx *store.Tx) error {
			tr, err := Load(tx, "nim", "Cup")
			if err != nil {
				t.Fatal(err)
			}
			if id, err := Substitute(tx, tr, c.old, c.sub); id != "" || !c.is(err) {
				t.Errorf("Substitute(%s, %s) = %q %v", c.old, c.sub, id, err)
			}
			return nil
		})
		if got := ids(); got != "p0,p1,p2" {
			t.Errorf("after the refused Substitute(%s, %s) entrants %s, want p0,p1,p2", c.old, c.sub, got)
		}
	}
	storetest.Update(t, st, func(tx *store.Tx) error {
		tr, err := Load(tx, "nim", "Cup")
		if err != nil {
			return err
		}
		id, err := Substitute(tx, tr, "P0", "sub")
		if id != "Sub" || err != nil {
			t.Errorf("Substitute(P0, sub) = %q %v, want Sub", id, err)
		}
		return nil
	})
	if got := ids(); got != "Sub,p1,p2" {
		t.Errorf("entrants %s, want Sub,p1,p2", got)
	}
}
