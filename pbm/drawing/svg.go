package drawing

import (
	"bufio"
	"html"
	"io"
	"strconv"

	"github.com/pbmgo/pbm/engine/picture"
)

// SVG writes the picture as an SVG document 640 units wide. Cells,
// pieces, regions and seats are groups with the classes "cell",
// "piece", "region" and "seat" and data- attributes naming them, so a
// page can find them. Every text is escaped.
func SVG(w io.Writer, p picture.Picture) error {
	height, t := layout(&p)
	b := bufio.NewWriter(w)
	s := &svgSurface{w: b}
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 `)
	b.WriteString(strconv.Itoa(Width) + " " + strconv.Itoa(height))
	b.WriteString(`" width="` + strconv.Itoa(Width) + `" height="` + strconv.Itoa(height) + `" role="img" aria-label="`)
	b.WriteString(html.EscapeString(title(&p)))
	b.WriteString(`" font-family="Go, 'DejaVu Sans', Arial, sans-serif">` + "\n")
	render(s, &p, height, t)
	b.WriteString("</svg>\n")
	return b.Flush()
}

type svgSurface struct {
	w *bufio.Writer
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) }

func (s *svgSurface) group(class string, attrs ...string) {
	s.w.WriteString(`<g class="` + class + `"`)
	for i := 0; i+1 < len(attrs); i += 2 {
		s.w.WriteString(" " + attrs[i] + `="` + html.EscapeString(attrs[i+1]) + `"`)
	}
	s.w.WriteString(">\n")
}

func (s *svgSurface) end() { s.w.WriteString("</g>\n") }

func (s *svgSurface) poly(pts []picture.Point, fill, stroke string, width float64) {
	s.w.WriteString(`<polygon points="`)
	for i, p := range pts {
		if i > 0 {
			s.w.WriteByte(' ')
		}
		s.w.WriteString(num(p.X) + "," + num(p.Y))
	}
	s.w.WriteString(`" fill="` + fill + `"`)
	if width > 0 && stroke != "" {
		s.w.WriteString(` stroke="` + stroke + `" stroke-width="` + num(width) + `" stroke-linejoin="round"`)
	}
	s.w.WriteString("/>\n")
}

func (s *svgSurface) text(x, y, size float64, bold, start bool, colour, txt string) {
	anchor := "middle"
	if start {
		anchor = "start"
	}
	s.w.WriteString(`<text x="` + num(x) + `" y="` + num(y+baseline*size) + `" font-size="` + num(size) +
		`" text-anchor="` + anchor + `" fill="` + colour + `"`)
	if bold {
		s.w.WriteString(` font-weight="bold"`)
	}
	s.w.WriteString(">" + html.EscapeString(txt) + "</text>\n")
}

// measured draws a caption from its start, fitted to the width it has
// in the Go font (SVG 1.1 section 10.5, textLength and lengthAdjust),
// so that what is drawn after it keeps its distance in any font.
func (s *svgSurface) measured(x, y, size, width float64, colour, txt string) {
	s.w.WriteString(`<text x="` + num(x) + `" y="` + num(y+baseline*size) + `" font-size="` + num(size) +
		`" text-anchor="start" fill="` + colour + `" textLength="` + num(width) + `" lengthAdjust="spacingAndGlyphs">` +
		html.EscapeString(txt) + "</text>\n")
}

func (s *svgSurface) code(x, y, size float64, colour, txt string) {
	s.w.WriteString(`<text x="` + num(x) + `" y="` + num(y+baseline*size) + `" font-size="` + num(size) +
		`" font-family="'Go Mono', 'DejaVu Sans Mono', monospace" fill="` + colour + `">` + html.EscapeString(txt) + "</text>\n")
}

// baseline is how far below the vertical middle of a line of text its
// baseline lies, as a fraction of the font size (the Go fonts' cap
// height is 0.7).
const baseline = 0.35
