package mail

import (
	"strings"
	"unicode/utf8"
)

// Wrap breaks the lines of text longer than width at spaces, so that
// refusals read well in any mail client. Continuation lines are
// indented by two spaces. A word longer than the width stands on a
// line of its own and is never cut; lines without a space (and so the
// boards, which are narrower) are left alone. The cost is linear in
// the length of text, whatever it holds.
func Wrap(text string, width int) string {
	if width < 1 {
		width = 1
	}
	var b strings.Builder
	b.Grow(len(text) + len(text)/max(width, 8))
	for i, l := range strings.Split(text, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		if utf8.RuneCountInString(l) <= width || !strings.Contains(strings.TrimLeft(l, " "), " ") {
			b.WriteString(l)
			continue
		}
		wrapLine(&b, l, width)
	}
	return b.String()
}

// wrapLine writes one long line, broken greedily: each word goes on
// the current line if it fits there with the spaces before it, else it
// starts the next line. The line's own indentation and the spacing
// between words on one output line are kept.
func wrapLine(b *strings.Builder, l string, width int) {
	const indent = "  "
	rest := l
	n := 0 // runes on the current output line
	first := true
	for rest != "" {
		// One token: the spaces before a word, then the word.
		sp := len(rest) - len(strings.TrimLeft(rest, " "))
		end := strings.IndexByte(rest[sp:], ' ')
		if end < 0 {
			end = len(rest) - sp
		}
		space, word := rest[:sp], rest[sp:sp+end]
		rest = rest[sp+end:]
		if word == "" {
			break // trailing spaces are dropped
		}
		wn := utf8.RuneCountInString(word)
		switch {
		case first:
			b.WriteString(space)
			b.WriteString(word)
			n = len(space) + wn
			first = false
		case n+len(space)+wn <= width:
			b.WriteString(space)
			b.WriteString(word)
			n += len(space) + wn
		default:
			b.WriteByte('\n')
			b.WriteString(indent)
			b.WriteString(word)
			n = len(indent) + wn
		}
	}
}
