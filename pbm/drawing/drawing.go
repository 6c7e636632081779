// Package drawing draws a picture.Picture as SVG (for the web) and as
// PNG (for mail). One layout path places every shape and label; two thin
// surfaces turn it into SVG elements or rasterise it with
// golang.org/x/image/vector and the Go fonts (golang.org/x/image/font).
package drawing

import (
	"fmt"
	"math"
	"strings"

	"github.com/pbmgo/pbm/engine/picture"
)

// Width is the width of every drawing in pixels (SVG user units).
const Width = 640

// Layout constants, in pixels.
const (
	margin    = 12
	titleH    = 30
	seatLineH = 22
	maxBoardH = 600
)

// surface is what the layout draws on.
type surface interface {
	// group opens an element group with a class and data attributes
	// (name, value pairs); the raster surface ignores groups.
	group(class string, attrs ...string)
	end()
	// poly fills a convex polygon and strokes its outline when width > 0.
	poly(pts []picture.Point, fill, stroke string, width float64)
	// text draws s with its horizontal middle (or start, when start is
	// set) at x and its vertical middle at y.
	text(x, y, size float64, bold, start bool, colour, s string)
}

// Terrain fills.
var terrainFill = map[picture.Terrain]string{
	picture.Plain:    "#f4ecd8",
	picture.Entry:    "#dbe7f2",
	picture.Middle:   "#f3d98b",
	picture.Blocked:  "#b9b9b9",
	picture.Sand:     "#f1dfae",
	picture.Chasm:    "#4b3d30",
	picture.Reg:      "#cdb68c",
	picture.Ravine:   "#b98e5c",
	picture.Mountain: "#8f8174",
	picture.Capital:  "#e9c46a",
}

const (
	lineColour   = "#6f6252"
	lastColour   = "#ff7f00"
	regionColour = "#2b2b2b"
	labelColour  = "#4a4036"
	inkColour    = "#1a1a1a"
	markColour   = "#e0a800" // leader and Emperor rings
)

// transform maps the picture's plane onto pixels.
type transform struct {
	scale, dx, dy float64
}

func (t transform) pt(p picture.Point) picture.Point {
	return picture.Point{X: p.X*t.scale + t.dx, Y: p.Y*t.scale + t.dy}
}

// size returns the height of the drawing and the transform of the board.
func layout(p *picture.Picture) (height int, t transform) {
	min, max := p.Bounds()
	bw, bh := max.X-min.X, max.Y-min.Y
	if bw <= 0 || bh <= 0 {
		bw, bh = 1, 1
	}
	t.scale = math.Min((Width-2*margin)/bw, maxBoardH/bh)
	t.dx = (Width-bw*t.scale)/2 - min.X*t.scale
	t.dy = titleH + margin - min.Y*t.scale
	height = int(math.Ceil(titleH + 2*margin + bh*t.scale + float64(len(p.Seats)+1)*seatLineH + margin))
	return height, t
}

// render lays the picture out on s.
func render(s surface, p *picture.Picture, height int, t transform) {
	background(s, height)
	drawTitle(s, p)
	s.group("board")
	for i := range p.Cells {
		drawCell(s, &p.Cells[i], t)
	}
	for _, r := range p.Regions {
		drawRegion(s, r, t)
	}
	// Pieces go over the outlines of the regions.
	for i := range p.Cells {
		drawPieces(s, p.Seats, &p.Cells[i], t)
	}
	s.end()
	drawFoot(s, p, t)
}

// background is the white of the whole drawing.
func background(s surface, height int) {
	s.poly([]picture.Point{{X: 0, Y: 0}, {X: Width, Y: 0}, {X: Width, Y: float64(height)}, {X: 0, Y: float64(height)}}, "#ffffff", "", 0)
}

func drawTitle(s surface, p *picture.Picture) {
	s.text(margin, titleH/2+4, 17, true, true, inkColour, title(p))
}

// drawFoot draws the seats and the last move below the board.
func drawFoot(s surface, p *picture.Picture, t transform) {
	_, max := p.Bounds()
	y := max.Y*t.scale + t.dy + margin + seatLineH/2
	s.group("seats")
	for i, seat := range p.Seats {
		drawSeat(s, i, seat, p.ToMove == i, y)
		y += seatLineH
	}
	s.end()
	if p.Last != "" {
		s.group("last")
		s.text(margin, y, 13, false, true, inkColour, "Last move: "+p.Last)
		s.end()
	}
}

// title is the line above the board.
func title(p *picture.Picture) string {
	t := p.Game
	if p.Status != "" {
		t += " · " + p.Status
	}
	if p.ToMove >= 0 && p.ToMove < len(p.Seats) {
		t += " · " + seatLabel(p.Seats[p.ToMove]) + " to move"
	}
	return t
}

// seatLabel is "Blue (alice)" or "Blue".
func seatLabel(s picture.Seat) string {
	if s.Player != "" {
		return s.Colour + " (" + s.Player + ")"
	}
	return s.Colour
}

func drawCell(s surface, c *picture.Cell, t transform) {
	ctr := t.pt(c.Centre)
	r := c.Size * t.scale
	attrs := []string{"data-cell", c.Name, "data-shape", c.Shape.String()}
	if c.Terrain != picture.Plain {
		attrs = append(attrs, "data-terrain", string(c.Terrain))
	}
	if c.Last {
		attrs = append(attrs, "data-last", "true")
	}
	s.group("cell", attrs...)
	fill := terrainFill[c.Terrain]
	if fill == "" {
		fill = terrainFill[picture.Plain]
	}
	s.poly(picture.Corners(c.Shape, ctr, r), fill, lineColour, 1)
	if c.Last {
		s.poly(picture.Corners(c.Shape, ctr, r-2.5), "none", lastColour, 3.5)
	}
	lx, ly, fs := labelPlace(c.Shape, ctr, r, len(c.Pieces) > 0)
	colour := labelColour
	if c.Terrain == picture.Chasm {
		colour = "#e8e0d0"
	}
	if c.Name != "" {
		s.text(lx, ly, fs, false, false, colour, c.Name)
	}
	if c.Text != "" && isHex(c.Shape) {
		s.text(ctr.X, ctr.Y+0.68*r, fs, false, false, colour, c.Text)
	}
	s.end()
}

func isHex(sh picture.Shape) bool { return sh == picture.HexFlat || sh == picture.HexPointy }

// labelPlace is where a cell's name goes and its font size: near the top
// of a hexagon, near the base of a triangle.
func labelPlace(sh picture.Shape, c picture.Point, r float64, occupied bool) (x, y, size float64) {
	switch sh {
	case picture.TriUp:
		return c.X, c.Y + 0.3*r, clamp(0.22*r, 7, 14)
	case picture.TriDown:
		return c.X, c.Y - 0.3*r, clamp(0.22*r, 7, 14)
	}
	if !occupied {
		return c.X, c.Y, clamp(0.3*r, 9, 15)
	}
	return c.X, c.Y - 0.62*r, clamp(0.26*r, 8, 14)
}

func clamp(v, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, v)) }

func drawRegion(s surface, g picture.Region, t transform) {
	ctr := t.pt(g.Centre)
	r := g.Size * t.scale
	s.group("region", "data-region", g.Name)
	colour, w := regionColour, 2.5
	if g.Last {
		colour, w = lastColour, 4
	}
	s.poly(picture.Corners(g.Shape, ctr, r), "none", colour, w)
	fs := clamp(0.16*r, 10, 16)
	s.poly(circle(ctr, fs*0.75), "#ffffff", colour, 1.5)
	s.text(ctr.X, ctr.Y, fs, true, false, inkColour, g.Name)
	s.end()
}

// piecePlaces spreads k pieces over a cell: centres and radius.
func piecePlaces(sh picture.Shape, c picture.Point, r float64, k int) ([]picture.Point, float64) {
	switch sh {
	case picture.TriUp:
		return []picture.Point{{X: c.X, Y: c.Y - 0.16*r}}, 0.29 * r
	case picture.TriDown:
		return []picture.Point{{X: c.X, Y: c.Y + 0.16*r}}, 0.29 * r
	}
	if k == 1 {
		return []picture.Point{{X: c.X, Y: c.Y + 0.05*r}}, 0.42 * r
	}
	cols := k
	if k > 3 {
		cols = (k + 1) / 2
	}
	rows := (k + cols - 1) / cols
	pr := math.Min(0.8*r/float64(cols)/1.05, 0.5*r/float64(rows))
	pr = math.Min(pr, 0.34*r)
	var out []picture.Point
	for i := 0; i < k; i++ {
		row, col := i/cols, i%cols
		n := cols
		if row == rows-1 && k%cols != 0 {
			n = k % cols
		}
		x := c.X + (float64(col)-float64(n-1)/2)*2.1*pr
		y := c.Y + 0.08*r + (float64(row)-float64(rows-1)/2)*2.1*pr
		out = append(out, picture.Point{X: x, Y: y})
	}
	return out, pr
}

func drawPieces(s surface, seats []picture.Seat, c *picture.Cell, t transform) {
	if len(c.Pieces) == 0 {
		return
	}
	ctr := t.pt(c.Centre)
	r := c.Size * t.scale
	places, pr := piecePlaces(c.Shape, ctr, r, len(c.Pieces))
	for i, pc := range c.Pieces {
		at := places[i%len(places)]
		drawPiece(s, seats, c.Name, pc, at, pr)
	}
}

// fillOf is the colour of a seat's pieces.
func fillOf(seats []picture.Seat, seat int) string {
	if seat < 0 || seat >= len(seats) {
		return "#9a9a9a"
	}
	return picture.RGB(seats[seat].Colour)
}

func drawPiece(s surface, seats []picture.Seat, cell string, pc picture.Piece, at picture.Point, r float64) {
	fill := fillOf(seats, pc.Seat)
	attrs := []string{"data-cell", cell, "data-seat", fmt.Sprint(pc.Seat), "data-kind", string(pc.Kind), "data-count", fmt.Sprint(pc.Count)}
	if pc.Frozen {
		attrs = append(attrs, "data-frozen", "true")
	}
	if len(pc.Layers) > 0 {
		ls := make([]string, len(pc.Layers))
		for i, l := range pc.Layers {
			ls[i] = fmt.Sprint(l)
		}
		attrs = append(attrs, "data-layers", strings.Join(ls, " "))
	}
	s.group("piece", attrs...)
	defer s.end()
	ink := textOn(fill)
	if pc.Kind == picture.Building {
		// A house: square body and a roof, the level on it.
		w := r * 1.05
		house := []picture.Point{
			{X: at.X - w, Y: at.Y + w*0.8}, {X: at.X - w, Y: at.Y - w*0.2}, {X: at.X, Y: at.Y - w},
			{X: at.X + w, Y: at.Y - w*0.2}, {X: at.X + w, Y: at.Y + w*0.8},
		}
		s.poly(house, fill, inkColour, 1.2)
		s.text(at.X, at.Y+w*0.25, clamp(r, 9, 18), true, false, ink, fmt.Sprint(pc.Count))
		return
	}
	if len(pc.Layers) > 0 {
		// The men of the column as a ring of segments, the top man
		// first, clockwise from the top.
		n := len(pc.Layers)
		outer, inner := r*1.22, r*1.0
		for i, seat := range pc.Layers {
			a0 := -math.Pi/2 + 2*math.Pi*float64(i)/float64(n)
			a1 := -math.Pi/2 + 2*math.Pi*float64(i+1)/float64(n)
			s.poly(band(at, inner, outer, a0, a1), fillOf(seats, seat), lineColour, 0.8)
		}
	}
	switch {
	case pc.Frozen:
		s.poly(circle(at, r), "#ffffff", fill, math.Max(3, r*0.3))
		ink = fill
	case pc.Kind == picture.Leader || pc.Kind == picture.Emperor:
		s.poly(circle(at, r), fill, markColour, math.Max(2.5, r*0.22))
	default:
		s.poly(circle(at, r), fill, inkColour, 1.2)
	}
	label := ""
	if pc.Count > 1 {
		label = fmt.Sprint(pc.Count)
	}
	if pc.Kind == picture.Leader {
		label = "L" + strings.TrimPrefix(label, "1")
		if pc.Count > 1 {
			label = fmt.Sprintf("L+%d", pc.Count-1)
		}
	}
	if pc.Kind == picture.Emperor {
		label = "E" + label
	}
	if label != "" {
		s.text(at.X, at.Y, clamp(r*0.95, 8, 20), true, false, ink, label)
	}
}

// textOn picks dark or light text for a fill.
func textOn(fill string) string {
	c := parseHex(fill)
	if 0.299*float64(c.R)+0.587*float64(c.G)+0.114*float64(c.B) > 150 {
		return inkColour
	}
	return "#ffffff"
}

func drawSeat(s surface, i int, seat picture.Seat, toMove bool, y float64) {
	attrs := []string{"data-seat", fmt.Sprint(i), "data-colour", seat.Colour}
	if toMove {
		attrs = append(attrs, "data-to-move", "true")
	}
	s.group("seat", attrs...)
	x := float64(margin)
	if toMove {
		s.poly([]picture.Point{{X: x, Y: y - 6}, {X: x + 9, Y: y}, {X: x, Y: y + 6}}, lastColour, "", 0)
	}
	x += 20
	s.poly(circle(picture.Point{X: x, Y: y}, 7.5), picture.RGB(seat.Colour), inkColour, 1)
	line := seat.Letter + "  " + seatLabel(seat)
	if seat.Note != "" {
		line += " — " + seat.Note
	}
	if seat.Out {
		line += " (out)"
	}
	s.text(x+14, y, 13, toMove, true, inkColour, line)
	s.end()
}

// circle is a polygon close enough to a circle of radius r.
func circle(c picture.Point, r float64) []picture.Point {
	n := int(clamp(r*1.2, 16, 64))
	pts := make([]picture.Point, n)
	for i := range pts {
		a := 2 * math.Pi * float64(i) / float64(n)
		pts[i] = picture.Point{X: c.X + r*math.Sin(a), Y: c.Y - r*math.Cos(a)}
	}
	return pts
}

// band is the ring segment between radii r0 and r1 from angle a0 to a1.
// It is not convex; poly strokes it as drawn and fills it by the
// non-zero rule, which is exact for it.
func band(c picture.Point, r0, r1, a0, a1 float64) []picture.Point {
	n := int(math.Max(2, math.Ceil((a1-a0)*r1/4)))
	var pts []picture.Point
	for i := 0; i <= n; i++ {
		a := a0 + (a1-a0)*float64(i)/float64(n)
		pts = append(pts, picture.Point{X: c.X + r1*math.Cos(a), Y: c.Y + r1*math.Sin(a)})
	}
	for i := n; i >= 0; i-- {
		a := a0 + (a1-a0)*float64(i)/float64(n)
		pts = append(pts, picture.Point{X: c.X + r0*math.Cos(a), Y: c.Y + r0*math.Sin(a)})
	}
	return pts
}
