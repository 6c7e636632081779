package tournament

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/engine"
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

func refusalID(err error) string {
	var r *Refusal
	if !errors.As(err, &r) {
		return ""
	}
	return r.Msg.ID
}

func TestLoadSaveExists(t *testing.T) {
	st := openStore(t)
	update(t, st, func(tx *store.Tx) error {
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
	update(t, st, func(tx *store.Tx) error {
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
	update(t, st, func(tx *store.Tx) error {
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
	st := openStore(t)
	l := Limits{Open: 2, ComputerBoards: 1}
	if (Limits{}).OpenMax() != 25 || (Limits{}).ComputerBoardsMax() != 2 || l.OpenMax() != 2 {
		t.Fatal("limits' defaults")
	}
	games := []string{"nim", "eko"}
	update(t, st, func(tx *store.Tx) error {
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
	update(t, st, func(tx *store.Tx) error {
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
	st := openStore(t)
	update(t, st, func(tx *store.Tx) error {
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
	update(t, st, func(tx *store.Tx) error {
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

func TestBeginStartsTheFirstRound(t *testing.T) {
	st := openStore(t)
	update(t, st, func(tx *store.Tx) error {
		tr := &Tournament{Game: "nim", Name: "K", Format: Knockout, Seats: 2, Options: map[string]string{"-nag": "1"}}
		if _, err := Begin(tx, tr, anySetup); refusalID(err) != "TournCannotStart" {
			t.Errorf("no entrants: %v", err)
		}
		tr = &Tournament{Game: "nim", Name: "K", Format: Knockout, Seats: 2, Options: map[string]string{"-nag": "1"}}
		entrants(tr, 4)
		step, err := Begin(tx, tr, anySetup)
		if err != nil {
			t.Fatal(err)
		}
		if step.Round != 1 || len(step.Boards) != 2 || step.Over || step.Halted != nil || step.Paired != 0 {
			t.Fatalf("step %+v", step)
		}
		step.Boards[0].Options["-nag"] = "9"
		if tr.Options["-nag"] != "1" {
			t.Error("a board's options are the tournament's own map")
		}
		for i, s := range step.Boards {
			Started(tx, tr, s, 10+i)
		}
		if len(tr.Pending()) != 0 || tx.Tally(TallyBoards, 0) != 2 {
			t.Errorf("after Started: pending %v, tally %d", tr.Pending(), tx.Tally(TallyBoards, 0))
		}
		return Save(tx, tr)
	})
}

func TestCheckMailBoards(t *testing.T) {
	st := openStore(t)
	update(t, st, func(tx *store.Tx) error {
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

// TestNextThroughAKnockout plays a knockout of four through RecordBoard
// and Next on the store: a drawn match is replayed in its round, a done
// round pairs the next, the last ends the tournament.
func TestNextThroughAKnockout(t *testing.T) {
	st := openStore(t)
	number := 100
	start := func(tx *store.Tx, tr *Tournament, step Step) []int {
		var boards []int
		for _, s := range step.Boards {
			number++
			Started(tx, tr, s, number)
			boards = append(boards, number)
		}
		return boards
	}
	var boards []int
	update(t, st, func(tx *store.Tx) error {
		tr := &Tournament{Game: "nim", Name: "K", Format: Knockout, Seats: 2}
		entrants(tr, 4)
		step, err := Begin(tx, tr, anySetup)
		if err != nil {
			return err
		}
		boards = start(tx, tr, step)
		return Save(tx, tr)
	})
	won := engine.Result{Over: true, Winners: []int{0}}
	drawn := engine.Result{Over: true}
	next := func(b int, res engine.Result, aborted bool) (Step, *Tournament) {
		var step Step
		var tr *Tournament
		update(t, st, func(tx *store.Tx) error {
			var err error
			if tr, err = RecordBoard(tx, "nim", "K", b, res, 2, aborted); err != nil {
				return err
			}
			if step, err = tr.Next(anySetup); err != nil {
				return err
			}
			boards = append(boards, start(tx, tr, step)...)
			return Save(tx, tr)
		})
		return step, tr
	}
	if step, _ := next(boards[0], won, false); step.Round != 0 || len(step.Boards) != 0 || step.Paired != 0 {
		t.Fatalf("half a round done: %+v", step)
	}
	step, tr := next(boards[1], drawn, false)
	if step.Round != 1 || len(step.Boards) != 1 || !step.Boards[0].Replay || step.Paired != 0 {
		t.Fatalf("a drawn match: %+v", step)
	}
	if p := tr.Played[0].Pairings[1]; !slices.Equal(p.Points, []float64{0.5, 0.5}) {
		t.Errorf("drawn points %v", p.Points)
	}
	step, tr = next(boards[2], engine.Result{}, true)
	if step.Round != 2 || len(step.Boards) != 1 || step.Paired != 2 || step.Over {
		t.Fatalf("the final: %+v", step)
	}
	if p := tr.Played[0].Pairings[2]; !slices.Equal(p.Points, []float64{0.5, 0.5}) {
		t.Errorf("an aborted board scores half a point a seat: %v", p.Points)
	}
	step, tr = next(boards[3], won, false)
	if !step.Over || step.Paired != 2 || len(step.Boards) != 0 || !tr.Over || tr.Winner == "" {
		t.Fatalf("the end: %+v, over %v winner %q", step, tr.Over, tr.Winner)
	}
	update(t, st, func(tx *store.Tx) error {
		if _, err := RecordBoard(tx, "nim", "K", 999, won, 2, false); err == nil {
			t.Error("a board not of the tournament was recorded")
		}
		if _, err := RecordBoard(tx, "nim", "None", 1, won, 2, false); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("no tournament: %v", err)
		}
		return nil
	})
}

// TestNextHalts: a round whose board the game refuses ends the
// tournament where it stands, with no board to start.
func TestNextHalts(t *testing.T) {
	st := openStore(t)
	refused := errors.New("no such board")
	update(t, st, func(tx *store.Tx) error {
		tr := &Tournament{Game: "nim", Name: "S", Format: Swiss, Seats: 2, Rounds: 2}
		entrants(tr, 4)
		step, err := Begin(tx, tr, anySetup)
		if err != nil {
			return err
		}
		for i, s := range step.Boards {
			Started(tx, tr, s, 10+i)
		}
		for _, b := range []int{10, 11} {
			if err := tr.Record(b, []float64{1, 0}); err != nil {
				return err
			}
		}
		step, err = tr.Next(func(int, map[string]string) error { return refused })
		if err != nil {
			return err
		}
		if step.Halted == nil || step.Halted.Seats != 2 || step.Halted.Err != refused || len(step.Boards) != 0 || step.Round != 0 || step.Paired != 2 {
			t.Fatalf("halt: %+v", step)
		}
		if !tr.Over || len(tr.Played) != 1 || tr.Winner == "" {
			t.Errorf("halted: over %v, rounds %d, winner %q", tr.Over, len(tr.Played), tr.Winner)
		}
		if step, err := tr.Next(anySetup); err != nil || step.Round != 0 || step.Paired != 0 || step.Over {
			t.Errorf("after the halt: %+v %v", step, err)
		}
		return nil
	})
}

func TestCheckBoardsAndStartDay(t *testing.T) {
	pools := &Tournament{Format: Pools, Seats: 4}
	if err := pools.CheckBoards(2, 4, anySetup); err != nil {
		t.Errorf("pools of 2 to 4 seats: %v", err)
	}
	var seats *SeatsError
	if err := pools.CheckBoards(3, 4, anySetup); !errors.As(err, &seats) || seats.N != 2 {
		t.Errorf("a final of two in a game of 3-4: %v", err)
	}
	refused := errors.New("no three")
	var setup *SetupError
	err := pools.CheckBoards(2, 4, func(n int, _ map[string]string) error {
		if n == 3 {
			return refused
		}
		return nil
	})
	if !errors.As(err, &setup) || setup.Seats != 3 || !errors.Is(err, refused) {
		t.Errorf("a board of three refused: %v", err)
	}
	now := time.Date(2026, 3, 10, 23, 0, 0, 0, time.UTC)
	for day, want := range map[string]string{"2026-03-10": "", "2026-03-11": "", "2026-03-09": "TournStartPast"} {
		d, _ := time.Parse("2006-01-02", day)
		if got := refusalID((&Tournament{StartOn: d}).CheckStartDay(now)); got != want {
			t.Errorf("start %s: %q, want %q", day, got, want)
		}
	}
}

func TestAbort(t *testing.T) {
	tr := &Tournament{Name: "K", Format: Knockout, Seats: 2}
	entrants(tr, 4)
	if err := tr.Start(); err != nil {
		t.Fatal(err)
	}
	tr.SetBoard(0, 0, 7)
	tr.SetBoard(0, 1, 8)
	if err := tr.Record(7, []float64{1, 0}); err != nil {
		t.Fatal(err)
	}
	running, err := tr.Abort()
	if err != nil || !slices.Equal(running, []int{8}) || !tr.Over {
		t.Fatalf("abort: %v %v over %v", running, err, tr.Over)
	}
	if _, err := tr.Abort(); refusalID(err) != "TournAlreadyEnded" {
		t.Errorf("aborted twice: %v", err)
	}
}

func TestAnnounceAndSet(t *testing.T) {
	tr := Announce("nim", "Spring", "org", Swiss, time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC))
	if tr.Seats != 2 || tr.Options["-nag"] != "1" || tr.Options["-forfeit"] != "7" || tr.Organiser != "org" || tr.Format != Swiss {
		t.Fatalf("announced %+v", tr)
	}
	for _, w := range []string{"--SIZE=8", "--rounds=5", "--seats=2", "--double", "--start=2026-02-01"} {
		if set, err := tr.Set(w); !set || err != nil {
			t.Errorf("Set(%q) = %v, %v", w, set, err)
		}
	}
	if tr.Size != 8 || tr.Rounds != 5 || !tr.Double || tr.StartOn.Format("2006-01-02") != "2026-02-01" {
		t.Errorf("after the settings: %+v", tr)
	}
	if set, err := tr.Set("-nag=3"); set || err != nil {
		t.Errorf("a board option taken for a setting: %v %v", set, err)
	}
	var rng *RangeError
	for w, hi := range map[string]int{"--size=1": 256, "--size=x": 256, "--rounds=65": 64, "--seats=7": 6} {
		if set, err := tr.Set(w); !set || !errors.As(err, &rng) || rng.Hi != hi {
			t.Errorf("Set(%q) = %v, %v; want a RangeError to %d", w, set, err, hi)
		}
	}
	var day *DayError
	if set, err := tr.Set("--start=2026-13-01"); !set || !errors.As(err, &day) {
		t.Errorf("a bad day: %v %v", set, err)
	}
	if tr.Size != 8 || tr.Rounds != 5 || tr.Seats != 2 || tr.StartOn.Format("2006-01-02") != "2026-02-01" {
		t.Errorf("a refused setting changed the tournament: %+v", tr)
	}
}
