package mail

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// checkWrap asserts what wrap promises of any input: the words and
// their order are kept, and each line over the width is one word.
func checkWrap(t testing.TB, in string, width int) string {
	t.Helper()
	got := Wrap(in, width)
	if a, b := words(in), words(got); strings.Join(a, " ") != strings.Join(b, " ") {
		t.Fatalf("wrap changed the words of %q: %q", in, got)
	}
	inLines := strings.Split(in, "\n")
	for _, l := range strings.Split(got, "\n") {
		if utf8.RuneCountInString(l) > width && len(words(l)) > 1 {
			// Only a line of the input without a space may stay long.
			found := false
			for _, il := range inLines {
				if il == l && !strings.Contains(strings.TrimLeft(il, " "), " ") {
					found = true
				}
			}
			if !found {
				t.Fatalf("line over %d with several words: %q (input %q)", width, l, in)
			}
		}
	}
	return got
}

// words splits at spaces and line breaks, as wrap does.
func words(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\n' })
}

func TestWrapLongWord(t *testing.T) {
	long := strings.Repeat("x", 100)
	for _, in := range []string{
		"change password " + long + " old new: no such user",
		"x " + long,
		long + " tail",
		"  " + long + " " + long + " " + long,
		"Userid \"" + long + "\" is unknown; " + strings.Repeat("é", 90) + " and more words here to wrap",
		strings.Repeat("ab ", 200),
		strings.Repeat(" ", 200) + "a b",
	} {
		got := checkWrap(t, in, 79)
		if strings.Contains(in, long) && !strings.Contains(got, long) {
			t.Errorf("the long word was cut: %q", got)
		}
	}
	got := Wrap("x "+long+" y", 20)
	if want := "x\n  " + long + "\n  y"; got != want {
		t.Errorf("wrap = %q, want %q", got, want)
	}
}

// TestWrapLinear wraps a megabyte of long words: it ends (the loop
// that once spun on a word longer than the width is gone), and every
// word is kept.
func TestWrapLinear(t *testing.T) {
	in := strings.Repeat(strings.Repeat("w", 150)+" ", 7000)
	got := checkWrap(t, in, 79)
	if n := strings.Count(got, "\n"); n != 6999 {
		t.Errorf("%d line breaks, want one per word after the first (6999)", n)
	}
}

func FuzzWrap(f *testing.F) {
	f.Add("change password "+strings.Repeat("u", 100)+" old new", 79)
	f.Add("a b c", 1)
	f.Add("  x  y\n z", 3)
	f.Fuzz(func(t *testing.T, in string, width int) {
		if width < 1 || width > 200 || len(in) > 1<<16 {
			return
		}
		checkWrap(t, in, width)
	})
}
