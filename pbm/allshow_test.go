package pbm

import (
	"strings"
	"testing"
)

// TestAllShowListsTournaments: "all show <userid>" lists, after the
// user's boards, the tournaments the user entered in every game, and
// only those.
func TestAllShowListsTournaments(t *testing.T) {
	f := newFixture(t)
	for _, id := range []string{"p1", "p2", "p3", "p4"} {
		f.signup(id)
	}
	f.send("p1@players.test", "nim tournament new p1 pw-p1 Winter roundrobin", "")
	f.send("p3@players.test", "nim tournament new p3 pw-p3 Spring roundrobin", "")
	f.entrants("Winter", "p1", "p2")
	f.entrants("Spring", "p3", "p4")

	r := f.answer(f.send("p2@players.test", "all show p2", ""), "p2@players.test")
	if !strings.Contains(r.Text, "No active boards for p2.") {
		t.Errorf("all show p2 does not say it has no boards:\n%s", r.Text)
	}
	if !strings.Contains(r.Text, "p2 entered 1 tournament:") || !strings.Contains(r.Text, "nim Winter roundrobin") || !strings.Contains(r.Text, "2 entrants") {
		t.Errorf("all show p2 does not list tournament Winter:\n%s", r.Text)
	}
	if strings.Contains(r.Text, "Spring") {
		t.Errorf("all show p2 lists a tournament p2 did not enter:\n%s", r.Text)
	}

	// A user with boards: the tournaments follow the boards.
	f.send("p1@players.test", "nim challenge p1 pw-p1 p1 p2", "")
	r = f.answer(f.send("p1@players.test", "all show p1", ""), "p1@players.test")
	boards, tourn := strings.Index(r.Text, "1 board:"), strings.Index(r.Text, "p1 entered 1 tournament:")
	if boards < 0 || tourn < boards || !strings.Contains(r.Text[tourn:], "nim Winter") {
		t.Errorf("all show p1 does not list its board then tournament Winter:\n%s", r.Text)
	}

	r = f.answer(f.send("p4@players.test", "all show p1", ""), "p4@players.test")
	if !strings.Contains(r.Text, "nim Winter") {
		t.Errorf("all show p1 from another player does not list Winter:\n%s", r.Text)
	}
}
