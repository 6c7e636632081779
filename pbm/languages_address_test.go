package pbm

import (
	"testing"

	"github.com/pbmgo/pbm/pbm/lang"
)

// A mail that names no account (help, list) is answered in the
// language of the account at its sender's address; a stranger's in
// the server's.
func TestHelpAloneInTheAddressLanguage(t *testing.T) {
	f := newFixture(t)
	f.signupIn("alice", "hu")
	cat, _ := lang.Load()
	hu := cat.For("hu")
	r := f.answer(f.send("alice@players.test", "help", ""), "alice@players.test")
	checkHelpIn(t, f, hu, "help alone from a Hungarian address", helpBody(t, r.Text, "help"))
	r = f.answer(f.send("alice@players.test", "list", ""), "alice@players.test")
	mustContain(t, "list alone from a Hungarian address", r.Text, "Rendben:")
	r = f.answer(f.send("stranger@players.test", "help", ""), "stranger@players.test")
	mustContain(t, "help from a stranger", r.Text, "OK:")
	mustLack(t, "help from a stranger", r.Text, "Rendben:")
}
