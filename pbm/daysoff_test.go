package pbm

import (
	"strings"
	"testing"
	"time"
)

// TestDaysOffStopTheClock: no clock of a player runs on the player's
// days off, in the player's zone; board mails say so, and the forfeit
// comes that much later.
func TestDaysOffStopTheClock(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	f.signup("bob")
	f.send("alice@players.test", "timezone alice pw-alice UTC", "")
	for _, bad := range []string{"sat,sun,mon,tue", "caturday", "sat,,sun"} {
		if r := f.answer(f.send("alice@players.test", "daysoff alice pw-alice "+bad, ""), "alice@players.test"); !strings.Contains(r.Text, "is not a list of days") {
			t.Errorf("%s: %s", bad, r.Text)
		}
	}
	if u := f.user("alice"); len(u.DaysOff) != 0 {
		t.Fatalf("a refused daysoff changed the account: %v", u.DaysOff)
	}
	if r := f.answer(f.send("alice@players.test", "daysoff alice pw-alice Thu,fri", ""), "alice@players.test"); !strings.Contains(r.Text, "No clock of alice runs on thu,fri (UTC)") {
		t.Fatalf("daysoff: %s", r.Text)
	}
	// Tuesday 10:00: alice is to move, --forfeit=3. Tuesday and
	// Wednesday count 38h, Thursday and Friday not, so the forfeit is
	// on Sunday at 10:00 rather than Friday.
	mails := f.send("alice@players.test", "nim challenge alice pw-alice alice bob --forfeit=3 --nag=20", "")
	m := f.only(mails, "bob@players.test")
	if !strings.Contains(m.Text, "No clock of alice runs on thu,fri (UTC).") || !strings.Contains(m.Text, "Sun 6 Dec 2026 10:00 UTC") {
		t.Errorf("the board mail does not say when alice must move:\n%s", m.Text)
	}
	f.clock = time.Date(2026, 12, 4, 10, 0, 0, 0, time.UTC)
	f.tick()
	f.clock = time.Date(2026, 12, 6, 9, 59, 0, 0, time.UTC)
	f.tick()
	if f.board(101).Over {
		t.Fatal("the clock ran on alice's days off")
	}
	f.clock = time.Date(2026, 12, 6, 10, 0, 0, 0, time.UTC)
	f.tick()
	if !f.board(101).Over {
		t.Fatal("not ended at the forfeit, the days off not counted")
	}
	if r := f.answer(f.send("alice@players.test", "daysoff alice pw-alice none", ""), "alice@players.test"); !strings.Contains(r.Text, "The clocks of alice run every day") {
		t.Errorf("none: %s", r.Text)
	}
}
