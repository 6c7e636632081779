package pbm

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// semicolonCapital is a sentence run on after a semicolon: "; It is".
var semicolonCapital = regexp.MustCompile(`; (It|The|Game|As|No|Your|This|You)\b`)

// TestNoCapitalAfterSemicolon plays a game through and reads every
// mail (answers and board mails): a sentence never follows a
// semicolon, as "started for alice, bob; It is alice's turn." did.
func TestNoCapitalAfterSemicolon(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	f.signup("bob")
	var all []sent
	all = append(all, f.send("alice@players.test", "nim challenge alice pw-alice alice bob -stones=5", "")...)
	mustContain(t, "challenge answer", f.only(all, "alice@players.test").Text, "Nim board 101 started for alice, bob. It is alice's turn.")
	for i, mv := range []struct{ who, move string }{{"alice", "take2"}, {"bob", "take1"}, {"alice", "take2"}} {
		all = append(all, f.send(mv.who+"@players.test", fmt.Sprintf("nim move 101 %s pw-%s %s#%d", mv.who, mv.who, mv.move, i+1), "")...)
	}
	all = append(all, f.send("bob@players.test", "nim show 101\nnim games alice all\nall show alice", "")...)
	if len(all) < 8 {
		t.Fatalf("%d mails, want the answers and the board mails", len(all))
	}
	for _, m := range all {
		for _, l := range strings.Split(m.Text, "\n") {
			if semicolonCapital.MatchString(l) {
				t.Errorf("mail %q to %s runs a sentence on after a semicolon: %q", m.Subject, m.To, l)
			}
		}
	}
}
