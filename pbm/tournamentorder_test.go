package pbm

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
)

// TestTournamentArgsEitherOrder: join, leave and start take the
// tournament's name first ("<name> <userid> <password>") or last, as
// "tournament new" takes it ("<userid> <password> <name>"); in both
// orders the echo masks the password only, and neither the answers nor
// the log show it.
func TestTournamentArgsEitherOrder(t *testing.T) {
	f := newFixture(t)
	var logs bytes.Buffer
	f.s.log = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	for _, id := range []string{"p1", "p2", "p3"} {
		f.signup(id)
	}
	f.send("p1@players.test", "nim tournament new p1 pw-p1 Winter roundrobin", "")
	var answers []string
	step := func(from, line, echo, want string) {
		t.Helper()
		r := f.answer(f.send(from+"@players.test", line, ""), from+"@players.test")
		answers = append(answers, r.Text)
		if !strings.Contains(r.Text, "> "+echo+"\n") {
			t.Errorf("%s: the echo is not %q:\n%s", line, echo, r.Text)
		}
		if !strings.Contains(r.Text, want) {
			t.Errorf("%s: the answer lacks %q:\n%s", line, want, r.Text)
		}
	}
	step("p1", "nim tournament join Winter p1 pw-p1", "nim tournament join Winter p1 ********", "joined")
	step("p2", "nim tournament join p2 pw-p2 Winter", "nim tournament join p2 ******** Winter", "joined")
	step("p3", "nim tournament join p3 pw-p3 winter", "nim tournament join p3 ******** winter", "joined")
	step("p3", "nim tournament leave p3 pw-p3 Winter", "nim tournament leave p3 ******** Winter", "left")
	if got := entrantIDs(ptr(f.tournamentOf("Winter"))); strings.Join(got, ",") != "p1,p2" {
		t.Errorf("entrants %v, want p1, p2", got)
	}
	// A wrong password in the other order is refused and changes nothing.
	step("p3", "nim tournament join p3 pw-wrong Winter", "nim tournament join p3 ******** Winter", "password")
	if n := len(f.tournamentOf("Winter").Entrants); n != 2 {
		t.Errorf("a refused join changed the entrants: %d", n)
	}
	// No such tournament in either place: refused, and as the line
	// reads neither way both places of the password are masked.
	step("p3", "nim tournament join Nowhere p3 pw-p3", "nim tournament join Nowhere ******** ********", "Nowhere")
	step("p3", "nim tournament join p3 pw-p3 Nowhere", "nim tournament join p3 ******** ********", "There is no")
	step("p1", "nim tournament start p1 pw-p1 Winter", "nim tournament start p1 ******** Winter", "Winter")
	if !f.tournamentOf("Winter").Started {
		t.Error("start in the other order did not start the tournament")
	}
	for _, pw := range []string{"pw-p1", "pw-p2", "pw-p3", "pw-wrong"} {
		for _, a := range answers {
			if strings.Contains(a, pw) {
				t.Errorf("password %s in an answer:\n%s", pw, a)
			}
		}
		if strings.Contains(logs.String(), pw) {
			t.Errorf("password %s in the log:\n%s", pw, grepLines(logs.String(), pw))
		}
	}
	if !strings.Contains(logs.String(), "tournament join") {
		t.Errorf("the log has no tournament commands:\n%s", logs.String())
	}
}

func ptr[T any](v T) *T { return &v }
