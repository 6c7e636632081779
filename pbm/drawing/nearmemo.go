package drawing

import (
	"slices"
	"sync"
)

// The pictures of one board differ by a few pieces from move to move,
// and so do their palettes: some 25 of the 256 commonest colours come
// and go, while the thousands of rarer colours that the palette leaves
// out (the antialiased edges) stay. Finding the nearest palette colour
// of each of them is most of what quantise costs, so the static layer
// of a layout keeps a memo of the last picture drawn from it: per
// colour left out, its nearest palette colour and their distance. For
// the next picture, a colour whose nearest is still in the palette
// (and had no other as near) is nearest to it or to one of the colours
// the palette gained; only the others are searched again. The result
// is exactly that of the search, ties broken by the lower index.

// maxGained bounds the colours a palette may gain over the memo's for
// the memo to be used; beyond, every colour is searched.
const maxGained = 96

// nearMemoSlot holds the memo of one layout; pictures drawn at once
// each read the memo and put a new one.
type nearMemoSlot struct {
	mu sync.Mutex
	m  *nearMemo
}

// nearMemo is read-only once in a slot.
type nearMemo struct {
	pal  []uint32 // the palette's colours, sorted
	keys []uint32 // open addressing, key|occupied, 0 for empty
	vals []nearBest
}

type nearBest struct {
	dist uint32
	near uint32 // the nearest palette colour, 0xrrggbb
	tie  bool   // another palette colour was as near
}

func (m *nearMemo) get(k uint32) (nearBest, bool) {
	mask := uint32(len(m.keys) - 1)
	for h := (k * 0x9e3779b1) >> 8 & mask; ; h = (h + 1) & mask {
		switch m.keys[h] {
		case k | occupied:
			return m.vals[h], true
		case 0:
			return nearBest{}, false
		}
	}
}

func (m *nearMemo) put(k uint32, v nearBest) {
	mask := uint32(len(m.keys) - 1)
	h := (k * 0x9e3779b1) >> 8 & mask
	for m.keys[h] != 0 && m.keys[h] != k|occupied {
		h = (h + 1) & mask
	}
	m.keys[h], m.vals[h] = k|occupied, v
}

// mapExtras sets in t the palette index of each colour of extras, the
// colours left out of pal (whose indices t already holds), and puts the
// memo of this picture in the slot.
func (slot *nearMemoSlot) mapExtras(t *colourTable, pal, extras []entry) {
	slot.mu.Lock()
	old := slot.m
	slot.mu.Unlock()

	keys := make([]uint32, len(pal))
	for i, e := range pal {
		keys[i] = e.key
	}
	slices.Sort(keys)
	var gained []near
	var lost []uint32
	if old != nil {
		i, j := 0, 0
		for i < len(old.pal) || j < len(keys) {
			switch {
			case j == len(keys) || i < len(old.pal) && old.pal[i] < keys[j]:
				lost = append(lost, old.pal[i])
				i++
			case i == len(old.pal) || keys[j] < old.pal[i]:
				k := keys[j]
				gained = append(gained, near{(k >> 16 & 0xff) * 0x101, (k >> 8 & 0xff) * 0x101, (k & 0xff) * 0x101, int(t.vals[t.slot(k)])})
				j++
			default:
				i++
				j++
			}
		}
		if len(gained) > maxGained {
			old = nil
		}
	}
	size := 1024
	for size < 2*len(extras) {
		size *= 2
	}
	m := &nearMemo{pal: keys, keys: make([]uint32, size), vals: make([]nearBest, size)}
	var search *nearest
	for _, e := range extras {
		k := e.key
		var b nearBest
		idx, found := 0, false
		if old != nil {
			b, found = old.get(k)
			if found && (b.tie || containsSorted(lost, b.near)) {
				found = false
			}
		}
		if found {
			idx = int(t.vals[t.slot(b.near)])
			kg := (k >> 8 & 0xff) * 0x101
			for gi := range gained {
				g := &gained[gi]
				if d := kg - g.g; (d*d)>>2 > b.dist {
					continue // farther in green alone
				}
				switch d := distance(k, g); {
				case d < b.dist:
					b, idx = nearBest{dist: d, near: gKey(g)}, g.i
				case d == b.dist:
					b.tie = true
					if g.i < idx {
						idx, b.near = g.i, gKey(g)
					}
				}
			}
		} else {
			if search == nil {
				search = newNearest(pal)
			}
			var d uint32
			var tie bool
			idx, d, tie = search.search(k)
			b = nearBest{dist: d, near: pal[idx].key, tie: tie}
		}
		*t.at(k) = int32(idx)
		m.put(k, b)
	}

	slot.mu.Lock()
	slot.m = m
	slot.mu.Unlock()
}

// gKey is the colour 0xrrggbb of a near.
func gKey(g *near) uint32 { return g.r>>8<<16 | g.g>>8<<8 | g.b>>8 }

func containsSorted(s []uint32, k uint32) bool {
	_, ok := slices.BinarySearch(s, k)
	return ok
}
