package eko

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/pbmgo/pbm/engine/enginetest"
)

// TestPlayRandomIsPlay plays whole games by PlayRandom and checks each
// turn against the engine's own: the turn is in Legal(), Play of it on
// a copy of the position before gives the same canonical text and the
// same state, and every disc is accounted for.
func TestPlayRandomIsPlay(t *testing.T) {
	games := 2
	if enginetest.Long() {
		games = 40
	}
	for _, n := range []int{2, 3, 4} {
		for _, opts := range []map[string]string{nil, {"direct": ""}} {
			for g := range games {
				seed := uint64(900 + 10*n + g)
				es, err := Game{}.New(n, opts, seed)
				if err != nil {
					t.Fatal(err)
				}
				s := es.(*state)
				r := rand.New(rand.NewPCG(seed, 3))
				for ply := 0; !s.over; ply++ {
					before := s.Clone().(*state)
					legal := before.Legal()
					s.PlayRandom(r.IntN)
					if _, found := slices.BinarySearch(legal, s.last); !found {
						t.Fatalf("%d players seed %d ply %d: PlayRandom played %s, not in Legal()", n, seed, ply, s.last)
					}
					got, err := before.Play(s.last)
					if err != nil || got != s.last {
						t.Fatalf("%d players seed %d ply %d: Play(%s) gave %q, %v", n, seed, ply, s.last, got, err)
					}
					if !reflect.DeepEqual(before.Clone(), s.Clone()) { // Clone makes empty lists nil in both
						t.Fatalf("%d players seed %d ply %d: %s by PlayRandom left another state than by Play", n, seed, ply, s.last)
					}
					if err := conservation(s); err != nil {
						t.Fatalf("after %s: %v", s.last, err)
					}
				}
			}
		}
	}
}

// drawable lists every turn PlayRandom can play in s, by walking every
// sequence of answers its intn can give.
func drawable(s *state) []string {
	var out []string
	var walk func(script []int)
	walk = func(script []int) {
		c := s.Clone().(*state)
		var asked []int
		c.PlayRandom(func(n int) int {
			i := len(asked)
			asked = append(asked, n)
			if i < len(script) {
				return script[i]
			}
			return 0
		})
		if len(asked) > len(script) {
			for v := range asked[len(script)] {
				walk(append(slices.Clone(script), v))
			}
			return
		}
		out = append(out, c.last)
	}
	walk(nil)
	slices.Sort(out)
	return out
}

// TestPlayRandomDrawsEveryLegalTurn: on positions along random games,
// the turns PlayRandom can draw are exactly Legal(): none missing, none
// more, none twice.
func TestPlayRandomDrawsEveryLegalTurn(t *testing.T) {
	positions := 0
	for _, n := range []int{2, 3, 4} {
		seed := uint64(40 + n)
		es, err := Game{}.New(n, nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		s := es.(*state)
		r := rand.New(rand.NewPCG(seed, 4))
		for ply := 0; !s.over && ply < 60; ply++ {
			if ply%7 == 0 {
				want, got := s.Legal(), drawable(s)
				if !slices.Equal(got, want) {
					t.Fatalf("%d players seed %d ply %d: PlayRandom draws %d turns, Legal lists %d\n%s",
						n, seed, ply, len(got), len(want), diff(got, want))
				}
				positions++
			}
			s.PlayRandom(r.IntN)
		}
	}
	if positions < 10 {
		t.Errorf("only %d positions compared", positions)
	}
}

// diff names the first turns only one of a and b holds.
func diff(a, b []string) string {
	var out []string
	for _, m := range a {
		if _, ok := slices.BinarySearch(b, m); !ok && len(out) < 5 {
			out = append(out, "drawn, not legal: "+m)
		}
	}
	for _, m := range b {
		if _, ok := slices.BinarySearch(a, m); !ok && len(out) < 10 {
			out = append(out, "legal, not drawn: "+m)
		}
	}
	return fmt.Sprint(out)
}
