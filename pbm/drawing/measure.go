package drawing

import (
	"math"
	"sync"
	"unicode/utf8"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
)

// The layout measures the captions it makes fit the width with the Go
// fonts the rasteriser draws them in, at the same sizes, so that both
// surfaces place them alike. A font.Face is not safe for concurrent
// use: the measuring faces are used under a lock.
var measurer = struct {
	sync.Mutex
	faces map[faceKey]font.Face
}{faces: map[faceKey]font.Face{}}

// textWidth is the advance of s in the font fi (regularFont, boldFont
// or monoFont) at size pixels.
func textWidth(size float64, fi uint8, s string) float64 {
	measurer.Lock()
	defer measurer.Unlock()
	k := faceKey{size, fi}
	f, ok := measurer.faces[k]
	if !ok {
		var err error
		f, err = opentype.NewFace(fonts[fi], &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
		if err != nil {
			// Not for the Go fonts at a positive size; a guess.
			return 0.6 * size * float64(utf8.RuneCountInString(s))
		}
		if len(measurer.faces) > 64 {
			for k, f := range measurer.faces {
				f.Close()
				delete(measurer.faces, k)
			}
		}
		measurer.faces[k] = f
	}
	return float64(font.MeasureString(f, s)) / 64
}

// fitSize is size, or the size, in tenths of a pixel and not under
// least, at which s in the font fi is at most width wide.
func fitSize(size, least, width float64, fi uint8, s string) float64 {
	w := textWidth(size, fi, s)
	if w <= width || w <= 0 {
		return size
	}
	fit := math.Max(least, math.Floor(size*width/w*10)/10)
	// Advances are rounded to 1/64 pixel: not quite in proportion.
	for fit > least && textWidth(fit, fi, s) > width {
		fit = math.Max(least, fit-0.1)
	}
	return fit
}
