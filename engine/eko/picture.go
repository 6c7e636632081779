package eko

import (
	"math"
	"slices"

	"github.com/pbmgo/pbm/engine"
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
var terrainKey = func() []pict.TerrainName {
	key := []pict.TerrainName{
		{Terrain: pict.Sand, Msg: engine.Define("PictureEkoSand", "sand: discs move").New()},
		{Terrain: pict.Chasm, Msg: engine.Define("PictureEkoChasm", "chasm: impassable").New()},
		{Terrain: pict.Reg, Msg: engine.Define("PictureEkoReg", "reg: camp").New()},
		{Terrain: pict.Ravine, Msg: engine.Define("PictureEkoRavine", "ravine: camp, tower").New()},
		{Terrain: pict.Mountain, Msg: engine.Define("PictureEkoMountain", "mountain: camp, tower, castle").New()},
		{Terrain: pict.Capital, Msg: engine.Define("PictureEkoCapital", "capital: camp, tower; needed to win").New()},
	}
	for i := range key {
		key[i].Name = key[i].Msg.Error()
	}
	return key
}()

// Picture describes the position for drawing.
func (s *state) Picture() pict.Picture {
	b, p := s.b, &s.p
	pic := pict.Picture{Game: "Ekö", ToMove: s.toMove, Key: slices.Clone(terrainKey)}
	switch {
	case s.over:
		var why any = s.reason
		if s.why != nil {
			why = s.why
		}
		pic.ToMove, pic.StatusMsg = -1, msgPictureOver.New("Reason", why)
	case len(s.swaps) > 0:
		pic.StatusMsg = msgPictureSwap.New()
	default:
		pic.StatusMsg = msgPictureTurn.New("Turn", s.turns+1, "Max", turnsPerSeat*b.players)
	}
	pic.Status = pic.StatusMsg.Error()
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
		emp := msgPictureEmperorOn.New()
		switch {
		case p.captor[seat] >= 0:
			emp = msgPictureEmperorHeld.New("Letter", string(s.colour[p.captor[seat]]))
		case p.empRes[seat]:
			emp = msgPictureEmperorReserve.New()
		}
		l := s.colour[seat]
		note := msgPictureNote.New("VP", p.points(b, seat), "Reserve", int(p.reserve[seat]), "Emperor", emp)
		pic.Seats = append(pic.Seats, pict.Seat{
			Letter:    string(l),
			Colour:    letterColour[l],
			Note:      note.Error(),
			NoteMsg:   note,
			ColourMsg: pict.ColourWord(letterColour[l]),
			Out:       s.resigned[seat],
		})
	}
	if s.lastSeat >= 0 {
		pic.MarkLast(s.last)
	}
	return pic
}

// The sentences of the picture: its status line and the seats' notes.
var (
	msgPictureOver           = engine.Define("PictureEkoOver", "Game over: {{.Reason}}")
	msgPictureSwap           = engine.Define("PictureEkoSwap", "Emperor swap round")
	msgPictureTurn           = engine.Define("PictureEkoTurn", "Turn {{.Turn}} of at most {{.Max}}")
	msgPictureNote           = engine.Define("PictureEkoNote", "{{.VP}} VP, reserve {{.Reserve}}, {{.Emperor}}")
	msgPictureEmperorOn      = engine.Define("PictureEkoEmperorOn", "Emperor on board")
	msgPictureEmperorHeld    = engine.Define("PictureEkoEmperorHeld", "Emperor held by {{.Letter}}")
	msgPictureEmperorReserve = engine.Define("PictureEkoEmperorReserve", "Emperor in reserve")
)
