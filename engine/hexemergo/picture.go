package hexemergo

import (
	"math"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/picture"
)

// Picture of the board (rule book part 2, section 1.1): hexagons with a
// corner at the top, size 1; row X of the notation is a horizontal row,
// line n an oblique line from upper right to lower left.

var _ picture.Source = (*state)(nil)

// Picture describes the position for drawing.
func (s *state) Picture() picture.Picture {
	p := picture.Picture{Game: "HexEmergo", ToMove: int(s.pos.turn),
		Key: []picture.TerrainName{{Terrain: picture.Middle, Name: msgPictureCentre.New().Error(), Msg: msgPictureCentre.New()}}}
	switch {
	case !s.over:
		p.StatusMsg = msgPictureMove.New("N", s.plies+1)
	case len(s.winners) == 0:
		p.ToMove, p.StatusMsg = -1, msgPictureOver.New("Reason", s.reasonArg())
	default:
		p.ToMove, p.StatusMsg = -1, msgPictureWon.New("Side", colourName[s.winners[0]], "Reason", s.reasonArg())
	}
	p.Status = p.StatusMsg.Error()
	w := math.Sqrt(3)
	for c := cell(0); c < numCells; c++ {
		r, n := float64(cellRow[c]), float64(cellLine[c])
		pc := picture.Cell{
			Name:   cellName[c],
			Shape:  picture.HexPointy,
			Centre: picture.Point{X: (n - r/2) * w, Y: r * 1.5},
			Size:   1,
		}
		if c == centre {
			pc.Terrain = picture.Middle
		}
		if col := s.pos.cells[c]; !col.empty() {
			piece := picture.Piece{Seat: col.top(), Kind: picture.Man, Count: int(col.h)}
			mixed := false
			for i := 0; i < int(col.h); i++ {
				mixed = mixed || col.man(i) != col.top()
			}
			if mixed {
				for i := 0; i < int(col.h); i++ {
					piece.Layers = append(piece.Layers, col.man(i))
				}
			}
			pc.Pieces = []picture.Piece{piece}
		}
		p.Cells = append(p.Cells, pc)
	}
	for colour := white; colour <= black; colour++ {
		word := [2]string{"White", "Black"}[colour]
		note := msgPictureInHand.New("Side", colourName[colour], "N", int(s.pos.hand[colour]))
		p.Seats = append(p.Seats, picture.Seat{
			Letter:    string(colourLetter[colour]),
			Colour:    word,
			Note:      note.Error(),
			NoteMsg:   note,
			ColourMsg: picture.ColourWord(word),
		})
	}
	p.MarkLast(s.last)
	return p
}

// reasonArg is how the game ended, as a message when it has one.
func (s *state) reasonArg() any {
	if s.why != nil {
		return s.why
	}
	return s.reason
}

// The sentences of the picture: its status line and the seats' notes.
var (
	msgPictureMove   = engine.Define("PictureHexemergoMove", "Move {{.N}}")
	msgPictureOver   = engine.Define("PictureHexemergoOver", "Game over: {{.Reason}}")
	msgPictureWon    = engine.Define("PictureHexemergoWon", "Game over: {{.Side}} wins: {{.Reason}}")
	msgPictureInHand = engine.Define("PictureHexemergoInHand", "{{.Side}}, {{.N}} in hand")
	// The key of the shaded cell (rule book part 2, section 1.1).
	msgPictureCentre = engine.Define("PictureHexemergoCentre", "centre D4: not White's first entry")
)
