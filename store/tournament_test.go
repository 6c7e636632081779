package store

import (
	"path/filepath"
	"testing"
	"time"
)

func TestTournamentsAndSeeks(t *testing.T) {
	s, err := Open(Config{Path: filepath.Join(t.TempDir(), "t.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	err = s.View(func(tx *Tx) error {
		if _, err := tx.Tournament("eko", "spring"); err != ErrNotFound {
			t.Errorf("absent tournament: %v", err)
		}
		if l, err := tx.Seeks("eko"); err != nil || len(l) != 0 {
			t.Errorf("seeks of an empty store: %v %v", l, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 12, 4, 10, 0, 0, 0, time.UTC)
	err = s.Update(func(tx *Tx) error {
		for _, n := range []string{"Spring", "autumn"} {
			if err := tx.PutTournament("eko", n, []byte(`{"name":"`+n+`"}`)); err != nil {
				return err
			}
		}
		if err := tx.PutTournament("esagek", "other", []byte(`{}`)); err != nil {
			return err
		}
		if err := tx.PutSeek(Seek{Game: "eko", User: "bob", Count: 2, Created: now.Add(time.Hour)}); err != nil {
			return err
		}
		if err := tx.PutSeek(Seek{Game: "eko", User: "Alice", Count: 1, Created: now}); err != nil {
			return err
		}
		return tx.PutSeek(Seek{Game: "ekox", User: "carol", Count: 1, Created: now})
	})
	if err != nil {
		t.Fatal(err)
	}
	err = s.Update(func(tx *Tx) error {
		doc, err := tx.Tournament("EKO", "spring")
		if err != nil || string(doc) != `{"name":"Spring"}` {
			t.Errorf("tournament read back %q %v", doc, err)
		}
		l, err := tx.Tournaments("eko")
		if err != nil || len(l) != 2 || string(l[0]) != `{"name":"autumn"}` {
			t.Errorf("tournaments of eko: %q %v", l, err)
		}
		seeks, err := tx.Seeks("eko")
		if err != nil || len(seeks) != 2 || seeks[0].User != "Alice" || seeks[1].Count != 2 {
			t.Errorf("seeks: %+v %v", seeks, err)
		}
		if err := tx.PutSeek(Seek{Game: "eko", User: "alice", Count: 0}); err != nil {
			return err
		}
		seeks, _ = tx.Seeks("eko")
		if len(seeks) != 1 || seeks[0].User != "bob" {
			t.Errorf("after withdrawing: %+v", seeks)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
