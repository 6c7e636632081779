package eko

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/enginetest"
)

var golden = []string{"alice", "bob", "carol", "dave"}

func drawn(s engine.State) string {
	var w strings.Builder
	s.Board(&w, golden)
	return w.String()
}

// advance plays random legal moves chosen from seed.
func advance(t *testing.T, s engine.State, seed uint64, plies int) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 1))
	for i := 0; i < plies && !s.Result().Over; i++ {
		l := s.Legal()
		if _, err := s.Play(l[r.IntN(len(l))]); err != nil {
			t.Fatal(err)
		}
	}
}

func TestGoldenBoards(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		s, err := Game{}.New(n, nil, 2024)
		if err != nil {
			t.Fatal(err)
		}
		enginetest.Golden(t, fmt.Sprintf("start%d.golden", n), drawn(s))
		advance(t, s, 7, 60*n)
		enginetest.Golden(t, fmt.Sprintf("middle%d.golden", n), drawn(s))
	}
	s, _ := Game{}.New(4, map[string]string{"direct": ""}, 11)
	advance(t, s, 3, 1000)
	if !s.Result().Over {
		t.Fatal("the game did not end")
	}
	enginetest.Golden(t, "over4.golden", drawn(s))
}

func TestGoldenTokens(t *testing.T) {
	s := picture(t, 3, `
A  [r]   [v]   [m]   {C}   ##    .
B     [a1]  [b2]  [c3]  {a2}  {b1}  a4
C  A1    b2    B3    c4    C1    .
`)
	s.captive(1, 0)
	s.turns = 17
	s.lastSeat, s.last = 2, "B:E4:C:F5;MARCH;G4-E7;R:E7:3"
	s.p.destroyed[2], s.p.reserve[2] = 3, s.p.reserve[2]-3
	if err := s.Resign(1); err != nil {
		t.Fatal(err)
	}
	enginetest.Golden(t, "tokens.golden", drawn(s))
}
