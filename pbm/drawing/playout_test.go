package drawing

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"os"
	"testing"

	"golang.org/x/image/font"

	"github.com/pbmgo/pbm/engine/picture"
)

// Random play-outs of every game and variant of positions, each
// position drawn by PNG as the server draws it (from the static layer,
// with whatever the pictures before it left in the caches, as for
// boards in play) and compared pixel for pixel with the picture drawn
// whole on a fresh surface, without any cache: the pixels of the
// pictures as they are drawn without any cache. Every second position also has its last move marked, as the
// server does from the board's log.
func TestPNGPlayouts(t *testing.T) {
	seeds, plies := 2, 40
	if testing.Short() {
		seeds, plies = 1, 12
	}
	var hashes bytes.Buffer
	for _, ps := range positions {
		for seed := range seeds {
			t.Run(fmt.Sprintf("%s/seed%d", ps.name, seed), func(t *testing.T) {
				st, err := ps.game.New(ps.players, ps.opts, uint64(100+seed))
				if err != nil {
					t.Fatal(err)
				}
				r := rand.New(rand.NewPCG(uint64(seed), 9))
				for ply := 0; ply < plies && st.ToMove() >= 0; ply++ {
					legal := st.Legal()
					if len(legal) == 0 {
						break
					}
					m, err := st.Play(legal[r.IntN(len(legal))])
					if err != nil {
						t.Fatal(err)
					}
					p := st.(picture.Source).Picture()
					if ply%2 == 0 && p.Last == "" {
						p.MarkLast(m)
					}
					for i := range p.Seats {
						p.Seats[i].Player = fmt.Sprintf("player%d", i+1)
					}
					got, sum := decodePNG(t, p)
					want := reference(p)
					if d := diffPaletted(got, want); d != "" {
						t.Fatalf("ply %d (%s): %s", ply, m, d)
					}
					fmt.Fprintf(&hashes, "%s/%d/%d %x\n", ps.name, seed, ply, sum)
				}
			})
		}
	}
	if f := os.Getenv("PBM_PIXEL_HASHES"); f != "" {
		os.WriteFile(f, hashes.Bytes(), 0o644)
	}
}

// decodePNG draws p with PNG and decodes it; sum is a hash of the
// colour of every pixel.
func decodePNG(t testing.TB, p picture.Picture) (image.Image, [32]byte) {
	t.Helper()
	var b bytes.Buffer
	if err := PNG(&b, p); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.New()
	r := img.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, ca := img.At(x, y).RGBA()
			h.Write([]byte{byte(cr >> 8), byte(cg >> 8), byte(cb >> 8), byte(ca >> 8)})
		}
	}
	var sum [32]byte
	h.Sum(sum[:0])
	return img, sum
}

// reference is the picture drawn whole on a fresh surface.
func reference(p picture.Picture) *image.Paletted {
	s := &rasterSurface{faces: map[faceKey]font.Face{}}
	s.rasterise(&p, false)
	return s.img
}

// diffPaletted describes how the colours of two images differ.
func diffPaletted(got image.Image, want *image.Paletted) string {
	if got.Bounds() != want.Rect {
		return fmt.Sprintf("bounds %v, want %v", got.Bounds(), want.Rect)
	}
	n, first := 0, image.Point{}
	for y := want.Rect.Min.Y; y < want.Rect.Max.Y; y++ {
		for x := want.Rect.Min.X; x < want.Rect.Max.X; x++ {
			r0, g0, b0, a0 := got.At(x, y).RGBA()
			r1, g1, b1, a1 := want.At(x, y).RGBA()
			if r0 != r1 || g0 != g1 || b0 != b1 || a0 != a1 {
				if n == 0 {
					first = image.Pt(x, y)
				}
				n++
			}
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%d pixels differ, the first at %v", n, first)
}
