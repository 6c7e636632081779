package drawing

import (
	"image"
	"image/color"
	"slices"
)

// quantise maps the image onto a palette of at most 256 colours, most
// frequent first, so the PNG stays small: the drawing has few flat
// colours and the antialiased edges between them. Colours beyond the
// 256th map to the nearest of the palette. The image is from
// palettedPool.
func quantise(img *image.RGBA) *image.Paletted {
	px := img.Pix
	var t colourTable
	t.init(1 << 12)
	// Count runs of one colour, as the rows are mostly flat.
	last, run := uint32(1<<31), int32(0)
	for i := 0; i+3 < len(px); i += 4 {
		if k := uint32(px[i])<<16 | uint32(px[i+1])<<8 | uint32(px[i+2]); k == last {
			run++
		} else {
			if run > 0 {
				*t.at(last) += run
			}
			last, run = k, 1
		}
	}
	if run > 0 {
		*t.at(last) += run
	}
	type entry struct {
		key   uint32
		count int32
	}
	entries := make([]entry, 0, t.n)
	for i, k := range t.keys {
		if k != 0 {
			entries = append(entries, entry{k &^ occupied, t.vals[i]})
		}
	}
	slices.SortFunc(entries, func(a, b entry) int {
		if a.count != b.count {
			return int(b.count - a.count)
		}
		return int(a.key) - int(b.key)
	})
	n := min(len(entries), 256)
	pal := make(color.Palette, n)
	for i, e := range entries[:n] {
		pal[i] = color.RGBA{uint8(e.key >> 16), uint8(e.key >> 8), uint8(e.key), 255}
		*t.at(e.key) = int32(i)
	}
	for _, e := range entries[n:] {
		*t.at(e.key) = int32(pal.Index(color.RGBA{uint8(e.key >> 16), uint8(e.key >> 8), uint8(e.key), 255}))
	}
	out := palettedPool.Get().(*image.Paletted)
	if m := len(px) / 4; cap(out.Pix) < m {
		out.Pix = make([]uint8, m)
	} else {
		out.Pix = out.Pix[:m]
	}
	out.Stride, out.Rect, out.Palette = img.Rect.Dx(), img.Rect, pal
	last, idx := uint32(1<<31), uint8(0)
	for i, j := 0, 0; i+3 < len(px); i, j = i+4, j+1 {
		k := uint32(px[i])<<16 | uint32(px[i+1])<<8 | uint32(px[i+2])
		if k != last {
			last, idx = k, uint8(*t.at(k))
		}
		out.Pix[j] = idx
	}
	return out
}

// colourTable maps 24-bit colours to counts or indices by open
// addressing; a key is stored with the bit occupied set.
type colourTable struct {
	keys []uint32
	vals []int32
	n    int
}

const occupied = 1 << 31

func (t *colourTable) init(size int) {
	t.keys, t.vals, t.n = make([]uint32, size), make([]int32, size), 0
}

// at returns the value of k, adding k with 0 if absent.
func (t *colourTable) at(k uint32) *int32 {
	mask := uint32(len(t.keys) - 1)
	h := (k * 0x9e3779b1) >> 8 & mask
	for {
		switch t.keys[h] {
		case k | occupied:
			return &t.vals[h]
		case 0:
			if 2*(t.n+1) > len(t.keys) {
				t.grow()
				return t.at(k)
			}
			t.keys[h] = k | occupied
			t.n++
			return &t.vals[h]
		}
		h = (h + 1) & mask
	}
}

func (t *colourTable) grow() {
	keys, vals := t.keys, t.vals
	t.init(2 * len(keys))
	for i, k := range keys {
		if k != 0 {
			*t.at(k &^ occupied) = vals[i]
		}
	}
}
