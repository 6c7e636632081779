package pbm

import (
	"strings"
	"testing"
	"time"
)

// TestAutoVacation: with automatic vacation on, a clock that would
// forfeit spends a day of the year's vacation days instead, and the
// player is told; once the days are spent, the forfeit happens.
func TestAutoVacation(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.VacationDays = 2
	f.game("--nag=20 --forfeit=2")
	if r := f.answer(f.send("alice@players.test", "vacation alice pw-alice auto maybe", ""), "alice@players.test"); !strings.Contains(r.Text, "auto on, or auto off") {
		t.Errorf("bad word: %s", r.Text)
	}
	r := f.answer(f.send("alice@players.test", "vacation alice pw-alice auto on", ""), "alice@players.test")
	if !strings.Contains(r.Text, "Automatic vacation is on for alice") || !strings.Contains(r.Text, "2 days left this year") {
		t.Fatalf("auto on: %s", r.Text)
	}
	start := f.clock
	for i, left := range []string{"1 days of vacation are left", "0 days of vacation are left"} {
		f.clock = start.Add(time.Duration(2+i) * day)
		mails := f.tick()
		m := f.only(mails, "alice@players.test")
		if m.Subject != "Nim Board 101: a day of vacation spent" || !strings.Contains(m.Text, left) {
			t.Fatalf("day %d: %q\n%s", i+1, m.Subject, m.Text)
		}
		if b := f.board(101); b.Over {
			t.Fatalf("forfeited with vacation days left: %+v", b.Log)
		}
		// Within the day away, nothing happens.
		f.clock = f.clock.Add(23 * time.Hour)
		if n := len(f.tick()); n != 0 {
			t.Fatalf("%d mails within the day away", n)
		}
	}
	f.clock = start.Add(4 * day)
	f.tick()
	if b := f.board(101); !b.Over {
		t.Fatalf("not forfeited once the vacation days were spent: %+v", b.Log)
	}
	if u := f.user("alice"); len(u.Vacations) != 2 || !u.Vacations[0].Auto {
		t.Errorf("vacations %+v", u.Vacations)
	}
}
