package pbm

import (
	"strings"
	"testing"
)

// TestRatingLines: the final board mail tells each player's rating
// change, or why the game was not rated.
func TestRatingLines(t *testing.T) {
	f := newFixture(t)
	f.game("")
	f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	f.send("bob@players.test", "nim move 101 bob pw-bob take1", "")
	f.send("alice@players.test", "nim propose 101 alice pw-alice", "")
	mails := f.send("bob@players.test", "nim accept 101 bob pw-bob", "")
	for _, to := range []string{"alice@players.test", "bob@players.test"} {
		m := f.only(withSubject(mails, "Nim Board 101"), to)
		for _, want := range []string{"alice's rating stayed at 1600 (provisional).", "bob's rating stayed at 1600 (provisional)."} {
			if !strings.Contains(m.Text, want) {
				t.Errorf("draw, mail to %s lacks %q:\n%s", to, want, m.Text)
			}
		}
	}
	f.send("alice@players.test", "nim challenge alice pw-alice alice bob", "")
	f.send("alice@players.test", "nim move 102 alice pw-alice take1", "")
	f.send("bob@players.test", "nim move 102 bob pw-bob take1", "")
	mails = f.send("bob@players.test", "nim resign 102 bob pw-bob", "")
	m := f.only(withSubject(mails, "Nim Board 102"), "alice@players.test")
	for _, want := range []string{"Game won by alice", "alice's rating went up from 1600 to 1800 (provisional).", "bob's rating went down from 1600 to 1400 (provisional)."} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("win, mail lacks %q:\n%s", want, m.Text)
		}
	}
	f.send("alice@players.test", "nim challenge alice pw-alice alice bob", "")
	mails = f.send("bob@players.test", "nim resign 103 bob pw-bob", "")
	m = f.only(withSubject(mails, "Nim Board 103"), "alice@players.test")
	if !strings.Contains(m.Text, "This game was not rated: bob declined the challenge.") {
		t.Errorf("declined, mail:\n%s", m.Text)
	}
}

// The mail of a rated game's end says how a provisional rating moves,
// once, below the rating lines.
func TestProvisionalRatingExplained(t *testing.T) {
	f := newFixture(t)
	f.aliceChallengesBob()
	f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	f.send("bob@players.test", "nim move 101 bob pw-bob take1", "")
	mails := f.send("alice@players.test", "nim move 101 alice pw-alice resign", "")
	var m sent
	for _, x := range mails {
		if x.To == "bob@players.test" {
			m = x
		}
	}
	note := "(A rating is provisional for a player's first 20 games:"
	if strings.Count(m.Text, note) != 1 || !strings.Contains(m.Text, "rating went") {
		t.Errorf("the end of a rated game does not explain provisional ratings once:\n%s", m.Text)
	}
}
