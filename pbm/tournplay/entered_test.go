package tournplay

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/store"
)

// TestEntered: the tournaments a player entered, of the games asked
// for, each on its line with its round or its winner, under a heading
// naming the player as shown; nothing for a player who entered none;
// and past board.ShownAtMost a note that the list is cut.
func TestEntered(t *testing.T) {
	st := storetest.Open(t)
	created := time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC)
	storetest.Update(t, st, func(tx *store.Tx) error {
		open, done := openAndDone(created)
		other := tournament.Announce("chess", "Else", "org", tournament.RoundRobin, created)
		entrants(other, 2)
		for _, tr := range []*tournament.Tournament{open, done, other} {
			if err := tournament.Save(tx, tr); err != nil {
				return err
			}
		}
		for i := range board.ShownAtMost + 1 {
			tr := tournament.Announce("go", fmt.Sprintf("T%02d", i), "org", tournament.RoundRobin, created)
			if err := tr.Join("many", 1500); err != nil {
				return err
			}
			if err := tournament.Save(tx, tr); err != nil {
				return err
			}
		}
		return nil
	})
	st.View(func(tx *store.Tx) error {
		said, err := Entered(tx, []string{"nim"}, "p2", "P2 shown")
		if err != nil {
			t.Fatal(err)
		}
		text := english(said...)
		for _, want := range []string{"\n\nP2 shown entered 1 tournament:", "\n  nim Done1 roundrobin", "3 entrants; won by p1"} {
			if !strings.Contains(text, want) {
				t.Errorf("Entered(p2) lacks %q:\n%s", want, text)
			}
		}
		if strings.Contains(text, "Open1") || strings.Contains(text, "Else") {
			t.Errorf("Entered(p2) lists a tournament p2 did not enter or of a game not asked for:\n%s", text)
		}
		said, err = Entered(tx, []string{"nim", "chess"}, "p0", "p0")
		if text := english(said...); err != nil || !strings.Contains(text, "p0 entered 3 tournaments:") || !strings.Contains(text, "chess Else") {
			t.Errorf("Entered(p0) = %q %v, want its 3 tournaments of both games", text, err)
		}
		if said, err := Entered(tx, []string{"nim", "chess"}, "nobody", "nobody"); err != nil || said != nil {
			t.Errorf("Entered(nobody) = %v %v, want nothing", said, err)
		}
		said, err = Entered(tx, []string{"go"}, "many", "many")
		text = english(said...)
		if err != nil || !strings.Contains(text, fmt.Sprintf("many entered %d tournaments:", board.ShownAtMost+1)) ||
			!strings.HasSuffix(text, fmt.Sprintf("(at most %d tournaments are shown)", board.ShownAtMost)) ||
			strings.Count(text, "\n  go T") != board.ShownAtMost {
			t.Errorf("Entered(many) is not cut at %d:\n%s", board.ShownAtMost, text)
		}
		return nil
	})
}
