package pbm

import (
	"strings"
	"testing"
	"time"
)

// TestBankIncrementAndWarning: a seat that would have forfeited
// without its increment plays on; the board mail shows every seat's
// bank; the seat to move is warned once, in its zone, when less than a
// day is left; a spent bank forfeits.
func TestBankIncrementAndWarning(t *testing.T) {
	f := newFixture(t)
	f.game("--total=1.5 --add=0.5 --cap=2 --nag=20 --forfeit=30")
	if r := f.answer(f.send("bob@players.test", "timezone bob pw-bob Europe/Budapest", ""), "bob@players.test"); !strings.Contains(r.Text, "now in Europe/Budapest") {
		t.Fatalf("timezone: %s", r.Text)
	}
	if r := f.answer(f.send("bob@players.test", "timezone bob pw-bob Mars/Olympus", ""), "bob@players.test"); !strings.Contains(r.Text, "is not a time zone") {
		t.Errorf("a bad zone: %s", r.Text)
	}
	start := f.clock
	// alice takes 20h of her 36h: 36-20+12 = 28h.
	f.clock = start.Add(20 * time.Hour)
	mails := f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	bob := f.only(mails, "bob@players.test")
	if want := "Time banks (1.5 days to start, 0.5 added per move, at most 2): alice 1 days, 04:00; bob 1 days, 12:00 (to move)."; !strings.Contains(bob.Text, want) {
		t.Errorf("board mail without the banks %q:\n%s", want, bob.Text)
	}
	// bob's turn began with 36h: he is warned 12h in, once.
	f.clock = start.Add(31 * time.Hour)
	if n := len(f.tick()); n != 0 {
		t.Fatalf("%d mails before the warning", n)
	}
	f.clock = start.Add(32*time.Hour + time.Minute)
	mails = f.tick()
	w := f.only(mails, "bob@players.test")
	deadline := start.Add(56 * time.Hour).In(mustZone(t, "Europe/Budapest"))
	if w.Subject != "Nim Board 101: less than a day left" || !strings.Contains(w.Text, deadline.Format("Mon 2 Jan 2006 15:04 MST")) ||
		!strings.Contains(w.Text, "nim move 101 bob <password> <move>#2") {
		t.Errorf("warning %q:\n%s", w.Subject, w.Text)
	}
	if len(mails) != 1 {
		t.Errorf("the warning went to others too: %d mails", len(mails))
	}
	f.clock = f.clock.Add(time.Hour)
	if n := len(f.tick()); n != 0 {
		t.Errorf("warned again: %d mails", n)
	}
	// bob moves after 30h (36-30+12 = 18h); alice then takes 27h: 47h
	// of thinking against a 36h bank, but her 28h bank holds it.
	f.clock = start.Add(50 * time.Hour)
	f.send("bob@players.test", "nim move 101 bob pw-bob take1", "")
	f.clock = start.Add(77 * time.Hour)
	f.tick()
	if f.board(101).Over {
		t.Fatal("alice forfeited though her increment kept her bank")
	}
	f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	// alice: 28-27+12 = 13h. bob: 18h, spent 18h later.
	f.clock = start.Add(77*time.Hour + 18*time.Hour - time.Minute)
	f.tick()
	if f.board(101).Over {
		t.Fatal("bob forfeited before his bank was spent")
	}
	f.clock = start.Add(77*time.Hour + 18*time.Hour)
	mails = f.tick()
	b := f.board(101)
	if !b.Over || b.Log[len(b.Log)-1].Kind != "forfeit" || b.Log[len(b.Log)-1].Seat != 1 {
		t.Fatalf("bob's spent bank did not forfeit: %+v", b.Log)
	}
	if m := f.only(mails, "alice@players.test"); !strings.Contains(m.Text, "bob ran out of time in the bank and forfeits") {
		t.Errorf("forfeit mail:\n%s", m.Text)
	}
}

// TestBankOptionsRefused: bad bank options are refused by name and
// start nothing.
func TestBankOptionsRefused(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	f.signup("bob")
	for _, c := range []struct{ opts, want string }{
		{"--total=abc", "--total=abc needs a number of days"},
		{"--total=400", "--total=400 needs a number of days"},
		{"--add=1", "--add and --cap need --total"},
		{"--total=2 --cap=1", "The cap --cap=1 is below the starting bank --total=2"},
	} {
		r := f.answer(f.send("alice@players.test", "nim challenge alice pw-alice alice bob "+c.opts, ""), "alice@players.test")
		if !strings.Contains(r.Text, c.want) {
			t.Errorf("%s: %s", c.opts, r.Text)
		}
	}
	if r := f.answer(f.send("alice@players.test", "nim tournament new alice pw-alice Bank roundrobin --cap=3", ""), "alice@players.test"); !strings.Contains(r.Text, "--add and --cap need --total") {
		t.Errorf("tournament: %s", r.Text)
	}
	if r := f.answer(f.send("alice@players.test", "nim seek alice pw-alice --add=1", ""), "alice@players.test"); !strings.Contains(r.Text, "--add and --cap need --total") {
		t.Errorf("seek: %s", r.Text)
	}
}

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}
