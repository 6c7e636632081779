package drawing

import (
	"image/color"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/pbmgo/pbm/engine/picture"
)

// The colours of a picture are known before it is drawn: the white
// ground, the terrains of its cells, its seats' colours and the few
// colours of lines, marks and labels. An antialiased edge lies between
// two of them, so a palette of those colours and of a few blends of
// each pair that meets (a ramp) holds what the picture needs, and the
// rasteriser draws straight into an 8-bit paletted image with it: a
// shape's coverage of a pixel picks, from a table kept per palette,
// the palette colour nearest the blend of the shape's colour over the
// pixel's. Nothing is counted or quantised after drawing, and the
// image has few colours in long runs, which deflate well.

// blendLevels is the number of coverage levels a blend is looked up
// at: coverage 0..255 is rounded to sixteenths.
const blendLevels = 17

// maxPalette is the most colours a PNG palette holds (PNG
// specification, 11.2.3).
const maxPalette = 256

// palette is the colours of the pictures of one layout. It is
// read-only once made, but for blend, whose entries are filled in as
// they are first needed, by whichever goroutine needs them.
type palette struct {
	id      uint64 // tells palettes apart in the keys of sprites
	colours color.Palette
	rgb     []color.RGBA
	// base is the number of colours shapes are drawn in (the first
	// colours of the palette); the rest are the ramps between them.
	base  int
	index map[color.RGBA]uint8 // of the base colours
	// blend holds, at (ground×base+ink)×blendLevels+level, one more
	// than the index of the colour nearest ink over ground at that
	// coverage; 0 when not yet found.
	blend []atomic.Uint32
}

// whiteIndex is the palette index of the white ground: the first
// colour, so that the commonest pixel is zero.
const whiteIndex = 0

// Fixed colours every picture may draw in, after the white ground.
var fixedColours = []string{
	whiteColour, inkColour, lineColour, labelColour, blackColour, regionColour,
	lastColour, markColour, "#e8e0d0", "#9a9a9a", "#808080",
}

// palettes interns the palettes by what they are made of, so that the
// pictures of boards of the same game and colours share one palette
// and its blend table.
var palettes = struct {
	sync.Mutex
	m    map[string]*palette
	next uint64
}{m: map[string]*palette{}}

// palettesCap bounds the palettes kept.
const palettesCap = 32

// paletteOf returns the palette of p's pictures: its colours depend on
// the terrains of its cells and key and on its seats' colours.
func paletteOf(p *picture.Picture) *palette {
	var terrains, seats []string
	seen := map[string]bool{}
	addT := func(t picture.Terrain) {
		if f := fillOf(t); !seen[f] {
			seen[f] = true
			terrains = append(terrains, f)
		}
	}
	addT(picture.Plain)
	for i := range p.Cells {
		addT(p.Cells[i].Terrain)
	}
	for _, k := range p.Key {
		addT(k.Terrain)
	}
	for i := range p.Seats {
		if f := seatFill(p.Seats, i); !seen[f] {
			seen[f] = true
			seats = append(seats, f)
		}
	}
	key := strings.Join(terrains, ",") + "/" + strings.Join(seats, ",")
	palettes.Lock()
	defer palettes.Unlock()
	if pal := palettes.m[key]; pal != nil {
		return pal
	}
	if len(palettes.m) >= palettesCap {
		palettes.m = map[string]*palette{}
	}
	palettes.next++
	pal := newPalette(palettes.next, terrains, seats)
	palettes.m[key] = pal
	return pal
}

// newPalette is the palette of pictures with the given terrain fills
// and seat colours: the base colours, then ramps between the pairs
// that meet, the pairs text is drawn on with the most steps.
func newPalette(id uint64, terrains, seats []string) *palette {
	pal := &palette{id: id, index: map[color.RGBA]uint8{}}
	have := map[color.RGBA]bool{}
	add := func(c color.RGBA) {
		if !have[c] && len(pal.rgb) < maxPalette {
			have[c] = true
			pal.rgb = append(pal.rgb, c)
		}
	}
	for _, h := range fixedColours {
		add(parseHex(h))
	}
	for _, h := range terrains {
		add(parseHex(h))
	}
	for _, h := range seats {
		add(parseHex(h))
	}
	pal.base = len(pal.rgb)
	for i, c := range pal.rgb {
		pal.index[c] = uint8(i)
	}

	type pair struct{ a, b string }
	var tiers [3][]pair
	grounds := append([]string{whiteColour}, terrains...)
	// Text: names on terrains, captions on white, letters on pieces.
	tiers[0] = append(tiers[0], pair{inkColour, whiteColour}, pair{blackColour, whiteColour})
	for _, t := range terrains {
		tiers[0] = append(tiers[0], pair{labelOnFill(t), t})
	}
	for _, s := range seats {
		tiers[0] = append(tiers[0], pair{contrastingInk(s), s}, pair{s, whiteColour})
	}
	// Outlines and marks on the ground and on the pieces.
	for _, g := range grounds {
		for _, ink := range []string{lineColour, inkColour, lastColour, regionColour, markColour} {
			tiers[1] = append(tiers[1], pair{ink, g})
		}
		if g != whiteColour {
			tiers[1] = append(tiers[1], pair{g, whiteColour})
		}
		for _, s := range seats {
			tiers[1] = append(tiers[1], pair{s, g})
		}
	}
	for _, s := range seats {
		for _, ink := range []string{lineColour, inkColour, markColour, whiteColour} {
			tiers[1] = append(tiers[1], pair{ink, s})
		}
	}
	// Where edges meet edges.
	for i, s := range seats {
		for _, o := range seats[i+1:] {
			tiers[2] = append(tiers[2], pair{s, o})
		}
	}
	for i, t := range terrains {
		for _, o := range terrains[i+1:] {
			tiers[2] = append(tiers[2], pair{t, o})
		}
	}
	for _, ink := range []string{regionColour, lastColour, inkColour} {
		tiers[2] = append(tiers[2], pair{ink, lineColour})
	}
	done := map[pair]bool{}
	for ti, steps := range []int{7, 3, 1} {
		var ps []pair
		for _, p := range tiers[ti] {
			if p.a == p.b || done[p] || done[pair{p.b, p.a}] {
				continue
			}
			done[p] = true
			ps = append(ps, p)
		}
		if len(ps) == 0 {
			continue
		}
		if room := (maxPalette - len(pal.rgb)) / len(ps); room < steps {
			steps = max(room, 1)
		}
		for _, p := range ps {
			a, b := parseHex(p.a), parseHex(p.b)
			for k := 1; k <= steps; k++ {
				add(mix(b, a, k*16/(steps+1)))
			}
		}
	}
	pal.colours = make(color.Palette, len(pal.rgb))
	for i, c := range pal.rgb {
		pal.colours[i] = c
	}
	pal.blend = make([]atomic.Uint32, maxPalette*pal.base*blendLevels)
	return pal
}

// labelOnFill is labelOn for a terrain given by its fill.
func labelOnFill(fill string) string {
	for t, f := range terrainFill {
		if f == fill {
			return labelOn(t)
		}
	}
	return labelColour
}

// mix is ink over ground at a coverage of level sixteenths.
func mix(ground, ink color.RGBA, level int) color.RGBA {
	m := func(g, i uint8) uint8 { return uint8((int(g)*(16-level) + int(i)*level + 8) / 16) }
	return color.RGBA{m(ground.R, ink.R), m(ground.G, ink.G), m(ground.B, ink.B), 255}
}

// inkOf is the index of the base colour c, or of the base colour
// nearest it.
func (pal *palette) inkOf(c color.RGBA) uint8 {
	if i, ok := pal.index[c]; ok {
		return i
	}
	return pal.nearest(c, pal.base)
}

// level is a coverage 0..255 in sixteenths.
func level(a uint8) int { return (int(a)*16 + 128) >> 8 }

// over is the palette index of the base colour ink drawn over the
// colour ground at a coverage of lvl sixteenths, 0 < lvl < 16.
func (pal *palette) over(ground, ink uint8, lvl int) uint8 {
	e := &pal.blend[(int(ground)*pal.base+int(ink))*blendLevels+lvl]
	if v := e.Load(); v != 0 {
		return uint8(v - 1)
	}
	i := pal.nearest(mix(pal.rgb[ground], pal.rgb[ink], lvl), len(pal.rgb))
	e.Store(uint32(i) + 1)
	return i
}

// nearest is the index of the colour among the first n of the palette
// nearest c, by the squared differences of the channels weighted 2, 4
// and 3 (red, green, blue) as the eye tells them apart; the first of
// equals.
func (pal *palette) nearest(c color.RGBA, n int) uint8 {
	best, bi := int(^uint(0)>>1), 0
	for i, p := range pal.rgb[:n] {
		dr, dg, db := int(c.R)-int(p.R), int(c.G)-int(p.G), int(c.B)-int(p.B)
		if d := 2*dr*dr + 4*dg*dg + 3*db*db; d < best {
			best, bi = d, i
		}
	}
	return uint8(bi)
}
