package pbm

import (
	"strings"
	"testing"
)

// TestMessageRecipientsBound: a message naming more players than
// account.MaxRecipients is refused whole and goes to nobody; one
// naming that many goes out.
func TestMessageRecipientsBound(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	f.signup("bob")
	names := strings.Repeat("bob ", 21)
	mails := f.send("alice@players.test", "message alice pw-alice "+names, "Hello.\n")
	if n := copiesTo(mails, "bob@players.test"); n != 0 {
		t.Errorf("bob got %d copies of a refused message", n)
	}
	if r := f.only(mails, "alice@players.test"); !strings.Contains(flat(r.Text), "At most 20 users per message.") {
		t.Errorf("answer to 21 names:\n%s", r.Text)
	}
	mails = f.send("alice@players.test", "message alice pw-alice "+strings.Repeat("bob ", 20), "Hello.\n")
	if n := copiesTo(mails, "bob@players.test"); n != 1 {
		t.Errorf("bob got %d copies of a message naming him 20 times, want 1", n)
	}
}
