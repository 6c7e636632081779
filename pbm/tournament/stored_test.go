package tournament

import (
	"errors"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// anySetup starts every board.
func anySetup(int, map[string]string) error { return nil }

func refusalID(err error) string {
	var r *Refusal
	if !errors.As(err, &r) {
		return ""
	}
	return r.Msg.ID
}

func TestLoadSaveExists(t *testing.T) {
	st := storetest.Open(t)
	storetest.Update(t, st, func(tx *store.Tx) error {
		if _, err := Load(tx, "nim", "Spring"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("Load of none: %v, want store.ErrNotFound", err)
		}
		if ok, err := Exists(tx, "nim", "Spring"); ok || err != nil {
			t.Errorf("Exists of none: %v %v", ok, err)
		}
		tr := &Tournament{Game: "nim", Name: "Spring", Organiser: "org", Format: RoundRobin, Seats: 2, Options: map[string]string{"-nag": "1"}}
		entrants(tr, 3)
		return Save(tx, tr)
	})
	storetest.Update(t, st, func(tx *store.Tx) error {
		if ok, err := Exists(tx, "NIM", "spring"); !ok || err != nil {
			t.Errorf("Exists after Save: %v %v", ok, err)
		}
		tr, err := Load(tx, "nim", "SPRING")
		if err != nil {
			t.Fatal(err)
		}
		if tr.Name != "Spring" || tr.Organiser != "org" || len(tr.Entrants) != 3 || tr.Options["-nag"] != "1" {
			t.Errorf("loaded %+v", tr)
		}
		return tx.PutTournament("nim", "Broken", []byte("{"))
	})
	storetest.Update(t, st, func(tx *store.Tx) error {
		if _, err := Load(tx, "nim", "Broken"); err == nil || errors.Is(err, store.ErrNotFound) || !strings.Contains(err.Error(), "nim/Broken") {
			t.Errorf("a broken document: %v", err)
		}
		if _, err := Unfinished(tx, []string{"nim"}, func(*Tournament) bool { return true }); err == nil {
			t.Error("Unfinished read past a broken document")
		}
		return nil
	})
}

func TestValidName(t *testing.T) {
	for name, want := range map[string]bool{"ab": true, "Spring2026": true, "Téli": true, "a": false,
		"a b": false, "x-y": false, strings.Repeat("a", 20): true, strings.Repeat("a", 21): false} {
		if got := ValidName(name); got != want {
			t.Errorf("ValidName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestOrganiserLimits(t *testing.T) {
	st := storetest.Open(t)
	l := Limits{Open: 2, ComputerBoards: 1}
	if (Limits{}).OpenMax() != 25 || (Limits{}).ComputerBoardsMax() != 2 || l.OpenMax() != 2 {
		t.Fatal("limits' defaults")
	}
	games := []string{"nim", "eko"}
	storetest.Update(t, st, func(tx *store.Tx) error {
		if err := CheckOrganiser(tx, games, l, "org"); err != nil {
			t.Errorf("no tournament yet: %v", err)
		}
		for _, tr := range []*Tournament{
			{Game: "nim", Name: "A", Organiser: "Org", Format: RoundRobin, Seats: 2},
			{Game: "eko", Name: "B", Organiser: "org", Format: RoundRobin, Seats: 2},
			{Game: "nim", Name: "C", Organiser: "org", Format: RoundRobin, Seats: 2, Over: true},
			{Game: "nim", Name: "D", Organiser: "other", Format: RoundRobin, Seats: 2},
		} {
			if err := Save(tx, tr); err != nil {
				return err
			}
		}
		return nil
	})
	storetest.Update(t, st, func(tx *store.Tx) error {
		open, err := Unfinished(tx, games, func(tr *Tournament) bool { return true })
		if err != nil || len(open) != 3 {
			t.Errorf("Unfinished: %d, %v; want 3", len(open), err)
		}
		if err := CheckOrganiser(tx, games, l, "org"); refusalID(err) != "TournOpenLimit" {
			t.Errorf("two unfinished of two: %v", err)
		}
		if err := CheckOrganiser(tx, games, l, "other"); err != nil {
			t.Errorf("one of two: %v", err)
		}
		// The computer twice in D: one board of it against itself,
		// within the limit; a second tournament with two more is not.
		isComputer := func(id string) bool { return strings.HasPrefix(id, "computer") }
		d, err := Load(tx, "nim", "D")
		if err != nil {
			return err
		}
		for _, id := range []string{"computer", "computer:2"} {
			if err := d.Join(id, 1500); err != nil {
				return err
			}
		}
		if err := CheckComputerBoards(tx, games, l, d, isComputer); err != nil {
			t.Errorf("one computer board: %v", err)
		}
		if err := Save(tx, d); err != nil {
			return err
		}
		e := &Tournament{Game: "nim", Name: "E", Organiser: "other", Format: RoundRobin, Seats: 2}
		for _, id := range []string{"computer", "computer:3"} {
			if err := e.Join(id, 1500); err != nil {
				return err
			}
		}
		if err := CheckComputerBoards(tx, games, l, e, isComputer); refusalID(err) != "TournComputerLimit" {
			t.Errorf("two computer boards over a limit of one: %v", err)
		}
		return nil
	})
}

func TestWithdrawEverywhere(t *testing.T) {
	st := storetest.Open(t)
	storetest.Update(t, st, func(tx *store.Tx) error {
		open := &Tournament{Game: "nim", Name: "Open", Format: RoundRobin, Seats: 2}
		entrants(open, 3)
		running := &Tournament{Game: "eko", Name: "Running", Format: RoundRobin, Seats: 2}
		entrants(running, 3)
		if err := running.Start(); err != nil {
			return err
		}
		for _, tr := range []*Tournament{open, running} {
			if err := Save(tx, tr); err != nil {
				return err
			}
		}
		return WithdrawEverywhere(tx, []string{"nim", "eko"}, "P1")
	})
	storetest.Update(t, st, func(tx *store.Tx) error {
		open, err := Load(tx, "nim", "Open")
		if err != nil {
			return err
		}
		if open.index("p1") >= 0 || len(open.Entrants) != 2 {
			t.Errorf("not started: p1 still entered: %+v", open.Entrants)
		}
		running, err := Load(tx, "eko", "Running")
		if err != nil {
			return err
		}
		if !running.Withdrawn("p1") || len(running.Entrants) != 3 {
			t.Errorf("running: p1 not withdrawn: %+v", running.Entrants)
		}
		return nil
	})
}

func TestCheckMailBoards(t *testing.T) {
	st := storetest.Open(t)
	storetest.Update(t, st, func(tx *store.Tx) error {
		tr := &Tournament{Game: "nim", Name: "R", Format: RoundRobin, Seats: 2}
		entrants(tr, 4)
		if err := tr.Start(); err != nil {
			return err
		}
		if err := CheckMailBoards(tx, tr); err != nil {
			t.Errorf("first boards of a transaction: %v", err)
		}
		tx.Tally(TallyBoards, MaxBoardsAtOnce-1)
		if err := CheckMailBoards(tx, tr); refusalID(err) != "TournMailBoards" {
			t.Errorf("past MaxBoardsAtOnce: %v", err)
		}
		return nil
	})
}
