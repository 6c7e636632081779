package drawing

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/picture"
	"github.com/pbmgo/pbm/engine/picture/picturetest"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// captions are the texts of the line above the board, the seats, the
// last move and the key, with the font each is drawn in.
func captions(r *recorder) []drawn {
	var out []drawn
	for _, d := range r.texts {
		if len(d.groups) == 0 || d.in("seat") || d.in("last") || d.in("key") {
			out = append(out, d)
		}
	}
	return out
}

// fontOfDrawn is the font a recorded text is drawn in.
func fontOfDrawn(d drawn) uint8 {
	if d.mono {
		return monoFont
	}
	return fontOf(d.bold)
}

// longNames are userids of the longest kind (20 characters).
var longNames = []string{"abcdefghijklmnopqrst", "Bbcdefghijklmnopqrst", "Cbcdefghijklmnopqrst", "Dbcdefghijklmnopqrst", "Ebcdefghijklmnopqrst", "Fbcdefghijklmnopqrst"}

// The captions of every game's picture written in every language fit
// in the drawing's width, English too, players with the longest userids,
// in play, after a resignation and at the end; the move after its
// label starts after the label's end.
func TestCaptionsFitInEveryLanguage(t *testing.T) {
	c, err := lang.Load()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, v := range boards() {
		if _, err := v.game.New(v.players, v.opts, 1); err != nil {
			continue
		}
		b := store.Board{Game: v.game.Name(), Number: 101, Players: longNames[:v.players]}
		var states []engine.State
		st, log := picturetest.Play(t, v.game, v.players, v.opts, 5, 40, nil)
		states = append(states, st)
		if v.players > 1 {
			out := st.Clone()
			if out.Resign(out.ToMove()) == nil {
				states = append(states, out)
			}
		}
		end, _ := picturetest.Play(t, v.game, v.players, v.opts, 5, 3000, nil)
		states = append(states, end)
		for _, code := range lang.Codes {
			pr := c.For(code)
			for i, st := range states {
				bb := b
				for _, m := range log {
					bb.Log = append(bb.Log, store.Entry{Move: m})
				}
				p, ok := board.PictureIn(pr, bb, st)
				if !ok {
					t.Fatalf("%s: no picture", v.name)
				}
				if code != lang.Default && (p.Title == "" || p.LastLabel == "") {
					t.Fatalf("%s %s: the picture's words are not written: %q %q", v.name, code, p.Title, p.LastLabel)
				}
				what := fmt.Sprintf("%s %s position %d", v.name, code, i)
				r := record(p)
				var label *drawn
				for _, d := range captions(r) {
					checked++
					w := textWidth(d.size, fontOfDrawn(d), d.s)
					if d.x+w > Width {
						t.Errorf("%s: %q ends at %.0f, past the width %d", what, d.s, d.x+w, Width)
					}
					if d.size < minCaption {
						t.Errorf("%s: %q drawn at %.1f pixels", what, d.s, d.size)
					}
					if d.in("last") && !d.mono {
						label = &d
					}
					if d.in("last") && d.mono && label != nil && d.x < label.x+textWidth(label.size, regularFont, label.s) {
						t.Errorf("%s: the move %q at %.0f overlaps its label %q", what, d.s, d.x, label.s)
					}
				}
			}
		}
	}
	if checked < 1000 {
		t.Errorf("only %d captions checked", checked)
	}
}

// The words the server writes are the ones drawn: the title, the seat
// labels, the label of the last move and "(out)", in the SVG and the
// PNG; English words of the drawing are gone.
func TestWrittenWordsAreDrawn(t *testing.T) {
	p := positions[0].picture(t)
	if p.Last == "" {
		p.MarkLast(p.Cells[0].Name)
	}
	en := p
	p.Title = "Játszma · 3. lépés · Kék (alice) következik"
	p.LastLabel = "Utolsó lépés:"
	p.OutLabel = "(kiesett)"
	p.Seats = append([]picture.Seat(nil), p.Seats...)
	for i := range p.Seats {
		p.Seats[i].Label = fmt.Sprintf("Szín%d (játékos%d)", i, i)
	}
	p.Seats[0].Out = true
	var svg strings.Builder
	if err := SVG(&svg, p); err != nil {
		t.Fatal(err)
	}
	s := svg.String()
	for _, want := range []string{">Játszma · 3. lépés · Kék (alice) következik</text>", ">Utolsó lépés:</text>", "Szín0 (játékos0)", "(kiesett)</text>", `aria-label="Játszma · 3. lépés · Kék (alice) következik"`} {
		if !strings.Contains(s, want) {
			t.Errorf("the SVG lacks %q", want)
		}
	}
	for _, bad := range []string{"to move", "Last move:", "(out)"} {
		if strings.Contains(s, bad) {
			t.Errorf("the SVG holds %q", bad)
		}
	}
	var a, b strings.Builder
	if err := PNG(&a, p); err != nil {
		t.Fatal(err)
	}
	if err := PNG(&b, en); err != nil {
		t.Fatal(err)
	}
	if a.String() == b.String() {
		t.Error("the PNG with the written words is the English one")
	}
	// The move goes after the label as measured, not at the English
	// place.
	for _, d := range record(p).texts {
		if d.in("last") && d.mono {
			if want := margin + textWidth(13, regularFont, p.LastLabel) + lastGap; d.x != want {
				t.Errorf("the move at %.1f, want %.1f", d.x, want)
			}
		}
	}
}

// Captions written too long for the width are drawn smaller to fit:
// the title, a seat's line, a name of the key and the last move after
// a long label.
func TestLongCaptionsShrinkToFit(t *testing.T) {
	var p picture.Picture
	for _, ps := range positions {
		if ps.name == "eko4" {
			p = ps.picture(t)
		}
	}
	if len(p.Key) == 0 {
		t.Fatal("no Ekö picture with a key")
	}
	p.Title = strings.Repeat("Nagyon hosszú cím ", 6)
	p.LastLabel = "Az utolsó lépés, amelyet a játékos tett:"
	p.Last = "L:D4-D4N! D4-D4S@D4 E5-E5N E5N-E6 F6-F6S@F6 G7-G7N"
	p.OutLabel = "(kiesett)"
	p.Seats = append([]picture.Seat(nil), p.Seats...)
	for i := range p.Seats {
		p.Seats[i].Label = "Színnév (" + longNames[i] + ")"
		p.Seats[i].Note = strings.Repeat("hosszú megjegyzés, ", 4)
	}
	p.Seats[1].Out = true
	p.Key = append([]picture.TerrainName(nil), p.Key...)
	p.Key[0].Name = strings.Repeat("homok: korongok ", 3)
	shrunk := map[string]bool{}
	for _, d := range captions(record(p)) {
		w := textWidth(d.size, fontOfDrawn(d), d.s)
		limit := float64(Width)
		if d.in("key") && d.x < Width/2 {
			limit = margin + (Width-2*margin)/2
		}
		if d.x+w > limit {
			t.Errorf("%q ends at %.0f, past %.0f", d.s, d.x+w, limit)
		}
		if d.size < minCaption {
			t.Errorf("%q drawn at %.1f pixels", d.s, d.size)
		}
		for _, g := range []string{"seat", "last", "key"} {
			if d.in(g) && d.size < 13 {
				shrunk[g] = true
			}
		}
		if len(d.groups) == 0 && d.size < 17 {
			shrunk["title"] = true
		}
	}
	for _, g := range []string{"title", "seat", "last", "key"} {
		if !shrunk[g] {
			t.Errorf("no caption of %s drawn smaller", g)
		}
	}
}
