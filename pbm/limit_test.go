package pbm

import (
	"strings"
	"testing"
)

// limit, acceptall and rejectall bound the challenges a player can be
// given; the challenger's own limit does not stop his challenge.
func TestChallengeLimits(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	f.signup("bob")
	f.signup("carol")
	r := f.only(f.send("bob@players.test", "nim limit bob pw-bob 1", ""), "bob@players.test")
	if r.Subject != "Nim challenges now limited" || !strings.Contains(r.Text, "was no limit, now at most 1 running board") {
		t.Errorf("limit 1: %q %s", r.Subject, r.Text)
	}
	if r := f.answer(f.send("alice@players.test", "nim challenge alice pw-alice alice bob", ""), "alice@players.test"); !strings.Contains(r.Text, "OK") {
		t.Fatalf("first challenge: %s", r.Text)
	}
	r = f.only(f.send("alice@players.test", "nim challenge alice pw-alice alice bob", ""), "alice@players.test")
	if !strings.Contains(r.Text, "Invalid challenge: bob is at the limit of 1 running Nim board") {
		t.Errorf("over the limit: %s", r.Text)
	}
	r = f.only(f.send("bob@players.test", "nim limit bob pw-bob", ""), "bob@players.test")
	if !strings.Contains(r.Text, "Nim limit status for bob: at most 1 running board; 1 running.") {
		t.Errorf("limit status: %s", r.Text)
	}
	// The challenger's own limit is no bar.
	if r := f.answer(f.send("bob@players.test", "nim challenge bob pw-bob bob carol", ""), "bob@players.test"); !strings.Contains(r.Text, "OK") {
		t.Errorf("challenge by a player at his limit: %s", r.Text)
	}
	f.send("carol@players.test", "nim rejectall carol pw-carol", "")
	f.send("bob@players.test", "nim limit bob pw-bob reject", "")
	r = f.only(f.send("alice@players.test", "nim challenge alice pw-alice alice bob carol", ""), "alice@players.test")
	if !strings.Contains(r.Text, "Invalid challenge: bob rejects Nim challenges; carol rejects Nim challenges.") {
		t.Errorf("rejecting players: %s", r.Text)
	}
	r = f.only(f.send("carol@players.test", "nim acceptall carol pw-carol", ""), "carol@players.test")
	if r.Subject != "Nim challenges now accepted" {
		t.Errorf("acceptall: %q %s", r.Subject, r.Text)
	}
	if r := f.answer(f.send("alice@players.test", "nim challenge alice pw-alice alice carol", ""), "alice@players.test"); !strings.Contains(r.Text, "OK") {
		t.Errorf("challenge after acceptall: %s", r.Text)
	}
	// accept and reject stay the draw votes.
	r = f.only(f.send("carol@players.test", "nim accept carol pw-carol", ""), "carol@players.test")
	if !strings.Contains(r.Text, "Usage: nim accept <board> <userid> <password>") {
		t.Errorf("accept without a board: %s", r.Text)
	}
	if r := f.only(f.send("bob@players.test", "nim limit bob pw-bob lots", ""), "bob@players.test"); !strings.Contains(r.Text, "Refused: A limit is a number") {
		t.Errorf("bad limit: %s", r.Text)
	}
}
