package hexatri

import (
	"fmt"
	"math"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/picture"
)

// Picture of the board (rule book part 2, sections 2.1 and 4): the
// trihexagonal tiling with side 1. Hexagon (q,r) has its centre at
// x = 2q + r, y = √3 r and a flat edge at the top; its N triangle points
// up above that edge, and the six triangles around it alternate.

var _ picture.Source = (*state)(nil)

// seatColour is the colour word of each seat letter RBGYWK.
var seatColour = [6]string{"Red", "Blue", "Green", "Yellow", "White", "Black"}

// triOffset is the centroid of the triangle in each direction from the
// centre of a hexagon, and whether it points up.
var triOffset = [6]struct {
	x, y float64
	up   bool
}{
	dirN:  {0, -2 * math.Sqrt(3) / 3, true},
	dirNE: {1, -math.Sqrt(3) / 3, false},
	dirSE: {1, math.Sqrt(3) / 3, true},
	dirS:  {0, 2 * math.Sqrt(3) / 3, false},
	dirSW: {-1, math.Sqrt(3) / 3, true},
	dirNW: {-1, -math.Sqrt(3) / 3, false},
}

// Picture describes the position for drawing.
func (s *state) Picture() picture.Picture {
	g := s.g
	p := picture.Picture{Game: "Hexatri", ToMove: s.toMove}
	if s.res.Over {
		var why any = s.res.Reason
		if s.res.Why != nil {
			why = s.res.Why
		}
		p.ToMove, p.StatusMsg = -1, msgPictureOver.New("Reason", why)
	} else {
		p.StatusMsg = msgPictureRound.New("Round", s.round)
	}
	p.Status = p.StatusMsg.Error()
	h3 := math.Sqrt(3)
	centre := func(h int) picture.Point {
		return picture.Point{X: float64(2*g.hexQ[h] + g.hexR[h]), Y: h3 * float64(g.hexR[h])}
	}
	cells := make([]picture.Cell, g.nHex+g.nTri)
	for h := 0; h < g.nHex; h++ {
		c := picture.Cell{Name: g.name[h], Shape: picture.HexFlat, Centre: centre(h), Size: 1,
			Text: fmt.Sprint(s.prodNumber(h))}
		if s.points[h] > 0 {
			c.Text += fmt.Sprintf(" :%d", s.points[h])
		}
		if h == g.centre {
			c.Terrain = picture.Middle
		}
		if s.blocked(h) {
			c.Terrain = picture.Blocked
		}
		cells[h] = c
	}
	for t := 0; t < g.nTri; t++ {
		h, d := g.triHex[t][0], g.triDirs[t][0]
		o := triOffset[d]
		hc := centre(h)
		c := picture.Cell{Name: g.name[g.nHex+t], Shape: picture.TriDown,
			Centre: picture.Point{X: hc.X + o.x, Y: hc.Y + o.y}, Size: 1 / h3}
		if o.up {
			c.Shape = picture.TriUp
		}
		if g.outer[t] {
			c.Terrain = picture.Entry
		}
		cells[g.nHex+t] = c
	}
	// Per hexagon and seat: the men and whether the leader is among them.
	count := make([]int, g.nHex*s.n)
	leader := make([]bool, g.nHex*s.n)
	for _, pc := range s.pieces {
		switch {
		case pc.at < 0:
		case g.isHex(pc.at):
			count[pc.at*s.n+pc.owner]++
			leader[pc.at*s.n+pc.owner] = leader[pc.at*s.n+pc.owner] || pc.leader
		default:
			k := picture.Man
			if pc.leader {
				k = picture.Leader
			}
			cells[pc.at].Pieces = append(cells[pc.at].Pieces, picture.Piece{Seat: pc.owner, Kind: k, Count: 1})
		}
	}
	for h := 0; h < g.nHex; h++ {
		for q := 0; q < s.n; q++ {
			if k := count[h*s.n+q]; k > 0 {
				kind := picture.Man
				if leader[h*s.n+q] {
					kind = picture.Leader
				}
				cells[h].Pieces = append(cells[h].Pieces, picture.Piece{Seat: q, Kind: kind, Count: k})
			}
		}
	}
	p.Cells = cells
	for q := 0; q < s.n; q++ {
		on, off := 0, 0
		for _, pc := range s.pieces {
			if pc.owner != q || pc.at == gone {
				continue
			}
			if pc.at >= 0 {
				on++
			} else {
				off++
			}
		}
		note := msgPicturePieces.New("On", on, "Off", off)
		p.Seats = append(p.Seats, picture.Seat{
			Letter:    seatLetter(q),
			Colour:    seatColour[q],
			Note:      note.Error(),
			NoteMsg:   note,
			ColourMsg: picture.ColourWord(seatColour[q]),
			Out:       s.out[q],
		})
	}
	return p
}

// The sentences of the picture: its status line and the seats' notes.
var (
	msgPictureOver   = engine.Define("PictureHexatriOver", "Game over: {{.Reason}}")
	msgPictureRound  = engine.Define("PictureHexatriRound", "Round {{.Round}}")
	msgPicturePieces = engine.Define("PictureHexatriPieces", "{{.On}} on board, {{.Off}} off board")
)
