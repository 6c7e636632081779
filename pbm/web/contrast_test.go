package web

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

// luminance is the relative luminance of an sRGB colour "#rrggbb"
// (WCAG 2.2, definition of relative luminance).
func luminance(t *testing.T, hex string) float64 {
	t.Helper()
	v, err := strconv.ParseUint(strings.TrimPrefix(hex, "#"), 16, 32)
	if err != nil || len(hex) != 7 {
		t.Fatalf("colour %q", hex)
	}
	var l [3]float64
	for i, shift := range []uint{16, 8, 0} {
		c := float64(v>>shift&0xff) / 255
		if c <= 0.04045 {
			l[i] = c / 12.92
		} else {
			l[i] = math.Pow((c+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*l[0] + 0.7152*l[1] + 0.0722*l[2]
}

// Every colour of text on the site has a contrast of at least 4.5:1
// with every background it is drawn on (WCAG 2.2 success criterion
// 1.4.3, AA), and the stylesheet uses exactly these colours.
func TestContrast(t *testing.T) {
	var css strings.Builder
	pages.ExecuteTemplate(&css, "head", struct{ Title, Feed string }{"t", ""})
	texts := []string{"#1a1a1a", "#0b4ea2", "#5a2d82"}           // text, link, visited link
	grounds := []string{"#fff", "#f4ecd8", "#ffd9a8", "#f8f8f8"} // page, even rows, current move, boards
	for _, c := range append(append([]string(nil), texts...), grounds...) {
		if !strings.Contains(css.String(), c) {
			t.Errorf("the stylesheet has no %s: the colours tested are not those used", c)
		}
	}
	for _, fg := range texts {
		for _, bg := range grounds {
			if bg == "#fff" {
				bg = "#ffffff"
			}
			a, b := luminance(t, fg), luminance(t, bg)
			if ratio := (max(a, b) + 0.05) / (min(a, b) + 0.05); ratio < 4.5 {
				t.Errorf("%s on %s: contrast %.2f:1, below 4.5:1", fg, bg, ratio)
			}
		}
	}
}
