// Package picture describes a position as plain data: the cells of the
// board with their shape, place and size in one common plane, what lies
// on each, the coordinates players type, the seats and their colours,
// and the last move. An engine fills a Picture from its board; another
// package draws it. Nothing here does I/O or draws.
//
// The plane has x growing to the right and y growing downwards, in any
// unit: a drawing scales the cells to fit.
package picture

import (
	"fmt"
	"math"
	"strings"

	"github.com/pbmgo/pbm/engine"
)

// Picture is one position ready to be drawn.
type Picture struct {
	Game    string   // the game's title with its variant: "Esagek Invasion"
	Cells   []Cell   // every cell of the board
	Regions []Region // outlines drawn over groups of cells, if any
	Seats   []Seat   // per seat, in seat order
	ToMove  int      // the seat to move, -1 when the game is over
	Last    string   // the last move in canonical notation, "" before the first
	Status  string   // one line: "Game over: Blue wins", "Round 3, movement"
	// StatusMsg is Status as a message of the catalogue, which the
	// server writes in the reader's language; its Error is Status.
	// Nil when the engine has none: Status is then written as it is.
	StatusMsg *engine.Refusal
	// Key names the terrains a picture shows, in the order a key below
	// the board lists them; a game whose terrains need no key leaves
	// it empty.
	Key []TerrainName

	// The drawing's own words, as the server writes them in the
	// reader's language. Each left empty is drawn in English as
	// before: the line above the board from Game, Status and the seat
	// to move; "Last move:"; "(out)".
	Title     string // the whole line above the board: "Esagek Classic · Turn 3 · Kék (alice) következik"
	LastLabel string // the label before the last move: "Utolsó lépés:"
	OutLabel  string // after the line of a seat out of the game: "(kiesett)"
}

// TerrainName is one line of a picture's key: a terrain and what
// players call it.
type TerrainName struct {
	Terrain Terrain
	Name    string // "ravine: camps and towers"
	// Msg is Name as a message (its Error is Name), nil when the
	// engine has none.
	Msg *engine.Refusal
}

// Source is implemented by an engine's State that can describe its
// position. The server asks for the picture only through this interface,
// so an engine without it still plays.
type Source interface {
	Picture() Picture
}

// Shape is the outline of a cell.
type Shape uint8

const (
	HexFlat   Shape = iota // a hexagon with a flat edge at the top
	HexPointy              // a hexagon with a corner at the top
	TriUp                  // a triangle with a corner at the top
	TriDown                // a triangle with a corner at the bottom
)

var shapeNames = [...]string{"hex-flat", "hex-pointy", "tri-up", "tri-down"}

func (s Shape) String() string {
	if int(s) < len(shapeNames) {
		return shapeNames[s]
	}
	return "shape?"
}

// Point is a place in the plane.
type Point struct{ X, Y float64 }

// Cell is one space of the board.
type Cell struct {
	Name    string  // the coordinate players type: "D4", "A1N"; may be empty
	Shape   Shape   //
	Centre  Point   // the centre of the outline (the centroid of a triangle)
	Size    float64 // distance from the centre to a corner
	Terrain Terrain // what the cell is made of
	Text    string  // a short note printed on the cell: "3" (production)
	Pieces  []Piece // what stands on the cell, in drawing order
	Last    bool    // part of the last move
}

// Region is an outline over a group of cells that players name, such
// as an Esagek hexagon of six triangles.
type Region struct {
	Name   string
	Shape  Shape
	Centre Point
	Size   float64
	Last   bool // the last move acted on the whole region (a rotation)
}

// Terrain is the ground of a cell. The zero value is an ordinary cell.
type Terrain string

const (
	Plain    Terrain = ""
	Entry    Terrain = "entry"    // where pieces come onto the board
	Middle   Terrain = "middle"   // a cell the rules single out (a centre, a goal)
	Blocked  Terrain = "blocked"  // out of use for now (a blockade)
	Sand     Terrain = "sand"     // Ekö: movement space
	Chasm    Terrain = "chasm"    // Ekö: impassable
	Reg      Terrain = "reg"      // Ekö: construction space for camps
	Ravine   Terrain = "ravine"   // Ekö: camps and towers
	Mountain Terrain = "mountain" // Ekö: camps, towers and castles
	Capital  Terrain = "capital"  // Ekö: camps and towers, needed to win
)

// Kind is what a piece is.
type Kind string

const (
	Man      Kind = "man"      // an ordinary piece or a stack of them
	Leader   Kind = "leader"   // Hexatri's leader
	Emperor  Kind = "emperor"  // Ekö: a stack carrying its owner's Emperor
	Building Kind = "building" // Ekö: camp, tower or castle (Count = level)
)

// Piece is one piece or stack on a cell.
type Piece struct {
	Seat   int  // the owner, -1 for a neutral piece
	Kind   Kind //
	Count  int  // men in the stack, or the level of a building; 1 for a single piece
	Layers []int
	// Layers, when the men of a stack are not all the owner's, holds
	// the seat of each man from the top down (HexEmergo's prisoners).
	Frozen bool // cannot move for now (Esagek Classic)
}

// Seat is one player's place at the board.
type Seat struct {
	Letter string // as on the ASCII board: "B", "O", "a"
	Colour string // a colour word of Palette: "Blue"
	Player string // the userid, set by the server; empty in an engine's picture
	Note   string // one line about the seat: "7 pieces, captured 2"
	Out    bool   // out of the game
	// NoteMsg is Note as a message (its Error is Note) and ColourMsg
	// the colour word as one (its Error is Colour), for the server to
	// write in the reader's language; nil when the engine has none.
	NoteMsg   *engine.Refusal
	ColourMsg *engine.Refusal
	// Label, when set, is the seat as the server writes it in the
	// reader's language, drawn instead of "Blue (alice)".
	Label string
}

// Palette maps every colour word a game uses for its seats to its RGB
// value, so that the picture, the web page and the ASCII legend's words
// name the same colours. The chromatic colours are those of Okabe and
// Ito's palette for colour-blind viewers ("Color Universal Design",
// 2002): vermillion for Red, blue, bluish green for Green, yellow,
// reddish purple for Purple and orange. Colour is never the only cue:
// every piece also carries its seat's letter.
var Palette = map[string]string{
	"Red":    "#d55e00",
	"Blue":   "#0072b2",
	"Green":  "#009e73",
	"Yellow": "#f0e442",
	"Purple": "#cc79a7",
	"White":  "#f8f8f8",
	"Black":  "#222222",
	"Orange": "#e69f00",
	"Grey":   "#8c8c8c",
}

// colourWords are the colour words of Palette as messages, for the
// engines' pictures.
var colourWords = map[string]engine.Message{}

func init() {
	for w := range Palette {
		colourWords[w] = engine.Define("PictureColour"+w, w)
	}
}

// ColourWord is a colour word of Palette as a message whose Error is
// the word, nil for a word Palette lacks.
func ColourWord(word string) *engine.Refusal {
	m, ok := colourWords[word]
	if !ok {
		return nil
	}
	return m.New()
}

// RGB returns the colour of a colour word, grey for an unknown word.
func RGB(word string) string {
	if c, ok := Palette[word]; ok {
		return c
	}
	return Palette["Grey"]
}

// Corners returns the corners of a shape centred on c with the given
// size, clockwise on the screen starting at the top or top left.
func Corners(s Shape, c Point, size float64) []Point {
	var start float64 // angle of the first corner, degrees, y down
	n := 6
	switch s {
	case HexFlat:
		start = -120
	case HexPointy:
		start = -90
	case TriUp:
		start, n = -90, 3
	case TriDown:
		start, n = -30, 3
	}
	pts := make([]Point, n)
	for i := range pts {
		a := (start + float64(i)*360/float64(n)) * math.Pi / 180
		pts[i] = Point{c.X + size*math.Cos(a), c.Y + size*math.Sin(a)}
	}
	return pts
}

// MarkLast sets Last on every cell whose name appears as a word of the
// move text (words are split at anything but letters and digits) and
// records the move. "D5-F3" marks D5 and F3.
func (p *Picture) MarkLast(move string) {
	p.Last = move
	if move == "" {
		return
	}
	words := map[string]bool{}
	for _, w := range strings.FieldsFunc(move, func(r rune) bool {
		return !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) {
		words[strings.ToUpper(w)] = true
	}
	for i := range p.Cells {
		if p.Cells[i].Name != "" && words[strings.ToUpper(p.Cells[i].Name)] {
			p.Cells[i].Last = true
		}
	}
}

// Bounds returns the smallest box holding every cell's outline.
func (p *Picture) Bounds() (min, max Point) {
	min = Point{math.Inf(1), math.Inf(1)}
	max = Point{math.Inf(-1), math.Inf(-1)}
	for _, c := range p.Cells {
		for _, q := range Corners(c.Shape, c.Centre, c.Size) {
			min.X, min.Y = math.Min(min.X, q.X), math.Min(min.Y, q.Y)
			max.X, max.Y = math.Max(max.X, q.X), math.Max(max.Y, q.Y)
		}
	}
	if len(p.Cells) == 0 {
		return Point{}, Point{1, 1}
	}
	return min, max
}

// Text lists the picture line by line, for golden tests and debugging:
// the header, the seats, then one line per cell and per region.
func (p Picture) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "game %q to-move %d last %q status %q\n", p.Game, p.ToMove, p.Last, p.Status)
	for i, s := range p.Seats {
		fmt.Fprintf(&b, "seat %d %s %s %q note %q out %v\n", i, s.Letter, s.Colour, s.Player, s.Note, s.Out)
	}
	for _, k := range p.Key {
		fmt.Fprintf(&b, "key %s %q\n", k.Terrain, k.Name)
	}
	for _, r := range p.Regions {
		fmt.Fprintf(&b, "region %s %s (%.3f,%.3f) %.3f last %v\n", r.Name, r.Shape, r.Centre.X, r.Centre.Y, r.Size, r.Last)
	}
	for _, c := range p.Cells {
		fmt.Fprintf(&b, "cell %s %s (%.3f,%.3f) %.3f", c.Name, c.Shape, c.Centre.X, c.Centre.Y, c.Size)
		if c.Terrain != Plain {
			fmt.Fprintf(&b, " %s", c.Terrain)
		}
		if c.Text != "" {
			fmt.Fprintf(&b, " text %q", c.Text)
		}
		if c.Last {
			b.WriteString(" last")
		}
		for _, pc := range c.Pieces {
			fmt.Fprintf(&b, " | seat %d %s x%d", pc.Seat, pc.Kind, pc.Count)
			if pc.Frozen {
				b.WriteString(" frozen")
			}
			if len(pc.Layers) > 0 {
				fmt.Fprintf(&b, " layers %v", pc.Layers)
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}
