package pbm

import (
	"strings"
	"testing"
)

// TestComputerMoveDeclinesDraw: the computer's move is played as a
// player's move is (board.Play): it declines an open draw offer, and
// its board mail, made outside any mail, says so to the player.
func TestComputerMoveDeclinesDraw(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	f.send("alice@players.test", "nim challenge alice pw-alice -stones=9 alice computer:easy", "")
	f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	r := f.only(f.send("alice@players.test", "nim propose 101 alice pw-alice", ""), "alice@players.test")
	if b := f.board(101); b.Vote == nil || b.Vote.Kind != "draw" {
		t.Fatalf("no draw offer open: %+v\n%s", b.Vote, r.Text)
	}
	before := f.outboxSeqs()
	if n := f.computerTurns(); n != 1 {
		t.Fatalf("the computer played %d moves", n)
	}
	b := f.board(101)
	if b.Vote != nil || len(b.Log) != 2 || b.Log[1].Seat != 1 {
		t.Fatalf("after the computer's move: vote %+v, log %+v", b.Vote, b.Log)
	}
	var mail *sent
	for _, m := range f.outbox() {
		if !before[m.Seq] {
			s := decode(t, m)
			if s.To == "alice@players.test" {
				mail = &s
			}
		}
	}
	if mail == nil {
		t.Fatal("no board mail to alice after the computer's move")
	}
	if !strings.Contains(mail.Text, "computer:easy played") || !strings.Contains(mail.Text, "The draw offer lapses.") {
		t.Errorf("board mail after the computer's move:\n%s", mail.Text)
	}
}
