package hexemergo

import (
	"testing"

	"github.com/pbmgo/pbm/engine/picture"
	"github.com/pbmgo/pbm/engine/picture/picturetest"
)

// Columns of twelve men with prisoners of both colours under the top.
func TestPictureTallColumns(t *testing.T) {
	s := setup(t, black, 0, 0, "D4:OXXOXOOXXOOX E5:XOOXOXXOOXXO A1:O G7:X")
	p := s.Picture()
	picturetest.Check(t, p)
	if len(p.Cells) != numCells || len(p.Seats) != 2 {
		t.Fatalf("%d cells, %d seats", len(p.Cells), len(p.Seats))
	}
	men := 0
	for _, c := range p.Cells {
		for _, pc := range c.Pieces {
			men += pc.Count
		}
		if c.Name == "D4" {
			pc := c.Pieces[0]
			if pc.Seat != white || pc.Count != 12 || len(pc.Layers) != 12 || pc.Layers[1] != black {
				t.Errorf("D4: %+v", pc)
			}
			if c.Terrain != picture.Middle {
				t.Errorf("D4 is not marked as the centre")
			}
		}
	}
	if men != 26 {
		t.Errorf("%d men on the board, want 26", men)
	}
	picturetest.Golden(t, "picture-tall.golden", p.Text())
}

// A played opening: the last move is marked on its cells.
func TestPictureLastMove(t *testing.T) {
	st, log := picturetest.Play(t, Game{}, 2, nil, 3, 9, nil)
	p := picturetest.Describe(t, st)
	picturetest.Check(t, p)
	if p.Last != log[len(log)-1] {
		t.Errorf("last %q, log ends %q", p.Last, log[len(log)-1])
	}
	marked := 0
	for _, c := range p.Cells {
		if c.Last {
			marked++
		}
	}
	if marked == 0 {
		t.Errorf("no cell of %q is marked", p.Last)
	}
	picturetest.Golden(t, "picture-opening.golden", p.Text())
}
