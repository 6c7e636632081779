package pbm

import (
	"strings"
	"testing"
	"time"
)

// TestVoteTimeoutInLanguage: a draw offer left unanswered is carried by
// the clock, and the board mail says both what the clock did and that
// the game is drawn in its reader's language, Hungarian for bob.
func TestVoteTimeoutInLanguage(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	f.signupIn("bob", "hu")
	f.send("alice@players.test", "nim challenge alice pw-alice -stones=9 alice bob", "")
	f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	f.send("alice@players.test", "nim propose 101 alice pw-alice", "")
	if b := f.board(101); b.Vote == nil {
		t.Fatal("no draw offer open")
	}
	var toBob, toAlice string
	for i := 0; i < 40 && !f.board(101).Over; i++ {
		f.clock = f.clock.Add(day + time.Hour)
		for _, m := range f.tick() {
			switch m.To {
			case "bob@players.test":
				toBob = m.Text
			case "alice@players.test":
				toAlice = m.Text
			}
		}
	}
	b := f.board(101)
	if !b.Over || !strings.Contains(b.Outcome, "draw") && !strings.Contains(strings.ToLower(b.Outcome), "drawn") {
		t.Fatalf("board after the vote's time: over %v, outcome %q, vote %+v, log %+v, due %v, clock %v\n%s\n%s", b.Over, b.Outcome, b.Vote, b.Log, b.Due, f.clock, toAlice, toBob)
	}
	mustContain(t, "bob's board mail", toBob, "nem válaszolt a szavazásra", "A játszma megegyezéses döntetlennel ért véget.")
	mustContain(t, "alice's board mail", toAlice, "did not answer the vote", "The game is drawn by agreement.")
}
