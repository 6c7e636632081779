package esagek

import (
	"math"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/picture"
)

// Picture of the board (rule book part 2, sections 2 and 3): each field
// is a triangle of the brick grid with side 2, so that column c has its
// centre at x = c and a strip is √3 high; each hexagon is the outline of
// its six fields around their common corner.

var _ picture.Source = (*state)(nil)

// Picture describes the position for drawing.
func (s *state) Picture() picture.Picture {
	p := picture.Picture{
		Game:   "Esagek " + s.v.String(),
		ToMove: s.toMove,
	}
	if s.over {
		p.ToMove = -1
		p.StatusMsg = msgPictureOver.New("Reason", s.reasonArg())
	} else {
		p.StatusMsg = msgPictureTurn.New("Turn", s.turn)
	}
	p.Status = p.StatusMsg.Error()
	h := math.Sqrt(3)
	for hx := 0; hx < numHex; hx++ {
		o := blockOrigin[hx]
		p.Regions = append(p.Regions, picture.Region{
			Name:   hexLetters[hx : hx+1],
			Shape:  picture.HexFlat,
			Centre: picture.Point{X: float64(o[1] + 1), Y: float64(o[0]+1) * h},
			Size:   2,
			Last:   int(s.lastRot) == hx,
		})
	}
	for f := 0; f < numFields; f++ {
		r, c := geo.row[f], geo.col[f]
		cell := picture.Cell{Name: geo.name[f], Size: 2 / h, Shape: picture.TriDown}
		y := float64(r)*h + h/3
		if isUp(r, c) {
			cell.Shape = picture.TriUp
			y = float64(r)*h + 2*h/3
		}
		cell.Centre = picture.Point{X: float64(c), Y: y}
		if s.v == invasion && hexOf(f) == 0 {
			cell.Terrain = picture.Middle
		}
		if s.v == classic && (hexOf(f) == classicHomeHex[0] || hexOf(f) == classicHomeHex[1]) {
			cell.Terrain = picture.Entry
		}
		switch pc := s.board[f]; {
		case pc == neutral:
			cell.Pieces = []picture.Piece{{Seat: -1, Kind: picture.Man, Count: 1}}
		case pc != empty:
			cell.Pieces = []picture.Piece{{Seat: owner(pc), Kind: picture.Man, Count: 1, Frozen: s.frozen(f)}}
		}
		cell.Last = int(s.lastSwap[0]) == f || int(s.lastSwap[1]) == f
		p.Cells = append(p.Cells, cell)
	}
	for seat := 0; seat < s.n; seat++ {
		n := s.count(seat)
		note := msgPicturePieces.N(n, "N", n)
		switch s.v {
		case classic, invasion:
			note = msgPictureCaptured.N(n, "N", n, "Captured", s.taken[seat])
		case surrounder:
			note = msgPictureConquered.N(n, "N", n, "Conquered", s.taken[seat], "Goal", s.goal)
		}
		p.Seats = append(p.Seats, picture.Seat{
			Letter:    colourLetters[seat : seat+1],
			Colour:    colourNames[seat],
			Note:      note.Error(),
			NoteMsg:   note,
			ColourMsg: colourMsg[seat].New(),
			Out:       s.out[seat] && !(s.over && s.v == alone),
		})
	}
	return p
}

// The sentences of the picture: its status line and the seats' notes.
var (
	msgPictureOver      = engine.Define("PictureEsagekOver", "Game over: {{.Reason}}")
	msgPictureTurn      = engine.Define("PictureEsagekTurn", "Turn {{.Turn}}")
	msgPicturePieces    = engine.DefinePlural("PictureEsagekPieces", "{{.N}} pieces", "{{.N}} pieces")
	msgPictureCaptured  = engine.DefinePlural("PictureEsagekCaptured", "{{.N}} pieces, captured {{.Captured}}", "{{.N}} pieces, captured {{.Captured}}")
	msgPictureConquered = engine.DefinePlural("PictureEsagekConquered", "{{.N}} pieces, conquered {{.Conquered}}/{{.Goal}}", "{{.N}} pieces, conquered {{.Conquered}}/{{.Goal}}")
)
