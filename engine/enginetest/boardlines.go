package enginetest

import (
	"bytes"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
)

// Prose is a run of three lower-case words of two letters or more: a
// piece of an English sentence, which no line of a board's drawing
// has.
var Prose = regexp.MustCompile(`(^|\s)[a-z]{2,}[,.;:]?\s+[a-z]{2,}[,.;:]?\s+[a-z]{2,}([,.;:]|\s|$)`)

// CheckBoardLines checks a text board written in lines
// (engine.TextBoard): Board writes exactly their English; a line of
// the drawing matches no sentence (drawing, or Prose when nil); every
// message, and every message inside one, is defined, its data fill
// exactly its placeholders and are notation, numbers, lists or
// messages. The codes met are added to seen when it is not nil.
func CheckBoardLines(t testing.TB, what string, s engine.State, names []string, seen map[string]bool, drawing *regexp.Regexp) {
	t.Helper()
	tb, ok := s.(engine.TextBoard)
	if !ok {
		t.Fatalf("%s: %T is no engine.TextBoard", what, s)
	}
	if drawing == nil {
		drawing = Prose
	}
	lines := tb.BoardLines(names)
	var board, written bytes.Buffer
	s.Board(&board, names)
	engine.WriteLines(&written, lines)
	if board.String() != written.String() {
		t.Fatalf("%s: Board writes\n%s\nWriteLines(BoardLines) writes\n%s", what, board.String(), written.String())
	}
	defs := engine.Defined()
	for _, l := range lines {
		if l.Msg != nil {
			if l.Text != "" {
				t.Fatalf("%s: a line with both a message and a text %q", what, l.Text)
			}
			checkMessage(t, what, defs, l.Msg, seen)
			continue
		}
		if w := drawing.FindString(l.Text); w != "" {
			t.Fatalf("%s: the drawing's line %q holds %q", what, l.Text, w)
		}
	}
}

func checkMessage(t testing.TB, what string, defs map[string][2]string, r *engine.Refusal, seen map[string]bool) {
	t.Helper()
	d, ok := defs[r.Code]
	if !ok {
		t.Fatalf("%s: message %s is not defined", what, r.Code)
	}
	if seen != nil {
		seen[r.Code] = true
	}
	var keys []string
	for k, v := range r.Args {
		keys = append(keys, k)
		switch v := v.(type) {
		case string, int, engine.List:
		case *engine.Refusal:
			checkMessage(t, what, defs, v, seen)
		default:
			t.Fatalf("%s: %s.%s is a %T", what, r.Code, k, v)
		}
	}
	sort.Strings(keys)
	want := placeholders(t, d[1])
	if d[0] != "" {
		want = slices.Compact(slices.Sorted(slices.Values(append(want, placeholders(t, d[0])...))))
	}
	if !slices.Equal(keys, want) {
		t.Fatalf("%s: %s has data %v, its text the placeholders %v", what, r.Code, keys, want)
	}
	if e := r.Error(); strings.Contains(e, "<no value>") || strings.Contains(e, "%!") {
		t.Fatalf("%s: %s written %q", what, r.Code, e)
	}
}

// placeholders are the fields of a message's text (engine.Placeholders).
func placeholders(t testing.TB, text string) []string {
	t.Helper()
	out, err := engine.Placeholders(text)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
