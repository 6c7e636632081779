package eko

import (
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	pict "github.com/pbmgo/pbm/engine/picture"
	"github.com/pbmgo/pbm/engine/picture/picturetest"
)

// A map of 13 tiles with buildings and a captive Emperor, reached by
// seeded random play.
func TestPictureCaptiveEmperor(t *testing.T) {
	captive := func(st engine.State) bool {
		s := st.(*state)
		for seat := 0; seat < s.b.players; seat++ {
			if s.p.captor[seat] >= 0 {
				return true
			}
		}
		return false
	}
	var st engine.State
	seed := uint64(1)
	for ; seed < 40; seed++ {
		st, _ = picturetest.Play(t, Game{}, 4, nil, seed, 1200, captive)
		if captive(st) {
			break
		}
	}
	if !captive(st) {
		t.Fatal("no seed up to 40 captures an Emperor")
	}
	p := picturetest.Describe(t, st)
	picturetest.Check(t, p)
	s := st.(*state)
	if len(s.b.layout) != 13 || len(p.Cells) != s.b.n || len(p.Seats) != 4 {
		t.Fatalf("%d tiles, %d cells, %d seats", len(s.b.layout), len(p.Cells), len(p.Seats))
	}
	buildings, held := 0, 0
	for _, c := range p.Cells {
		for _, pc := range c.Pieces {
			if pc.Kind == pict.Building {
				buildings++
				if c.Terrain == pict.Sand || c.Terrain == pict.Chasm {
					t.Errorf("building on %s %s", c.Terrain, c.Name)
				}
			}
		}
	}
	for _, seat := range p.Seats {
		if strings.Contains(seat.Note, "Emperor held by") {
			held++
		}
	}
	if buildings == 0 || held == 0 {
		t.Errorf("%d buildings, %d Emperors held", buildings, held)
	}
	t.Logf("seed %d", seed)
	picturetest.Golden(t, "picture-captive.golden", p.Text())
}
