package eko

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/enginetest"
)

// TestBoardLines plays random games of every size, with and without
// -direct, with marches and resignations, and checks at every position
// that the board's lines write what Board writes, that the lines of
// the map hold no English words and that every sentence is a defined
// message whose data fill its placeholders.
func TestBoardLines(t *testing.T) {
	games := 3
	if testing.Short() {
		games = 1
	}
	seen := map[string]bool{}
	for players := 2; players <= 4; players++ {
		for g := range 2 * games {
			opts := map[string]string{}
			if g%2 == 1 {
				opts["direct"] = ""
			}
			seed := uint64(100*players + g)
			st, err := Game{}.New(players, opts, seed)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*state)
			r := rand.New(rand.NewPCG(seed, 29))
			names := [][]string{{"alice", "bob", "carol", "dave"}, nil, {"a very long userid indeed", ""}}[g%3]
			for ply := 0; ; ply++ {
				enginetest.CheckBoardLines(t, "", s, names, seen, word)
				if s.over {
					break
				}
				switch {
				case r.IntN(150) == 0:
					if err := s.Resign(s.toMove); err != nil {
						t.Fatal(err)
					}
				case len(s.swaps) == 0 && r.IntN(2) == 0:
					m, _ := randomTurn(t, s, r)
					if _, err := s.Play(m); err != nil {
						t.Fatalf("%d players game %d ply %d: %s: %v", players, g, ply, m, err)
					}
				default:
					s.PlayRandom(r.IntN)
				}
			}
		}
	}
	for _, code := range engine.DefinedCodes() {
		if strings.HasPrefix(code, "BoardEko") && !seen[code] {
			t.Errorf("message %s never seen", code)
		}
	}
}

// word is a run of three letters or more: no line of the map has one
// (tokens are a letter or two and digits: a3, [b1r], {C}, ##).
var word = regexp.MustCompile(`[A-Za-z]{3,}`)
