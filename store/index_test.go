package store

import (
	"path/filepath"
	"testing"
)

// TestBoardsOf: the index lists a player's boards in board order, per
// game or in all games, and is rebuilt on open for a store without it.
func TestBoardsOf(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pbm.db")
	s, err := Open(Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	boards := []Board{
		{Game: "nim", Number: 102, Players: []string{"Alice", "bob"}},
		{Game: "nim", Number: 101, Players: []string{"bob", "carol"}},
		{Game: "esagek", Number: 101, Players: []string{"carol", "alice"}},
		{Game: "nim", Number: 103, Players: []string{"alicex", "bob"}},
	}
	check := func(s *Store) {
		t.Helper()
		s.View(func(tx *Tx) error {
			got := func(user, game string) (out []string) {
				bs, err := tx.BoardsOf(user, game)
				if err != nil {
					t.Fatal(err)
				}
				for _, b := range bs {
					out = append(out, boardKey(b.Game, b.Number))
				}
				return out
			}
			if g := got("ALICE", ""); len(g) != 2 || g[0] != "esagek/00000101" || g[1] != "nim/00000102" {
				t.Errorf("alice in all games: %v", g)
			}
			if g := got("bob", "nim"); len(g) != 3 || g[0] != "nim/00000101" || g[2] != "nim/00000103" {
				t.Errorf("bob in nim: %v", g)
			}
			if g := got("carol", "nim"); len(g) != 1 {
				t.Errorf("carol in nim: %v", g)
			}
			return nil
		})
	}
	s.Update(func(tx *Tx) error {
		for _, b := range boards {
			if err := tx.PutBoard(b); err != nil {
				t.Fatal(err)
			}
			if err := tx.PutBoard(b); err != nil { // written twice: listed once
				t.Fatal(err)
			}
		}
		return nil
	})
	check(s)
	// A store from before the index: rebuilt on open.
	s.Update(func(tx *Tx) error {
		if err := tx.tx.DeleteBucket(bPlayerBoards); err != nil {
			t.Fatal(err)
		}
		return tx.tx.Bucket(bMeta).Delete([]byte(playerBoardsBuilt))
	})
	s.Close()
	s, err = Open(Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	check(s)
}
