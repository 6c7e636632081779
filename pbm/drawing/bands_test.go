package drawing

import (
	"bytes"
	"hash/adler32"
	"image/png"
	"math/rand/v2"
	"testing"
)

// The checksum of two pieces combined is the checksum of the whole,
// at every cut, for pieces longer than the modulus too.
func TestAdler32Combine(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	data := make([]byte, 200_000)
	for i := range data {
		data[i] = byte(r.IntN(256))
	}
	for _, n := range []int{0, 1, 2, 100, 65520, 65521, 65522, 131_042, 199_999, 200_000} {
		for _, m := range []int{0, 1, 5552, 65521, 70_000, len(data) - n} {
			if n+m > len(data) {
				continue
			}
			a, b := data[:n], data[n:n+m]
			want := adler32.Checksum(data[:n+m])
			if got := adler32Combine(adler32.Checksum(a), adler32.Checksum(b), len(b)); got != want {
				t.Errorf("cut %d+%d: %08x, want %08x", n, m, got, want)
			}
		}
	}
}

// A picture encoded again takes its bands from the cache, writes the
// same bytes as from empty caches, and decodes to its pixels; a move
// later, the bands the move left alone come from the cache too.
func TestEncodeBandsFromCache(t *testing.T) {
	ps := positions[0]
	pics := moves(t, ps, 2)
	if len(pics) < 2 {
		t.Fatal("the test position has no two moves")
	}
	img := paletted(&pics[0], true)
	resetBandsForBench()
	var cold, warm bytes.Buffer
	if err := encodePNG(&cold, img); err != nil {
		t.Fatal(err)
	}
	h0, m0 := bandCounts()
	if err := encodePNG(&warm, img); err != nil {
		t.Fatal(err)
	}
	h1, m1 := bandCounts()
	bands := (img.Rect.Dy() + bandRows - 1) / bandRows
	if m1 != m0 || h1-h0 != bands {
		t.Errorf("the second encoding: %d hits and %d misses, want %d and 0", h1-h0, m1-m0, bands)
	}
	if !bytes.Equal(cold.Bytes(), warm.Bytes()) {
		t.Error("the encoding from the cache differs from the one from empty caches")
	}
	got, err := png.Decode(&warm)
	if err != nil {
		t.Fatal(err)
	}
	if g, ok := got.(interface{ ColorIndexAt(x, y int) uint8 }); !ok {
		t.Fatalf("decoded as %T", got)
	} else {
		for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
			for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
				if g.ColorIndexAt(x, y) != img.ColorIndexAt(x, y) {
					t.Fatalf("pixel %d,%d: %d, want %d", x, y, g.ColorIndexAt(x, y), img.ColorIndexAt(x, y))
				}
			}
		}
	}
	next := paletted(&pics[1], true)
	if err := encodePNG(&warm, next); err != nil {
		t.Fatal(err)
	}
	h2, m2 := bandCounts()
	if h2 == h1 || m2-m1 >= bands {
		t.Errorf("the next move: %d hits and %d misses of %d bands", h2-h1, m2-m1, bands)
	}
}

func bandCounts() (hits, misses int) {
	c := &compressedBands
	c.Lock()
	defer c.Unlock()
	return c.hits, c.misses
}

func resetBandsForBench() {
	c := &compressedBands
	c.Lock()
	defer c.Unlock()
	c.cur, c.old, c.bytes = map[bandKey]*compressedBand{}, nil, 0
}
