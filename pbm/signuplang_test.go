package pbm

import (
	"strings"
	"testing"
)

// A signup's -lang=<code> may stand anywhere among its words; the echo
// of the line masks the password only, never the userid, the addresses
// or the language.
func TestSignupLanguageMasksThePasswordOnly(t *testing.T) {
	f := newFixture(t)
	for _, c := range []struct{ line, echo, user, code string }{
		{"signup alice apple -lang=hu", "> signup alice ******** -lang=hu", "alice", "hu"},
		{"signup -lang=de bob banana", "> signup -lang=de bob ********", "bob", "de"},
		{"signup carol cherry carol@players.test -lang=nl", "> signup carol ******** carol@players.test -lang=nl", "carol", "nl"},
	} {
		var answer string
		for _, m := range f.send(c.user+"@players.test", c.line, "") {
			if strings.Contains(m.Text, "> signup") {
				answer = m.Text
			}
		}
		if !strings.Contains(answer, c.echo+"\n") {
			t.Errorf("%q: echo is not %q:\n%s", c.line, c.echo, answer)
		}
		for _, pw := range []string{"apple", "banana", "cherry"} {
			if strings.Contains(answer, pw) {
				t.Errorf("%q: the answer shows the password %q", c.line, pw)
			}
		}
		if u := f.user(c.user); u.Language != c.code {
			t.Errorf("%q: %s speaks %q, want %q", c.line, c.user, u.Language, c.code)
		}
	}
	if got := lineReader(f.s).Masked("signup dave -lang=cs"); !strings.Contains(got, "********") {
		t.Errorf("a signup without a password: %q", got)
	}
}
