package command

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/quote"
)

// The subjects of board mails, with the userid to move, the word of a
// removed board and the comment's mark, and of errors, are known in
// every language; commands are not.
func TestBoardSubjectPatterns(t *testing.T) {
	yes := []string{
		"Nim Board 101", "Nim Board 101 alice", "New Nim Board 101 alice **", "Hexatri Board 7 removed", "Nim Board 101 Error", "Nim error", "pbm error",
		"Nim, 101. tábla", "Új: Hexatri, 12. tábla bob **", "Nim, 101. tábla törölve", "Nim, 101. tábla: hiba", "Nim: hiba", "pbm: hiba",
		"Deska HexEmergo č. 3 alice", "Nová deska Nim č. 101 alice **", "DESKA NIM Č. 101", "Deska Nim č. 101: chyba", "Nim: chyba",
		"Ekö-bord 5 karel", "Nieuw Ekö-bord 5 karel", "Ekö-bord 5 verwijderd", "Ekö-bord 5: fout",
		"Esagek-Brett 9 anna **", "Neues Esagek-Brett 9 anna", "Esagek-Brett 9 entfernt", "Esagek-Brett 9: Fehler",
	}
	no := []string{
		"nim move 101 alice pw-alice take1", "language alice pw-alice hu", "signup alice secret", "help",
		"Nim tábla 101", "Deska Nim 101", "Nim-bord alice", "Nim Board abc", "password alice old new",
	}
	for _, s := range yes {
		if !IsBoardSubject(s) {
			t.Errorf("%q is not known as a board subject", s)
		}
	}
	for _, s := range no {
		if IsBoardSubject(s) {
			t.Errorf("%q is taken for a board subject", s)
		}
	}
	// Every language's subjects, written by the catalogue, are known.
	for _, code := range lang.Codes {
		p := lang.English()
		if c, err := lang.Load(); err == nil {
			p = c.For(code)
		}
		for _, id := range append(append([]string(nil), boardSubjectWords...), boardErrorWords...) {
			s := p.T(id, "Title", "Hexatri", "Number", 42)
			if !IsBoardSubject(s) {
				t.Errorf("%s %s: %q not known", code, id, s)
			}
		}
	}
}

// reader is a server of nim and hexatri at pbm@example.org, lines
// bounded at 4 KiB.
var reader = Reader{Games: []string{"hexatri", "nim"}, IsGame: isGame, Known: quote.Known{Name: "Test", Address: "pbm@example.org"}, MaxLineBytes: 4 << 10}

// TestLines: the Subject holds one command unless it is none, a reply
// prefix only, "multiple" or a board mail's subject; then the body's
// lines, one command each, up to the first line that is none, which
// starts the comment.
func TestLines(t *testing.T) {
	for _, c := range []struct {
		subject, body string
		lines         []string
		comment       string
	}{
		{"Re: nim show 101", "Thanks!", []string{"nim show 101"}, "Thanks!"},
		{"multiple", "help\n# note\nnim games alice\nGood luck.\nnim show 1", []string{"help", "nim games alice"}, "Good luck.\nnim show 1"},
		{"Re: Nim Board 101 alice", "nim resign 101 alice pw", []string{"nim resign 101 alice pw"}, ""},
		{"Hello there", "signup carol secret", []string{"signup carol secret"}, ""},
		{"", "", nil, ""},
	} {
		lines, comment := reader.Lines(c.subject, reader.Own(c.body))
		if !slices.Equal(lines, c.lines) || comment != c.comment {
			t.Errorf("Lines(%q, %q) = %q, %q; want %q, %q", c.subject, c.body, lines, comment, c.lines, c.comment)
		}
	}
	long := "nim move 1 alice pw " + strings.Repeat("take1 ", 1000)
	if lines, _ := reader.Lines(long, nil); len(lines) != 1 || lines[0] != strings.TrimSpace(long) {
		t.Errorf("a Subject past the bound that starts with a command is one line, refused whole: %d lines", len(lines))
	}
}

// TestSpeaks: a stranger's prose is not the command language; a
// command, a typo of one on a line that reads as a command, and a
// board mail's subject are.
func TestSpeaks(t *testing.T) {
	for subject, want := range map[string]bool{
		"Hello, how do I play?": false, "sigup carol secret": true, "nim show 1": true,
		"Re: Nim Board 101 alice": true, "Sigup, please!": false, "": false,
	} {
		if got := reader.Speaks(subject, nil); got != want {
			t.Errorf("Speaks(%q) = %v, want %v", subject, got, want)
		}
	}
}

// TestMaskedToken: the token of a reply address on the server's
// address is masked, the game and the board kept; another address
// stays as it is.
func TestMaskedToken(t *testing.T) {
	got := reader.Masked("Re: help pbm+nim.101.3.abcdef@example.org other+x.y@else.test")
	if want := "Re: help pbm+nim.101.3." + Mask + "@example.org other+x.y@else.test"; got != want {
		t.Errorf("Masked = %q, want %q", got, want)
	}
	if got := MaskAddress("pbm+nim.7.tok@example.org"); got != "pbm+nim.7."+Mask+"@example.org" {
		t.Errorf("MaskAddress = %q", got)
	}
}

// TestReplyAddress reads both forms of a reply address, and nothing
// else.
func TestReplyAddress(t *testing.T) {
	if g, n, at, tok, ok := ReplyAddress("PBM+Nim.101.7.tok@Example.org", "pbm@example.org"); !ok || g != "nim" || n != 101 || at != 7 || tok != "tok" {
		t.Errorf("new form: %q %d %d %q %v", g, n, at, tok, ok)
	}
	if _, n, at, _, ok := ReplyAddress("pbm+nim.5.tok@example.org", "pbm@example.org"); !ok || n != 5 || at != -1 {
		t.Errorf("old form: %d %d %v", n, at, ok)
	}
	for _, to := range []string{"pbm@example.org", "pbm+nim.x.tok@example.org", "pbm+nim.1.-2.tok@example.org", "other+nim.1.tok@example.org", "pbm+nim.1.tok@else.org", "pbm+a.b@example.org"} {
		if _, _, _, _, ok := ReplyAddress(to, "pbm@example.org"); ok {
			t.Errorf("%q read as a reply address", to)
		}
	}
}

// TestReplyCommand: a board command without board, userid and
// password, a move with words after it, a typo, and a line of a
// command of its own.
func TestReplyCommand(t *testing.T) {
	rp := Reply{Game: "nim", Board: 101, User: "alice", Plays: func(f []string) int {
		k := 0
		for k < len(f) && strings.HasPrefix(f[k], "take") {
			k++
		}
		return k
	}}
	for _, c := range []struct {
		body    string
		words   []string
		comment string
		ok      bool
	}{
		{"resign\nSorry.", []string{"nim", "resign", "101", "alice", "(reply)"}, "Sorry.", true},
		{"take2 well played", []string{"nim", "move", "101", "alice", "(reply)", "take2"}, "well played", true},
		{"Hi!\ntake1", []string{"nim", "move", "101", "alice", "(reply)", "take1"}, "Hi!", true},
		{"resing", []string{"nim", "resing"}, "", true},
		{"chat see you", []string{"nim", "chat", "101", "alice", "(reply)"}, "see you", true},
		{"help", nil, "", false},
	} {
		words, comment, _, ok := reader.ReplyCommand("Re: Nim Board 101 alice", strings.Split(c.body, "\n"), rp)
		if ok != c.ok || !slices.Equal(words, c.words) || comment != c.comment {
			t.Errorf("ReplyCommand(%q) = %q, %q, %v; want %q, %q, %v", c.body, words, comment, ok, c.words, c.comment, c.ok)
		}
	}
}

// FuzzLines: reading a mail's command lines never panics and never
// returns a line the mail did not hold.
func FuzzLines(f *testing.F) {
	f.Add("Re: nim show 101", "Thanks!")
	f.Add("multiple", "help\nnim games alice\n> quoted\nGood luck.")
	f.Add("", "On Mon, Test <pbm@example.org> wrote:\n> nim move 1 a b c\nsignup x y")
	f.Add("Re: Nim Board 7", "take1\n-- \nsig")
	f.Fuzz(func(t *testing.T, subject, body string) {
		lines, _ := reader.Lines(subject, reader.Own(body))
		for _, l := range lines {
			if l == "" || !strings.Contains(subject, l) && !strings.Contains(body, l) {
				t.Fatalf("Lines(%q, %q) returned %q, which the mail does not hold", subject, body, l)
			}
		}
		reader.Speaks(subject, lines)
		reader.Masked(subject)
		reader.ReplyCommand(subject, reader.Own(body), Reply{Game: "nim", Board: 1, User: "u"})
	})
}

// TestRefusal: why a line is no command, as the catalogue's messages:
// an unknown first word with the nearest command, a game without a
// command, an admin command; a usage error names a command and is
// none of these.
func TestRefusal(t *testing.T) {
	for line, want := range map[string][]string{
		"sigup carol pw":    {"RefuseUnknownSuggest", "RefuseUnknownTail"},
		"xyzzy":             {"RefuseUnknown", "RefuseUnknownTail"},
		"nim":               {"CmdGameWhat"},
		"nim resing 1 a b":  nil, // a typo after a game: the suggestion alone
		"setpassword a b c": {"CmdAdminOnly"},
	} {
		_, err := Parse(strings.Fields(line), games)
		var ids []string
		for _, m := range reader.Refusal(err) {
			ids = append(ids, m.ID)
		}
		if want == nil {
			want = []string{"RefuseUnknownSuggest"}
		}
		if !slices.Equal(ids, want) {
			t.Errorf("Refusal(%q: %v) = %q, want %q", line, err, ids, want)
		}
	}
	_, err := Parse([]string{"signup"}, games)
	if ms := reader.Refusal(err); ms != nil {
		t.Errorf("a usage error: %v", ms)
	}
}
