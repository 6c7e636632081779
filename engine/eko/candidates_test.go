package eko

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/pbmgo/pbm/engine/enginetest"
)

// winningMarches lists by brute force every turn with a march that wins
// at once for the seat to move: every first action, MARCH, every second
// action.
func winningMarches(s *state) []string {
	var out []string
	b, seat := s.b, s.toMove
	if s.over || len(s.swaps) > 0 {
		return nil
	}
	for _, a := range legalActions(b, &s.p, seat, s.direct) {
		q := s.p
		s.apply(&q, seat, a)
		if _, _, over := s.victory(&q, seat); over {
			continue
		}
		exchange(&q, b.players)
		if !canMarch(&q, seat) {
			continue
		}
		applyMarch(&q, seat)
		for _, a2 := range legalActions(b, &q, seat, s.direct) {
			r := q
			s.apply(&r, seat, a2)
			if w, _, over := s.victory(&r, seat); over && len(w) == 1 && w[0] == seat {
				out = append(out, a.format(b)+";MARCH;"+a2.format(b))
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestCandidatesAreTheWinningMarches: along random games, Candidates
// is exactly the brute-force list of marches that win at once, each of
// them ends the game with the mover the winner, and none is in Legal.
// Among them must be marches the first action's construction pays for
// (its discs go to the reserve; rule book part 1, items 5 and 6).
func TestCandidatesAreTheWinningMarches(t *testing.T) {
	games := 12
	if enginetest.Long() {
		games = 100
	}
	// paid counts the positions with a winning march only a first
	// action's construction pays for: three discs short before it.
	found, positions, paid := 0, 0, 0
	for _, n := range []int{2, 3} {
		for g := range games {
			seed := uint64(300 + 10*n + g)
			es, err := Game{}.New(n, map[string]string{"direct": ""}, seed)
			if g%2 == 0 {
				es, err = Game{}.New(n, nil, seed)
			}
			if err != nil {
				t.Fatal(err)
			}
			s := es.(*state)
			r := rand.New(rand.NewPCG(seed, 5))
			for !s.over {
				got := s.Candidates()
				slices.Sort(got)
				if want := winningMarches(s); !slices.Equal(got, want) {
					t.Fatalf("%d players seed %d turn %d: Candidates %v, winning marches %v", n, seed, s.turns, got, want)
				}
				legal := s.Legal()
				for _, m := range got {
					if _, in := slices.BinarySearch(legal, m); in {
						t.Fatalf("%s is in Legal too", m)
					}
					c := s.Clone()
					if _, err := c.Play(m); err != nil {
						t.Fatalf("Play(%s): %v", m, err)
					}
					if res := c.Result(); !res.Over || !slices.Equal(res.Winners, []int{s.toMove}) {
						t.Fatalf("%s: the game is not won by seat %d: %+v", m, s.toMove, res)
					}
				}
				found += len(got)
				if len(got) > 0 && !canMarch(&s.p, s.toMove) {
					paid++
				}
				positions++
				if len(got) > 0 && r.IntN(2) == 0 {
					s.Play(got[r.IntN(len(got))])
					continue
				}
				s.PlayRandom(r.IntN)
			}
		}
	}
	t.Logf("%d winning marches in %d positions, %d of them paid by the first action", found, positions, paid)
	if found == 0 {
		t.Error("no position with a winning march: the test checked only empty lists")
	}
	if paid == 0 {
		t.Error("no winning march paid by a construction's discs: that rule went unchecked")
	}
}
