package drawing

import (
	"bytes"
	"image"
	"image/color"
	"math/rand/v2"
	"slices"
	"testing"
)

// nearest agrees with color.Palette.Index.
func TestNearest(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	// Colours anywhere, and colours of a few levels, which tie often.
	for _, levels := range []uint32{256, 5} {
		c := func() uint32 {
			return r.Uint32N(levels)*(255/(levels-1))<<16 | r.Uint32N(levels)*(255/(levels-1))<<8 | r.Uint32N(levels)*(255/(levels-1))
		}
		var pal color.Palette
		var entries []entry
		seen := map[uint32]bool{}
		for len(entries) < min(200, int(levels*levels*levels)/2) {
			k := c()
			if seen[k] {
				continue
			}
			seen[k] = true
			pal = append(pal, color.RGBA{uint8(k >> 16), uint8(k >> 8), uint8(k), 255})
			entries = append(entries, entry{key: k})
		}
		n := newNearest(entries)
		for range 20000 {
			k := c()
			if r.IntN(2) == 0 {
				k = r.Uint32() & 0xffffff
			}
			if got, want := n.index(k), pal.Index(color.RGBA{uint8(k >> 16), uint8(k >> 8), uint8(k), 255}); got != want {
				t.Fatalf("nearest of %06x is %d, want %d", k, got, want)
			}
		}
	}
}

// quantise gives the palette and pixels the former map-based one gave.
func TestQuantiseLikeLegacy(t *testing.T) {
	for _, ps := range positions {
		img := raster(ps.picture(t), true)
		got, want := quantise(img), legacyQuantise(img)
		if len(got.Palette) != len(want.Palette) {
			t.Fatalf("%s: %d colours, want %d", ps.name, len(got.Palette), len(want.Palette))
		}
		for i := range got.Palette {
			if got.Palette[i] != want.Palette[i] {
				t.Fatalf("%s: colour %d is %v, want %v", ps.name, i, got.Palette[i], want.Palette[i])
			}
		}
		if !bytes.Equal(got.Pix, want.Pix) || got.Rect != want.Rect || got.Stride != want.Stride {
			t.Fatalf("%s: the pixels differ", ps.name)
		}
	}
}

func BenchmarkQuantise(b *testing.B) {
	img := raster(positions[5].picture(b), true)
	b.Run("legacy", func(b *testing.B) {
		for b.Loop() {
			legacyQuantise(img)
		}
	})
	b.Run("table", func(b *testing.B) {
		for b.Loop() {
			palettedPool.put(quantise(img))
		}
	})
}

// An image of more colours than the table first holds reduces as the
// former quantise did too.
func TestQuantiseNoise(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	img := image.NewRGBA(image.Rect(0, 0, 160, 120))
	for i := range img.Pix {
		img.Pix[i] = uint8(r.Uint32())
		if i%4 == 3 {
			img.Pix[i] = 255
		}
	}
	got, want := quantise(img), legacyQuantise(img)
	if !slices.Equal(got.Palette, want.Palette) || !bytes.Equal(got.Pix, want.Pix) {
		t.Error("the noise reduces otherwise")
	}
}

// The memo of nearest colours maps every colour left out as the search
// does, ties included, over palettes that gain and lose colours from
// picture to picture.
func TestNearMemo(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, levels := range []uint32{256, 6} {
		c := func() uint32 {
			return r.Uint32N(levels)*(255/(levels-1))<<16 | r.Uint32N(levels)*(255/(levels-1))<<8 | r.Uint32N(levels)*(255/(levels-1))
		}
		var slot nearMemoSlot
		var pal []entry
		seen := map[uint32]bool{}
		var extras []entry
		for len(extras) < min(300, int(levels*levels*levels)/2) {
			if k := c(); !seen[k] {
				seen[k] = true
				extras = append(extras, entry{key: k})
			}
		}
		for round := range 40 {
			// Move some colours between the palette and the rest.
			for range 1 + r.IntN(20) {
				if len(pal) > 0 && (len(pal) >= 100 || r.IntN(2) == 0) {
					i := r.IntN(len(pal))
					extras = append(extras, pal[i])
					pal = slices.Delete(pal, i, i+1)
				} else {
					i := r.IntN(len(extras))
					pal = append(pal, extras[i])
					extras = slices.Delete(extras, i, i+1)
				}
			}
			r.Shuffle(len(pal), func(i, j int) { pal[i], pal[j] = pal[j], pal[i] })
			if len(pal) == 0 {
				continue
			}
			var tab colourTable
			tab.reset()
			for i, e := range pal {
				*tab.at(e.key) = int32(i)
			}
			slot.mapExtras(&tab, pal, extras)
			want := newNearest(pal)
			for _, e := range extras {
				if got, want := int(*tab.at(e.key)), want.index(e.key); got != want {
					t.Fatalf("levels %d round %d: nearest of %06x is %d, want %d", levels, round, e.key, got, want)
				}
			}
		}
	}
}
