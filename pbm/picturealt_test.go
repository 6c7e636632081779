package pbm

import (
	"html"
	"regexp"
	"strings"
	"testing"
)

// altOf is the alt text of the picture in a mail's HTML part.
var altOf = regexp.MustCompile(`<img[^>]*\balt="([^"]*)"`)

// TestBoardMailPictureAltDescribesBoard: the picture in a board mail
// has the board's full description as its text equivalent (WCAG 1.1.1),
// not only the subject: the title, every seat and the occupied cells.
func TestBoardMailPictureAltDescribesBoard(t *testing.T) {
	f := newFixture(t)
	moves := twoBoards(f)
	out := f.handle(moves[0])
	checked := 0
	for _, m := range out {
		if !strings.Contains(m.Subject, "101") || m.HTML == "" {
			continue
		}
		g := altOf.FindStringSubmatch(m.HTML)
		if g == nil {
			t.Fatalf("board mail to %s has no picture alt in its HTML:\n%s", m.To, m.HTML)
		}
		alt := html.UnescapeString(g[1])
		for _, want := range []string{"HexEmergo board 101 after move 1", "Seat 1: ", "Seat 2: ", "alice", "bob"} {
			if !strings.Contains(alt, want) {
				t.Errorf("alt of the mail to %s lacks %q: %q", m.To, want, alt)
			}
		}
		if alt == m.Subject {
			t.Errorf("alt of the mail to %s is only the subject %q", m.To, alt)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no board mail of board 101 with an HTML part")
	}
}
