package tournplay

import (
	"errors"
	"fmt"

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
