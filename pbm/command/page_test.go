package command

import (
	"strings"
	"testing"

	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/limit"
)

// TestPageFooter: a list of one page has no footer; a page with a page
// after it gives the exact command for the next; the last page says
// which it is only.
func TestPageFooter(t *testing.T) {
	if got := PageFooter([]string{"nim", "games"}, limit.Page{Number: 1, Pages: 1}, nil); got != nil {
		t.Errorf("footer of a single page: %v", got)
	}
	got := lang.InEnglish(PageFooter([]string{"nim", "games"}, limit.Page{Number: 1, Pages: 3}, []string{"alice", "all"})...)
	if got != "\n\nPage 1 of 3. Next page: \"nim games alice all page=2\"." {
		t.Errorf("footer of page 1 of 3: %q", got)
	}
	got = lang.InEnglish(PageFooter([]string{"nim", "history"}, limit.Page{Number: 3, Pages: 3}, nil)...)
	if got != "\n\nPage 3 of 3." {
		t.Errorf("footer of the last page: %q", got)
	}
}

// TestTooLong: a line up to the bound passes; past it, the refusal
// names its length and the bound, and never the line's words.
func TestTooLong(t *testing.T) {
	if ms := TooLong(strings.Repeat("x", 4096), 4096); ms != nil {
		t.Errorf("a line at the bound refused: %v", ms)
	}
	line := "nim move 101 alice s3cret " + strings.Repeat("a1 ", 2000)
	got := lang.InEnglish(TooLong(line, 4096)...)
	if !strings.Contains(got, "is 6026 bytes long") || !strings.Contains(got, "at most 4096 bytes (4 KiB)") || strings.Contains(got, "s3cret") {
		t.Errorf("refusal of a long line: %q", got)
	}
}

// TestStale: a reply to an older position is stale, unless it does
// not say the position or its command does not depend on it.
func TestStale(t *testing.T) {
	for _, c := range []struct {
		at, moves int
		verb      string
		want      bool
	}{
		{3, 4, "move", true},
		{3, 3, "move", false},
		{-1, 4, "move", false},
		{3, 4, "chat", false},
		{3, 4, "show", false},
		{3, 4, "resign", true},
		{5, 4, "propose", true},
	} {
		if got := Stale(c.at, c.moves, c.verb); got != c.want {
			t.Errorf("Stale(%d, %d, %q) = %v, want %v", c.at, c.moves, c.verb, got, c.want)
		}
	}
}

// TestNoCommand: a mail without a command is told the command its
// first word resembles; else, when its subject is neither empty nor a
// board mail's, what was wrong with it; else that there was none.
func TestNoCommand(t *testing.T) {
	for _, c := range []struct {
		subject, first string
		want           string
	}{
		{"", "sigup alice", "did you mean signup?"},
		{"Re: hello there", "", "the Subject is not a command"},
		{"", "", "No command found. Put one command"},
		{"Re: ", "", "No command found. Put one command"},
	} {
		got := lang.InEnglish(reader.NoCommand(c.subject, strings.Fields(c.first))...)
		if !strings.Contains(got, c.want) {
			t.Errorf("NoCommand(%q, %q) = %q, want %q in it", c.subject, c.first, got, c.want)
		}
	}
}

// TestLimitRefusal: each bar of a mail's bounds is refused with its
// bound; a command admitted is not refused.
func TestLimitRefusal(t *testing.T) {
	cfg := limit.Config{Lists: 5, Signups: 2, PasswordWork: 4}
	if ms := LimitRefusal(limit.None, cfg); ms != nil {
		t.Errorf("an admitted command refused: %v", ms)
	}
	for why, want := range map[limit.Bar]string{
		limit.Lists:        "At most 5 list commands",
		limit.Signups:      "At most 2 signups",
		limit.PasswordWork: "at most 4 different passwords",
	} {
		if got := lang.InEnglish(LimitRefusal(why, cfg)...); !strings.Contains(got, want) {
			t.Errorf("refusal of bar %v: %q, want %q in it", why, got, want)
		}
	}
}

// TestEcho: a line not yet understood is echoed by its first two words
// only, never by the password after them.
func TestEcho(t *testing.T) {
	for words, want := range map[string]string{
		"":                            "",
		"help":                        "help",
		"nim games":                   "nim games",
		"signup alice s3cret a@b.org": "signup alice ...",
	} {
		if got := Echo(strings.Fields(words)); got != want {
			t.Errorf("Echo(%q) = %q, want %q", words, got, want)
		}
	}
}
