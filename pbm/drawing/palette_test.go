package drawing

import (
	"image/color"
	"testing"

	"github.com/pbmgo/pbm/engine/picture/picturetest"
)

// Every board's palette holds its base colours first, white at index
// 0, at most 256 colours in all, and the seven blends of ink over each
// ground text is drawn on; a blend at a level of a ramp is that ramp's
// colour, and full and no coverage are the ink and the ground.
func TestPaletteOfEveryBoard(t *testing.T) {
	for _, v := range boards() {
		if _, err := v.game.New(v.players, v.opts, 1); err != nil {
			continue
		}
		st, _ := picturetest.Play(t, v.game, v.players, v.opts, 1, 10, nil)
		p := picturetest.Describe(t, st)
		pal := paletteOf(&p)
		if n := len(pal.colours); n > maxPalette || n <= pal.base {
			t.Errorf("%s: %d colours, %d of them base", v.name, n, pal.base)
		}
		if pal.rgb[whiteIndex] != (color.RGBA{255, 255, 255, 255}) {
			t.Errorf("%s: colour %d is %v, not white", v.name, whiteIndex, pal.rgb[whiteIndex])
		}
		if paletteOf(&p) != pal {
			t.Errorf("%s: a second palette for the same board", v.name)
		}
		pairs := [][2]string{{inkColour, whiteColour}}
		for i := range p.Cells {
			pairs = append(pairs, [2]string{labelOn(p.Cells[i].Terrain), fillOf(p.Cells[i].Terrain)})
		}
		for i := range p.Seats {
			fill := seatFill(p.Seats, i)
			pairs = append(pairs, [2]string{contrastingInk(fill), fill})
		}
		for _, pr := range pairs {
			ink, ground := pal.inkOf(parseHex(pr[0])), pal.inkOf(parseHex(pr[1]))
			if pal.rgb[ink] != parseHex(pr[0]) || pal.rgb[ground] != parseHex(pr[1]) {
				t.Fatalf("%s: %s or %s is not a base colour", v.name, pr[0], pr[1])
			}
			for lvl := 2; lvl < 16; lvl += 2 {
				want := mix(parseHex(pr[1]), parseHex(pr[0]), lvl)
				if got := pal.rgb[pal.over(ground, ink, lvl)]; got != want {
					t.Errorf("%s: %s over %s at %d/16 is %v, want %v", v.name, pr[0], pr[1], lvl, got, want)
				}
			}
		}
	}
	if level(0) != 0 || level(255) != 16 || level(128) != 8 {
		t.Errorf("levels %d %d %d", level(0), level(128), level(255))
	}
}
