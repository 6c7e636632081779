package esagek

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkPlayout plays whole random games per variant.
func BenchmarkPlayout(b *testing.B) {
	for _, c := range []playoutCase{
		{"classic", 2, nil},
		{"invasion2", 2, inv},
		{"invasion6", 6, inv},
		{"surrounder2", 2, sur},
		{"surrounder6", 6, sur},
		{"alone", 1, map[string]string{"alone": ""}},
	} {
		b.Run(c.name, func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 2))
			plies := 0
			for i := 0; i < b.N; i++ {
				st, _ := Game{}.New(c.players, c.opts, uint64(i))
				for st.ToMove() >= 0 {
					l := st.Legal()
					st.Play(l[r.IntN(len(l))])
					plies++
				}
			}
			b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
		})
	}
}

// BenchmarkLegal lists the legal moves of a Classic middle game.
func BenchmarkLegal(b *testing.B) {
	st, _ := Game{}.New(2, nil, 7)
	r := rand.New(rand.NewPCG(7, 7))
	for i := 0; i < 30; i++ {
		l := st.Legal()
		st.Play(l[r.IntN(len(l))])
	}
	s := st.(*state)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.legalOK = false
		_ = s.Legal()
	}
}
