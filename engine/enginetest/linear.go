package enginetest

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/pbmgo/pbm/engine"
)

// LongMove is one shape of a long move string: Make returns a move of
// about n bytes that Play must refuse (a payment list of n bytes, n
// bytes of actions, of garbage, of separators).
type LongMove struct {
	Name string
	Make func(n int) string
}

// RefusalSizes are the move lengths the refusal checks and benchmarks
// use: each 16 times the one before.
var RefusalSizes = []int{1 << 10, 16 << 10, 256 << 10}

// refusalBytes returns the bytes allocated while a fresh board refuses
// move: the fewest of three runs, so that a collection or a runtime
// allocation elsewhere in the process does not count. The board is
// made before the count starts.
func refusalBytes(t testing.TB, fresh func() engine.State, move string) uint64 {
	t.Helper()
	best := ^uint64(0)
	for range 3 {
		s := fresh()
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, err := s.Play(move)
		runtime.ReadMemStats(&after)
		if err == nil {
			t.Fatalf("a move of %d bytes (%.40q...) was accepted", len(move), move)
		}
		best = min(best, after.TotalAlloc-before.TotalAlloc)
	}
	return best
}

// LinearRefusal checks that refusing a long move costs work linear in
// its length, measured without a clock: the bytes allocated while a
// move of 16n bytes is refused are at most 32 times those for n bytes
// (16 for linear work, twice that for slack), for each size of
// RefusalSizes and each shape. Work that grows as n² allocates 256
// times as much for 16 times the input and fails; so does work that
// copies the move once per token. A floor of 64 KiB per size keeps a
// refusal of constant cost (a bound checked first) from failing on a
// ratio of small numbers.
func LinearRefusal(t *testing.T, fresh func() engine.State, shapes []LongMove) {
	t.Helper()
	const floor = 64 << 10
	for _, sh := range shapes {
		var prev uint64
		for i, n := range RefusalSizes {
			got := refusalBytes(t, fresh, sh.Make(n))
			if i > 0 && got > 32*max(prev, floor) {
				t.Errorf("%s: refusing %d bytes allocates %d bytes, %d bytes %d: more than linear",
					sh.Name, n, got, RefusalSizes[i-1], prev)
			}
			t.Logf("%s: %d bytes refused with %d bytes allocated", sh.Name, n, got)
			prev = got
		}
	}
}

// BenchRefusal benchmarks refusing each shape at each size of
// RefusalSizes on a fresh board (made outside the timer): ns/op from
// one size to the next grows 16 times when the cost is linear.
func BenchRefusal(b *testing.B, fresh func() engine.State, shapes []LongMove) {
	for _, sh := range shapes {
		for _, n := range RefusalSizes {
			move := sh.Make(n)
			b.Run(fmt.Sprintf("%s/%dKiB", sh.Name, n>>10), func(b *testing.B) {
				b.SetBytes(int64(len(move)))
				for b.Loop() {
					b.StopTimer()
					s := fresh()
					b.StartTimer()
					if _, err := s.Play(move); err == nil {
						b.Fatal("the long move was accepted")
					}
				}
			})
		}
	}
}
