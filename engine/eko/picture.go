package eko

import (
	"fmt"
	"math"

	pict "github.com/pbmgo/pbm/engine/picture"
)

// Picture of the map (rule book part 2, sections 2 and 5): hexagons
// with a corner at the top, size 1, placed by the map's row and its
// horizontal position in half cells.

var _ pict.Source = (*state)(nil)

// letterColour is the colour word of each player letter, for the
// picture and the web page.
var letterColour = map[byte]string{'a': "Red", 'b': "Blue", 'c': "Green", 'd': "Purple"}

var terrainOf = [...]pict.Terrain{
	sand: pict.Sand, chasm: pict.Chasm, reg: pict.Reg,
	ravine: pict.Ravine, mountain: pict.Mountain, capital: pict.Capital,
}

// terrainKey is the key of the map's colours, in the rule book's order
// (part 2, section 2).
var terrainKey = []pict.TerrainName{
	{Terrain: pict.Sand, Name: "sand: discs move"},
	{Terrain: pict.Chasm, Name: "chasm: impassable"},
	{Terrain: pict.Reg, Name: "reg: camp"},
	{Terrain: pict.Ravine, Name: "ravine: camp, tower"},
	{Terrain: pict.Mountain, Name: "mountain: camp, tower, castle"},
	{Terrain: pict.Capital, Name: "capital: camp, tower; needed to win"},
}

// Picture describes the position for drawing.
func (s *state) Picture() pict.Picture {
	b, p := s.b, &s.p
	pic := pict.Picture{Game: "Ekö", ToMove: s.toMove, Key: terrainKey}
	switch {
	case s.over:
		pic.ToMove, pic.Status = -1, "Game over: "+s.reason
	case len(s.swaps) > 0:
		pic.Status = "Emperor swap round"
	default:
		pic.Status = fmt.Sprintf("Turn %d of at most %d", s.turns+1, turnsPerSeat*b.players)
	}
	w := math.Sqrt(3) / 2
	for c := 0; c < b.n; c++ {
		cell := pict.Cell{
			Name:    b.name[c],
			Shape:   pict.HexPointy,
			Centre:  pict.Point{X: float64(b.x[c]) * w, Y: float64(b.row[c]) * 1.5},
			Size:    1,
			Terrain: terrainOf[b.ter[c]],
		}
		if st := p.st[c]; st.owner >= 0 && st.height > 0 {
			k := pict.Man
			if st.emp {
				k = pict.Emperor
			}
			cell.Pieces = append(cell.Pieces, pict.Piece{Seat: int(st.owner), Kind: k, Count: int(st.height)})
		}
		if bd := p.bd[c]; bd.level > 0 {
			cell.Pieces = append(cell.Pieces, pict.Piece{Seat: int(bd.owner), Kind: pict.Building, Count: int(bd.level)})
		}
		pic.Cells = append(pic.Cells, cell)
	}
	for seat := 0; seat < b.players; seat++ {
		emp := "Emperor on board"
		switch {
		case p.captor[seat] >= 0:
			emp = fmt.Sprintf("Emperor held by %c", s.colour[p.captor[seat]])
		case p.empRes[seat]:
			emp = "Emperor in reserve"
		}
		l := s.colour[seat]
		pic.Seats = append(pic.Seats, pict.Seat{
			Letter: string(l),
			Colour: letterColour[l],
			Note:   fmt.Sprintf("%d VP, reserve %d, %s", p.points(b, seat), p.reserve[seat], emp),
			Out:    s.resigned[seat],
		})
	}
	if s.lastSeat >= 0 {
		pic.MarkLast(s.last)
	}
	return pic
}
