package pbm

import (
	"strings"
	"testing"
)

// The computer serves a board where a person waits before a board of
// the computer against itself, whichever began waiting first.
func TestComputerServesPeopleFirst(t *testing.T) {
	f := newFixture(t)
	f.signup("p1")
	f.send("p1@players.test", "nim tournament new p1 pw-p1 Bots knockout", "")
	for _, who := range []string{"computer:easy", "computer:hard"} {
		if r := f.answer(f.send("p1@players.test", "nim tournament join Bots p1 pw-p1 "+who, ""), "p1@players.test"); !strings.Contains(r.Text, "joined") {
			t.Fatalf("join %s: %s", who, r.Text)
		}
	}
	f.send("p1@players.test", "nim tournament start Bots p1 pw-p1", "")
	if r := f.answer(f.send("p1@players.test", "nim challenge p1 pw-p1 -stones=9 computer:hard p1", ""), "p1@players.test"); !strings.Contains(r.Text, "OK") {
		t.Fatalf("challenge: %s", r.Text)
	}
	turns, err := f.s.ComputerTurns()
	if err != nil {
		t.Fatal(err)
	}
	if len(turns) != 2 {
		t.Fatalf("%d boards wait for the computer, want 2: %+v", len(turns), turns)
	}
	if turns[0].ComputerOnly || turns[0].Number != 102 || !turns[1].ComputerOnly || turns[1].Number != 101 {
		t.Errorf("order %+v: want board 102 (p1 waits) before 101 (computer against itself)", turns)
	}
}
