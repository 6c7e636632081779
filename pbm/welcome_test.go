package pbm

import (
	"strings"
	"testing"
)

// A stranger's first mail without a command is answered with the
// welcome: what pbm is, the games, the exact line to sign up with. A
// stranger's typo of a command is still answered with the command it
// resembles, and a player's prose with the refusal.
func TestWelcome(t *testing.T) {
	f := newFixture(t)
	for _, c := range []struct{ subject, body string }{
		{"Hello, how do I play?", "Hi,\nI heard of this server from a friend. How do I start?\nThanks, Carol\n"},
		{"", "Hello! What is this?\n"},
		{"question", "how does this work?\n"},
	} {
		r := f.only(f.send("carol@players.test", c.subject, c.body), "carol@players.test")
		if r.Subject != "Welcome to pbm" {
			t.Errorf("%q: subject %q", c.subject, r.Subject)
		}
		for _, want := range []string{"a server for playing board games by email", "nim (Nim", "signup <userid> <password>",
			"nim challenge <userid> <password> <userid> computer", "Send help", "nim help"} {
			if !strings.Contains(r.Text, want) {
				t.Errorf("%q: the welcome lacks %q:\n%s", c.subject, want, r.Text)
			}
		}
		if strings.Contains(r.Text, "Refused") || strings.Contains(r.Text, "unknown command") {
			t.Errorf("%q: the welcome refuses:\n%s", c.subject, r.Text)
		}
	}
	r := f.only(f.send("dave@players.test", "sigup dave pw", ""), "dave@players.test")
	if !strings.Contains(r.Text, "did you mean signup?") || strings.Contains(r.Text, "board games by email") {
		t.Errorf("a stranger's typo:\n%s", r.Text)
	}
	f.signup("alice")
	r = f.only(f.send("alice@players.test", "", "hello there\n"), "alice@players.test")
	if !strings.Contains(r.Text, "unknown command") || strings.Contains(r.Text, "board games by email") {
		t.Errorf("a player's prose:\n%s", r.Text)
	}
	// In the language of the server, here Hungarian.
	f.s.cfg.Language = "hu"
	r = f.only(f.send("erin@players.test", "Szia", "Hogyan kell játszani?\n"), "erin@players.test")
	if r.Subject != "Üdvözli a pbm" || !strings.Contains(r.Text, "signup <userid> <password>") {
		t.Errorf("Hungarian welcome %q:\n%s", r.Subject, r.Text)
	}
}
