package hexemergo

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/enginetest"
)

// randomGame plays one game with random legal moves and returns its
// number of plies.
func randomGame(alternate bool, r *rand.Rand) int {
	s := newState(alternate)
	n := 0
	for !s.over {
		legal := s.legal // read-only here; Legal() would copy
		if _, err := s.Play(legal[r.IntN(len(legal))]); err != nil {
			panic(err)
		}
		n++
	}
	return n
}

func BenchmarkPlayout(b *testing.B) {
	for _, bc := range []struct {
		name      string
		alternate bool
	}{{"standard", false}, {"alternate", true}} {
		b.Run(bc.name, func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 2))
			plies := 0
			for b.Loop() {
				plies += randomGame(bc.alternate, r)
			}
			b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
		})
	}
}

// BenchmarkLegal measures the legal move list on positions met in random
// games, generated from scratch in canonical notation and sorted, as
// Play does after every move for the next player (Legal() itself only
// copies that list).
func BenchmarkLegal(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	var positions []*state
	for len(positions) < 500 {
		s := newState(len(positions)%2 == 1)
		for !s.over {
			if r.IntN(8) == 0 {
				positions = append(positions, s.Clone().(*state))
			}
			s.Play(s.legal[r.IntN(len(s.legal))])
		}
	}
	i := 0
	for b.Loop() {
		s := positions[i%len(positions)]
		i++
		_ = s.pos.legalList(s.plies == 0)
	}
}

// longMoves are the shapes of a long move that must be refused at a
// cost linear in their length (parseMove bounds a move at 64 bytes, so
// the cost is flat): a capture route, steps, dashes, garbage.
var longMoves = []enginetest.LongMove{
	{Name: "route", Make: func(n int) string { return "E7" + strings.Repeat("xE5xE3", n/6) }},
	{Name: "steps", Make: func(n int) string { return strings.Repeat("D4-D5", n/5) }},
	{Name: "dashes", Make: func(n int) string { return "D4" + strings.Repeat("-", n) }},
	{Name: "garbage", Make: func(n int) string { return strings.Repeat("\xff\xfex-", n/4) }},
}

// freshBoard is a standard board at its first move.
func freshBoard() engine.State { return newState(false) }

// BenchmarkRefuseLong refuses long moves of every shape at 1, 16 and
// 256 KiB.
func BenchmarkRefuseLong(b *testing.B) { enginetest.BenchRefusal(b, freshBoard, longMoves) }

// TestRefusalLinear: refusing a long move costs work linear in its
// length (bytes allocated, not time: see enginetest.LinearRefusal).
func TestRefusalLinear(t *testing.T) { enginetest.LinearRefusal(t, freshBoard, longMoves) }
