package pbm

import (
	"testing"

	"github.com/pbmgo/pbm/engine/enginetest"
)

// TestBoardAnswerChoice: the answer to a mail is the sender's board
// mail only when the mail held one command, carried out, that changed
// one board; then it is the last mail of that board (the board as the
// command left it). Otherwise nothing is chosen and every held mail
// goes out as itself.
func TestBoardAnswerChoice(t *testing.T) {
	g := enginetest.Nim{}
	from := "Alice@players.test"
	mail := func(to, subject string) outMail { return outMail{To: to, Subject: subject} }
	sec := func(board int, refused bool) *section {
		return &section{Command: "nim move", Refused: refused, game: g, board: board}
	}
	before := heldBoard{game: "nim", board: 7, m: mail("alice@players.test", "before")}
	after := heldBoard{game: "nim", board: 7, m: mail("alice@players.test", "after")}
	other := heldBoard{game: "nim", board: 8, m: mail("alice@players.test", "other")}
	elsewhere := heldBoard{game: "nim", board: 7, m: mail("alice@elsewhere.test", "elsewhere")}

	if m, ok := boardAnswer([]*section{sec(7, false)}, from, []heldBoard{before, after}); !ok || m.Subject != "after" {
		t.Errorf("one command on board 7: got %q, %v; want the last mail, \"after\"", m.Subject, ok)
	}
	for _, c := range []struct {
		name string
		secs []*section
		held []heldBoard
	}{
		{"no board mail", []*section{sec(7, false)}, nil},
		{"refused", []*section{sec(7, true)}, []heldBoard{after}},
		{"two commands", []*section{sec(7, false), sec(7, false)}, []heldBoard{after}},
		{"no board in the command", []*section{sec(0, false)}, []heldBoard{after}},
		{"another board changed too", []*section{sec(7, false)}, []heldBoard{after, other}},
		{"a mail to another address", []*section{sec(7, false)}, []heldBoard{elsewhere}},
	} {
		if m, ok := boardAnswer(c.secs, from, c.held); ok {
			t.Errorf("%s: chose %q; want no board answer", c.name, m.Subject)
		}
	}
}
