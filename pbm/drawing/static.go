package drawing

import (
	"container/list"
	"encoding/binary"
	"image"
	"math"
	"sync"

	"github.com/pbmgo/pbm/engine/picture"
)

// The static layer of a board is what its picture shows before anything
// moves: the white ground, the cells with their terrain, outlines and
// labels as if empty, and the regions' outlines. Most of a picture is
// that layer, and a board keeps its layout from move to move, so the
// rasteriser keeps the layers of the boards it drew last and, per
// picture, copies one and redraws only the damage: the cells whose look
// differs from the layer (the last move's, and those whose label moves
// aside for a piece) and the regions the last move turned, with
// everything under them, then the pieces, the title and the seats on
// top. A cell whose name moves aside for its pieces takes the pixels
// around its name from the layer drawn with every cell occupied, kept
// beside the layer. The pixels are those of drawing the whole picture.

// asBefore, set only by benchmarks, draws without the damage filter
// and the sprites (rasterSurface.spritePiece): as the rasteriser drew
// before them, for side-by-side measures.
var asBefore bool

// maxWritten bounds the rectangles a surface restores from the layer
// it drew from last; beyond, it copies the whole layer.
const maxWritten = 1 << 14

// staticCap bounds the layers kept; one is 640 × ~800 bytes.
const staticCap = 16

type staticCache struct {
	mu  sync.Mutex
	lru list.List // of *staticLayer, most recent first
	m   map[string]*list.Element
	// hits and misses count lookups, for tests.
	hits, misses int
}

type staticLayer struct {
	key string
	img *image.Paletted // read-only once in the cache, as labels
	// labels holds, per cell whose labels move aside for pieces, the
	// layer's pixels around both places of each label as drawn with
	// the cell occupied; none for the other cells.
	labels [][]*image.Paletted
	// cells and regions hold, per cell and region, a rectangle holding
	// every pixel it draws, occupied or not, last or not: one that
	// misses the damage is not redrawn.
	cells, regions []image.Rectangle
}

var statics = &staticCache{m: map[string]*list.Element{}}

func (c *staticCache) get(key []byte) *staticLayer {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.m[string(key)]; ok {
		c.lru.MoveToFront(e)
		c.hits++
		return e.Value.(*staticLayer)
	}
	c.misses++
	return nil
}

func (c *staticCache) put(l *staticLayer) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.m[l.key]; ok {
		c.lru.MoveToFront(e)
		return
	}
	c.m[l.key] = c.lru.PushFront(l)
	for c.lru.Len() > staticCap {
		e := c.lru.Back()
		c.lru.Remove(e)
		delete(c.m, e.Value.(*staticLayer).key)
	}
}

// staticKey is everything the static layer depends on: the height of
// the drawing, its palette and each cell's and region's place, shape
// and labels. It is appended to b.
func staticKey(b []byte, p *picture.Picture, height int, pal *palette) []byte {
	b = binary.AppendUvarint(b, uint64(height))
	b = binary.AppendUvarint(b, pal.id)
	str := func(s string) {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	num := func(f float64) { b = binary.LittleEndian.AppendUint64(b, math.Float64bits(f)) }
	b = binary.AppendUvarint(b, uint64(len(p.Cells)))
	for i := range p.Cells {
		c := &p.Cells[i]
		str(c.Name)
		b = append(b, byte(c.Shape))
		num(c.Centre.X)
		num(c.Centre.Y)
		num(c.Size)
		str(string(c.Terrain))
		str(c.Text)
	}
	b = binary.AppendUvarint(b, uint64(len(p.Regions)))
	for _, r := range p.Regions {
		str(r.Name)
		b = append(b, byte(r.Shape))
		num(r.Centre.X)
		num(r.Centre.Y)
		num(r.Size)
	}
	return b
}

// rasterise draws the picture on s.img, from the static layer when
// cached is set.
func (s *rasterSurface) rasterise(p *picture.Picture, cached bool) {
	height, t := layout(p)
	s.reset(height, paletteOf(p))
	s.layer = nil
	if !cached {
		s.from = nil
		render(s, p, height, t)
		return
	}
	s.key = staticKey(s.key[:0], p, height, s.pal)
	layer := statics.get(s.key)
	if layer == nil {
		layer = s.static(p, height, t)
		layer.key = string(s.key)
		statics.put(layer)
	}
	s.layer = layer
	if s.from == layer && s.img.Rect == layer.img.Rect && len(s.written) < maxWritten && !asBefore {
		for _, r := range s.written {
			r = r.Intersect(s.img.Rect)
			for y := r.Min.Y; y < r.Max.Y; y++ {
				i := s.img.PixOffset(r.Min.X, y)
				copy(s.img.Pix[i:i+r.Dx()], layer.img.Pix[i:])
			}
		}
	} else {
		copy(s.img.Pix, layer.img.Pix)
	}
	s.from, s.written = layer, s.written[:0]
	// The names of occupied cells in their place, unless the box of one
	// overlaps the box of an empty cell's name: that overlap is damage.
	for i, ls := range layer.labels {
		if len(p.Cells[i].Pieces) == 0 {
			continue
		}
		for _, l := range ls {
			s.written = append(s.written, l.Rect)
			for y := l.Rect.Min.Y; y < l.Rect.Max.Y; y++ {
				copy(s.img.Pix[s.img.PixOffset(l.Rect.Min.X, y):s.img.PixOffset(l.Rect.Max.X, y)], l.Pix[l.PixOffset(l.Rect.Min.X, y):])
			}
			for j, ms := range layer.labels {
				if len(p.Cells[j].Pieces) > 0 {
					continue
				}
				for _, m := range ms {
					if m.Rect.Overlaps(l.Rect) {
						s.damage = append(s.damage, m.Rect.Intersect(l.Rect))
					}
				}
			}
		}
	}

	// The damage, redrawn from the ground up under a clip.
	for i := range p.Cells {
		if c := &p.Cells[i]; c.Last {
			s.damage = append(s.damage, s.cellBox(c, t, false), s.cellBox(c, t, true))
		}
	}
	for _, g := range p.Regions {
		if g.Last {
			s.damage = append(s.damage, s.regionBox(g, t))
		}
	}
	drawTitle(s, p)
	if len(s.damage) > 0 {
		n := Width * height
		if cap(s.clipAt) < n {
			s.clipAt = make([]uint8, n)
		}
		s.clip = s.clipAt[:n]
		clear(s.clip)
		bounds := s.img.Bounds()
		for i, d := range s.damage {
			d = d.Intersect(bounds)
			s.damage[i] = d
			for y := d.Min.Y; y < d.Max.Y; y++ {
				row := s.clip[y*Width+d.Min.X : y*Width+d.Max.X]
				for x := range row {
					row[x] = 1
				}
			}
		}
		// The white of background, at once.
		s.written = append(s.written, s.damage...)
		for _, d := range s.damage {
			for y := d.Min.Y; y < d.Max.Y; y++ {
				row := s.img.Pix[s.img.PixOffset(d.Min.X, y):s.img.PixOffset(d.Max.X, y)]
				for x := range row {
					row[x] = whiteIndex
				}
			}
		}
		drawTitle(s, p)
		// As drawCells and render, skipping what the damage misses.
		for i := range p.Cells {
			if asBefore || s.visible(layer.cells[i]) {
				drawCell(s, &p.Cells[i], t)
			}
		}
		for i := range p.Cells {
			if asBefore || s.visible(layer.cells[i]) {
				drawSmallName(s, &p.Cells[i], t)
			}
		}
		for i, r := range p.Regions {
			if asBefore || s.visible(layer.regions[i]) {
				drawRegion(s, r, t)
			}
		}
		s.clip = nil
	}
	for i := range p.Cells {
		if asBefore {
			drawPieces(s, p.Seats, &p.Cells[i], t)
		} else {
			s.spritePieces(p.Seats, &p.Cells[i], t)
		}
	}
	drawFoot(s, p, t)
}

// static draws the static layer of p.
func (s *rasterSurface) static(p *picture.Picture, height int, t transform) *staticLayer {
	img := s.img
	draw := func(occupied bool) *image.Paletted {
		s.img = image.NewPaletted(img.Rect, s.pal.colours)
		background(s, height)
		cells := make([]picture.Cell, len(p.Cells))
		for i := range p.Cells {
			c := p.Cells[i]
			c.Pieces, c.Last = nil, false
			if occupied {
				c.Pieces = []picture.Piece{{}}
			}
			cells[i] = c
		}
		drawCells(s, cells, t)
		for _, r := range p.Regions {
			r.Last = false
			drawRegion(s, r, t)
		}
		return s.img
	}
	l := &staticLayer{img: draw(false), labels: make([][]*image.Paletted, len(p.Cells))}
	occupied := draw(true)
	s.img = img
	crop := func(b image.Rectangle) *image.Paletted {
		b = b.Intersect(img.Rect)
		c := image.NewPaletted(b, s.pal.colours)
		for y := b.Min.Y; y < b.Max.Y; y++ {
			copy(c.Pix[c.PixOffset(b.Min.X, y):], occupied.Pix[occupied.PixOffset(b.Min.X, y):occupied.PixOffset(b.Max.X, y)])
		}
		return c
	}
	for i := range p.Cells {
		c := &p.Cells[i]
		ctr, r := t.pt(c.Centre), c.Size*t.scale
		b := s.cellBox(c, t, false).Union(s.cellBox(c, t, true))
		b = b.Union(box(grow(picture.Corners(c.Shape, ctr, r-2.5), 2.75))) // the mark of the last move
		if c.Name != "" && smallTri(c.Shape, r) {
			for _, occupied := range []bool{false, true} {
				lx, ly, fs := labelPlace(c.Shape, ctr, r, occupied)
				b = b.Union(box(plate(lx, ly, fs, c.Name)))
			}
		}
		l.cells = append(l.cells, b)
	}
	for _, g := range p.Regions {
		l.regions = append(l.regions, s.regionBox(g, t))
	}
	for i := range p.Cells {
		c := &p.Cells[i]
		ctr, r := t.pt(c.Centre), c.Size*t.scale
		x0, y0, f0 := labelPlace(c.Shape, ctr, r, false)
		x1, y1, f1 := labelPlace(c.Shape, ctr, r, true)
		if x0 == x1 && y0 == y1 && f0 == f1 {
			continue
		}
		// As drawCell draws the labels.
		if c.Name != "" {
			l.labels[i] = append(l.labels[i], crop(s.textBox(x0, y0, f0, false, false, c.Name).Union(s.textBox(x1, y1, f1, false, false, c.Name))))
		}
		if c.Text != "" && isHex(c.Shape) && f0 != f1 {
			l.labels[i] = append(l.labels[i], crop(s.textBox(ctr.X, textY(ctr, r, f0), f0, false, false, c.Text).Union(s.textBox(ctr.X, textY(ctr, r, f1), f1, false, false, c.Text))))
		}
	}
	return l
}

// cellBox holds every pixel drawCell draws for c, as occupied or not.
func (s *rasterSurface) cellBox(c *picture.Cell, t transform, occupied bool) image.Rectangle {
	ctr := t.pt(c.Centre)
	r := c.Size * t.scale
	b := box(grow(picture.Corners(c.Shape, ctr, r), 3))
	lx, ly, fs := labelPlace(c.Shape, ctr, r, occupied)
	if c.Name != "" {
		b = b.Union(s.textBox(lx, ly, fs, false, false, c.Name))
	}
	if c.Text != "" && isHex(c.Shape) {
		b = b.Union(s.textBox(ctr.X, textY(ctr, r, fs), fs, false, false, c.Text))
	}
	return b
}

// regionBox holds every pixel drawRegion draws for g.
func (s *rasterSurface) regionBox(g picture.Region, t transform) image.Rectangle {
	ctr := t.pt(g.Centre)
	r := g.Size * t.scale
	fs := clamp(0.16*r, MinLabel, 16) // as drawRegion
	b := box(grow(picture.Corners(g.Shape, ctr, r), 5))
	b = b.Union(box(grow(circle(ctr, fs*0.75), 3)))
	return b.Union(s.textBox(ctr.X, ctr.Y, fs, true, false, g.Name))
}
