package pbm

import (
	"strings"
	"testing"
)

// TestHelpTopics: "help commands", "help move" and "help reply" each
// answer their topic, generated from the command table, in lines of at
// most 79 columns; "help <game command>" gives its usage.
func TestHelpTopics(t *testing.T) {
	f := newFixture(t)
	for _, c := range []struct {
		topic      string
		want, lack []string
	}{
		{"commands", []string{"signup <userid> <password>", "<game> move <board> <userid> <password>", "<game> limit <userid> <password>", "admin <userid> <password> backup"}, []string{"Games here:"}},
		{"move", []string{"<game> move <board> <userid> <password> <move>[#<n>]", "<game> move <board> <userid> <password> resign|propose|undo|accept|reject", "<game> queue", "<game> submit", "<game> confirm", "#n is the number of the move", "help reply"}, []string{"signup", "standings"}},
		{"reply", []string{replyLine, "<move>[#<n>] [<move>...]", "\n  resign\n", "\n  propose\n", "\n  accept\n", "\n  reject\n", "\n  undo\n", "\n  confirm\n", "\n  chat\n", "\n  show\n", "stale", "above or below the quote"}, []string{"<userid>", "<password>", "<board>", "\n  preview"}},
		{"resign", []string{"<game> resign <board> <userid> <password>\n  resign the game"}, nil},
		{"signoff", []string{"signoff <userid> <password>"}, nil},
	} {
		r := f.only(f.send("x@players.test", "help "+c.topic, ""), "x@players.test")
		if c.topic != "resign" && c.topic != "signoff" && r.Subject != "pbm help "+c.topic {
			t.Errorf("help %s: subject %q", c.topic, r.Subject)
		}
		for _, w := range c.want {
			if !strings.Contains(r.Text, w) {
				t.Errorf("help %s lacks %q:\n%s", c.topic, w, r.Text)
			}
		}
		for _, l := range c.lack {
			if strings.Contains(r.Text, l) {
				t.Errorf("help %s holds %q:\n%s", c.topic, l, r.Text)
			}
		}
		for i, line := range strings.Split(r.Text, "\n") {
			if len([]rune(line)) > 79 {
				t.Errorf("help %s line %d over 79 columns: %q", c.topic, i+1, line)
			}
		}
	}
}

// TestTablesNotWrapped: the rows of a table in a reply (history,
// games) stay whole however long they are, while a refusal is still
// wrapped.
func TestTablesNotWrapped(t *testing.T) {
	f := newFixture(t)
	long1, long2 := "alexandrina_longest", "bartholomew_longest"
	f.signup(long1)
	f.signup(long2)
	f.send(long1+"@players.test", "nim challenge "+long1+" pw-"+long1+" "+long1+" "+long2, "")
	f.send(long1+"@players.test", "nim move 101 "+long1+" pw-"+long1+" take1", "")
	f.send(long2+"@players.test", "nim move 101 "+long2+" pw-"+long2+" take1", "")
	f.send(long1+"@players.test", "nim resign 101 "+long1+" pw-"+long1, "")
	r := f.only(f.send("x@players.test", "nim history", ""), "x@players.test")
	var row string
	for _, l := range strings.Split(r.Text, "\n") {
		if strings.Contains(l, " 101 ") {
			row = l
		}
	}
	if len([]rune(row)) <= 79 || !strings.Contains(row, long1+" "+long2) || !strings.HasSuffix(row, ".") {
		t.Errorf("history row broken or short (%d columns): %q\n%s", len([]rune(row)), row, r.Text)
	}
	r = f.only(f.send("x@players.test", "nim move 101 "+long1+" "+strings.Repeat("wrong ", 20), ""), "x@players.test")
	for i, line := range strings.Split(r.Text, "\n") {
		if len([]rune(line)) > 79 && !strings.HasPrefix(line, "> ") {
			t.Errorf("refusal line %d over 79 columns: %q", i+1, line)
		}
	}
}

// help on a command of several words lists each of them; help on a
// topic there is none of says so above the whole help.
func TestHelpOnSeveralWordsAndUnknownTopics(t *testing.T) {
	f := newFixture(t)
	r := f.only(f.send("alice@players.test", "help tournament", ""), "alice@players.test")
	for _, want := range []string{"<game> tournament new ", "<game> tournament join ", "<game> tournament show "} {
		if !strings.Contains(r.Text, want) {
			t.Errorf("help tournament lacks %q:\n%s", want, r.Text)
		}
	}
	if strings.Contains(r.Text, "There is no help") || strings.Contains(r.Text, "signup <userid>") {
		t.Errorf("help tournament is the whole help:\n%s", r.Text)
	}
	r = f.only(f.send("alice@players.test", "help frobnicate", ""), "alice@players.test")
	if !strings.Contains(r.Text, `There is no help on "frobnicate"; here is the whole help.`) || !strings.Contains(r.Text, "signup <userid>") {
		t.Errorf("help on an unknown topic:\n%s", r.Text)
	}
}
