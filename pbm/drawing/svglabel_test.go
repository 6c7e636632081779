package drawing

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// In the SVG the label of the last move is fitted to the width it has
// in the Go font (textLength), so that a browser drawing it in another
// font leaves the space before the move: never "Last move:A1".
func TestSVGLastMoveLabelKeepsItsWidth(t *testing.T) {
	p := positions[0].picture(t)
	p.Last = "A1"
	for _, label := range []string{"", "Utolsó lépés:", "Poslední tah:"} {
		p.LastLabel = label
		var svg strings.Builder
		if err := SVG(&svg, p); err != nil {
			t.Fatal(err)
		}
		want := label
		if want == "" {
			want = "Last move:"
		}
		m := regexp.MustCompile(`<text x="([0-9.]+)"[^>]* textLength="([0-9.]+)" lengthAdjust="spacingAndGlyphs">` + regexp.QuoteMeta(want) + `</text>\n<text x="([0-9.]+)"[^>]*monospace[^>]*>A1</text>`).FindStringSubmatch(svg.String())
		if m == nil {
			t.Fatalf("%q: no label with its width before the move in\n%s", want, svg.String())
		}
		x, _ := strconv.ParseFloat(m[1], 64)
		w, _ := strconv.ParseFloat(m[2], 64)
		mx, _ := strconv.ParseFloat(m[3], 64)
		if w <= 0 || mx-(x+w) < lastGap {
			t.Errorf("%q: label from %.1f, %.1f wide, move at %.1f: less than %d apart", want, x, w, mx, lastGap)
		}
	}
}
