package pbm

import (
	"context"
	"strings"
	"testing"
)

// computerTurns plays every move the computer owes, as the daemon's
// worker does, and returns how many it played.
func (f *fixture) computerTurns() int {
	f.t.Helper()
	played := 0
	for {
		turns, err := f.s.ComputerTurns()
		if err != nil {
			f.t.Fatal(err)
		}
		if len(turns) == 0 {
			return played
		}
		for _, w := range turns {
			move, err := f.s.PlayComputer(context.Background(), w)
			if err != nil {
				f.t.Fatal(err)
			}
			if move == "" {
				f.t.Fatalf("waiting board %+v played nothing", w)
			}
			played++
			// The same turn offered again (a worker restarted after
			// the commit) plays nothing.
			if again, err := f.s.PlayComputer(context.Background(), w); err != nil || again != "" {
				f.t.Fatalf("the same turn again played %q, %v", again, err)
			}
		}
	}
}

func TestComputerOpponent(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	// The computer takes the first seat: it moves before alice can.
	mails := f.send("alice@players.test", "nim challenge alice pw-alice -stones=9 computer:hard alice", "")
	for _, m := range mails {
		if strings.HasPrefix(m.To, "computer") {
			t.Fatalf("mail to the computer: %s", m.To)
		}
	}
	if n := f.computerTurns(); n != 1 {
		t.Fatalf("computer played %d moves at the start", n)
	}
	b := f.board(101)
	if len(b.Log) != 1 || b.Players[0] != "computer:hard" {
		t.Fatalf("board after the computer's first move: %+v", b)
	}
	for i := 0; !f.board(101).Over; i++ {
		if i > 20 {
			t.Fatal("the game does not end")
		}
		b := f.board(101)
		mails := f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
		if f.board(101).Over {
			break
		}
		if len(f.board(101).Log) != len(b.Log)+1 {
			t.Fatalf("alice's move not played: %+v", mails)
		}
		f.computerTurns()
	}
	b = f.board(101)
	t.Logf("outcome: %s", b.Outcome)
	// With 9 stones the first player wins by taking 1 and then leaving
	// a multiple of 4: hard finds it.
	if !strings.Contains(b.Outcome, "computer:hard") || strings.Contains(b.Outcome, "alice wins") {
		t.Errorf("outcome %q: the computer should win 9-stone Nim from the first seat", b.Outcome)
	}
	for i, e := range b.Log {
		if e.Seat != i%2 {
			t.Errorf("move %d by seat %d", i+1, e.Seat)
		}
	}
	r := f.only(f.send("alice@players.test", "nim standings", ""), "alice@players.test")
	if !strings.Contains(r.Text, "computer:hard") {
		t.Errorf("standings without the computer:\n%s", r.Text)
	}
}

func TestComputerReserved(t *testing.T) {
	f := newFixture(t)
	for _, id := range []string{"computer", "Computer"} {
		r := f.only(f.send("x@players.test", "signup "+id+" secret1", ""), "x@players.test")
		if !strings.Contains(r.Text, "cannot be a userid") {
			t.Errorf("signup %s: %s", id, r.Text)
		}
	}
	f.signup("alice")
	r := f.only(f.send("alice@players.test", "nim challenge alice pw-alice alice computer:genius", ""), "alice@players.test")
	if !strings.Contains(r.Text, `"computer:genius": the computer plays at the levels easy`) {
		t.Errorf("unknown level: %s", r.Text)
	}
	// The computer in every other seat, at two levels.
	f.send("alice@players.test", "nim challenge alice pw-alice alice computer computer:easy", "")
	b := f.board(101)
	if strings.Join(b.Players, " ") != "alice computer:normal computer:easy" {
		t.Errorf("players %q", b.Players)
	}
}
