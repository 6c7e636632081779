package hexatri

import (
	"testing"

	"github.com/pbmgo/pbm/engine/picture"
	"github.com/pbmgo/pbm/engine/picture/picturetest"
)

// A board of size 4 with six seats, some moves in.
func TestPictureSize4Six(t *testing.T) {
	st, _ := picturetest.Play(t, Game{}, 6, map[string]string{"size": "4"}, 5, 60, nil)
	p := picturetest.Describe(t, st)
	picturetest.Check(t, p)
	g := st.(*state).g
	if len(p.Cells) != g.nHex+g.nTri || len(p.Seats) != 6 {
		t.Fatalf("%d cells, %d seats", len(p.Cells), len(p.Seats))
	}
	entry := 0
	for _, c := range p.Cells {
		if c.Terrain == picture.Entry {
			entry++
		}
	}
	if entry == 0 {
		t.Error("no entry triangle")
	}
	on := 0
	for _, c := range p.Cells {
		on += len(c.Pieces)
	}
	if on == 0 {
		t.Error("no piece on the board after 60 moves")
	}
	// The start is golden: it does not depend on how turns are played.
	st, _ = Game{}.New(6, map[string]string{"size": "4"}, 5)
	picturetest.Golden(t, "picture-size4-6.golden", picturetest.Describe(t, st).Text())
}

// Every triangle shares an edge with each hexagon it touches: their
// centres are the sum of the inner radii apart.
func TestPictureTrianglesTouchTheirHexagons(t *testing.T) {
	st, _ := Game{}.New(2, map[string]string{"size": "2"}, 1)
	s := st.(*state)
	p := s.Picture()
	for tri := 0; tri < s.g.nTri; tri++ {
		c := p.Cells[s.g.nHex+tri]
		for _, h := range s.g.triHex[tri] {
			hc := p.Cells[h].Centre
			dx, dy := c.Centre.X-hc.X, c.Centre.Y-hc.Y
			// inner radius of the hexagon √3/2 plus the triangle's √3/6.
			if d := dx*dx + dy*dy; d < 4.0/3-1e-9 || d > 4.0/3+1e-9 {
				t.Errorf("%s and %s: distance² %.4f, want 4/3", c.Name, p.Cells[h].Name, d)
			}
		}
	}
}
