package computer

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/pbmgo/pbm/engine"
)

// allVariants is every case of the benchmarks.
func allVariants() []variant {
	out := append([]variant(nil), twoSeat...)
	out = append(out, multiSeat...)
	return append(out, alone)
}

// midgame returns the position after plies random moves of v's game of
// seed (fewer when the game ends sooner).
func midgame(v variant, seed uint64, plies int) engine.State {
	s := v.new(seed)
	r := rand.New(rand.NewPCG(seed, 9))
	for range plies {
		if s.ToMove() < 0 {
			break
		}
		l := s.Legal()
		c := s.Clone()
		c.Play(l[r.IntN(len(l))])
		if c.ToMove() < 0 {
			break
		}
		s = c
	}
	return s
}

// BenchmarkPlayout plays whole random games through the engine seam
// only (Clone, then Legal and Play to the end) and, in a game with
// engine.RandomPlay, by PlayRandom as the search does, side by side; it
// reports play-outs and moves per second.
func BenchmarkPlayout(b *testing.B) {
	for _, v := range allVariants() {
		b.Run(v.name+"/legal", func(b *testing.B) {
			playouts(b, v, func(s engine.State, r *rand.Rand) {
				l := s.Legal()
				s.Play(l[r.IntN(len(l))])
			})
		})
		if _, ok := v.new(1).(engine.RandomPlay); ok {
			b.Run(v.name+"/random-play", func(b *testing.B) {
				playouts(b, v, func(s engine.State, r *rand.Rand) {
					s.(engine.RandomPlay).PlayRandom(r.IntN)
				})
			})
		}
	}
}

// playouts plays whole games of v from its start by move until each
// ends.
func playouts(b *testing.B, v variant, move func(engine.State, *rand.Rand)) {
	start := v.new(1)
	r := rand.New(rand.NewPCG(1, 2))
	plies := 0
	for b.Loop() {
		s := start.Clone()
		for s.ToMove() >= 0 {
			move(s, r)
			plies++
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkMove times one move of each level in a middle-game position
// of every game and variant.
func BenchmarkMove(b *testing.B) {
	for _, lvl := range Levels {
		for _, v := range allVariants() {
			b.Run(lvl.Name+"/"+v.name, func(b *testing.B) {
				s := midgame(v, 5, 12)
				seed := uint64(0)
				for b.Loop() {
					seed++
					if _, err := Move(context.Background(), s, v.players, lvl, seed); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
