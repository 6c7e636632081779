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
	// code draws s as text does from its start, in a monospaced face:
	// what a player types, character for character.
	code(x, y, size float64, colour, s string)
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
	blackColour  = "#000000"
	whiteColour  = "#ffffff"
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
	height = int(math.Ceil(titleH + 2*margin + bh*t.scale + float64(len(p.Seats)+1+keyRows(p))*seatLineH + margin))
	return height, t
}

// keyRows is the number of lines the key of terrains takes: two
// entries a line.
func keyRows(p *picture.Picture) int { return (len(p.Key) + 1) / 2 }

// render lays the picture out on s.
func render(s surface, p *picture.Picture, height int, t transform) {
	background(s, height)
	drawTitle(s, p)
	s.group("board")
	drawCells(s, p.Cells, t)
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
	t := title(p)
	s.text(margin, titleH/2+4, fitSize(17, minCaption, Width-2*margin, boldFont, t), true, true, inkColour, t)
}

// minCaption is the least font size a caption is made smaller to, to
// fit the width. Every caption (title, seats, the last move, the key)
// is drawn at its size when it fits, which all English captions but
// those of the longest userids do, and smaller when it does not.
const minCaption = 9

// drawFoot draws the seats and the last move below the board.
func drawFoot(s surface, p *picture.Picture, t transform) {
	_, max := p.Bounds()
	y := max.Y*t.scale + t.dy + margin + seatLineH/2
	s.group("seats")
	for i, seat := range p.Seats {
		drawSeat(s, p, i, seat, p.ToMove == i, y)
		y += seatLineH
	}
	s.end()
	if p.Last != "" {
		// The move as the player types it, in a monospaced face: a
		// hyphen is a hyphen and O is not 0.
		s.group("last")
		// After the label as wide as it is written; English's own
		// label has its move where it has always stood.
		label, x := p.LastLabel, margin+textWidth(13, regularFont, p.LastLabel)+lastGap
		if label == "" {
			label, x = "Last move:", margin+72
		}
		if ms, ok := s.(measuredSurface); ok {
			// The label keeps the width it has in the drawing's own
			// font, so that the move stands apart from it in any font.
			ms.measured(margin, y, 13, textWidth(13, regularFont, label), inkColour, label)
		} else {
			s.text(margin, y, 13, false, true, inkColour, label)
		}
		s.code(x, y, fitSize(13, minCaption, Width-margin-x, monoFont, p.Last), inkColour, p.Last)
		s.end()
	}
	if len(p.Key) > 0 {
		y += seatLineH
		drawKey(s, p.Key, y)
	}
}

// measuredSurface is a surface whose texts may be drawn in another
// font than the one they were measured in (the SVG, in a browser's):
// measured draws s as text does from its start, as wide as width.
type measuredSurface interface {
	measured(x, y, size, width float64, colour, s string)
}

// lastGap is the space between the label of the last move and the
// move, in pixels.
const lastGap = 8

// drawKey lists what each terrain colour stands for, two a line: a
// swatch of the terrain and its name, drawn smaller when it is too long
// for its half of the line.
func drawKey(s surface, key []picture.TerrainName, y float64) {
	s.group("key")
	for i, k := range key {
		x := float64(margin) + float64(i%2)*(Width-2*margin)/2
		yy := y + float64(i/2)*seatLineH
		s.group("key-entry", "data-terrain", string(k.Terrain))
		s.poly(picture.Corners(picture.HexPointy, picture.Point{X: x + 9, Y: yy}, 9), fillOf(k.Terrain), lineColour, 1)
		size := fitSize(13, minCaption, (Width-2*margin)/2-24-keyGap, regularFont, k.Name)
		s.text(x+24, yy, size, false, true, inkColour, k.Name)
		s.end()
	}
	s.end()
}

// fillOf is the colour of a terrain.
func fillOf(t picture.Terrain) string {
	if f := terrainFill[t]; f != "" {
		return f
	}
	return terrainFill[picture.Plain]
}

// keyGap is the least space after a name of the key, before the next
// entry or the edge.
const keyGap = 6

// title is the line above the board: Picture.Title when the server
// wrote it, else Game, Status and who is to move in English.
func title(p *picture.Picture) string {
	if p.Title != "" {
		return p.Title
	}
	t := p.Game
	if p.Status != "" {
		t += " · " + p.Status
	}
	if p.ToMove >= 0 && p.ToMove < len(p.Seats) {
		t += " · " + seatLabel(p.Seats[p.ToMove]) + " to move"
	}
	return t
}

// seatLabel is Seat.Label when the server wrote it, else "Blue
// (alice)" or "Blue".
func seatLabel(s picture.Seat) string {
	if s.Label != "" {
		return s.Label
	}
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
	fill := fillOf(c.Terrain)
	s.poly(picture.Corners(c.Shape, ctr, r), fill, lineColour, 1)
	if c.Last {
		s.poly(picture.Corners(c.Shape, ctr, r-2.5), "none", lastColour, 3.5)
	}
	lx, ly, fs := labelPlace(c.Shape, ctr, r, len(c.Pieces) > 0)
	colour := labelOn(c.Terrain)
	if c.Name != "" && !smallTri(c.Shape, r) {
		s.text(lx, ly, fs, false, false, colour, c.Name)
	}
	if c.Text != "" && isHex(c.Shape) {
		s.text(ctr.X, textY(ctr, r, fs), fs, false, false, colour, c.Text)
	}
	s.end()
}

// drawCells draws the cells, then the names of the small triangles
// over all their outlines.
func drawCells(s surface, cells []picture.Cell, t transform) {
	for i := range cells {
		drawCell(s, &cells[i], t)
	}
	for i := range cells {
		drawSmallName(s, &cells[i], t)
	}
}

// smallTri tells a triangle whose name is wider than the triangle at
// its place (labelPlace): the name is drawn on a plate of the cell's
// ground, over the outlines it crosses.
func smallTri(sh picture.Shape, r float64) bool {
	return (sh == picture.TriUp || sh == picture.TriDown) && 0.22*r < MinLabel
}

// drawSmallName draws the name of a small triangle on its plate.
func drawSmallName(s surface, c *picture.Cell, t transform) {
	r := c.Size * t.scale
	if c.Name == "" || !smallTri(c.Shape, r) {
		return
	}
	ctr := t.pt(c.Centre)
	lx, ly, fs := labelPlace(c.Shape, ctr, r, len(c.Pieces) > 0)
	s.group("name", "data-cell", c.Name)
	s.poly(plate(lx, ly, fs, c.Name), fillOf(c.Terrain), "", 0)
	s.text(lx, ly, fs, false, false, labelOn(c.Terrain), c.Name)
	s.end()
}

// plate is the rectangle behind a name centred at x, y: a little wider
// than the Go font's capitals and digits (0.66 of the size each) and
// as high as they are with a pixel to spare.
func plate(x, y, fs float64, name string) []picture.Point {
	hw := 0.33*fs*float64(len([]rune(name))) + 1.5
	hh := 0.4*fs + 1
	return []picture.Point{{X: x - hw, Y: y - hh}, {X: x + hw, Y: y - hh}, {X: x + hw, Y: y + hh}, {X: x - hw, Y: y + hh}}
}

// textY is the height of the note of a hexagon (Cell.Text): near its
// bottom, clear of the names of the triangles below it.
func textY(c picture.Point, r, fs float64) float64 {
	return c.Y + math.Min(0.68*r, 0.866*r-fs-2)
}

// labelOn is the colour of the labels on a terrain: the usual label
// colour where it has a contrast of at least minContrast with the
// terrain (WCAG 2.1, success criterion 1.4.3), else black or white,
// whichever has more.
func labelOn(t picture.Terrain) string {
	fill := fillOf(t)
	if t == picture.Chasm {
		return "#e8e0d0"
	}
	if Contrast(labelColour, fill) >= minContrast {
		return labelColour
	}
	return contrastingInk(fill)
}

// minContrast is WCAG AA's least contrast for text (1.4.3).
const minContrast = 4.5

// contrastingInk is black or white, whichever contrasts more with fill.
func contrastingInk(fill string) string {
	if Contrast(blackColour, fill) >= Contrast(whiteColour, fill) {
		return blackColour
	}
	return whiteColour
}

// Contrast is the contrast ratio of two colours "#rrggbb" (WCAG 2.1:
// (L1 + 0.05) / (L2 + 0.05) of their relative luminances, the lighter
// over the darker).
func Contrast(a, b string) float64 {
	la, lb := Luminance(a), Luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// Luminance is the relative luminance of a colour "#rrggbb" (WCAG 2.1,
// from the sRGB channels made linear).
func Luminance(hex string) float64 {
	c := parseHex(hex)
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

func isHex(sh picture.Shape) bool { return sh == picture.HexFlat || sh == picture.HexPointy }

// labelPlace is where a cell's name goes and its font size: near the top
// of a hexagon, near the base of a triangle.
//
// A name is a coordinate players type, so it is never smaller than
// MinLabel pixels, whatever the size of the board: the mail sends the
// picture Width (640) pixels wide, and a phone 390 pixels wide shows it
// 374 wide (the mail's 8-pixel margins), where MinLabel comes to 7
// pixels. A wider picture would not help there, as the phone shrinks
// it to the same 374 pixels; a second, zoomed picture would double the
// cost of every board mail. So the names stay in their cells and the
// pieces make room: in a triangle too small for a name of MinLabel
// under a piece of the usual size (Hexatri's), the name keeps its
// place by the base and the piece is drawn smaller, in the corner
// above it (piecePlaces); a name wider than the triangle there runs
// past its sides, where the board's edge or the neighbouring
// hexagon's plain margin lies. On a crowded hexagon (Ekö's four-player
// map) the name sits lower, where the hexagon is wide enough, over a
// smaller piece.
func labelPlace(sh picture.Shape, c picture.Point, r float64, occupied bool) (x, y, size float64) {
	switch sh {
	case picture.TriUp:
		return c.X, c.Y + 0.3*r, clamp(0.22*r, MinLabel, 14)
	case picture.TriDown:
		return c.X, c.Y - 0.3*r, clamp(0.22*r, MinLabel, 14)
	}
	if !occupied {
		return c.X, c.Y, clamp(0.3*r, MinLabel, 15)
	}
	if 0.26*r < MinLabel {
		return c.X, c.Y - 0.5*r, MinLabel
	}
	return c.X, c.Y - 0.62*r, clamp(0.26*r, MinLabel, 14)
}

// MinLabel is the least font size of a name players type, in pixels of
// the picture as the mail sends it.
const MinLabel = 12

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
	fs := clamp(0.16*r, MinLabel, 16)
	s.poly(circle(ctr, fs*0.75), "#ffffff", colour, 1.5)
	s.text(ctr.X, ctr.Y, fs, true, false, inkColour, g.Name)
	s.end()
}

// piecePlaces spreads k pieces over a cell: centres and radius.
func piecePlaces(sh picture.Shape, c picture.Point, r float64, k int) ([]picture.Point, float64) {
	if sh == picture.TriUp || sh == picture.TriDown {
		dir := 1.0 // towards the base
		if sh == picture.TriDown {
			dir = -1
		}
		if 0.22*r >= MinLabel {
			return []picture.Point{{X: c.X, Y: c.Y - dir*0.16*r}}, 0.29 * r
		}
		// Above the name: in the corner between the name's top and
		// the apex, a triangle of height h, whose incircle has radius
		// h/3.
		_, ly, fs := labelPlace(sh, c, r, true)
		top := ly - dir*(0.4*fs+1) // the name's edge towards the apex
		h := math.Abs(top - (c.Y - dir*r))
		pr := math.Min(0.29*r, h/3)
		return []picture.Point{{X: c.X, Y: top - dir*(pr+1)}}, pr
	}
	if k == 1 {
		if 0.26*r < MinLabel {
			return []picture.Point{{X: c.X, Y: c.Y + 0.2*r}}, 0.36 * r
		}
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

// seatFill is the colour of a seat's pieces.
func seatFill(seats []picture.Seat, seat int) string {
	if seat < 0 || seat >= len(seats) {
		return "#9a9a9a"
	}
	return picture.RGB(seats[seat].Colour)
}

func drawPiece(s surface, seats []picture.Seat, cell string, pc picture.Piece, at picture.Point, r float64) {
	fill := seatFill(seats, pc.Seat)
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
	ink := contrastingInk(fill)
	letter := ""
	if pc.Seat >= 0 && pc.Seat < len(seats) {
		letter = seats[pc.Seat].Letter
	}
	if pc.Kind == picture.Building {
		// A house: square body and a roof, the level on it.
		w := r * 1.05
		house := []picture.Point{
			{X: at.X - w, Y: at.Y + w*0.8}, {X: at.X - w, Y: at.Y - w*0.2}, {X: at.X, Y: at.Y - w},
			{X: at.X + w, Y: at.Y - w*0.2}, {X: at.X + w, Y: at.Y + w*0.8},
		}
		s.poly(house, fill, inkColour, 1.2)
		label := letter + fmt.Sprint(pc.Count)
		s.text(at.X, at.Y+w*0.25, fitText(clamp(r, 9, 18), 1.9*w, label), true, false, ink, label)
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
			s.poly(band(at, inner, outer, a0, a1), seatFill(seats, seat), lineColour, 0.8)
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
	if pc.Frozen {
		ink = contrastingInk("#ffffff")
	}
	// The seat's letter, as on the text board, then the men of a
	// stack, the leader or the Emperor.
	label := ""
	if pc.Count > 1 {
		label = fmt.Sprint(pc.Count)
	}
	if pc.Kind == picture.Leader {
		label = "L"
		if pc.Count > 1 {
			label = fmt.Sprintf("L+%d", pc.Count-1)
		}
	}
	if pc.Kind == picture.Emperor {
		label = "E" + label
	}
	label = letter + label
	if label != "" {
		s.text(at.X, at.Y, fitText(clamp(r*0.95, 8, 20), 1.8*r, label), true, false, ink, label)
	}
}

// fitText is the font size of a label of bold digits and capitals at
// most width wide: size, or smaller for a long label, never under 7.
func fitText(size, width float64, label string) float64 {
	n := float64(len([]rune(label)))
	return clamp(math.Min(size, width/(0.68*n)), 7, size)
}

func drawSeat(s surface, p *picture.Picture, i int, seat picture.Seat, toMove bool, y float64) {
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
		if p.OutLabel != "" {
			line += " " + p.OutLabel
		} else {
			line += " (out)"
		}
	}
	s.text(x+14, y, fitSize(13, minCaption, Width-margin-(x+14), fontOf(toMove), line), toMove, true, inkColour, line)
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
