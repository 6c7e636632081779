package pbm

import (
	"strings"
	"testing"
)

// TestBoardMailWrittenWhenTheBoardChanges: a board mail is written
// from its readers' accounts as they stand when the board changes, not
// when the mail that changed it is answered: the player who signs off
// gets the board mail of each game the signoff resigned, though the
// account is closed by the time the answer goes out.
func TestBoardMailWrittenWhenTheBoardChanges(t *testing.T) {
	f := newFixture(t)
	f.aliceChallengesBob()
	f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	f.send("bob@players.test", "nim move 101 bob pw-bob take1", "")
	mails := f.send("bob@players.test", "signoff bob pw-bob", "")
	boardMail, answer := 0, 0
	for _, m := range mails {
		if m.To != "bob@players.test" {
			continue
		}
		switch {
		case strings.Contains(m.Text, "bob closed the account and resigns"):
			boardMail++
		case m.Subject == "pbm: signoff bob OK":
			answer++
		}
	}
	if boardMail != 1 || answer != 1 {
		t.Errorf("bob got %d board mails of his resignation and %d answers; want 1 and 1", boardMail, answer)
	}
}
