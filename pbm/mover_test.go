package pbm

import (
	"fmt"
	"strings"
	"testing"
)

// TestMoverGetsOneMail: the player who moves gets one mail per move,
// the board as his move left it with his command and its OK above it,
// answering his mail (In-Reply-To, Auto-Submitted) and carrying the
// reply address of the new position; not the board and a separate
// "move OK". A refused move gets the refusal alone; a mail with
// several commands gets its answer and the boards apart.
func TestMoverGetsOneMail(t *testing.T) {
	f := newFixture(t)
	f.game("")
	raw := f.raw("alice@players.test", "nim move 101 alice pw-alice take1#1", "")
	mails := f.handle(raw)
	m := f.only(mails, "alice@players.test")
	if m.Subject != "Nim Board 101 bob" || m.Header.Get("Auto-Submitted") != "auto-replied" {
		t.Errorf("subject %q, Auto-Submitted %q", m.Subject, m.Header.Get("Auto-Submitted"))
	}
	if got, _ := m.Header.MsgIDList("In-Reply-To"); len(got) != 1 || got[0] != fmt.Sprintf("m%d@client.test", f.n) {
		t.Errorf("In-Reply-To %v", got)
	}
	if !strings.HasPrefix(m.Text, "> nim move 101 alice ******** take1#1\nOK: alice played") ||
		!strings.Contains(m.Text, "Summary of Nim Board 101") || !strings.Contains(m.Text, "bob must move by") ||
		strings.Count(m.Text, "\n-- \n") != 1 || strings.Contains(m.Text, "pw-alice") {
		t.Errorf("the mover's mail:\n%s", m.Text)
	}
	if refs, _ := m.Header.MsgIDList("References"); len(refs) == 0 || refs[0] != f.board(101).ThreadID {
		t.Errorf("References %v do not start with the board's thread %q", refs, f.board(101).ThreadID)
	}
	if !strings.HasPrefix(rt(m), "pbm+nim.101.1.") || !strings.Contains(m.HTML, "<pre") {
		t.Errorf("Reply-To %q, HTML %d bytes", rt(m), len(m.HTML))
	}
	if b := f.only(mails, "bob@players.test"); b.Subject != "Nim Board 101 bob" || strings.Contains(b.Text, "OK: alice played") {
		t.Errorf("bob's board mail %q:\n%s", b.Subject, b.Text)
	}
	// A refused move: the refusal alone.
	mails = f.send("bob@players.test", "nim move 101 bob pw-bob take9", "")
	if len(mails) != 1 || mails[0].Subject != "Nim Board 101 Error" {
		t.Errorf("refused move: %d mails", len(mails))
	}
	// Several commands: the answer lists them, the boards go apart.
	mails = f.send("bob@players.test", "multiple", "nim move 101 bob pw-bob take1\nnim show 101\n")
	var toBob []string
	for _, m := range mails {
		if m.To == "bob@players.test" {
			toBob = append(toBob, m.Subject)
		}
	}
	if len(toBob) != 2 || !strings.Contains(strings.Join(toBob, "|"), "pbm: 2 commands") {
		t.Errorf("two commands: %q", toBob)
	}
	// A reply to the board mail is answered by the board as well.
	mails = f.replyTo("alice@players.test", f.replyAddress("alice@players.test", "Nim Board 101"), "take1")
	if m := f.only(mails, "alice@players.test"); !strings.Contains(m.Text, "OK: alice played") || !strings.Contains(m.Text, "Summary of Nim Board 101") {
		t.Errorf("move by reply, the mover's mail:\n%s", m.Text)
	}
}
