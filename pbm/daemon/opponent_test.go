package daemon

import (
	"strings"
	"testing"

	"github.com/pbmgo/pbm/pbm/player"
)

// TestComputerByMail plays a whole game against the computer over the
// embedded mail servers: the computer's moves come from the daemon's
// worker, each reaches the player as a board mail, and the player's
// moves by mail answer them.
func TestComputerByMail(t *testing.T) {
	h := startEmbedded(t)
	alice := h.signup("alice")
	h.command(alice, "nim challenge alice pw-alice computer alice -stones=7", "")
	for turn := 0; ; turn++ {
		if turn > 10 {
			t.Fatal("the game does not end")
		}
		// Wait for the computer's move: the board mail that says it
		// is alice's turn (or that the game is over).
		want := 2*turn + 1
		_, err := alice.Await(wait, func(ms []player.Mail) bool {
			n := 0
			for _, m := range ms {
				if strings.Contains(m.Text, "computer:normal played") {
					n++
				}
			}
			return n >= turn+1
		})
		if err != nil {
			t.Fatalf("no board mail after the computer's move %d: %v", want, err)
		}
		b := h.board(101)
		if len(b.Log) != want && !b.Over {
			t.Fatalf("after the computer's move %d the log has %d moves", want, len(b.Log))
		}
		if b.Over {
			break
		}
		if r := h.command(alice, "nim move 101 alice pw-alice take1", ""); !strings.Contains(r.Text, "OK: ") {
			t.Fatalf("alice's move: %s", r.Text)
		}
		if b := h.board(101); b.Over {
			break
		}
	}
	b := h.board(101)
	for i, e := range b.Log {
		if e.Seat != i%2 {
			t.Fatalf("move %d by seat %d: a move lost or doubled: %+v", i+1, e.Seat, b.Log)
		}
	}
	if !strings.Contains(b.Outcome, "computer:normal") {
		t.Errorf("7-stone Nim from the first seat is a win for the computer: %s", b.Outcome)
	}
}
