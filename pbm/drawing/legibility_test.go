package drawing

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/eko"
	"github.com/pbmgo/pbm/engine/esagek"
	"github.com/pbmgo/pbm/engine/hexatri"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/engine/picture"
	"github.com/pbmgo/pbm/engine/picture/picturetest"
)

// Tests that the pictures can be read by everyone: names large enough
// to type from on a phone, seats told apart without colour vision, and
// labels of enough contrast. They measure the layout itself, through a
// surface that records what is drawn.

// drawn is one text the layout drew, with the groups it was drawn in
// and the fill of the last shape drawn before it in its group.
type drawn struct {
	x, y, size float64
	colour     string
	s          string
	groups     []string // classes, outermost first
	attrs      map[string]string
	under      string // fill of the shape last drawn in the same group
	mono       bool
	bold       bool
}

// recorder is a surface that keeps every text call.
type recorder struct {
	stack []string
	attrs []map[string]string
	fills []string
	texts []drawn
}

func (r *recorder) group(class string, attrs ...string) {
	a := map[string]string{}
	for i := 0; i+1 < len(attrs); i += 2 {
		a[attrs[i]] = attrs[i+1]
	}
	r.stack = append(r.stack, class)
	r.attrs = append(r.attrs, a)
	under := ""
	if n := len(r.fills); n > 0 {
		under = r.fills[n-1]
	}
	r.fills = append(r.fills, under)
}

func (r *recorder) end() {
	if n := len(r.stack); n > 0 {
		r.stack, r.attrs, r.fills = r.stack[:n-1], r.attrs[:n-1], r.fills[:n-1]
	}
}

func (r *recorder) poly(pts []picture.Point, fill, stroke string, width float64) {
	if n := len(r.fills); n > 0 && fill != "none" && fill != "" {
		r.fills[n-1] = fill
	}
}

func (r *recorder) record(x, y, size float64, colour, s string, mono bool) {
	d := drawn{x: x, y: y, size: size, colour: colour, s: s, mono: mono,
		groups: append([]string(nil), r.stack...), attrs: map[string]string{}}
	for _, a := range r.attrs {
		for k, v := range a {
			d.attrs[k] = v
		}
	}
	if n := len(r.fills); n > 0 {
		d.under = r.fills[n-1]
	}
	r.texts = append(r.texts, d)
}

func (r *recorder) text(x, y, size float64, bold, start bool, colour, s string) {
	r.record(x, y, size, colour, s, false)
	r.texts[len(r.texts)-1].bold = bold
}

func (r *recorder) code(x, y, size float64, colour, s string) {
	r.record(x, y, size, colour, s, true)
}

func (d drawn) in(class string) bool {
	for _, g := range d.groups {
		if g == class {
			return true
		}
	}
	return false
}

// record lays the picture out on a recorder.
func record(p picture.Picture) *recorder {
	r := &recorder{}
	height, t := layout(&p)
	render(r, &p, height, t)
	return r
}

// variant is one game and variant whose board has its own geometry.
type variant struct {
	name    string
	game    engine.Game
	players int
	opts    map[string]string
}

// boards are every game with every board it can be played on: each
// player count (Ekö's map and Esagek's seats depend on it) and each
// Hexatri size.
func boards() []variant {
	vs := []variant{{"hexemergo", hexemergo.Game{}, 2, nil}, {"esagek-alone", esagek.Game{}, 1, map[string]string{"alone": ""}}, {"esagek-classic", esagek.Game{}, 2, nil}}
	for n := 2; n <= 6; n++ {
		vs = append(vs, variant{fmt.Sprintf("esagek-invasion%d", n), esagek.Game{}, n, map[string]string{"invasion": ""}},
			variant{fmt.Sprintf("esagek-surrounder%d", n), esagek.Game{}, n, map[string]string{"surrounder": ""}})
	}
	for size := 2; size <= 4; size++ {
		for n := 2; n <= 6; n++ {
			vs = append(vs, variant{fmt.Sprintf("hexatri-size%d-%d", size, n), hexatri.Game{}, n, map[string]string{"size": fmt.Sprint(size)}})
		}
	}
	for n := 2; n <= 4; n++ {
		vs = append(vs, variant{fmt.Sprintf("eko%d", n), eko.Game{}, n, nil})
	}
	return vs
}

// phoneWidth is the width at which a phone 390 CSS pixels wide shows
// the picture: the mail's HTML scales it to the width of the screen
// (max-width: 100%), less the 8-pixel margins mail readers put round
// a message body.
const phoneWidth = 374

// minPhoneLabel is the least height, in a phone's CSS pixels, of a
// name a player types.
const minPhoneLabel = 7

// Every name a player types (cells, triangles, tiles, regions) is
// drawn at least MinLabel pixels high in the picture as mailed (Width
// pixels wide), so at least 7 pixels on a phone that shows it 374
// wide, and inside the picture; at the start of a game and after
// moves, as pieces move names about. A name's height is its font size,
// the em box of the Go font: the size a reader's eye takes for "12 px
// text" (its capitals are 0.7 of it).
func TestNamesReadable(t *testing.T) {
	for _, v := range boards() {
		t.Run(v.name, func(t *testing.T) {
			if _, err := v.game.New(v.players, v.opts, 1); err != nil {
				t.Skipf("no such board: %v", err)
			}
			for _, plies := range []int{0, 30, 120} {
				st, _ := picturetest.Play(t, v.game, v.players, v.opts, 3, plies, nil)
				p := picturetest.Describe(t, st)
				r := record(p)
				height, _ := layout(&p)
				names := map[string]int{}
				for _, d := range r.texts {
					if !d.in("cell") && !d.in("name") && !d.in("region") {
						continue
					}
					names[d.s]++
					if d.size < 12 {
						t.Errorf("after %d moves: %q is %.1f px, under 12", plies, d.s, d.size)
					}
					if phone := d.size * phoneWidth / Width; phone < minPhoneLabel {
						t.Errorf("after %d moves: %q is %.2f px on a phone", plies, d.s, phone)
					}
					if d.x < 0 || d.x > Width || d.y < 0 || d.y > float64(height) {
						t.Errorf("after %d moves: %q at (%.0f,%.0f), outside %dx%d", plies, d.s, d.x, d.y, Width, height)
					}
				}
				for _, c := range p.Cells {
					if names[c.Name] == 0 {
						t.Errorf("after %d moves: cell %s has no name drawn", plies, c.Name)
					}
				}
				for _, g := range p.Regions {
					if names[g.Name] == 0 {
						t.Errorf("after %d moves: region %s has no name drawn", plies, g.Name)
					}
				}
			}
		})
	}
}

// Every piece carries its seat's letter, the one the ASCII board and
// the picture's seat lines use, drawn in black or white, whichever
// contrasts more with the seat's colour, at WCAG AA (4.5:1) at least.
func TestPiecesCarryTheirSeatLetter(t *testing.T) {
	for _, v := range boards() {
		t.Run(v.name, func(t *testing.T) {
			if _, err := v.game.New(v.players, v.opts, 1); err != nil {
				t.Skipf("no such board: %v", err)
			}
			st, _ := picturetest.Play(t, v.game, v.players, v.opts, 5, 40, nil)
			p := picturetest.Describe(t, st)
			r := record(p)
			labels := map[string][]drawn{} // by cell
			for _, d := range r.texts {
				if d.in("piece") {
					labels[d.attrs["data-cell"]] = append(labels[d.attrs["data-cell"]], d)
				}
			}
			pieces := 0
			for _, c := range p.Cells {
				for _, pc := range c.Pieces {
					if pc.Seat < 0 || pc.Seat >= len(p.Seats) {
						continue
					}
					pieces++
					letter := p.Seats[pc.Seat].Letter
					found := false
					for _, d := range labels[c.Name] {
						if strings.HasPrefix(d.s, letter) {
							found = true
							if c := Contrast(d.colour, d.under); c < minContrast && !pc.Frozen {
								t.Errorf("%s: %q in %s on %s: contrast %.2f", c2s(d), d.s, d.colour, d.under, c)
							}
						}
					}
					if !found {
						t.Errorf("the piece of seat %d (%s) on %s has no label starting %q", pc.Seat, p.Seats[pc.Seat].Colour, c.Name, letter)
					}
				}
			}
			if pieces == 0 && v.players > 0 {
				t.Logf("no pieces on the board")
			}
		})
	}
}

func c2s(d drawn) string { return d.attrs["data-cell"] }

// Machado, Oliveira and Fernandes, "A Physiologically-based Model for
// Simulation of Color Vision Deficiency", IEEE Transactions on
// Visualization and Computer Graphics 15(6), 2009: the matrices of
// severity 1.0 (dichromacy), applied to linear sRGB.
var dichromacies = []struct {
	name string
	m    [3][3]float64
}{
	{"protanopia", [3][3]float64{{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}},
	{"deuteranopia", [3][3]float64{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}},
	{"tritanopia", [3][3]float64{{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}}},
}

// minSeatDelta is the least CIE76 colour difference (ΔE*ab) between
// two seat colours as a dichromat sees them. A ΔE of 2.3 is a just
// noticeable difference; 15 is two colours nobody takes for one at a
// glance, at the size of a piece.
const minSeatDelta = 15

// linear is an sRGB channel made linear (IEC 61966-2-1).
func linear(v uint8) float64 {
	x := float64(v) / 255
	if x <= 0.04045 {
		return x / 12.92
	}
	return math.Pow((x+0.055)/1.055, 2.4)
}

// lab is CIELAB (D65) of linear sRGB, clipped to [0,1].
func lab(rgb [3]float64) [3]float64 {
	for i := range rgb {
		rgb[i] = math.Max(0, math.Min(1, rgb[i]))
	}
	x := 0.4124564*rgb[0] + 0.3575761*rgb[1] + 0.1804375*rgb[2]
	y := 0.2126729*rgb[0] + 0.7151522*rgb[1] + 0.0721750*rgb[2]
	z := 0.0193339*rgb[0] + 0.1191920*rgb[1] + 0.9503041*rgb[2]
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	fx, fy, fz := f(x/0.95047), f(y), f(z/1.08883)
	return [3]float64{116*fy - 16, 500 * (fx - fy), 200 * (fy - fz)}
}

// seen is how a viewer with the matrix m sees the colour "#rrggbb";
// nil m is normal vision.
func seen(hex string, m *[3][3]float64) [3]float64 {
	c := parseHex(hex)
	v := [3]float64{linear(c.R), linear(c.G), linear(c.B)}
	if m != nil {
		var w [3]float64
		for i := range 3 {
			w[i] = m[i][0]*v[0] + m[i][1]*v[1] + m[i][2]*v[2]
		}
		v = w
	}
	return lab(v)
}

func deltaE(a, b [3]float64) float64 {
	return math.Sqrt((a[0]-b[0])*(a[0]-b[0]) + (a[1]-b[1])*(a[1]-b[1]) + (a[2]-b[2])*(a[2]-b[2]))
}

// Every pair of colours any game gives its seats differs by at least
// minSeatDelta under simulated protanopia, deuteranopia and
// tritanopia, and in normal vision.
func TestSeatColoursForColourBlindness(t *testing.T) {
	colours := map[string]bool{}
	for _, v := range boards() {
		if _, err := v.game.New(v.players, v.opts, 1); err != nil {
			continue
		}
		st, _ := picturetest.Play(t, v.game, v.players, v.opts, 1, 0, nil)
		for _, s := range picturetest.Describe(t, st).Seats {
			colours[s.Colour] = true
		}
	}
	if len(colours) < 6 {
		t.Fatalf("only %d seat colours: %v", len(colours), colours)
	}
	var names []string
	for c := range colours {
		if picture.Palette[c] == "" {
			t.Errorf("seat colour %q not in the palette", c)
		}
		names = append(names, c)
	}
	visions := append([]struct {
		name string
		m    [3][3]float64
	}{{name: "normal"}}, dichromacies...)
	for vi, v := range visions {
		m := &visions[vi].m
		if v.name == "normal" {
			m = nil
		}
		least, pair := math.Inf(1), ""
		for i, a := range names {
			for _, b := range names[i+1:] {
				d := deltaE(seen(picture.Palette[a], m), seen(picture.Palette[b], m))
				if d < least {
					least, pair = d, a+"/"+b
				}
				if d < minSeatDelta {
					t.Errorf("%s: %s and %s differ by ΔE %.1f, under %d", v.name, a, b, d, minSeatDelta)
				}
			}
		}
		t.Logf("%s: closest seat colours %s, ΔE %.1f", v.name, pair, least)
	}
}

// The simulation is Machado's: pure red and green, far apart in normal
// vision, come close for a deuteranope, and a grey stays grey.
func TestDichromacySimulation(t *testing.T) {
	deut := &dichromacies[1].m
	if n, d := deltaE(seen("#ff0000", nil), seen("#00ff00", nil)), deltaE(seen("#d62728", deut), seen("#2ca02c", deut)); n < 80 || d > 25 {
		t.Errorf("red/green ΔE %.1f normal; the former Red/Green %.1f for a deuteranope", n, d)
	}
	for _, dc := range dichromacies {
		g := seen("#808080", &dc.m)
		if math.Abs(g[1]) > 1.5 || math.Abs(g[2]) > 1.5 {
			t.Errorf("%s: grey seen as %v", dc.name, g)
		}
	}
}

// Every label on every terrain, in any game, has a contrast of at
// least 4.5:1 (WCAG 2.1 AA, success criterion 1.4.3) against it.
func TestLabelContrastOnEveryTerrain(t *testing.T) {
	for terrain := range terrainFill {
		if c := Contrast(labelOn(terrain), fillOf(terrain)); c < minContrast {
			t.Errorf("labels on %s: %s on %s, contrast %.2f", terrain, labelOn(terrain), fillOf(terrain), c)
		}
	}
	// And as drawn: every name and note of a cell against the fill
	// it is drawn on.
	terrains := map[picture.Terrain]bool{}
	for _, v := range boards() {
		if _, err := v.game.New(v.players, v.opts, 1); err != nil {
			continue
		}
		st, _ := picturetest.Play(t, v.game, v.players, v.opts, 2, 20, nil)
		p := picturetest.Describe(t, st)
		for _, c := range p.Cells {
			terrains[c.Terrain] = true
		}
		for _, d := range record(p).texts {
			if !(d.in("cell") || d.in("name")) || d.in("piece") {
				continue
			}
			if c := Contrast(d.colour, d.under); c < minContrast {
				t.Errorf("%s: %q (%s on %s): contrast %.2f", v.name, d.s, d.colour, d.under, c)
			}
		}
	}
	for _, want := range []picture.Terrain{picture.Sand, picture.Chasm, picture.Reg, picture.Ravine, picture.Mountain, picture.Capital} {
		if !terrains[want] {
			t.Errorf("no board shows %s", want)
		}
	}
}

// WCAG 2.1's contrast, checked against values it defines: black on
// white is 21:1, a colour on itself 1:1, and #767676 on white 4.54:1.
func TestContrast(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want float64
	}{{"#000000", "#ffffff", 21}, {"#4b3d30", "#4b3d30", 1}, {"#767676", "#ffffff", 4.54}} {
		if got := Contrast(c.a, c.b); math.Abs(got-c.want) > 0.01 {
			t.Errorf("Contrast(%s, %s) = %.3f, want %.2f", c.a, c.b, got, c.want)
		}
	}
}

// Ekö's picture has a key naming each terrain of its map, drawn with
// the terrain's own colour.
func TestEkoTerrainKey(t *testing.T) {
	for n := 2; n <= 4; n++ {
		st, _ := picturetest.Play(t, eko.Game{}, n, nil, 1, 0, nil)
		p := picturetest.Describe(t, st)
		onMap := map[picture.Terrain]bool{}
		for _, c := range p.Cells {
			onMap[c.Terrain] = true
		}
		r := record(p)
		keyed := map[string]string{}
		for _, d := range r.texts {
			if d.in("key-entry") {
				keyed[d.attrs["data-terrain"]] = d.under
				if c := Contrast(d.colour, "#ffffff"); c < minContrast {
					t.Errorf("key %q: contrast %.2f on the background", d.s, c)
				}
			}
		}
		for terrain := range onMap {
			fill, ok := keyed[string(terrain)]
			if !ok {
				t.Errorf("%d players: %s is on the map and not in the key", n, terrain)
			} else if fill != fillOf(terrain) {
				t.Errorf("%d players: the key shows %s as %s, the map as %s", n, terrain, fill, fillOf(terrain))
			}
		}
		height, _ := layout(&p)
		for _, d := range r.texts {
			if d.y > float64(height) {
				t.Errorf("%q at y %.0f, below the picture's %d", d.s, d.y, height)
			}
		}
	}
}

// The last move is drawn character for character as the player types
// it: a hyphen stays a hyphen, in a monospaced face, in the SVG too.
func TestLastMoveAsTyped(t *testing.T) {
	p := positions[0].picture(t)
	p.Last = "L:A1N-A1!"
	found := false
	for _, d := range record(p).texts {
		if d.in("last") && d.mono {
			found = true
			if d.s != p.Last {
				t.Errorf("last move drawn as %q, typed %q", d.s, p.Last)
			}
		}
	}
	if !found {
		t.Fatal("no last move drawn in the monospaced face")
	}
	var svg strings.Builder
	if err := SVG(&svg, p); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(svg.String(), ">L:A1N-A1!</text>") || strings.Contains(svg.String(), "–") {
		t.Error("the SVG does not show the move as typed")
	}
}

// No two names overlap: the box of each (as wide as the plate of a
// small triangle's name, 0.66 of the size a character, and 0.8 of the
// size high) meets no other, on every board after moves.
func TestNamesDoNotOverlap(t *testing.T) {
	type box struct {
		x0, y0, x1, y1 float64
		s              string
	}
	for _, v := range boards() {
		t.Run(v.name, func(t *testing.T) {
			if _, err := v.game.New(v.players, v.opts, 1); err != nil {
				t.Skipf("no such board: %v", err)
			}
			st, _ := picturetest.Play(t, v.game, v.players, v.opts, 3, 60, nil)
			var boxes []box
			for _, d := range record(picturetest.Describe(t, st)).texts {
				if !d.in("cell") && !d.in("name") || d.in("piece") {
					continue
				}
				hw, hh := 0.33*d.size*float64(len([]rune(d.s))), 0.4*d.size
				boxes = append(boxes, box{d.x - hw, d.y - hh, d.x + hw, d.y + hh, d.s})
			}
			bad := 0
			for i, a := range boxes {
				for _, b := range boxes[i+1:] {
					if a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1 {
						if bad++; bad <= 5 {
							t.Errorf("%q and %q overlap", a.s, b.s)
						}
					}
				}
			}
		})
	}
}
