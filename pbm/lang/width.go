package lang

import (
	"strings"
	"unicode"

	"golang.org/x/text/width"
)

// Display width: the columns a text takes in a monospaced font, by
// golang.org/x/text/width (the Unicode East Asian Width property),
// which the module has already for language matching: a wide or
// full-width character takes two columns, a combining mark or a
// format character none, any other character one. Go's fmt pads by
// code points, which is the same for the Latin letters of our
// languages when they are composed (NFC), and wrong for a decomposed
// accent or a wide character; tables in every language are lined up
// by Width instead.

// Width is the display width of s.
func Width(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf) || r == 0:
			// Combining marks and format characters take no column.
		case r < 0x20 || r == 0x7f:
		default:
			switch width.LookupRune(r).Kind() {
			case width.EastAsianWide, width.EastAsianFullwidth:
				n += 2
			default:
				n++
			}
		}
	}
	return n
}

// Pad is s with spaces after it up to the display width w.
func Pad(s string, w int) string {
	if n := Width(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}

// Row is one line of a table of labels and values.
type Row struct {
	Label Msg
	Value string
}

// Columns writes rows as lines "<label> <value>", the values lined up
// in one column after the widest label.
func Columns(p Printer, rows []Row) []string {
	labels := make([]string, len(rows))
	w := 0
	for i, r := range rows {
		labels[i] = p.Render(r.Label)
		w = max(w, Width(labels[i]))
	}
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = Pad(labels[i], w+1) + r.Value
	}
	return out
}
