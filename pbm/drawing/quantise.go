package drawing

import (
	"encoding/binary"
	"image"
	"image/color"
	"math/bits"
	"slices"
)

// quantise maps the image onto a palette of at most 256 colours, most
// frequent first, so the PNG stays small: the drawing has few flat
// colours and the antialiased edges between them. Colours beyond the
// 256th map to the nearest of the palette. The image is from
// palettedPool.
func quantise(img *image.RGBA) *image.Paletted { return quantiseWith(img, nil) }

// quantiseWith is quantise finding the nearest palette colours of the
// colours left out through memo, when not nil: the memo of the
// pictures of one layout.
func quantiseWith(img *image.RGBA, memo *nearMemoSlot) *image.Paletted {
	px := img.Pix
	if len(px) < 4 {
		out := palettedPool.get()
		*out = image.Paletted{Pix: out.Pix[:0], Rect: img.Rect, Palette: color.Palette{color.White}}
		return out
	}
	q := quantisers.get()
	defer quantisers.put(q)
	t := &q.table
	t.reset()
	// Count runs of one colour, as the rows are mostly flat, and keep
	// them to write the pixels from.
	runs := q.runs[:0]
	for i := 0; i+4 <= len(px); {
		v, j := runAt(px, i)
		k := key(v)
		slot := t.slot(k)
		t.vals[slot] += int32((j - i) / 4)
		runs = append(runs, run{k, slot, int32((j - i) / 4)})
		i = j
	}
	q.runs = runs
	entries := q.entries[:0]
	for i, k := range t.keys {
		if k != 0 {
			entries = append(entries, entry{k &^ occupied, t.vals[i]})
		}
	}
	q.entries = entries
	if len(entries) > 256 {
		// Only the 256 commonest need sorting: move them to the front.
		counts := q.counts[:0]
		for _, e := range entries {
			counts = append(counts, e.count)
		}
		q.counts = counts
		slices.Sort(counts)
		least := counts[len(counts)-256]
		front := 0
		for i, e := range entries {
			if e.count >= least {
				entries[front], entries[i] = entries[i], entries[front]
				front++
			}
		}
		entries = entries[:front]
	}
	slices.SortFunc(entries, func(a, b entry) int {
		if a.count != b.count {
			return int(b.count - a.count)
		}
		return int(a.key) - int(b.key)
	})
	entries = q.entries
	n := min(len(entries), 256)
	pal := make(color.Palette, n)
	for i, e := range entries[:n] {
		pal[i] = color.RGBA{uint8(e.key >> 16), uint8(e.key >> 8), uint8(e.key), 255}
		*t.at(e.key) = int32(i)
	}
	if len(entries) > n {
		if memo != nil {
			memo.mapExtras(t, entries[:n], entries[n:])
		} else {
			near := newNearest(entries[:n])
			for _, e := range entries[n:] {
				*t.at(e.key) = int32(near.index(e.key))
			}
		}
	}
	out := palettedPool.get()
	if m := len(px) / 4; cap(out.Pix) < m {
		out.Pix = make([]uint8, m)
	} else {
		out.Pix = out.Pix[:m]
	}
	out.Stride, out.Rect, out.Palette = img.Rect.Dx(), img.Rect, pal
	dst := out.Pix
	for _, r := range runs {
		slot := r.slot
		if t.grown {
			slot = t.slot(r.key)
		}
		idx := uint8(t.vals[slot])
		run := dst[:r.n]
		if idx == 0 { // the commonest colour, in the longest runs
			clear(run)
		} else {
			for k := range run {
				run[k] = idx
			}
		}
		dst = dst[r.n:]
	}
	return out
}

// runAt returns the pixel at byte i of px as a little-endian word and
// the end of the run of pixels equal to it, comparing eight and then two
// at a time.
func runAt(px []uint8, i int) (v uint32, end int) {
	v = binary.LittleEndian.Uint32(px[i:])
	pair := uint64(v) | uint64(v)<<32
	j := i + 4
	for j+32 <= len(px) {
		b := px[j : j+32 : j+32]
		if (binary.LittleEndian.Uint64(b)^pair)|(binary.LittleEndian.Uint64(b[8:])^pair)|
			(binary.LittleEndian.Uint64(b[16:])^pair)|(binary.LittleEndian.Uint64(b[24:])^pair) != 0 {
			break
		}
		j += 32
	}
	for j+8 <= len(px) && binary.LittleEndian.Uint64(px[j:]) == pair {
		j += 8
	}
	if j+4 <= len(px) && binary.LittleEndian.Uint32(px[j:]) == v {
		j += 4
	}
	return v, j
}

// key is the colour of an RGBA pixel read as a little-endian word, as
// 0xrrggbb.
func key(v uint32) uint32 {
	return bits.ReverseBytes32(v) >> 8
}

type entry struct {
	key   uint32
	count int32
}

// nearest finds the palette colour nearest a colour, as
// color.Palette.Index does for opaque colours (the least sum of the
// squared differences of the 16-bit channels, each divided by 4, the
// first of equals). It first tries the palette colours in the colour's
// box of an 8×8×8 grid, then searches out from the colour's green in
// the palette sorted by green while the green alone is no farther than
// the best so far.
type nearest struct {
	sorted []near
	head   [512]int16 // per box, the first of its colours in sorted, -1 for none
	next   []int16    // the next colour of the same box
}

type near struct {
	r, g, b uint32 // 16-bit channels
	i       int    // index in the palette
}

// gridBox is the grid box of a colour 0xrrggbb.
func gridBox(k uint32) uint32 { return k>>21&7<<6 | k>>13&7<<3 | k>>5&7 }

func newNearest(pal []entry) *nearest {
	n := &nearest{sorted: make([]near, len(pal)), next: make([]int16, len(pal))}
	for i, e := range pal {
		n.sorted[i] = near{(e.key >> 16 & 0xff) * 0x101, (e.key >> 8 & 0xff) * 0x101, (e.key & 0xff) * 0x101, i}
	}
	slices.SortFunc(n.sorted, func(a, b near) int { return int(a.g) - int(b.g) })
	for i := range n.head {
		n.head[i] = -1
	}
	for j, p := range n.sorted {
		bk := gridBox(pal[p.i].key)
		n.next[j], n.head[bk] = n.head[bk], int16(j)
	}
	return n
}

func (n *nearest) index(k uint32) int {
	i, _, _ := n.search(k)
	return i
}

// search returns the index of the palette colour nearest k, its
// distance, and whether another palette colour is as near. Every
// palette colour as near as the nearest is tried, so tie is exact.
func (n *nearest) search(k uint32) (ret int, best uint32, tie bool) {
	r, g, b := (k>>16&0xff)*0x101, (k>>8&0xff)*0x101, (k&0xff)*0x101
	best = 1<<32 - 1
	try := func(p *near) bool {
		d := g - p.g
		sum := (d * d) >> 2
		if sum > best {
			return false
		}
		d = r - p.r
		sum += (d * d) >> 2
		d = b - p.b
		sum += (d * d) >> 2
		switch {
		case sum < best:
			ret, best, tie = p.i, sum, false
		case sum == best && p.i != ret:
			tie = true
			ret = min(ret, p.i)
		}
		return true
	}
	for j := n.head[gridBox(k)]; j >= 0; j = n.next[j] {
		try(&n.sorted[j])
	}
	s := n.sorted
	mid, _ := slices.BinarySearchFunc(s, g, func(p near, g uint32) int { return int(p.g) - int(g) })
	for lo, hi, up, down := mid-1, mid, true, true; up || down; {
		if up = up && hi < len(s) && try(&s[hi]); up {
			hi++
		}
		if down = down && lo >= 0 && try(&s[lo]); down {
			lo--
		}
	}
	return ret, best, tie
}

// distance is the distance nearest.index measures from k to p.
func distance(k uint32, p *near) uint32 {
	r, g, b := (k>>16&0xff)*0x101, (k>>8&0xff)*0x101, (k&0xff)*0x101
	d := r - p.r
	sum := (d * d) >> 2
	d = g - p.g
	sum += (d * d) >> 2
	d = b - p.b
	return sum + (d*d)>>2
}

// quantiser holds what quantise uses, for reuse.
type quantiser struct {
	table   colourTable
	runs    []run
	entries []entry
	counts  []int32
}

var quantisers = newFreeList(func() *quantiser { return new(quantiser) })

// run is a run of pixels of one colour, with its slot in the table.
type run struct {
	key     uint32
	slot, n int32
}

// colourTable maps 24-bit colours to counts or indices by open
// addressing; a key is stored with the bit occupied set. grown tells
// that slots have moved since reset.
type colourTable struct {
	keys  []uint32
	vals  []int32
	n     int
	grown bool
}

const occupied = 1 << 31

func (t *colourTable) init(size int) {
	t.keys, t.vals, t.n = make([]uint32, size), make([]int32, size), 0
}

// reset empties the table.
func (t *colourTable) reset() {
	if len(t.keys) == 0 || len(t.keys) > 1<<16 {
		t.init(1 << 14)
	}
	clear(t.keys)
	clear(t.vals)
	t.n, t.grown = 0, false
}

// at returns the value of k, adding k with 0 if absent.
func (t *colourTable) at(k uint32) *int32 { return &t.vals[t.slot(k)] }

// slot returns the slot of k, adding k with 0 if absent.
func (t *colourTable) slot(k uint32) int32 {
	mask := uint32(len(t.keys) - 1)
	h := (k * 0x9e3779b1) >> 8 & mask
	for {
		switch t.keys[h] {
		case k | occupied:
			return int32(h)
		case 0:
			if 2*(t.n+1) > len(t.keys) {
				t.grow()
				return t.slot(k)
			}
			t.keys[h] = k | occupied
			t.n++
			return int32(h)
		}
		h = (h + 1) & mask
	}
}

func (t *colourTable) grow() {
	keys, vals := t.keys, t.vals
	t.init(2 * len(keys))
	t.grown = true
	for i, k := range keys {
		if k != 0 {
			*t.at(k &^ occupied) = vals[i]
		}
	}
}
