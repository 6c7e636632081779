package hexemergo

import (
	"math/rand/v2"
	"regexp"
	"testing"

	"github.com/pbmgo/pbm/engine/enginetest"
)

// TestBoardLines plays random games and checks at every position that
// the board's lines write what Board writes, that the lines of the
// drawing hold no English words and that every sentence is a defined
// message whose data fill its placeholders.
func TestBoardLines(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 8
	}
	seen := map[string]bool{}
	for g := range games {
		r := rand.New(rand.NewPCG(uint64(g), 29))
		s := newState(g%2 == 1)
		names := [][]string{{"alice", "bob"}, nil, {"jana", ""}}[g%3]
		for ply := 0; ; ply++ {
			enginetest.CheckBoardLines(t, "", s, names, seen, word)
			if s.over {
				break
			}
			if r.IntN(200) == 0 {
				s.Resign(r.IntN(2))
				continue
			}
			if _, err := s.Play(s.legal[r.IntN(len(s.legal))]); err != nil {
				t.Fatalf("game %d ply %d: %v", g, ply, err)
			}
		}
	}
	// A draw by repetition.
	s := setup(t, white, 0, 0, "A1:O G7:X")
	for range 2 {
		for _, m := range []string{"A1-A2", "G7-G6", "A2-A1", "G6-G7"} {
			enginetest.CheckBoardLines(t, "", s, []string{"jana", "petr"}, seen, word)
			mustPlay(t, s, m)
		}
	}
	enginetest.CheckBoardLines(t, "", s, []string{"jana", "petr"}, seen, word)
	if !s.over || len(s.winners) != 0 {
		t.Fatalf("no draw: %v", s.Result())
	}
	for _, code := range []string{"BoardHexemergoInHand", "BoardHexemergoLastMove", "BoardHexemergoToMove", "BoardHexemergoOver", "BoardHexemergoWon"} {
		if !seen[code] {
			t.Errorf("message %s never seen", code)
		}
	}
}

// word is a run of three letters or more: no line of the drawing has
// one (cells, columns and line labels are a letter and digits).
var word = regexp.MustCompile(`[A-Za-z]{3,}`)
