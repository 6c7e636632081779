package drawing

import (
	"image"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// A kept glyph is the glyph the face draws at any dot with its fraction.
func TestGlyphCache(t *testing.T) {
	s := &rasterSurface{faces: map[faceKey]font.Face{}}
	for _, size := range []float64{9, 13.5, 17} {
		for _, bold := range []bool{false, true} {
			f := s.face(size, bold)
			for i, r := range "Lg7·W—é" {
				for _, dot := range []fixed.Point26_6{{X: 100*64 + 17, Y: 40*64 + 5}, {X: 3*64 + 63, Y: 500 * 64}, {X: -5*64 + 9, Y: -64 + 33}} {
					dot.X += fixed.Int26_6(i * 64 * 7)
					g := glyphOf(f, glyphKey{size, fontOf(bold), r, uint8(dot.X & 63), uint8(dot.Y & 63)})
					dr, mask, mp, advance, _ := f.Glyph(dot, r)
					if got := g.rect.Add(image.Pt(int(dot.X>>6), int(dot.Y>>6))); got != dr || g.advance != advance {
						t.Fatalf("%q at %v: %v advance %v, want %v advance %v", r, dot, got, g.advance, dr, advance)
					}
					a := mask.(*image.Alpha)
					for y := range dr.Dy() {
						for x := range dr.Dx() {
							if g.mask[y*dr.Dx()+x] != a.Pix[a.PixOffset(mp.X+x, mp.Y+y)] {
								t.Fatalf("%q at %v: the mask differs at %d,%d", r, dot, x, y)
							}
						}
					}
				}
			}
		}
	}
}
