package hexatri

import (
	"math/rand/v2"
	"testing"

	"github.com/pbmgo/pbm/engine"
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
func randomGame(tb testing.TB, players int, opts map[string]string, seed uint64) (*state, int) {
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
		plies++
	}
	return s, plies
}

// BenchmarkPlayout plays whole random 3-player games; it reports rounds
// per second.
func BenchmarkPlayout(b *testing.B) {
	rounds := 0
	for i := 0; i < b.N; i++ {
		s, _ := randomGame(b, 3, nil, uint64(i))
		rounds += s.round
	}
	b.ReportMetric(float64(rounds)/b.Elapsed().Seconds(), "rounds/s")
}

// BenchmarkLegal lists the legal actions of a middle-game position.
func BenchmarkLegal(b *testing.B) {
	es, _ := Game{}.New(3, map[string]string{"startpoints": ""}, 1)
	s := es.(*state)
	r := rand.New(rand.NewPCG(1, 7))
	for s.round < 8 && !s.res.Over {
		s.Play(eagerPick(s.Legal(), r))
	}
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		n = len(s.Legal())
	}
	b.ReportMetric(float64(n), "moves")
}

func TestRandomGamesEnd(t *testing.T) {
	for _, players := range []int{2, 3, 6} {
		for seed := uint64(0); seed < 3; seed++ {
			s, plies := randomGame(t, players, nil, seed)
			t.Logf("%dp seed %d: %d plies, round %d, %s %v", players, seed, plies, s.round, s.res.Reason, s.res.Winners)
		}
	}
}

var _ engine.State = (*state)(nil)
