package drawing

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"math"
	"sync"
	"testing"

	"golang.org/x/image/font"

	"github.com/pbmgo/pbm/engine/picture"
)

// variants are the test positions and changes of them: a turned
// region, no last move, no pieces.
func variants(t testing.TB) (names []string, pics []picture.Picture) {
	for _, ps := range positions {
		p := ps.picture(t)
		names, pics = append(names, ps.name), append(pics, p)
		q := p
		q.Cells = append([]picture.Cell(nil), p.Cells...)
		for i := range q.Cells {
			q.Cells[i].Last = false
		}
		q.Regions = append([]picture.Region(nil), p.Regions...)
		if len(q.Regions) > 0 {
			q.Regions[len(q.Regions)/2].Last = true
		}
		names, pics = append(names, ps.name+"/other-last"), append(pics, q)
		e := p
		e.Cells = append([]picture.Cell(nil), p.Cells...)
		for i := range e.Cells {
			e.Cells[i].Pieces = nil
		}
		names, pics = append(names, ps.name+"/empty"), append(pics, e)
	}
	names, pics = append(names, "crowded"), append(pics, crowded())
	return names, pics
}

// crowded is a board of many small hexagons with long names, whose
// labels overlap their neighbours'.
func crowded() picture.Picture {
	p := picture.Picture{Game: "Crowded", Seats: []picture.Seat{{Letter: "R", Colour: "Red"}, {Letter: "B", Colour: "Blue"}}, Last: "Q0303-Q0404"}
	for col := range 30 {
		for row := range 10 {
			c := picture.Cell{
				Name:   fmt.Sprintf("Q%02d%02d", col, row),
				Shape:  picture.HexFlat,
				Centre: picture.Point{X: 1.5 * float64(col), Y: math.Sqrt(3) * (float64(row) + float64(col%2)/2)},
				Size:   1,
			}
			if (col*7+row*3)%4 == 0 {
				c.Pieces = []picture.Piece{{Seat: col % 2, Kind: picture.Man, Count: 1 + row%3}}
			}
			if row%3 == 0 {
				c.Text = "3"
			}
			p.Cells = append(p.Cells, c)
		}
	}
	p.MarkLast(p.Last)
	return p
}

func raster(p picture.Picture, cached bool) *image.Paletted {
	s := &rasterSurface{faces: map[faceKey]font.Face{}}
	s.rasterise(&p, cached)
	return s.img
}

// Drawing from the static layer gives the pixels of drawing it all, and
// the second picture of a board finds its layer in the cache.
func TestStaticLayer(t *testing.T) {
	names, pics := variants(t)
	for i, p := range pics {
		t.Run(names[i], func(t *testing.T) {
			want := raster(p, false)
			statics.mu.Lock()
			h0 := statics.hits
			statics.mu.Unlock()
			for n := range 2 {
				got := raster(p, true)
				if d := diff(got, want); d != "" {
					t.Errorf("call %d from the static layer: %s", n+1, d)
				}
			}
			statics.mu.Lock()
			h1 := statics.hits
			statics.mu.Unlock()
			if h1 == h0 {
				t.Error("the second call did not find the static layer")
			}
		})
	}
}

// diff describes how two images differ, "" when they do not.
func diff(a, b *image.Paletted) string {
	if a.Rect != b.Rect || len(a.Palette) != len(b.Palette) {
		return fmt.Sprintf("bounds %v, want %v", a.Rect, b.Rect)
	}
	n, first := 0, image.Point{}
	for i := range a.Pix {
		if a.Pix[i] != b.Pix[i] {
			if n == 0 {
				first = image.Pt(i%a.Rect.Dx(), i/a.Rect.Dx())
			}
			n++
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%d bytes differ, the first at %v", n, first)
}

// Pictures drawn at once on many goroutines are those drawn one by one.
func TestPNGConcurrent(t *testing.T) {
	_, pics := variants(t)
	want := make([][]byte, len(pics))
	for i, p := range pics {
		var b bytes.Buffer
		if err := PNG(&b, p); err != nil {
			t.Fatal(err)
		}
		want[i] = b.Bytes()
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for k := range pics {
				i := (k + g*7) % len(pics)
				var b bytes.Buffer
				if err := PNG(&b, pics[i]); err != nil {
					t.Error(err)
					return
				}
				if !bytes.Equal(b.Bytes(), want[i]) {
					t.Errorf("picture %d differs when drawn concurrently", i)
				}
			}
		})
	}
	wg.Wait()
}

// The pictures look as they did when drawn in full colour: with the
// fixed palette, most pixels (every flat area) are the colour the former
// rasteriser gave them to within a few levels, and the antialiased
// edges, drawn in the palette's blends, are near it.
func TestPNGLikeLegacy(t *testing.T) {
	for _, ps := range positions {
		p := ps.picture(t)
		got := raster(p, true)
		height, tr := layout(&p)
		l := &legacySurface{img: image.NewRGBA(image.Rect(0, 0, Width, height)), faces: map[legacyFaceKey]font.Face{}}
		render(l, &p, height, tr)
		worst, far, sum := 0, 0, 0
		for y := range height {
			for x := range Width {
				c := p2rgba(got.Palette[got.ColorIndexAt(x, y)])
				w := l.img.RGBAAt(x, y)
				d := 0
				for _, v := range []int{int(c.R) - int(w.R), int(c.G) - int(w.G), int(c.B) - int(w.B)} {
					d = max(d, v, -v)
				}
				if d > 3 {
					far++
				}
				sum += d
				worst = max(worst, d)
			}
		}
		n := Width * height
		t.Logf("%s: %d of %d pixels differ by more than 3 levels, by %d at most; %.3f levels on average", ps.name, far, n, worst, float64(sum)/float64(n))
		if far > n/10 {
			t.Errorf("%s: %d of %d pixels differ by more than 3 levels", ps.name, far, n)
		}
		if avg := float64(sum) / float64(n); avg > 1.5 {
			t.Errorf("%s: pixels differ by %.2f levels on average", ps.name, avg)
		}
	}
}

func p2rgba(c color.Color) color.RGBA { return color.RGBAModel.Convert(c).(color.RGBA) }
