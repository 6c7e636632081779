package tournplay

import (
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/store"
)

// TestCheckNew: a tournament announced with settings its format does
// not take, a start day gone by, seats the game does not take or
// options the game refuses is refused with the rule's message, and
// one that can run to its end is not; the check changes nothing.
func TestCheckNew(t *testing.T) {
	g := hexemergo.Game{}
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	announce := func(words ...string) *tournament.Tournament {
		tr := tournament.Announce("hexemergo", "Spring", "org", tournament.RoundRobin, now)
		for _, w := range words {
			if set, err := tr.Set(w); !set || err != nil {
				t.Fatalf("Set %s: %v %v", w, set, err)
			}
		}
		return tr
	}
	if err := CheckNew(announce(), g, now); err != nil {
		t.Errorf("a round robin of two seats: %v", err)
	}
	if err := CheckNew(announce("--start=2026-03-10"), g, now); err != nil {
		t.Errorf("a start today: %v", err)
	}
	for _, c := range []struct {
		tr   *tournament.Tournament
		want string
	}{
		{announce("--rounds=3"), "TournInvalid"},
		{announce("--start=2026-03-09"), "TournStartPast"},
		{announce("--seats=3"), "TournSeats"},
		{func() *tournament.Tournament { tr := announce(); tr.Options["nosuchoption"] = "7"; return tr }(), "TournBoardOptions"},
	} {
		err := CheckNew(c.tr, g, now)
		if got := refusalID(err); got != c.want {
			t.Errorf("%s: refused with %q (%v), want %s", c.want, got, err, c.want)
		}
	}
	// The settings that pass are those a board of the tournament
	// starts with, on a real store.
	st := storetest.Open(t)
	storetest.Update(t, st, func(tx *store.Tx) error {
		tr := announce()
		entrants(tr, 2)
		step, err := tournament.Begin(tx, tr, GameSetup(g))
		if err != nil || step.Halted != nil || len(step.Boards) != 1 {
			t.Errorf("Begin of a checked tournament: %+v %v", step, err)
		}
		return nil
	})
	if err := CheckNew(announce("--seats=3"), g, now); err == nil || !strings.Contains(err.Error(), "3") {
		t.Errorf("the English text of a refusal of seats: %v", err)
	}
}
