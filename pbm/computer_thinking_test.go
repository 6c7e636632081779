package pbm

import (
	"strings"
	"testing"
)

// While the computer is to move, the board mail says that it is
// thinking and plays by itself, and offers no command with its
// password; once it has moved, the human's mail has the command.
func TestBoardMailComputerThinking(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	mails := f.send("alice@players.test", "nim challenge alice pw-alice -stones=9 computer:easy alice", "")
	var board string
	for _, m := range mails {
		if m.To == "alice@players.test" && strings.Contains(m.Text, "Nim") {
			board = m.Text
		}
	}
	if !strings.Contains(board, "computer:easy is thinking: the computer plays move 1 by itself") {
		t.Errorf("the board mail does not say the computer is thinking:\n%s", board)
	}
	if strings.Contains(board, "computer:easy <password>") {
		t.Errorf("the board mail offers the computer's command:\n%s", board)
	}
	f.computerTurns()
	var after string
	for _, m := range f.outboxSent() {
		if m.To == "alice@players.test" && strings.Contains(m.Text, "nim move 101 alice <password> <move>#2") {
			after = m.Text
		}
	}
	if after == "" {
		t.Error("after the computer's move alice's board mail has no command to move")
	}
}
