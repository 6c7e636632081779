package eko

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/enginetest"
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

// longMoves are the shapes of a long turn that must be refused at a
// cost linear in their length: many actions, marches, reinforcements,
// a construction with many fields, long cell names, empty actions,
// garbage; and in the swap round, swaps.
var longMoves = []enginetest.LongMove{
	{Name: "actions", Make: func(n int) string { return strings.Repeat("G4-E7;", n/6) + "R:NONE" }},
	{Name: "marches", Make: func(n int) string { return "G4-E7" + strings.Repeat(";MARCH", n/6) }},
	{Name: "reinforce", Make: func(n int) string { return strings.Repeat("R:E7:3;", n/7) }},
	{Name: "build", Make: func(n int) string { return "B:E4" + strings.Repeat(":T", n/2) }},
	{Name: "cell", Make: func(n int) string { return "A" + strings.Repeat("1", n) + "-A2;R:NONE" }},
	{Name: "empty", Make: func(n int) string { return strings.Repeat(";", n) }},
	{Name: "garbage", Make: func(n int) string { return strings.Repeat("r:b3:9\x00é#", n/10) }},
	{Name: "swaps", Make: func(n int) string { return strings.Repeat("SWAP:A1:A1;", n/11) }},
}

// swapBoard is a 3-player board in its Emperor swap round; turnBoard
// is one at its first turn after it.
func swapBoard() engine.State {
	s, err := Game{}.New(3, nil, 42)
	if err != nil {
		panic(err)
	}
	return s
}

func turnBoard() engine.State {
	s := swapBoard()
	for len(s.(*state).swaps) > 0 {
		if _, err := s.Play("NOSWAP"); err != nil {
			panic(err)
		}
	}
	return s
}

// BenchmarkRefuseLong refuses long turns of every shape at 1, 16 and
// 256 KiB, in the swap round and after it.
func BenchmarkRefuseLong(b *testing.B) {
	b.Run("swapround", func(b *testing.B) { enginetest.BenchRefusal(b, swapBoard, longMoves) })
	b.Run("turn", func(b *testing.B) { enginetest.BenchRefusal(b, turnBoard, longMoves) })
}

// TestRefusalLinear: refusing a long turn costs work linear in its
// length (bytes allocated, not time: see enginetest.LinearRefusal).
func TestRefusalLinear(t *testing.T) {
	enginetest.LinearRefusal(t, swapBoard, longMoves)
	enginetest.LinearRefusal(t, turnBoard, longMoves)
}
