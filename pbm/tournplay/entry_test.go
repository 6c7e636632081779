package tournplay

import (
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/store"
)

// TestEnterQuitStart: a player enters himself with his rating; only
// the one who runs the tournament (its organiser or an admin) enters
// the computer, and not past the organiser's limit of boards of the
// computer against itself; a player leaves before the start; only the
// one who runs it starts it. A refused entry of the organiser or of
// the same player twice leaves the entrants as they were.
func TestEnterQuitStart(t *testing.T) {
	st := storetest.Open(t)
	games := []string{"nim"}
	storetest.Update(t, st, func(tx *store.Tx) error {
		if err := tx.PutRating("nim", store.Rating{User: "alice", Rating: 1850}); err != nil {
			return err
		}
		return tournament.Save(tx, tournament.Announce("nim", "Spring", "org", tournament.RoundRobin, time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC)))
	})
	storetest.Update(t, st, func(tx *store.Tx) error {
		tr, err := tournament.Load(tx, "nim", "Spring")
		if err != nil {
			return err
		}
		if err := Enter(tx, tr, "alice", "alice", false, games, tournament.Limits{}); err != nil {
			t.Errorf("alice enters: %v", err)
		}
		if len(tr.Entrants) != 1 || tr.Entrants[0].Rating != 1850 {
			t.Errorf("entrants %+v, want alice at 1850", tr.Entrants)
		}
		if got := refusalID(Enter(tx, tr, "alice", "alice", false, games, tournament.Limits{})); got != "TournCannotJoin" {
			t.Errorf("alice enters twice: %q", got)
		}
		if got := refusalID(Enter(tx, tr, "bob", "computer:easy", false, games, tournament.Limits{})); got != "TournOrganiserComputer" {
			t.Errorf("bob enters the computer: %q", got)
		}
		if len(tr.Entrants) != 1 {
			t.Errorf("refused entries changed the entrants: %+v", tr.Entrants)
		}
		if err := Enter(tx, tr, "bob", "computer:easy", true, games, tournament.Limits{}); err != nil {
			t.Errorf("an admin enters the computer: %v", err)
		}
		if err := Enter(tx, tr, "ORG", "computer:hard", false, games, tournament.Limits{}); err != nil {
			t.Errorf("the organiser enters the computer: %v", err)
		}
		// Two computer entrants meet on one board; a third would
		// make three such boards, past a limit of two.
		if got := refusalID(Enter(tx, tr, "org", "computer:normal", false, games, tournament.Limits{ComputerBoards: 2})); got != "TournComputerLimit" {
			t.Errorf("a third computer entrant: %q", got)
		}
		if got := refusalID(tournament.Quit(tr, "carol")); got != "TournCannotLeave" {
			t.Errorf("carol, no entrant, leaves: %q", got)
		}
		if err := tournament.Quit(tr, "alice"); err != nil || tr.Entered("alice") {
			t.Errorf("alice leaves: %v, still entered %v", err, tr.Entered("alice"))
		}
		if got := refusalID(tournament.CheckStarter(tr, "bob", false)); got != "TournOrganiserStart" {
			t.Errorf("bob starts: %q", got)
		}
		if tournament.CheckStarter(tr, "Org", false) != nil || tournament.CheckStarter(tr, "bob", true) != nil {
			t.Error("the organiser or an admin may not start")
		}
		return tournament.Save(tx, tr)
	})
}
