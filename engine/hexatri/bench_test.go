package hexatri

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/enginetest"
)

// eagerPick chooses a random legal action, PASS only one time in ten
// when there is anything else to do, so that random armies meet.
func eagerPick(legal []string, r *rand.Rand) string {
	if len(legal) > 1 && r.IntN(10) > 0 {
		// PASS sorts among the others; pick any non-PASS action.
		for {
			m := legal[r.IntN(len(legal))]
			if m != "PASS" {
				return m
			}
		}
	}
	return legal[r.IntN(len(legal))]
}

// randomGame plays one game with uniformly random legal actions and
// returns the final state and the number of actions.
func randomGame(tb testing.TB, players int, opts map[string]string, seed uint64, check bool) (*state, int) {
	es, err := Game{}.New(players, opts, seed)
	if err != nil {
		tb.Fatal(err)
	}
	s := es.(*state)
	r := rand.New(rand.NewPCG(seed, 7))
	plies := 0
	for !s.res.Over {
		m := eagerPick(s.Legal(), r)
		if _, err := s.Play(m); err != nil {
			tb.Fatalf("legal %q refused: %v", m, err)
		}
		if check {
			if err := invariant(s); err != nil {
				tb.Fatalf("seed %d after %s: %v", seed, m, err)
			}
			for _, l := range strings.Split(show(s), "\n") {
				if len(l) > 79 || strings.HasSuffix(l, " ") {
					tb.Fatalf("seed %d: board line %q", seed, l)
				}
			}
		}
		plies++
	}
	return s, plies
}

// BenchmarkPlayout plays whole random 3-player games; it reports rounds
// per second.
func BenchmarkPlayout(b *testing.B) {
	rounds := 0
	for i := 0; i < b.N; i++ {
		s, _ := randomGame(b, 3, nil, uint64(i), false)
		rounds += s.round
	}
	b.ReportMetric(float64(rounds)/b.Elapsed().Seconds(), "rounds/s")
}

// BenchmarkLegal lists the legal actions of a middle-game position.
func BenchmarkLegal(b *testing.B) {
	es, _ := Game{}.New(3, map[string]string{"startpoints": ""}, 1)
	s := es.(*state)
	r := rand.New(rand.NewPCG(1, 7))
	// Play on to a position with plenty of choice.
	for !s.res.Over && (s.round < 6 || len(s.Legal()) < 60) {
		s.Play(eagerPick(s.Legal(), r))
	}
	if s.res.Over {
		b.Fatal("the game ended early")
	}
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		n = len(s.Legal())
	}
	b.ReportMetric(float64(n), "moves")
}

// Eager random games with and without variants: the bookkeeping holds
// after every action, every game ends, and leaders do fall.
func TestRandomGamesEnd(t *testing.T) {
	games := 4
	if enginetest.Long() {
		games = 100
	}
	won := 0
	for _, players := range []int{2, 3, 6} {
		for i, opts := range variantSets {
			if players >= 3 && i == 1 {
				opts = opt("startpoints", "freemove", "firstblood")
			}
			for seed := uint64(0); seed < uint64(games); seed++ {
				s, _ := randomGame(t, players, opts, seed, true)
				if !s.res.Over || s.ToMove() != -1 {
					t.Fatalf("game not over")
				}
				if len(s.res.Winners) > 0 {
					won++
				}
			}
		}
	}
	if won == 0 {
		t.Error("no random game was won")
	}
	t.Logf("%d games won", won)
}

var _ engine.State = (*state)(nil)

// longMoves are the shapes of a long turn that must be refused at a
// cost linear in their length: a payment list of a blockade or a shot
// thousands of hexagons long, a list of junk after a payment, many
// actions, many passes, a chain of fields, separators, garbage.
var longMoves = []enginetest.LongMove{
	{Name: "blockpay", Make: func(n int) string { return "BLOCK:C3@" + strings.Repeat("D4,", n/3) + "D4" }},
	{Name: "shootpay", Make: func(n int) string { return "SHOOT:C3:B@" + strings.Repeat("D4*1,", n/5) + "D4" }},
	{Name: "payjunk", Make: func(n int) string { return "BLOCK:C3@D4" + strings.Repeat(",x", n/2) }},
	{Name: "actions", Make: func(n int) string { return strings.Repeat("L:IN:A1N! ", n/10) }},
	{Name: "passes", Make: func(n int) string { return strings.Repeat("PASS;", n/5) + "PASS" }},
	{Name: "chain", Make: func(n int) string { return strings.Repeat("C3N-", n/4) + "C3" }},
	{Name: "spaces", Make: func(n int) string { return "x" + strings.Repeat(" ", n) + "y" }},
	{Name: "garbage", Make: func(n int) string { return strings.Repeat("@-:!", n/4) }},
}

// freshBoard is a 3-player board with every paying variant, at its
// first turn.
func freshBoard() engine.State {
	s, err := Game{}.New(3, opt("blockade", "shoot", "regroup", "startpoints"), 1)
	if err != nil {
		panic(err)
	}
	return s
}

// BenchmarkRefuseLong refuses long turns of every shape at 1, 16 and
// 256 KiB: linear work shows as ns/op growing 16 times per size.
func BenchmarkRefuseLong(b *testing.B) { enginetest.BenchRefusal(b, freshBoard, longMoves) }

// TestRefusalLinear: refusing a long turn costs work linear in its
// length (bytes allocated, not time: see enginetest.LinearRefusal).
func TestRefusalLinear(t *testing.T) { enginetest.LinearRefusal(t, freshBoard, longMoves) }
