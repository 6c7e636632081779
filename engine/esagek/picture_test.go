package esagek

import (
	"testing"

	"github.com/pbmgo/pbm/engine/picture"
	"github.com/pbmgo/pbm/engine/picture/picturetest"
)

// Invasion with six colours, a few turns in.
func TestPictureInvasionSix(t *testing.T) {
	st, _ := picturetest.Play(t, Game{}, 6, map[string]string{"invasion": ""}, 11, 14, nil)
	p := picturetest.Describe(t, st)
	picturetest.Check(t, p)
	if len(p.Cells) != numFields || len(p.Regions) != numHex || len(p.Seats) != 6 {
		t.Fatalf("%d cells, %d regions, %d seats", len(p.Cells), len(p.Regions), len(p.Seats))
	}
	owners := map[int]bool{}
	for _, c := range p.Cells {
		for _, pc := range c.Pieces {
			owners[pc.Seat] = true
		}
		if c.Name[0] == 'M' && c.Terrain != picture.Middle {
			t.Errorf("%s is not marked as the middle", c.Name)
		}
	}
	for seat := 0; seat < 6; seat++ {
		if !owners[seat] {
			t.Errorf("no piece of seat %d", seat)
		}
	}
	picturetest.Golden(t, "picture-invasion6.golden", p.Text())
}

// Each field's triangle touches the centre of its hexagon with one
// corner: the six fields of a hexagon tile it.
func TestPictureFieldsTileHexagons(t *testing.T) {
	st, _ := Game{}.New(2, nil, 1)
	p := st.(*state).Picture()
	for f, c := range p.Cells {
		reg := p.Regions[hexOf(f)]
		found := false
		for _, q := range picture.Corners(c.Shape, c.Centre, c.Size) {
			if near(q, reg.Centre) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s has no corner at the centre of hexagon %s", c.Name, reg.Name)
		}
	}
	picturetest.Golden(t, "picture-classic.golden", p.Text())
}

func near(a, b picture.Point) bool {
	dx, dy := a.X-b.X, a.Y-b.Y
	return dx*dx+dy*dy < 1e-9
}
