package drawing

import (
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/pbmgo/pbm/engine/picture"
	"github.com/pbmgo/pbm/engine/picture/picturetest"
)

// BenchmarkPNG and BenchmarkSVG render one position of each game.
func BenchmarkPNG(b *testing.B) {
	for _, ps := range positions {
		p := ps.picture(b)
		b.Run(ps.name, func(b *testing.B) {
			for b.Loop() {
				if err := PNG(io.Discard, p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkSVG(b *testing.B) {
	for _, ps := range positions {
		p := ps.picture(b)
		b.Run(ps.name, func(b *testing.B) {
			for b.Loop() {
				if err := SVG(io.Discard, p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPNGMoves draws the successive positions of a board in turn,
// as the server draws a board's pictures move after move, for each
// game; ns/op is per picture.
func BenchmarkPNGMoves(b *testing.B) {
	for _, ps := range positions {
		pics := moves(b, ps, 24)
		b.Run(ps.name, func(b *testing.B) {
			if len(pics) == 0 {
				b.Skip("the game is over at the test position")
			}
			i := 0
			for b.Loop() {
				if err := PNG(io.Discard, pics[i%len(pics)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

// moves returns the pictures of n successive positions of ps's board
// from its test position on, each with its last move marked.
func moves(b testing.TB, ps position, n int) []picture.Picture {
	st, _ := picturetest.Play(b, ps.game, ps.players, ps.opts, ps.seed, ps.plies, nil)
	r := rand.New(rand.NewPCG(ps.seed, 11))
	var pics []picture.Picture
	for len(pics) < n && st.ToMove() >= 0 {
		legal := st.Legal()
		if len(legal) == 0 {
			break
		}
		m, err := st.Play(legal[r.IntN(len(legal))])
		if err != nil {
			b.Fatal(err)
		}
		p := st.(picture.Source).Picture()
		if p.Last == "" {
			p.MarkLast(m)
		}
		for i := range p.Seats {
			p.Seats[i].Player = fmt.Sprintf("player%d", i+1)
		}
		pics = append(pics, p)
	}
	return pics
}

// BenchmarkPNGMovesSideBySide draws the successive positions of a board
// of each game as BenchmarkPNGMoves does, each picture twice in turn:
// as now, and as before the damage filter, the sprites and the memo of
// nearest colours (asBefore). It reports per picture the CPU time of
// the benchmark's thread for each, and the ratio, so that both see the
// same load of a shared machine.
func BenchmarkPNGMovesSideBySide(b *testing.B) {
	defer func() { asBefore = false }()
	for _, ps := range positions {
		pics := moves(b, ps, 24)
		b.Run(ps.name, func(b *testing.B) {
			if len(pics) == 0 {
				b.Skip("the game is over at the test position")
			}
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var cpu [2]time.Duration
			n := 0
			for b.Loop() {
				p := pics[n%len(pics)]
				for i, base := range []bool{false, true} {
					asBefore = base
					t0 := threadCPU()
					if err := PNG(io.Discard, p); err != nil {
						b.Fatal(err)
					}
					cpu[i] += threadCPU() - t0
				}
				n++
			}
			b.ReportMetric(float64(cpu[0].Nanoseconds())/float64(n), "new-ns/pic")
			b.ReportMetric(float64(cpu[1].Nanoseconds())/float64(n), "old-ns/pic")
			b.ReportMetric(float64(cpu[1])/float64(cpu[0]), "x")
		})
	}
}
