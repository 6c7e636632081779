package tournament

import (
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// TestDue: the clock starts an open tournament on its start day with
// entrants enough, not before the day, not one short of entrants, not
// a started or finished one; a document that does not decode is passed
// over and named.
func TestDue(t *testing.T) {
	st := storetest.Open(t)
	day := time.Date(2026, 12, 7, 0, 0, 0, 0, time.UTC)
	mk := func(name string, n int, start time.Time) *Tournament {
		tr := &Tournament{Game: "nim", Name: name, Organiser: "org", Format: RoundRobin, Seats: 2, StartOn: start}
		entrants(tr, n)
		return tr
	}
	storetest.Update(t, st, func(tx *store.Tx) error {
		started := mk("Started", 3, day)
		started.Started = true
		over := mk("Over", 3, day)
		over.Over = true
		for _, tr := range []*Tournament{mk("Today", 2, day), mk("Tomorrow", 3, day.AddDate(0, 0, 1)),
			mk("Short", 1, day), mk("NoDay", 3, time.Time{}), started, over} {
			if err := Save(tx, tr); err != nil {
				return err
			}
		}
		return tx.PutTournament("nim", "Broken", []byte("{"))
	})
	storetest.Update(t, st, func(tx *store.Tx) error {
		due, skipped, err := Due(tx, []string{"nim", "hex"}, day.Add(time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		if len(due) != 1 || due[0].Name != "Today" {
			t.Errorf("due: %v, want Today alone", names(due))
		}
		if len(skipped) != 1 || skipped[0].Game != "nim" || !strings.Contains(skipped[0].Error(), "tournaments of nim") {
			t.Errorf("skipped: %v", skipped)
		}
		if due, _, _ := Due(tx, []string{"nim"}, day.Add(-time.Second)); len(due) != 0 {
			t.Errorf("due before the day: %v", names(due))
		}
		return nil
	})
}

// TestEnteredBy: the tournaments a player entered, withdrawn or not,
// in every game, the first max and the count of all.
func TestEnteredBy(t *testing.T) {
	st := storetest.Open(t)
	storetest.Update(t, st, func(tx *store.Tx) error {
		for _, g := range []string{"nim", "hex"} {
			for _, name := range []string{"Spring", "Summer", "Autumn"} {
				tr := &Tournament{Game: g, Name: name, Organiser: "org", Format: RoundRobin, Seats: 2}
				entrants(tr, 3)
				if name == "Summer" {
					tr.Entrants = tr.Entrants[1:]
				}
				if err := Save(tx, tr); err != nil {
					return err
				}
			}
		}
		return nil
	})
	storetest.Update(t, st, func(tx *store.Tx) error {
		first, total, err := EnteredBy(tx, []string{"nim", "hex"}, "P0", 3)
		if err != nil {
			t.Fatal(err)
		}
		if total != 4 || len(first) != 3 || first[0].Game != "nim" || first[2].Game != "hex" {
			t.Errorf("entered: %d %v", total, names(first))
		}
		if first, total, _ := EnteredBy(tx, []string{"nim"}, "nobody", 3); total != 0 || len(first) != 0 {
			t.Errorf("entered by nobody: %d %v", total, names(first))
		}
		if err := tx.PutTournament("nim", "Broken", []byte("{")); err != nil {
			return err
		}
		if _, _, err := EnteredBy(tx, []string{"nim"}, "p0", 3); err == nil {
			t.Error("EnteredBy read past a broken document")
		}
		return nil
	})
}

func names(ts []*Tournament) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.Game+"/"+t.Name)
	}
	return out
}
