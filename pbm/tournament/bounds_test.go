package tournament

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Every seat count a pools tournament's boards reach, for any number
// of entrants it takes, is among ReachableSeats: the options checked at
// the announcement are the options of every board it will start.
func TestReachableSeatsCoverPools(t *testing.T) {
	for seats := 3; seats <= 6; seats++ {
		want := (&Tournament{Format: Pools, Seats: seats}).ReachableSeats()
		if !slices.Contains(want, 2) || !slices.Contains(want, seats) {
			t.Errorf("pools of %d: reachable %v, want 2 and %d among them", seats, want, seats)
		}
		for n := seats + 1; n <= 40; n++ {
			tr := &Tournament{Name: "p", Format: Pools, Seats: seats}
			entrants(tr, n)
			seen := map[int]bool{}
			play(t, tr, func(p Pairing) []float64 {
				seen[len(p.Seats)] = true
				pts := make([]float64, len(p.Seats))
				pts[0] = 1
				return pts
			})
			for k := range seen {
				if !slices.Contains(want, k) {
					t.Errorf("pools of %d with %d entrants: a board of %d seats, not in %v", seats, n, k, want)
				}
			}
		}
	}
	for _, f := range []Format{RoundRobin, Swiss, Knockout} {
		if got := (&Tournament{Format: f, Seats: 2}).ReachableSeats(); !slices.Equal(got, []int{2}) {
			t.Errorf("%s: reachable %v, want [2]", f, got)
		}
	}
}

// No round of any format, at its most entrants, starts more than
// MaxBoardsAtOnce boards; one entrant more is refused.
func TestMaxEntrantsBoundsBoardsAtOnce(t *testing.T) {
	for _, tr := range []Tournament{
		{Format: RoundRobin, Seats: 2}, {Format: RoundRobin, Seats: 2, Double: true},
		{Format: RoundRobin, Seats: 3}, {Format: RoundRobin, Seats: 4, Double: true},
		{Format: Swiss, Seats: 2, Rounds: 3}, {Format: Knockout, Seats: 2}, {Format: Pools, Seats: 3},
	} {
		max := tr.MaxEntrants()
		entrants(&tr, max)
		if err := tr.Join("late", 1); err == nil || !strings.Contains(err.Error(), "full") {
			t.Errorf("%s double=%v seats %d: entrant %d: %v, want full", tr.Format, tr.Double, tr.Seats, max+1, err)
		}
		if err := tr.Start(); err != nil {
			t.Fatal(err)
		}
		if got := len(tr.Pending()); got > MaxBoardsAtOnce || got > tr.BoardsAtOnce(max) {
			t.Errorf("%s double=%v seats %d, %d entrants: %d boards at once, bound %d (estimate %d)", tr.Format, tr.Double, tr.Seats, max, got, MaxBoardsAtOnce, tr.BoardsAtOnce(max))
		}
		if tr.Format == RoundRobin && tr.Seats == 2 {
			if next := tr.BoardsAtOnce(max + 1); next <= MaxBoardsAtOnce {
				t.Errorf("round robin double=%v: %d entrants would start %d boards, within the bound", tr.Double, max+1, next)
			}
		}
	}
}

// Settings of another format and a --size the tournament cannot take
// or cannot start with are refused by name.
func TestCheckRefusesForeignSettings(t *testing.T) {
	for _, c := range []struct {
		tr   Tournament
		want string
	}{
		{Tournament{Format: Knockout, Seats: 2, Rounds: 3}, "--rounds"},
		{Tournament{Format: RoundRobin, Seats: 2, Rounds: 3}, "--rounds"},
		{Tournament{Format: Swiss, Seats: 2, Rounds: 3, Double: true}, "--double"},
		{Tournament{Format: Pools, Seats: 3, Double: true}, "--double"},
		{Tournament{Format: RoundRobin, Seats: 2, Size: 200}, "--size=200"},
		{Tournament{Format: Swiss, Seats: 2, Rounds: 5, Size: 3}, "--size=3"},
		{Tournament{Format: Pools, Seats: 3, Size: 3}, "--size=3"},
	} {
		err := c.tr.CheckAnnounced()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want a refusal naming %s", c.tr, err, c.want)
		}
		var r *Refusal
		if !errors.As(err, &r) || r.Msg.ID == "" {
			t.Errorf("%+v: %v is not a catalogue message", c.tr, err)
		}
	}
	if err := (&Tournament{Format: Swiss, Seats: 2, Rounds: 3, Size: 8}).CheckAnnounced(); err != nil {
		t.Errorf("a good swiss refused: %v", err)
	}
}

// A tournament that is over (finished or aborted) takes no entrant,
// loses none, and does not start.
func TestClosedTournament(t *testing.T) {
	tr := &Tournament{Name: "c", Format: RoundRobin, Seats: 2}
	entrants(tr, 3)
	tr.Over = true
	if err := tr.Join("p9", 1); !errors.Is(err, ErrClosed) {
		t.Errorf("join: %v", err)
	}
	if err := tr.Leave("p1"); !errors.Is(err, ErrClosed) {
		t.Errorf("leave: %v", err)
	}
	if err := tr.Start(); !errors.Is(err, ErrClosed) || tr.Started || len(tr.Played) != 0 {
		t.Errorf("start: %v, started %v", err, tr.Started)
	}
	tr.Size = 3
	if tr.Ready() {
		t.Error("a closed tournament is ready to start")
	}
}

// An entrant who withdraws is paired in no later Swiss round, and the
// results so far stand.
func TestWithdrawnNotPaired(t *testing.T) {
	tr := &Tournament{Name: "s", Format: Swiss, Seats: 2, Rounds: 4}
	entrants(tr, 6)
	if err := tr.Start(); err != nil {
		t.Fatal(err)
	}
	next := 100
	for r := 0; !tr.Over; r++ {
		for _, ri := range tr.Pending() {
			next++
			tr.SetBoard(ri[0], ri[1], next)
		}
		if r == 1 {
			// p3 leaves with a board of round 2 running.
			running := tr.Withdraw("P3")
			if len(running) != 1 || !tr.Withdrawn("p3") {
				t.Fatalf("withdraw: running %v, withdrawn %v", running, tr.Withdrawn("p3"))
			}
		}
		for _, p := range tr.Played[tr.Current()].Pairings {
			if !p.Done {
				if err := tr.Record(p.Board, []float64{1, 0}); err != nil {
					t.Fatal(err)
				}
			}
		}
		if _, err := tr.Advance(); err != nil {
			t.Fatal(err)
		}
	}
	for r := 2; r < len(tr.Played); r++ {
		for _, p := range tr.Played[r].Pairings {
			if slices.Contains(p.Seats, "p3") {
				t.Errorf("round %d: p3 paired (%v) after withdrawing in round 2", r+1, p.Seats)
			}
		}
	}
	if st := tr.Standings(); len(st) != 6 {
		t.Errorf("%d in the standings, want all 6 with their results", len(st))
	}
	// Before the start, withdrawing is leaving.
	open := &Tournament{Name: "o", Format: Knockout, Seats: 2}
	entrants(open, 3)
	open.Withdraw("p1")
	if len(open.Entrants) != 2 {
		t.Errorf("withdrawn before the start: %d entrants, want 2", len(open.Entrants))
	}
}

// A knockout survivor who withdraws goes on no further.
func TestWithdrawnKnockoutSurvivor(t *testing.T) {
	tr := &Tournament{Name: "k", Format: Knockout, Seats: 2}
	entrants(tr, 4)
	if err := tr.Start(); err != nil {
		t.Fatal(err)
	}
	for i, ri := range tr.Pending() {
		tr.SetBoard(ri[0], ri[1], 100+i)
	}
	for _, p := range tr.Played[0].Pairings {
		if err := tr.Record(p.Board, []float64{1, 0}); err != nil {
			t.Fatal(err)
		}
	}
	tr.Withdraw("p0")
	if _, err := tr.Advance(); err != nil {
		t.Fatal(err)
	}
	if !tr.Over || tr.Winner == "p0" {
		t.Errorf("over %v, winner %q: want the other survivor to win", tr.Over, tr.Winner)
	}
}

// ComputerBoards counts the boards of the computer against itself.
func TestComputerBoards(t *testing.T) {
	isComputer := func(id string) bool { return strings.HasPrefix(id, "computer") }
	for _, c := range []struct {
		tr        Tournament
		computers int
		want      int
	}{
		{Tournament{Format: Knockout, Seats: 2}, 2, 1},
		{Tournament{Format: Knockout, Seats: 2}, 1, 0},
		{Tournament{Format: RoundRobin, Seats: 2}, 3, 3},
		{Tournament{Format: RoundRobin, Seats: 2, Double: true}, 2, 2},
		{Tournament{Format: RoundRobin, Seats: 3}, 2, 0},
		{Tournament{Format: Swiss, Seats: 2, Rounds: 2}, 3, 1},
	} {
		entrants(&c.tr, 2)
		for i := range c.computers {
			c.tr.Join(fmt.Sprintf("computer:%d", i), 1)
		}
		if got := c.tr.ComputerBoards(isComputer); got != c.want {
			t.Errorf("%s double=%v seats %d, %d computers: %d, want %d", c.tr.Format, c.tr.Double, c.tr.Seats, c.computers, got, c.want)
		}
	}
}

// Halt drops the pairings not started and names the leader.
func TestHalt(t *testing.T) {
	tr := &Tournament{Name: "h", Format: Pools, Seats: 3}
	entrants(tr, 6)
	if err := tr.Start(); err != nil {
		t.Fatal(err)
	}
	for i, ri := range tr.Pending() {
		tr.SetBoard(ri[0], ri[1], 100+i)
	}
	for i := range tr.Played[0].Pairings {
		p := tr.Played[0].Pairings[i]
		if err := tr.Record(p.Board, []float64{1, 0, 0}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tr.Advance(); err != nil || len(tr.Played) != 2 {
		t.Fatalf("advance: %v, %d stages", err, len(tr.Played))
	}
	tr.Halt()
	if !tr.Over || len(tr.Played) != 1 || tr.Winner == "" || len(tr.Pending()) != 0 {
		t.Errorf("halted: over %v, %d stages, winner %q", tr.Over, len(tr.Played), tr.Winner)
	}
}
