package pbm

import (
	"strings"
	"testing"
)

// An admin puts a player in the place of an entrant: the substitute
// must have an account and must not have entered, the entrant must
// have; a refusal changes nothing, and the substitute is stored as his
// account spells his userid.
func TestAdminTournamentReplace(t *testing.T) {
	f := newFixture(t)
	for _, id := range []string{"root", "p1", "p2", "p3", "p4"} {
		f.signup(id)
	}
	f.send("p1@players.test", "nim tournament new p1 pw-p1 Cup roundrobin", "")
	f.entrants("Cup", "p1", "p2", "p3")
	for _, c := range []struct{ args, want string }{
		{"p2 nobody", `"nobody" is not a player here.`},
		{"p4 p1", "Cannot replace p4 in tournament Cup:"},
		{"p2 p3", "Cannot replace p2 in tournament Cup:"},
	} {
		r := f.answer(f.send("root@players.test", "admin root pw-root tournament replace nim Cup "+c.args, ""), "root@players.test")
		if !strings.Contains(flat(r.Text), c.want) {
			t.Errorf("replace %s: want %q:\n%s", c.args, c.want, r.Text)
		}
		if tr := f.tournamentOf("Cup"); strings.Join(tr.IDs(), ",") != "p1,p2,p3" {
			t.Errorf("refused replace %s changed the entrants: %v", c.args, tr.IDs())
		}
	}
	r := f.answer(f.send("root@players.test", "admin root pw-root tournament replace nim Cup P2 P4", ""), "root@players.test")
	if !strings.Contains(flat(r.Text), "p4 takes the place of P2 in Nim tournament Cup") {
		t.Errorf("replace P2 P4:\n%s", r.Text)
	}
	if tr := f.tournamentOf("Cup"); strings.Join(tr.IDs(), ",") != "p1,p4,p3" {
		t.Errorf("entrants after the replace: %v, want p1,p4,p3", tr.IDs())
	}
}
