package tournplay

import (
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/store"
)

// english is msgs written in English, one after another.
func english(msgs ...lang.Msg) string { return lang.English().Join(msgs) }

func TestDescribeAndReport(t *testing.T) {
	st := storetest.Open(t)
	storetest.Update(t, st, func(tx *store.Tx) error {
		tr := tournament.Announce("nim", "Spring", "org", tournament.RoundRobin, time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC))
		for _, w := range []string{"--double", "--start=2026-02-01"} {
			if set, err := tr.Set(w); !set || err != nil {
				t.Fatalf("Set %s: %v %v", w, set, err)
			}
		}
		entrants(tr, 3)
		return tournament.Save(tx, tr)
	})
	storetest.Update(t, st, func(tx *store.Tx) error {
		tr, err := tournament.Load(tx, "nim", "Spring")
		if err != nil {
			return err
		}
		if got := strings.Join(tr.IDs(), ","); got != "p0,p1,p2" {
			t.Errorf("IDs %q, want p0,p1,p2", got)
		}
		desc := english(Describe(tr))
		for _, want := range []string{"roundrobin, 2 seats", "double", "starts on 2026-02-01", "-forfeit="} {
			if !strings.Contains(desc, want) {
				t.Errorf("Describe %q lacks %q", desc, want)
			}
		}
		open := english(Report(tr)...)
		if !strings.Contains(open, "Tournament Spring: "+desc+"; organiser org; open, 3 entrants: p0, p1, p2.") {
			t.Errorf("Report before the start:\n%s", open)
		}
		step, err := tournament.Begin(tx, tr, anySetup)
		if err != nil {
			return err
		}
		if len(step.Boards) == 0 {
			t.Fatal("Begin paired no board")
		}
		for i, s := range step.Boards {
			tournament.Started(tx, tr, s, 100+i)
		}
		return tournament.Save(tx, tr)
	})
	storetest.Update(t, st, func(tx *store.Tx) error {
		tr, err := tournament.Load(tx, "nim", "Spring")
		if err != nil {
			return err
		}
		running := english(Report(tr)...)
		for _, want := range []string{"round 1 running.", "Rank Entrant", "Round 1:", "board 100: ", "p0 - p1: running", "board 105: "} {
			if !strings.Contains(running, want) {
				t.Errorf("Report of round 1 lacks %q:\n%s", want, running)
			}
		}
		if strings.Contains(running, "open,") {
			t.Errorf("Report of a started tournament lists it as open:\n%s", running)
		}
		return nil
	})
}

// TestIndex: the list of a game's tournaments puts each, as stored, in
// its part (open, running, finished) with the part's count.
func TestIndex(t *testing.T) {
	st := storetest.Open(t)
	created := time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC)
	storetest.Update(t, st, func(tx *store.Tx) error {
		open, done := openAndDone(created)
		for _, tr := range []*tournament.Tournament{open, done} {
			if err := tournament.Save(tx, tr); err != nil {
				return err
			}
		}
		return nil
	})
	storetest.Update(t, st, func(tx *store.Tx) error {
		var ts []*tournament.Tournament
		for _, name := range []string{"Open1", "Done1"} {
			tr, err := tournament.Load(tx, "nim", name)
			if err != nil {
				return err
			}
			ts = append(ts, tr)
		}
		text := english(Index("Nim", ts)...)
		open, running, finished := strings.Index(text, "Open1"), strings.Index(text, "unning"), strings.Index(text, "Done1")
		if open < 0 || running < 0 || finished < 0 || !(open < running && running < finished) {
			t.Errorf("Index puts the tournaments out of their parts:\n%s", text)
		}
		for _, want := range []string{"Open tournaments of Nim: 1\n  Open1", "2 entrants\nRunning tournaments of Nim: 0\nFinished tournaments of Nim: 1\n  Done1", "3 entrants; won by p1"} {
			if !strings.Contains(text, want) {
				t.Errorf("Index lacks %q:\n%s", want, text)
			}
		}
		return nil
	})
}
