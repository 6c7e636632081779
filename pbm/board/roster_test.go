package board

import (
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/eko"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

func english(ms []lang.Msg) string { return lang.English().Join(ms) }

// TestRosterAndGameCounts: the admin's list of boards has a line for
// each board of the store, running or how it ended; the counts of
// boards are those of the games that have any.
func TestRosterAndGameCounts(t *testing.T) {
	st := listStore(t,
		store.Board{Game: "hexemergo", Number: 1, Players: []string{"alice", "bob"}, Log: make([]store.Entry, 3)},
		store.Board{Game: "hexemergo", Number: 2, Players: []string{"carol", "dave"}, Over: true, Aborted: true})
	err := st.View(func(tx *store.Tx) error {
		boards, err := tx.Boards("")
		if err != nil {
			return err
		}
		text := english(Roster(boards))
		for _, want := range []string{"2 boards:\n", "hexemergo      1    3 moves  alice bob", "running\n", "carol dave"} {
			if !strings.Contains(text, want) {
				t.Errorf("Roster lacks %q:\n%s", want, text)
			}
		}
		if strings.Count(text, "running") != 1 {
			t.Errorf("Roster: the aborted board is not told apart:\n%s", text)
		}
		counts := english(GameCounts(tx.Counts(), []engine.Game{eko.Game{}, hexemergo.Game{}}))
		if counts != "\nhexemergo 1 running, 1 finished" {
			t.Errorf("GameCounts %q", counts)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
