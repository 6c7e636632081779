package pbm

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestHelpWrapsUnderItsFirstLine: in the command reference of "help"
// and "help commands" a wrapped usage line continues four spaces in,
// further than its first line (two in), and a wrapped explanation
// continues eight spaces in, further than its first line (six in) and
// its usage line; no line is over 79 columns.
func TestHelpWrapsUnderItsFirstLine(t *testing.T) {
	f := newFixture(t)
	for _, line := range []string{"help", "help commands"} {
		r := f.only(f.send("x@players.test", line, ""), "x@players.test")
		lines := strings.Split(r.Text, "\n")
		start := -1
		for i, l := range lines {
			if indentOf(l) == 6 {
				start = i - 1
				break
			}
		}
		if start < 0 {
			t.Fatalf("%s: no explanation six spaces in:\n%s", line, r.Text)
		}
		state, usageCont, helpCont := 0, 0, 0 // 0 none, 2 usage, 6 explanation
		for i, l := range lines[start:] {
			if strings.HasPrefix(l, "-- ") {
				break // the signature
			}
			if n := utf8.RuneCountInString(l); n > 79 {
				t.Errorf("%s: line %d is %d columns: %q", line, start+i+1, n, l)
			}
			switch in := indentOf(l); {
			case strings.TrimSpace(l) == "" || in == 0:
				state = 0
			case in == 2:
				state = 2
			case in == 4 && state == 2:
				usageCont++
			case in == 6 && state == 2:
				state = 6
			case in == 8 && state == 6:
				helpCont++
			default:
				t.Errorf("%s: line %d stands %d in after a line %d in: %q", line, start+i+1, in, state, l)
			}
		}
		if usageCont == 0 || helpCont == 0 {
			t.Errorf("%s: %d wrapped usage lines and %d wrapped explanation lines, want some of each:\n%s", line, usageCont, helpCont, r.Text)
		}
	}
}

// indentOf is the number of spaces a line begins with.
func indentOf(l string) int { return len(l) - len(strings.TrimLeft(l, " ")) }
