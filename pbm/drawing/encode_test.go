package drawing

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

// The PNG of every test position decodes, with image/png, to the
// paletted image it was written from: the same size, palette and
// index of every pixel, so the same colour of every pixel as
// image/png's own encoding of it.
func TestEncodePNGKeepsEveryPixel(t *testing.T) {
	for _, ps := range positions {
		p := ps.picture(t)
		img := paletted(&p, true)
		var b bytes.Buffer
		if err := encodePNG(&b, img); err != nil {
			t.Fatal(err)
		}
		got, err := png.Decode(bytes.NewReader(b.Bytes()))
		if err != nil {
			t.Fatalf("%s: %v", ps.name, err)
		}
		pg, ok := got.(*image.Paletted)
		if !ok {
			t.Fatalf("%s: decoded as %T", ps.name, got)
		}
		if pg.Rect != img.Rect || !bytes.Equal(pg.Pix, img.Pix) || len(pg.Palette) != len(img.Palette) {
			t.Errorf("%s: %v with %d colours, wrote %v with %d", ps.name, pg.Rect, len(pg.Palette), img.Rect, len(img.Palette))
		}
		for i := range pg.Palette {
			if i < len(img.Palette) && color.RGBAModel.Convert(pg.Palette[i]) != color.RGBAModel.Convert(img.Palette[i]) {
				t.Errorf("%s: colour %d is %v, wrote %v", ps.name, i, pg.Palette[i], img.Palette[i])
				break
			}
		}
	}
}

// A translucent palette gets its tRNS chunk; an empty image is an
// error, not a panic.
func TestEncodePNGEdges(t *testing.T) {
	img := image.NewPaletted(image.Rect(0, 0, 3, 2), color.Palette{color.RGBA{255, 0, 0, 255}, color.NRGBA{0, 0, 255, 128}})
	img.Pix = []uint8{0, 1, 0, 1, 0, 1}
	var b bytes.Buffer
	if err := encodePNG(&b, img); err != nil {
		t.Fatal(err)
	}
	got, err := png.Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, _, a := got.At(1, 0).RGBA(); a>>8 != 128 {
		t.Errorf("alpha %d, want 128", a>>8)
	}
	if err := encodePNG(&b, image.NewPaletted(image.Rectangle{}, color.Palette{color.White})); err == nil {
		t.Error("an empty image encoded")
	}
}
