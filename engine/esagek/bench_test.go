package esagek

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/enginetest"
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

// longMoves are the shapes of a long move that must be refused at a
// cost linear in their length (parseMove bounds a move at 64 bytes, so
// the cost is flat): a capture chain, steps, rotations, warnings,
// garbage.
var longMoves = []enginetest.LongMove{
	{Name: "chain", Make: func(n int) string { return "M1" + strings.Repeat("xA1", n/3) }},
	{Name: "steps", Make: func(n int) string { return strings.Repeat("B4-C1 ", n/6) }},
	{Name: "rotations", Make: func(n int) string { return strings.Repeat("B+", n/2) }},
	{Name: "warnings", Make: func(n int) string { return "B+" + strings.Repeat("!", n) }},
	{Name: "garbage", Make: func(n int) string { return strings.Repeat("x\x00-~", n/4) }},
}

// freshBoard is a Classic board at its first move.
func freshBoard() engine.State {
	s, err := Game{}.New(2, nil, 7)
	if err != nil {
		panic(err)
	}
	return s
}

// BenchmarkRefuseLong refuses long moves of every shape at 1, 16 and
// 256 KiB.
func BenchmarkRefuseLong(b *testing.B) { enginetest.BenchRefusal(b, freshBoard, longMoves) }

// TestRefusalLinear: refusing a long move costs work linear in its
// length (bytes allocated, not time: see enginetest.LinearRefusal).
func TestRefusalLinear(t *testing.T) { enginetest.LinearRefusal(t, freshBoard, longMoves) }
