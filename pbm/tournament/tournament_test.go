package tournament

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/pbmgo/pbm/engine"
)

func entrants(t *Tournament, n int) {
	for i := range n {
		if err := t.Join(fmt.Sprintf("p%d", i), 2000-10*i); err != nil {
			panic(err)
		}
	}
}

// play starts every pending board and ends it with a result from
// result, until the tournament is over; it returns the boards played.
func play(tb *testing.T, t *Tournament, result func(p Pairing) []float64) int {
	tb.Helper()
	if err := t.Start(); err != nil {
		tb.Fatal(err)
	}
	next := 100
	boards := 0
	for guard := 0; !t.Over; guard++ {
		if guard > 1000 {
			tb.Fatal("tournament does not end")
		}
		for _, ri := range t.Pending() {
			next++
			t.SetBoard(ri[0], ri[1], next)
		}
		r := t.Current()
		for i := range t.Played[r].Pairings {
			p := t.Played[r].Pairings[i]
			if p.Done {
				continue
			}
			if p.Board == 0 {
				continue
			}
			boards++
			if err := t.Record(p.Board, result(p)); err != nil {
				tb.Fatal(err)
			}
			// Recording twice counts once.
			if err := t.Record(p.Board, result(p)); err != nil {
				tb.Fatal(err)
			}
		}
		if _, err := t.Advance(); err != nil {
			tb.Fatal(err)
		}
	}
	return boards
}

func randomResult(rng *rand.Rand, seats int) func(Pairing) []float64 {
	return func(p Pairing) []float64 {
		var res engine.Result
		res.Over = true
		if rng.IntN(5) > 0 {
			res.Winners = []int{rng.IntN(seats)}
		}
		return Points(res, seats)
	}
}

func TestPoints(t *testing.T) {
	for _, c := range []struct {
		res   engine.Result
		seats int
		want  []float64
	}{
		{engine.Result{Over: true, Winners: []int{0}}, 2, []float64{1, 0}},
		{engine.Result{Over: true, Winners: []int{1}}, 2, []float64{0, 1}},
		{engine.Result{Over: true}, 2, []float64{0.5, 0.5}},
		{engine.Result{Over: true, Winners: []int{2}}, 3, []float64{0.25, 0.25, 1}},
		{engine.Result{Over: true, Winners: []int{0}, Scores: []int{9, 5, 7}}, 3, []float64{1, 0, 0.5}},
		{engine.Result{Over: true, Winners: []int{0, 1}}, 4, []float64{5.0 / 6, 5.0 / 6, 1.0 / 6, 1.0 / 6}},
	} {
		if got := Points(c.res, c.seats); !slices.Equal(got, c.want) {
			t.Errorf("Points(%+v, %d) = %v, want %v", c.res, c.seats, got, c.want)
		}
	}
}

func TestRoundRobinEveryPairOnce(t *testing.T) {
	for _, n := range []int{2, 3, 4, 5, 8} {
		for _, double := range []bool{false, true} {
			tr := &Tournament{Name: "rr", Format: RoundRobin, Seats: 2, Double: double}
			entrants(tr, n)
			rng := rand.New(rand.NewPCG(uint64(n), 1))
			boards := play(t, tr, randomResult(rng, 2))
			want := n * (n - 1) / 2
			if double {
				want *= 2
			}
			if boards != want {
				t.Errorf("n=%d double=%v: %d boards, want %d", n, double, boards, want)
			}
			met := map[[2]string]int{}
			first := map[string]int{}
			for _, p := range tr.Played[0].Pairings {
				met[[2]string{p.Seats[0], p.Seats[1]}]++
				first[p.Seats[0]]++
			}
			for i := range n {
				for j := range n {
					if i == j {
						continue
					}
					a, b := fmt.Sprintf("p%d", i), fmt.Sprintf("p%d", j)
					got := met[[2]string{a, b}] + met[[2]string{b, a}]
					if wantPair := map[bool]int{false: 1, true: 2}[double]; got != wantPair {
						t.Errorf("n=%d double=%v: %s and %s meet %d times", n, double, a, b, got)
					}
					if double && met[[2]string{a, b}] != 1 {
						t.Errorf("n=%d double: %s first against %s %d times, want 1", n, a, b, met[[2]string{a, b}])
					}
				}
			}
			lo, hi := n, 0
			for _, e := range tr.Entrants {
				lo, hi = min(lo, first[e.ID]), max(hi, first[e.ID])
			}
			if hi-lo > 1 {
				t.Errorf("n=%d double=%v: first seats range %d..%d", n, double, lo, hi)
			}
			checkTieBreaks(t, tr)
		}
	}
}

func TestRoundRobinManySeats(t *testing.T) {
	tr := &Tournament{Name: "rr", Format: RoundRobin, Seats: 3}
	entrants(tr, 5)
	rng := rand.New(rand.NewPCG(3, 3))
	play(t, tr, randomResult(rng, 3))
	seatCount := map[string][]int{}
	for _, p := range tr.Played[0].Pairings {
		if len(p.Seats) != 3 {
			t.Fatalf("board of %d seats", len(p.Seats))
		}
		for s, id := range p.Seats {
			if seatCount[id] == nil {
				seatCount[id] = make([]int, 3)
			}
			seatCount[id][s]++
		}
	}
	for _, e := range tr.Entrants {
		if !slices.Equal(seatCount[e.ID], []int{1, 1, 1}) {
			t.Errorf("%s sits %v times in seats 1-3, want once each", e.ID, seatCount[e.ID])
		}
	}
	checkTieBreaks(t, tr)
}

func TestSwissSeven(t *testing.T) {
	for seed := range uint64(50) {
		tr := &Tournament{Name: "sw", Format: Swiss, Seats: 2, Rounds: 3}
		entrants(tr, 7)
		rng := rand.New(rand.NewPCG(seed, 7))
		play(t, tr, randomResult(rng, 2))
		if len(tr.Played) != 3 {
			t.Fatalf("seed %d: %d rounds", seed, len(tr.Played))
		}
		pairs := map[[2]string]bool{}
		byes := map[string]bool{}
		for r, rd := range tr.Played {
			seen := map[string]bool{}
			nbye := 0
			for _, p := range rd.Pairings {
				for _, id := range p.Seats {
					if seen[id] {
						t.Fatalf("seed %d round %d: %s twice", seed, r, id)
					}
					seen[id] = true
				}
				if p.Bye() {
					nbye++
					if byes[p.Seats[0]] {
						t.Errorf("seed %d: %s has a second bye", seed, p.Seats[0])
					}
					byes[p.Seats[0]] = true
					continue
				}
				k := [2]string{min(p.Seats[0], p.Seats[1]), max(p.Seats[0], p.Seats[1])}
				if pairs[k] {
					t.Errorf("seed %d: %v meet twice", seed, k)
				}
				pairs[k] = true
			}
			if nbye != 1 || len(seen) != 7 {
				t.Errorf("seed %d round %d: %d byes, %d entrants", seed, r, nbye, len(seen))
			}
		}
		for _, e := range tr.Entrants {
			d, _ := tr.firsts(e.ID)
			if d > 2 || d < -2 {
				t.Errorf("seed %d: %s first-seat difference %d", seed, e.ID, d)
			}
		}
		checkTieBreaks(t, tr)
	}
}

// TestSwissPairsEqualScores: in round two, winners meet winners.
func TestSwissPairsEqualScores(t *testing.T) {
	tr := &Tournament{Name: "sw", Format: Swiss, Seats: 2, Rounds: 2}
	entrants(tr, 8)
	if err := tr.Start(); err != nil {
		t.Fatal(err)
	}
	for i, ri := range tr.Pending() {
		tr.SetBoard(ri[0], ri[1], 10+i)
		tr.Record(10+i, []float64{1, 0})
	}
	if _, err := tr.Advance(); err != nil {
		t.Fatal(err)
	}
	pts := map[string]float64{}
	for _, s := range tr.Standings() {
		pts[s.ID] = s.Points
	}
	for _, p := range tr.Played[1].Pairings {
		if pts[p.Seats[0]] != pts[p.Seats[1]] {
			t.Errorf("round 2 pairs %v with %v and %v points", p.Seats, pts[p.Seats[0]], pts[p.Seats[1]])
		}
	}
	// Dutch: round 1 is seed 1-5, 2-6, 3-7, 4-8 (seats alternating).
	var got [][2]string
	for _, p := range tr.Played[0].Pairings {
		got = append(got, [2]string{min(p.Seats[0], p.Seats[1]), max(p.Seats[0], p.Seats[1])})
	}
	want := [][2]string{{"p0", "p4"}, {"p1", "p5"}, {"p2", "p6"}, {"p3", "p7"}}
	if !slices.Equal(got, want) {
		t.Errorf("round 1 pairs %v, want %v", got, want)
	}
}

func TestKnockoutEight(t *testing.T) {
	tr := &Tournament{Name: "ko", Format: Knockout, Seats: 2}
	entrants(tr, 8)
	// Higher seed (lower number) wins, except the first two matches of
	// round 1, drawn and so replayed.
	drawn := map[int]bool{}
	play(t, tr, func(p Pairing) []float64 {
		if len(tr.Played) == 1 && !p.Replay && (drawn[p.Board] || len(drawn) < 2) {
			drawn[p.Board] = true
			return []float64{0.5, 0.5}
		}
		if tr.seed(p.Seats[0]) < tr.seed(p.Seats[1]) {
			return []float64{1, 0}
		}
		return []float64{0, 1}
	})
	if tr.Winner != "p0" {
		t.Errorf("winner %s, want p0", tr.Winner)
	}
	if len(tr.Played) != 3 {
		t.Errorf("%d rounds, want 3", len(tr.Played))
	}
	first := tr.Played[0].Pairings
	if len(first) != 6 {
		t.Errorf("round 1 has %d pairings, want 4 and 2 replays", len(first))
	}
	want := [][]string{{"p0", "p7"}, {"p3", "p4"}, {"p1", "p6"}, {"p2", "p5"}}
	for i, w := range want {
		if !slices.Equal(first[i].Seats, w) {
			t.Errorf("round 1 match %d %v, want %v", i, first[i].Seats, w)
		}
	}
	if final := tr.Played[2].Pairings; len(final) != 1 || !slices.Equal(final[0].Seats, []string{"p0", "p1"}) {
		t.Errorf("final %v, want p0 against p1", final)
	}
}

func TestKnockoutDrawnReplayHigherSeed(t *testing.T) {
	tr := &Tournament{Name: "ko", Format: Knockout, Seats: 2}
	entrants(tr, 5)
	play(t, tr, func(p Pairing) []float64 { return []float64{0.5, 0.5} })
	if tr.Winner != "p0" {
		t.Errorf("winner %s, want the top seed when every match is drawn", tr.Winner)
	}
	byes := 0
	for _, p := range tr.Played[0].Pairings {
		if p.Bye() {
			byes++
		}
	}
	if byes != 3 {
		t.Errorf("%d byes in round 1 of 5, want 3", byes)
	}
}

func TestPoolsNine(t *testing.T) {
	tr := &Tournament{Name: "po", Format: Pools, Seats: 3}
	entrants(tr, 9)
	rng := rand.New(rand.NewPCG(9, 9))
	play(t, tr, randomResult(rng, 3))
	if len(tr.Played) != 2 {
		t.Fatalf("%d stages, want 2", len(tr.Played))
	}
	if n := len(tr.Played[0].Pairings); n != 3 {
		t.Errorf("stage 1 has %d tables, want 3", n)
	}
	final := tr.Played[1].Pairings
	if len(final) != 1 || len(final[0].Seats) != 3 {
		t.Fatalf("final %v", final)
	}
	for i, p := range tr.Played[0].Pairings {
		if w := tr.best(p); !slices.Contains(final[0].Seats, w) {
			t.Errorf("table %d winner %s not in the final", i, w)
		}
	}
	if tr.Winner != tr.best(final[0]) {
		t.Errorf("winner %s, want %s", tr.Winner, tr.best(final[0]))
	}
}

func TestChecks(t *testing.T) {
	for _, tr := range []Tournament{
		{Format: Swiss, Seats: 2},
		{Format: Swiss, Seats: 3, Rounds: 2},
		{Format: Knockout, Seats: 4},
		{Format: Pools, Seats: 2},
		{Format: "ladder", Seats: 2},
	} {
		if err := tr.Check(); err == nil {
			t.Errorf("%+v accepted", tr)
		}
	}
	tr := &Tournament{Format: RoundRobin, Seats: 2}
	entrants(tr, 1)
	if err := tr.Start(); err == nil {
		t.Error("round robin of one entrant started")
	}
	if err := tr.Join("P0", 1); err != ErrEntered {
		t.Errorf("joining twice: %v", err)
	}
}

// checkTieBreaks recomputes points, Sonneborn-Berger and Buchholz from
// the boards, independently of Standings.
func checkTieBreaks(t *testing.T, tr *Tournament) {
	t.Helper()
	score := map[string]float64{}
	for _, rd := range tr.Played {
		for _, p := range rd.Pairings {
			for s, id := range p.Seats {
				score[id] += p.Points[s]
			}
		}
	}
	for _, st := range tr.Standings() {
		if st.Points != score[st.ID] {
			t.Errorf("%s: %v points, want %v", st.ID, st.Points, score[st.ID])
		}
		var sb, bh float64
		var opps []float64
		for _, rd := range tr.Played {
			for _, p := range rd.Pairings {
				s := slices.Index(p.Seats, st.ID)
				if s < 0 || p.Bye() {
					continue
				}
				k := float64(len(p.Seats) - 1)
				var mean float64
				for o, oid := range p.Seats {
					if o == s {
						continue
					}
					mean += score[oid] / k
					if p.Points[s] > p.Points[o] {
						sb += score[oid] / k
					} else if p.Points[s] == p.Points[o] {
						sb += score[oid] / k / 2
					}
				}
				bh += mean
				opps = append(opps, mean)
			}
		}
		switch tr.Format {
		case RoundRobin:
			if !near(st.TieBreaks[0], sb) {
				t.Errorf("%s: SB %v, want %v", st.ID, st.TieBreaks[0], sb)
			}
		case Swiss:
			med := bh
			if len(opps) >= 3 {
				med -= slices.Max(opps) + slices.Min(opps)
			}
			if !near(st.TieBreaks[0], bh) || !near(st.TieBreaks[1], med) {
				t.Errorf("%s: Buchholz %v, want %v %v", st.ID, st.TieBreaks, bh, med)
			}
		}
	}
	st := tr.Standings()
	for i := 1; i < len(st); i++ {
		if st[i].Points > st[i-1].Points {
			t.Errorf("standings out of order at %d: %+v", i, st)
		}
	}
}

func near(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }
