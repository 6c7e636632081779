package drawing

import (
	"encoding/binary"
	"image"
	"image/color"
	"image/draw"
	"io"
	"math"
	"strconv"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/pbmgo/pbm/engine/picture"
)

// PNG writes the picture as a PNG image 640 pixels wide.
func PNG(w io.Writer, p picture.Picture) error {
	s := surfaces.get()
	defer surfaces.put(s)
	s.rasterise(&p, true)
	return encodePNG(w, s.img)
}

// paletted rasterises the picture, from the cached static layer of its
// board when cached is set, and returns a copy of the image.
func paletted(p *picture.Picture, cached bool) *image.Paletted {
	s := surfaces.get()
	defer surfaces.put(s)
	s.rasterise(p, cached)
	img := *s.img
	img.Pix = append([]uint8(nil), s.img.Pix...)
	return &img
}

var surfaces = newFreeList(func() *rasterSurface { return &rasterSurface{faces: map[faceKey]font.Face{}} })

// freeList keeps a few objects for reuse. Unlike a sync.Pool it keeps
// them across garbage collections: the buffers of a picture are large
// and a collection would otherwise drop them every few pictures.
type freeList[T any] struct {
	c   chan *T
	new func() *T
}

func newFreeList[T any](new func() *T) *freeList[T] {
	return &freeList[T]{make(chan *T, 4), new}
}

func (f *freeList[T]) get() *T {
	select {
	case x := <-f.c:
		return x
	default:
		return f.new()
	}
}

func (f *freeList[T]) put(x *T) {
	select {
	case f.c <- x:
	default:
	}
}

// The faces of fonts, by index: regular, bold and monospaced.
const (
	regularFont = iota
	boldFont
	monoFont
)

var fonts = func() (f [3]*opentype.Font) {
	for i, ttf := range [][]byte{goregular.TTF, gobold.TTF, gomono.TTF} {
		var err error
		if f[i], err = opentype.Parse(ttf); err != nil {
			panic("drawing: the Go fonts do not parse: " + err.Error())
		}
	}
	return f
}()

type faceKey struct {
	size float64
	font uint8 // regularFont, boldFont or monoFont
}

// fontOf is the index of the regular or bold font.
func fontOf(bold bool) uint8 {
	if bold {
		return boldFont
	}
	return regularFont
}

// rasterSurface draws on a paletted image, in the colours of the
// palette of the picture's layout (paletteOf). Shapes and glyphs are
// rasterised into alpha masks and composited by one routine, which skips the pixels
// outside the clip when there is one; a shape drawn under a clip gets the
// same pixels inside it as without the clip.
type rasterSurface struct {
	img   *image.Paletted
	pal   *palette
	r     vector.Rasterizer
	mask  image.Alpha
	faces map[faceKey]font.Face // a Face is not safe for concurrent use; a surface is used by one goroutine at a time
	// clip, when not nil, holds one byte per pixel of img, non-zero
	// where drawing shows; damage lists rectangles covering it.
	clip   []uint8
	damage []image.Rectangle
	clipAt []uint8 // storage of clip
	key    []byte  // the static layer's
	// layer is the static layer of the picture last rasterised from
	// one, nil when drawn without.
	layer *staticLayer
	// measuring, when set, makes fill and text add the rectangles
	// they would composite to measured instead of drawing.
	measuring bool
	measured  image.Rectangle
	skey      []byte // a sprite's key (spriteKey)
	// from, when not nil, is the static layer whose pixels img holds
	// but in the rectangles of written: drawing from it again restores
	// only those.
	from    *staticLayer
	written []image.Rectangle
}

func (s *rasterSurface) group(string, ...string) {}
func (s *rasterSurface) end()                    {}

// reset makes img an image of the given height in the colours of pal.
func (s *rasterSurface) reset(height int, pal *palette) {
	n := Width * height
	if s.img == nil || cap(s.img.Pix) < n {
		s.img = &image.Paletted{Pix: make([]uint8, n)}
		s.from = nil
	}
	s.img.Pix = s.img.Pix[:n]
	s.img.Stride = Width
	s.img.Rect = image.Rect(0, 0, Width, height)
	s.img.Palette = pal.colours
	s.pal = pal
	s.clip, s.damage = nil, s.damage[:0]
}

func (s *rasterSurface) poly(pts []picture.Point, fill, stroke string, width float64) {
	if len(pts) < 3 {
		return
	}
	if fill != "none" && fill != "" {
		s.fill(fill, func(add func([]picture.Point)) { add(pts) }, pts)
	}
	if width > 0 && stroke != "" {
		hw := width / 2
		s.fill(stroke, func(add func([]picture.Point)) {
			for i := range pts {
				a, b := pts[i], pts[(i+1)%len(pts)]
				dx, dy := b.X-a.X, b.Y-a.Y
				l := math.Hypot(dx, dy)
				if l == 0 {
					continue
				}
				nx, ny := -dy/l*hw, dx/l*hw
				add([]picture.Point{{X: a.X + nx, Y: a.Y + ny}, {X: b.X + nx, Y: b.Y + ny}, {X: b.X - nx, Y: b.Y - ny}, {X: a.X - nx, Y: a.Y - ny}})
				if width > 1.5 {
					add(circle(a, hw))
				}
			}
		}, grow(pts, hw+1))
	}
}

// box is the pixel rectangle that fill rasterises for shapes within
// the box of bound.
func box(bound []picture.Point) image.Rectangle {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range bound {
		x0, y0 = math.Min(x0, p.X), math.Min(y0, p.Y)
		x1, y1 = math.Max(x1, p.X), math.Max(y1, p.Y)
	}
	return image.Rect(int(math.Floor(x0))-1, int(math.Floor(y0))-1, int(math.Ceil(x1))+1, int(math.Ceil(y1))+1)
}

// fill rasterises the shapes that paths adds, all wound the same way so
// that overlaps do not cancel, inside the box of bound, in colour.
func (s *rasterSurface) fill(colour string, paths func(add func([]picture.Point)), bound []picture.Point) {
	rect := box(bound).Intersect(s.img.Bounds())
	if rect.Empty() || !s.visible(rect) {
		return
	}
	if s.measuring {
		s.measured = s.measured.Union(rect)
		return
	}
	ox, oy := float64(rect.Min.X), float64(rect.Min.Y)
	w, h := rect.Dx(), rect.Dy()
	s.r.Reset(w, h)
	paths(func(pts []picture.Point) {
		rev := area(pts) < 0
		for i := range pts {
			p := pts[i]
			if rev {
				p = pts[len(pts)-1-i]
			}
			if i == 0 {
				s.r.MoveTo(float32(p.X-ox), float32(p.Y-oy))
			} else {
				s.r.LineTo(float32(p.X-ox), float32(p.Y-oy))
			}
		}
		s.r.ClosePath()
	})
	if cap(s.mask.Pix) < w*h {
		s.mask.Pix = make([]uint8, w*h)
	}
	s.mask.Pix, s.mask.Stride, s.mask.Rect = s.mask.Pix[:w*h], w, image.Rect(0, 0, w, h)
	s.r.DrawOp = draw.Src
	s.r.Draw(&s.mask, s.mask.Rect, image.Opaque, image.Point{})
	s.composite(rect, s.mask.Pix, w, parseHex(colour))
}

// visible reports whether anything drawn in r can show through the clip.
func (s *rasterSurface) visible(r image.Rectangle) bool {
	if s.clip == nil {
		return true
	}
	for _, d := range s.damage {
		if d.Overlaps(r) {
			return true
		}
	}
	return false
}

// composite blends c into the pixels of r by the coverage in mask, whose
// rows are stride apart and whose first byte is r.Min, within the clip.
func (s *rasterSurface) composite(r image.Rectangle, mask []uint8, stride int, c color.RGBA) {
	if s.clip != nil {
		// Only the part of r that the damage covers.
		var u image.Rectangle
		for _, d := range s.damage {
			u = u.Union(d.Intersect(r))
		}
		if u.Empty() {
			return
		}
		mask = mask[(u.Min.Y-r.Min.Y)*stride+u.Min.X-r.Min.X:]
		r = u
	}
	s.written = append(s.written, r)
	pix := s.img.Pix
	pal := s.pal
	ink := pal.inkOf(c)
	w := r.Dx()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		m := mask[(y-r.Min.Y)*stride:][:w]
		row := pix[s.img.PixOffset(r.Min.X, y):][:w]
		var clip []uint8
		if s.clip != nil {
			clip = s.clip[y*Width+r.Min.X:][:w]
		}
		for x := 0; x < len(m); x++ {
			// Eight pixels at once where nothing covers them.
			if x&7 == 0 && x+8 <= len(m) && (binary.LittleEndian.Uint64(m[x:]) == 0 || clip != nil && binary.LittleEndian.Uint64(clip[x:]) == 0) {
				x += 7
				continue
			}
			a := m[x]
			if a == 0 || clip != nil && clip[x] == 0 {
				continue
			}
			switch lvl := level(a); {
			case lvl >= 16:
				row[x] = ink
			case lvl > 0 && row[x] != ink:
				row[x] = pal.over(row[x], ink, lvl)
			}
		}
	}
}

// area is the signed area of a polygon.
func area(pts []picture.Point) float64 {
	a := 0.0
	for i := range pts {
		p, q := pts[i], pts[(i+1)%len(pts)]
		a += p.X*q.Y - q.X*p.Y
	}
	return a / 2
}

// grow returns the corners of the box around pts widened by d.
func grow(pts []picture.Point, d float64) []picture.Point {
	out := make([]picture.Point, 0, 2)
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range pts {
		x0, y0 = math.Min(x0, p.X), math.Min(y0, p.Y)
		x1, y1 = math.Max(x1, p.X), math.Max(y1, p.Y)
	}
	return append(out, picture.Point{X: x0 - d, Y: y0 - d}, picture.Point{X: x1 + d, Y: y1 + d})
}

func (s *rasterSurface) face(size float64, bold bool) font.Face {
	return s.faceOf(size, fontOf(bold))
}

func (s *rasterSurface) faceOf(size float64, i uint8) font.Face {
	k := faceKey{size, i}
	if f, ok := s.faces[k]; ok {
		return f
	}
	f, err := opentype.NewFace(fonts[i], &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic("drawing: face of the Go font: " + err.Error())
	}
	if len(s.faces) > 64 {
		for k, f := range s.faces {
			f.Close()
			delete(s.faces, k)
		}
	}
	s.faces[k] = f
	return f
}

// textBox is a rectangle holding every pixel text would draw: the
// glyphs of the Go fonts reach 0.55 of the size above and below the
// middle of the line and a little beyond their advances.
func (s *rasterSurface) textBox(x, y, size float64, bold, start bool, txt string) image.Rectangle {
	return s.textBoxOf(x, y, size, fontOf(bold), start, txt)
}

func (s *rasterSurface) textBoxOf(x, y, size float64, fi uint8, start bool, txt string) image.Rectangle {
	adv := float64(font.MeasureString(s.faceOf(size, fi), txt)) / 64
	if !start {
		x -= adv / 2
	}
	return image.Rect(int(math.Floor(x-0.3*size))-1, int(math.Floor(y-size))-1, int(math.Ceil(x+adv+0.3*size))+1, int(math.Ceil(y+size))+1)
}

func (s *rasterSurface) text(x, y, size float64, bold, start bool, colour, txt string) {
	s.textIn(x, y, size, fontOf(bold), start, colour, txt)
}

func (s *rasterSurface) code(x, y, size float64, colour, txt string) {
	s.textIn(x, y, size, monoFont, true, colour, txt)
}

func (s *rasterSurface) textIn(x, y, size float64, fi uint8, start bool, colour, txt string) {
	if s.clip != nil && !s.visible(s.textBoxOf(x, y, size, fi, start, txt)) {
		return
	}
	f := s.faceOf(size, fi)
	if !start {
		x -= float64(font.MeasureString(f, txt)) / 64 / 2
	}
	dot := fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6((y + baseline*size) * 64)}
	c := parseHex(colour)
	bounds := s.img.Bounds()
	prev := rune(-1)
	for _, r := range txt {
		if prev >= 0 {
			dot.X += f.Kern(prev, r)
		}
		g := glyphOf(f, glyphKey{size, fi, r, uint8(dot.X & 63), uint8(dot.Y & 63)})
		if dr := g.rect.Add(image.Pt(int(dot.X>>6), int(dot.Y>>6))); !dr.Empty() {
			cr := dr.Intersect(bounds)
			if !cr.Empty() {
				if s.measuring {
					s.measured = s.measured.Union(cr)
				} else {
					mp := cr.Min.Sub(dr.Min)
					s.composite(cr, g.mask[mp.Y*g.rect.Dx()+mp.X:], g.rect.Dx(), c)
				}
			}
		}
		dot.X += g.advance
		prev = r
	}
}

// Glyphs are rasterised once per font, size, rune and place within a
// pixel, and kept: a glyph's mask depends on nothing else.
type glyphKey struct {
	size   float64
	font   uint8
	r      rune
	fx, fy uint8 // the dot's fraction of a pixel, in 64ths
}

type glyph struct {
	rect    image.Rectangle // the mask's place from the dot's pixel
	mask    []uint8         // rect.Dx() bytes a row
	advance fixed.Int26_6
}

// glyphCap bounds the glyphs kept, some 300 bytes each.
const glyphCap = 1 << 15

var glyphs struct {
	sync.RWMutex
	m map[glyphKey]*glyph
}

// glyphOf returns the glyph of k drawn with f, the face of k's font and
// size.
func glyphOf(f font.Face, k glyphKey) *glyph {
	glyphs.RLock()
	g := glyphs.m[k]
	glyphs.RUnlock()
	if g != nil {
		return g
	}
	dot := fixed.Point26_6{X: fixed.Int26_6(k.fx), Y: fixed.Int26_6(k.fy)}
	dr, mask, mp, advance, _ := f.Glyph(dot, k.r)
	g = &glyph{advance: advance}
	if a, ok := mask.(*image.Alpha); ok && !dr.Empty() {
		g.rect = dr
		w := dr.Dx()
		g.mask = make([]uint8, w*dr.Dy())
		for y := range dr.Dy() {
			copy(g.mask[y*w:(y+1)*w], a.Pix[a.PixOffset(mp.X, mp.Y+y):])
		}
	}
	glyphs.Lock()
	if len(glyphs.m) >= glyphCap || glyphs.m == nil {
		glyphs.m = map[glyphKey]*glyph{}
	}
	glyphs.m[k] = g
	glyphs.Unlock()
	return g
}

// parseHex reads "#rrggbb"; anything else is grey.
func parseHex(s string) color.RGBA {
	if len(s) == 7 && s[0] == '#' {
		if v, err := strconv.ParseUint(s[1:], 16, 32); err == nil {
			return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
		}
	}
	return color.RGBA{128, 128, 128, 255}
}
