package tournplay

import (
	"errors"
	"fmt"
	"time"

	"github.com/pbmgo/pbm/pbm/tournament"
)

// anySetup starts every board.
func anySetup(int, map[string]string) error { return nil }

// entrants enters n players p0, p1, ... with falling ratings.
func entrants(t *tournament.Tournament, n int) {
	for i := range n {
		if err := t.Join(fmt.Sprintf("p%d", i), 2000-10*i); err != nil {
			panic(err)
		}
	}
}

func refusalID(err error) string {
	var r *tournament.Refusal
	if !errors.As(err, &r) {
		return ""
	}
	return r.Msg.ID
}

// openAndDone are two Nim round robins announced at created: "Open1",
// open with two entrants, and "Done1", whose three entrants played it
// out, won by p1.
func openAndDone(created time.Time) (open, done *tournament.Tournament) {
	open = tournament.Announce("nim", "Open1", "org", tournament.RoundRobin, created)
	entrants(open, 2)
	done = tournament.Announce("nim", "Done1", "org", tournament.RoundRobin, created)
	entrants(done, 3)
	done.Started, done.Over, done.Winner = true, true, "p1"
	return open, done
}
