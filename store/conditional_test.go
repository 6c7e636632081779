package store

import (
	"path/filepath"
	"testing"
)

// TestConditionals: a player's conditional moves are kept per board and
// player, listed by board only, read back as written, and removed when
// they hold nothing; a store that never kept any lists none.
func TestConditionals(t *testing.T) {
	s, err := Open(Config{Path: filepath.Join(t.TempDir(), "c.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.View(func(tx *Tx) error {
		got, err := tx.Conditionals("nim", 101)
		if err != nil || len(got) != 0 {
			t.Errorf("before any: %v %v", got, err)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	tree := []CondNode{{Seat: 1, Move: "take1", Next: []CondNode{{Seat: 0, Move: "take2"}}}}
	err = s.Update(func(tx *Tx) error {
		for _, x := range []Conditional{
			{Game: "nim", Number: 101, User: "alice", Base: 1, Sum: "s", Tree: tree},
			{Game: "nim", Number: 101, User: "bob", Unplayed: [][]string{{"take3", "take1"}}, UnplayedAt: 2},
			{Game: "nim", Number: 1010, User: "alice", Tree: tree},
			{Game: "Nim", Number: 10, User: "alice", Tree: tree},
		} {
			if err := tx.PutConditional(x); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	s.View(func(tx *Tx) error {
		got, err := tx.Conditionals("NIM", 101)
		if err != nil || len(got) != 2 || got[0].User != "alice" || got[1].User != "bob" {
			t.Fatalf("board 101: %+v %v", got, err)
		}
		if g := got[0]; g.Base != 1 || g.Sum != "s" || len(g.Tree) != 1 || g.Tree[0].Next[0].Move != "take2" {
			t.Errorf("alice's tree read back: %+v", g)
		}
		if g := got[1]; len(g.Unplayed) != 1 || g.Unplayed[0][1] != "take1" || g.UnplayedAt != 2 {
			t.Errorf("bob's unplayed lines read back: %+v", g)
		}
		return nil
	})
	err = s.Update(func(tx *Tx) error {
		if err := tx.PutConditional(Conditional{Game: "nim", Number: 101, User: "alice"}); err != nil {
			return err
		}
		return tx.DeleteConditional("nim", 101, "BOB")
	})
	if err != nil {
		t.Fatal(err)
	}
	s.View(func(tx *Tx) error {
		if got, _ := tx.Conditionals("nim", 101); len(got) != 0 {
			t.Errorf("after removing both: %+v", got)
		}
		if got, _ := tx.Conditionals("nim", 10); len(got) != 1 {
			t.Errorf("board 10: %+v", got)
		}
		return nil
	})
}
