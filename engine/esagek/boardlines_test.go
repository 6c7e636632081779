package esagek

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine/enginetest"
)

// TestBoardLines plays random games of every variant, with a seat
// resigning now and then, and checks the text board's lines at every
// position, with names and without.
func TestBoardLines(t *testing.T) {
	games := 3
	if testing.Short() {
		games = 1
	}
	for _, c := range playoutCases {
		t.Run(c.name, func(t *testing.T) {
			for g := range games {
				r := rand.New(rand.NewPCG(uint64(g), 29))
				st, err := Game{}.New(c.players, c.opts, uint64(g+1))
				if err != nil {
					t.Fatal(err)
				}
				names := make([]string, c.players)
				for i := range names {
					names[i] = fmt.Sprintf("p%d", i+1)
				}
				if g%3 == 1 {
					names[0] = strings.Repeat("averylongname", 3)
				}
				if g%3 == 2 {
					names = nil
				}
				for ply := 0; ply < defaultMaxTurns+10; ply++ {
					enginetest.CheckBoardLines(t, fmt.Sprintf("game %d ply %d", g, ply), st, names, nil, nil)
					if st.ToMove() < 0 {
						break
					}
					if c.players > 1 && r.IntN(150) == 0 {
						_ = st.Resign(r.IntN(c.players))
						continue
					}
					legal := st.Legal()
					if _, err := st.Play(legal[r.IntN(len(legal))]); err != nil {
						t.Fatal(err)
					}
				}
			}
		})
	}
}
