package drawing

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"slices"
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

// position is a seeded board of one game for the drawing tests.
type position struct {
	name    string
	game    engine.Game
	players int
	opts    map[string]string
	seed    uint64
	plies   int
}

var positions = []position{
	{"hexemergo", hexemergo.Game{}, 2, nil, 2, 40},
	{"esagek-classic", esagek.Game{}, 2, nil, 3, 12},
	{"esagek-invasion6", esagek.Game{}, 6, map[string]string{"invasion": ""}, 11, 14},
	{"esagek-surrounder", esagek.Game{}, 3, map[string]string{"surrounder": ""}, 4, 20},
	{"esagek-alone", esagek.Game{}, 1, map[string]string{"alone": ""}, 5, 3},
	{"hexatri-size4-6", hexatri.Game{}, 6, map[string]string{"size": "4"}, 5, 60},
	{"hexatri", hexatri.Game{}, 2, nil, 6, 30},
	{"eko4", eko.Game{}, 4, nil, 1, 60},
	{"eko2", eko.Game{}, 2, nil, 2, 40},
}

func (ps position) picture(t testing.TB) picture.Picture {
	st, _ := picturetest.Play(t, ps.game, ps.players, ps.opts, ps.seed, ps.plies, nil)
	p := picturetest.Describe(t, st)
	for i := range p.Seats {
		p.Seats[i].Player = fmt.Sprintf("player%d", i+1)
	}
	return p
}

func TestPNG(t *testing.T) {
	dir := os.Getenv("PBM_PICTURES")
	for _, ps := range positions {
		t.Run(ps.name, func(t *testing.T) {
			p := ps.picture(t)
			var b bytes.Buffer
			if err := PNG(&b, p); err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(b.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			height, _ := layout(&p)
			if r := img.Bounds(); r.Dx() != Width || r.Dy() != height {
				t.Errorf("size %v, want %dx%d", r, Width, height)
			}
			// The names of Hexatri's triangles, 12 pixels high on
			// plates of their own, take the six-seat picture to 84 KB.
			if b.Len() > 96<<10 {
				t.Errorf("%d bytes, over 96 KiB", b.Len())
			}
			t.Logf("%dx%d, %d bytes", img.Bounds().Dx(), img.Bounds().Dy(), b.Len())
			if dir != "" {
				os.WriteFile(filepath.Join(dir, ps.name+".png"), b.Bytes(), 0o644)
				var s bytes.Buffer
				SVG(&s, p)
				os.WriteFile(filepath.Join(dir, ps.name+".svg"), s.Bytes(), 0o644)
			}
		})
	}
}

// The SVG of each position is golden; it names every cell and piece.
func TestSVG(t *testing.T) {
	for _, ps := range positions {
		t.Run(ps.name, func(t *testing.T) {
			p := ps.picture(t)
			var b bytes.Buffer
			if err := SVG(&b, p); err != nil {
				t.Fatal(err)
			}
			svg := b.String()
			if n := strings.Count(svg, `<g class="cell"`); n != len(p.Cells) {
				t.Errorf("%d cell groups, want %d", n, len(p.Cells))
			}
			pieces := 0
			for _, c := range p.Cells {
				pieces += len(c.Pieces)
			}
			if n := strings.Count(svg, `<g class="piece"`); n != pieces {
				t.Errorf("%d piece groups, want %d", n, pieces)
			}
			picturetest.Golden(t, ps.name+".svg", svg)
		})
	}
}

// Names of players are text in the SVG, never markup.
func TestSVGEscapes(t *testing.T) {
	p := positions[0].picture(t)
	p.Seats[0].Player = `<script>alert(1)</script>`
	p.Seats[1].Player = `"><img src=x onerror=alert(1)>`
	var b bytes.Buffer
	if err := SVG(&b, p); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	for _, bad := range []string{"<script", "<img", `"><`} {
		if strings.Contains(svg, bad) {
			t.Errorf("SVG holds %q", bad)
		}
	}
	if !strings.Contains(svg, "&lt;script&gt;") {
		t.Error("the name is not shown escaped")
	}
	if err := xml.Unmarshal(b.Bytes(), new(struct{})); err != nil {
		t.Errorf("not well-formed XML: %v", err)
	}
}

// The seats of a picture are those of the text board: every seat's
// player is named on the text board, and any colour word on a line
// naming the player is the colour the picture (and the web page, which
// shows the same picture) gives the seat.
func TestSeatsMatchTheTextBoard(t *testing.T) {
	words := func(l string) []string {
		return strings.FieldsFunc(l, func(r rune) bool { return strings.ContainsRune(" ():,;", r) })
	}
	colours := 0
	for _, ps := range positions {
		t.Run(ps.name, func(t *testing.T) {
			st, _ := picturetest.Play(t, ps.game, ps.players, ps.opts, ps.seed, ps.plies, nil)
			p := picturetest.Describe(t, st)
			names := make([]string, ps.players)
			for i := range names {
				names[i] = fmt.Sprintf("player%d", i+1)
			}
			var b strings.Builder
			st.Board(&b, names)
			for i, s := range p.Seats {
				named := false
				for _, l := range strings.Split(b.String(), "\n") {
					if !slices.Contains(words(l), names[i]) {
						continue
					}
					named = true
					for _, w := range words(l) {
						if _, ok := picture.Palette[w]; !ok {
							continue
						}
						colours++
						if w != s.Colour {
							t.Errorf("seat %d: the text board says %s, the picture %s: %q", i, w, s.Colour, l)
						}
					}
				}
				if !named {
					t.Errorf("seat %d: the text board does not name %s:\n%s", i, names[i], b.String())
				}
			}
		})
	}
	if colours == 0 {
		t.Error("no text board names a colour: the test compares nothing")
	}
}
