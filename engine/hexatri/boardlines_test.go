package hexatri

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/enginetest"
)

// TestBoardLines plays random games of several variants, with a seat
// resigning now and then, and checks the text board's lines at every
// position (shots, regroupings, blockades, captures and battles among
// them), with names, a long name and none.
func TestBoardLines(t *testing.T) {
	sets := append(append([]map[string]string{}, variantSets...),
		map[string]string{"shoot": "", "regroup": "", "blockade": "", "capture": "", "firstblood": "", "rounds": "12"},
		map[string]string{"size": "2", "shoot1hex": "", "regroup": "", "cloner": "", "capture": "", "rounds": "12", "startpoints": ""})
	games := 4
	if testing.Short() {
		games = 2
	}
	seen := map[string]bool{}
	for si, o := range sets {
		for g := range games {
			players := 2 + (g+si)%5
			r := rand.New(rand.NewPCG(uint64(g), uint64(si)))
			st, err := Game{}.New(players, o, uint64(g+1))
			if err != nil {
				t.Fatal(err)
			}
			names := make([]string, players)
			for i := range names {
				names[i] = fmt.Sprintf("p%d", i+1)
			}
			if g%3 == 1 {
				names[0] = strings.Repeat("averylongname", 3)
			}
			if g%3 == 2 {
				names = nil
			}
			for ply := 0; ply < 2000; ply++ {
				what := fmt.Sprintf("options %v, %d players, game %d, ply %d", o, players, g, ply)
				enginetest.CheckBoardLines(t, what, st, names, nil, nil)
				for _, l := range st.(engine.TextBoard).BoardLines(names) {
					if l.Msg != nil {
						seen[l.Msg.Code] = true
					}
				}
				if st.ToMove() < 0 {
					break
				}
				if r.IntN(300) == 0 {
					_ = st.Resign(r.IntN(players))
					continue
				}
				if _, err := st.Play(eagerPick(st.Legal(), r)); err != nil {
					t.Fatalf("%s: %v", what, err)
				}
			}
		}
	}
	t.Logf("%d messages of lines seen", len(seen))
}
