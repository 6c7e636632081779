package tournament

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

func TestBeginStartsTheFirstRound(t *testing.T) {
	st := storetest.Open(t)
	storetest.Update(t, st, func(tx *store.Tx) error {
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

// TestNextThroughAKnockout plays a knockout of four through RecordBoard
// and Next on the store: a drawn match is replayed in its round, a done
// round pairs the next, the last ends the tournament.
func TestNextThroughAKnockout(t *testing.T) {
	st := storetest.Open(t)
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
	storetest.Update(t, st, func(tx *store.Tx) error {
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
		storetest.Update(t, st, func(tx *store.Tx) error {
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
	storetest.Update(t, st, func(tx *store.Tx) error {
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
	st := storetest.Open(t)
	refused := errors.New("no such board")
	storetest.Update(t, st, func(tx *store.Tx) error {
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
