package pbm

import (
	"strings"
	"testing"
)

// Typos get the nearest command or game in the answer, wherever the
// word stands: the Subject, the body, or after a game's name.
func TestTypoSuggestions(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	for _, c := range []struct{ subject, body, want string }{
		{"hlep", "", `unknown command "hlep" (did you mean help?)`},
		{"nimm move 101 alice pw-alice take1", "", `unknown command "nimm" (did you mean nim?)`},
		{"nim moove 101 alice pw-alice take1", "", `unknown command "moove" (did you mean move?)`},
		{"moove 101 alice pw-alice take1", "", `unknown command "moove" (did you mean <game> move?)`},
		{"", "lsit\n", `unknown command "lsit" (did you mean list?)`},
		{"Re: my game", "chalenge\n", `unknown command "chalenge" (did you mean <game> challenge?)`},
	} {
		r := f.only(f.send("alice@players.test", c.subject, c.body), "alice@players.test")
		if !strings.Contains(r.Text, c.want) || !strings.Contains(r.Text, "Refused") {
			t.Errorf("%q / %q:\n%s", c.subject, c.body, r.Text)
		}
		if strings.Contains(r.Text, "pw-alice") {
			t.Errorf("%q echoed the password:\n%s", c.subject, r.Text)
		}
	}
	// A word far from every command gets no guess.
	r := f.only(f.send("alice@players.test", "", "xyzzy plugh\n"), "alice@players.test")
	if !strings.Contains(r.Text, `unknown command "xyzzy".`) || strings.Contains(r.Text, "did you mean") {
		t.Errorf("no guess expected:\n%s", r.Text)
	}
}

// pbmserv's aliases and forms: add, delete, message, show <userid>,
// --nagtime/--forfeittime, move ... resign|propose|undo|accept|reject.
func TestPbmservAliases(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	f.signup("bob")
	f.signup("carol")
	mails := f.send("alice@players.test", "add alice pw-alice alice@home.test", "")
	if r := f.answer(mails, "alice@players.test"); !strings.Contains(r.Text, "OK: Mail for alice now goes to alice@players.test. Nothing goes to alice@home.test\n  until it is confirmed") {
		t.Errorf("add: %s", r.Text)
	}
	if r := f.confirm(mails, "alice@home.test"); !strings.Contains(r.Text, "OK: Confirmed: the mail of alice now goes to alice@players.test, alice@home.test.") {
		t.Errorf("add confirmed: %s", r.Text)
	}
	mails = f.send("alice@players.test", "message alice pw-alice bob carol nobody", "Shall we play?\n")
	if r := f.answer(mails, "alice@players.test"); !strings.Contains(r.Text, "OK: Your message went to bob, carol. Not sent to nobody") {
		t.Errorf("message: %s", r.Text)
	}
	if m := f.only(mails, "bob@players.test"); m.Subject != "pbm message from alice" || !strings.Contains(m.Text, "alice writes:\n\nShall we play?") {
		t.Errorf("message to bob: %q\n%s", m.Subject, m.Text)
	}
	if r := f.only(f.send("alice@players.test", "message alice pw-alice bob", ""), "alice@players.test"); !strings.Contains(r.Text, "is empty") {
		t.Errorf("empty message: %s", r.Text)
	}
	f.send("alice@players.test", "nim challenge alice pw-alice alice bob --nagtime=2 --forfeittime=9", "")
	if b := f.board(101); b.NagDays != 2 || b.ForfeitDays != 9 {
		t.Errorf("--nagtime/--forfeittime: %d %d", b.NagDays, b.ForfeitDays)
	}
	f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	f.send("bob@players.test", "nim move 101 bob pw-bob take1", "")
	// move ... propose / reject / undo / accept.
	f.send("alice@players.test", "nim move 101 alice pw-alice propose", "")
	if b := f.board(101); b.Vote == nil || b.Vote.Kind != "draw" {
		t.Fatalf("move propose: %+v", b.Vote)
	}
	f.send("bob@players.test", "nim move 101 bob pw-bob REJECT", "")
	if b := f.board(101); b.Vote != nil {
		t.Fatalf("move reject: %+v", b.Vote)
	}
	f.send("alice@players.test", "nim move 101 alice pw-alice undo#3", "")
	f.send("bob@players.test", "nim move 101 bob pw-bob accept", "")
	if b := f.board(101); len(b.Log) != 1 {
		t.Fatalf("move undo + accept: %+v", b.Log)
	}
	r := f.only(f.send("bob@players.test", "nim move 101 bob pw-bob resign#5", ""), "bob@players.test")
	if !strings.Contains(r.Text, "resign received as move #5, but the next move on board 101 is #2") || strings.Contains(r.Text, "pw-bob") {
		t.Errorf("stale move resign: %s", r.Text)
	}
	// show <userid>: the boards of the users named.
	f.send("carol@players.test", "nim challenge carol pw-carol carol bob", "")
	r = f.only(f.send("carol@players.test", "nim show bob", ""), "carol@players.test")
	if !strings.Contains(r.Text, "2 Nim boards") || !strings.Contains(r.Text, "Nim Board 101") || !strings.Contains(r.Text, "Nim Board 102") {
		t.Errorf("show bob:\n%s", r.Text)
	}
	r = f.only(f.send("carol@players.test", "nim show bob next", ""), "carol@players.test")
	if !strings.Contains(r.Text, "1 Nim board:") || strings.Contains(r.Text, "Board 102") {
		t.Errorf("show bob next:\n%s", r.Text)
	}
	f.send("bob@players.test", "nim move 101 bob pw-bob take1", "")
	f.send("bob@players.test", "nim move 101 bob pw-bob resign#3", "")
	if b := f.board(101); !b.Over || !strings.Contains(b.Outcome, "alice") {
		t.Errorf("move resign: %+v", b)
	}
	// delete is signoff.
	mails = f.send("carol@players.test", "delete carol pw-carol", "")
	if r := f.answer(mails, "carol@players.test"); !strings.Contains(r.Text, "The account carol is closed") {
		t.Errorf("delete: %s", r.Text)
	}
	// Each of them stands in the generated help.
	r = f.only(f.send("x@players.test", "help", ""), "x@players.test")
	for _, want := range []string{"add <userid> <password> <address>...", "message <userid> <password> <to>...",
		"<game> show <board>[#<n>]... | <userid>...", "<game> move <board> <userid> <password> resign|propose|undo|accept|reject",
		"<game> limit <userid> <password>", "<game> acceptall <userid> <password>", "<game> rejectall <userid> <password>"} {
		if !strings.Contains(r.Text, want) {
			t.Errorf("help lacks %q", want)
		}
	}
}
