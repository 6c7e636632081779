package eko

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkPlayout plays whole random games (Legal, then Play of a
// random legal turn, to the end).
func BenchmarkPlayout(b *testing.B) {
	for _, n := range []int{2, 3, 4} {
		b.Run(fmt.Sprintf("%dp", n), func(b *testing.B) {
			plies := 0
			for i := 0; b.Loop(); i++ {
				s, _ := Game{}.New(n, nil, uint64(i))
				r := rand.New(rand.NewPCG(uint64(i), 3))
				for !s.Result().Over {
					l := s.Legal()
					s.Play(l[r.IntN(len(l))])
					plies++
				}
			}
			b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
		})
	}
}

// BenchmarkLegal lists the legal turns of positions in the middle of
// random games.
func BenchmarkLegal(b *testing.B) {
	for _, n := range []int{2, 3, 4} {
		b.Run(fmt.Sprintf("%dp", n), func(b *testing.B) {
			s, _ := Game{}.New(n, nil, 42)
			r := rand.New(rand.NewPCG(42, 3))
			for range 40 * n {
				l := s.Legal()
				s.Play(l[r.IntN(len(l))])
			}
			moves := 0
			for b.Loop() {
				moves = len(s.Legal())
			}
			b.ReportMetric(float64(moves), "moves")
		})
	}
}
