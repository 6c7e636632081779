package drawing

import (
	"bytes"
	"encoding/binary"
	"image"
	"math"
	"sync"

	"github.com/pbmgo/pbm/engine/picture"
)

// A piece is drawn over whatever lies under it, and what it draws
// depends only on that and on its place, size, colours, kind, count
// and label. Most pieces stand where they stood at the move before,
// over the same pixels, so the rasteriser keeps, per piece so drawn,
// the pixels of the piece's rectangle before and after drawing it: a
// piece whose rectangle holds exactly the pixels kept from before gets
// the pixels kept from after, the pixels drawing it would give.

// spriteCap bounds the bytes of pixels the sprites keep.
const spriteCap = 24 << 20

// spriteVariants bounds the backgrounds kept per piece.
const spriteVariants = 3

type sprite struct {
	box      image.Rectangle // every pixel drawing the piece may change
	variants []spriteVariant // most recent last
}

type spriteVariant struct {
	pre, post []byte // the pixels of box, rows after rows
}

var sprites struct {
	sync.RWMutex
	m     map[string]*sprite // read-only once in the map
	bytes int
}

// spriteKey is everything drawPiece draws from, the palette whose
// indices the pixels are, and the height of the image, which may cut
// the piece's rectangle. It is appended to b.
func spriteKey(b []byte, pal *palette, seats []picture.Seat, pc picture.Piece, at picture.Point, r float64, height int) []byte {
	b = binary.AppendUvarint(b, pal.id)
	num := func(f float64) { b = binary.LittleEndian.AppendUint64(b, math.Float64bits(f)) }
	str := func(s string) {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	num(at.X)
	num(at.Y)
	num(r)
	b = binary.AppendUvarint(b, uint64(height))
	str(seatFill(seats, pc.Seat))
	letter := ""
	if pc.Seat >= 0 && pc.Seat < len(seats) {
		letter = seats[pc.Seat].Letter
	}
	str(letter)
	str(string(pc.Kind))
	b = binary.AppendVarint(b, int64(pc.Count))
	if pc.Frozen {
		b = append(b, 1)
	} else {
		b = append(b, 0)
	}
	b = binary.AppendUvarint(b, uint64(len(pc.Layers)))
	for _, l := range pc.Layers {
		str(seatFill(seats, l))
	}
	return b
}

// spritePieces draws the pieces of c as drawPieces does, from the
// sprites where they hold the pixels.
func (s *rasterSurface) spritePieces(seats []picture.Seat, c *picture.Cell, t transform) {
	if len(c.Pieces) == 0 {
		return
	}
	ctr := t.pt(c.Centre)
	r := c.Size * t.scale
	places, pr := piecePlaces(c.Shape, ctr, r, len(c.Pieces))
	for i, pc := range c.Pieces {
		at := places[i%len(places)]
		s.spritePiece(seats, c.Name, pc, at, pr)
	}
}

func (s *rasterSurface) spritePiece(seats []picture.Seat, cell string, pc picture.Piece, at picture.Point, r float64) {
	s.skey = spriteKey(s.skey[:0], s.pal, seats, pc, at, r, s.img.Rect.Dy())
	sprites.RLock()
	sp := sprites.m[string(s.skey)]
	sprites.RUnlock()
	if sp != nil {
		for i := len(sp.variants) - 1; i >= 0; i-- {
			if v := &sp.variants[i]; s.holds(sp.box, v.pre) {
				s.put(sp.box, v.post)
				return
			}
		}
	}
	box := image.Rectangle{}
	if sp != nil {
		box = sp.box
	} else {
		s.measuring, s.measured = true, image.Rectangle{}
		drawPiece(s, seats, cell, pc, at, r)
		s.measuring = false
		box = s.measured
	}
	pre := s.take(box)
	drawPiece(s, seats, cell, pc, at, r)
	post := s.take(box)

	sprites.Lock()
	defer sprites.Unlock()
	if sprites.m == nil || sprites.bytes > spriteCap {
		sprites.m, sprites.bytes = map[string]*sprite{}, 0
	}
	next := &sprite{box: box}
	if old := sprites.m[string(s.skey)]; old != nil && old.box == box {
		vs := old.variants
		if len(vs) >= spriteVariants {
			vs = vs[1:]
		}
		next.variants = append(next.variants, vs...)
	}
	next.variants = append(next.variants, spriteVariant{pre, post})
	sprites.m[string(s.skey)] = next
	sprites.bytes += len(pre) + len(post)
}

// holds reports whether the pixels of box are pix.
func (s *rasterSurface) holds(box image.Rectangle, pix []byte) bool {
	w := box.Dx()
	for y := box.Min.Y; y < box.Max.Y; y++ {
		i := s.img.PixOffset(box.Min.X, y)
		if !bytes.Equal(s.img.Pix[i:i+w], pix[:w]) {
			return false
		}
		pix = pix[w:]
	}
	return true
}

// put sets the pixels of box to pix.
func (s *rasterSurface) put(box image.Rectangle, pix []byte) {
	s.written = append(s.written, box)
	w := box.Dx()
	for y := box.Min.Y; y < box.Max.Y; y++ {
		i := s.img.PixOffset(box.Min.X, y)
		copy(s.img.Pix[i:i+w], pix[:w])
		pix = pix[w:]
	}
}

// take returns a copy of the pixels of box.
func (s *rasterSurface) take(box image.Rectangle) []byte {
	w := box.Dx()
	out := make([]byte, 0, w*box.Dy())
	for y := box.Min.Y; y < box.Max.Y; y++ {
		i := s.img.PixOffset(box.Min.X, y)
		out = append(out, s.img.Pix[i:i+w]...)
	}
	return out
}
