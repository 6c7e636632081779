package daemon

import (
	"strings"
	"testing"

	"github.com/pbmgo/pbm/pbm/player"
)

// TestCorrespondenceByMail runs the correspondence commands through
// the mail servers: a subscriber, a queued move, a draw by vote, the
// standings and "all show <userid> next".
func TestCorrespondenceByMail(t *testing.T) {
	h := startEmbedded(t)
	alice, bob, carol := h.signup("alice"), h.signup("bob"), h.signup("carol")
	h.command(alice, "nim challenge alice pw-alice alice bob -stones=9", "")
	if r := h.command(carol, "nim subscribe carol pw-carol 101", ""); !strings.Contains(r.Text, "Subscribed to Nim boards: 101") {
		t.Fatalf("subscribe: %s", r.Text)
	}
	if r := h.command(bob, "nim queue 101 bob pw-bob take2", ""); !strings.Contains(r.Text, "Queued") {
		t.Fatalf("queue: %s", r.Text)
	}
	h.command(alice, "nim move 101 alice pw-alice take1#1", "")
	// Carol sees the board after alice's move and bob's queued answer.
	if _, err := carol.Await(wait, func(ms []player.Mail) bool {
		for _, m := range ms {
			if m.Subject == "Nim Board 101 alice" && strings.Contains(m.Text, "take2 (Auto)") {
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatal(err)
	}
	if r := h.command(alice, "all show alice next", ""); !strings.Contains(r.Text, "1 board:") || !strings.Contains(r.Text, "Pile: oooooo (6)") {
		t.Errorf("all show next: %s", r.Text)
	}
	if r := h.command(bob, "all show bob next", ""); !strings.Contains(r.Text, "No next boards for bob") {
		t.Errorf("all show next for bob: %s", r.Text)
	}
	h.command(alice, "nim propose 101 alice pw-alice", "")
	if r := h.command(bob, "nim accept 101 bob pw-bob", ""); !strings.Contains(r.Text, "The game is drawn by agreement") {
		t.Fatalf("accept: %s", r.Text)
	}
	if r := h.command(carol, "nim standings", ""); !hasRow(r.Text, "1 alice 1600 0 0 1") || !hasRow(r.Text, "2 bob 1600 0 0 1") {
		t.Errorf("standings after a draw between new players:\n%s", r.Text)
	}
}

// hasRow reports whether text has a line whose words are row's.
func hasRow(text, row string) bool {
	for _, l := range strings.Split(text, "\n") {
		if strings.Join(strings.Fields(l), " ") == row {
			return true
		}
	}
	return false
}
