package hexatri

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/pbmgo/pbm/engine/enginetest"
)

var goldenNames = []string{"alice", "bob", "carol", "dave", "eve", "fred"}

func board(s *state) string {
	var b bytes.Buffer
	s.Board(&b, goldenNames[:s.n])
	return b.String()
}

// Rule book section 5 and part 1, item 10: the radius 3 diagram and the
// state block after a round with production, a battle, an encirclement
// and a shot, in the middle of the next round.
func TestGoldenRadius3(t *testing.T) {
	s := build(t, 2, opt("shoot", "blockade"),
		"D4:R2* C3:R3B1 E4:B2 A1:B1 A1N:r D4N:r G4S:b G4:B* F2:R1 D4=6 F2=2 E4=2 A1=1")
	play(t, s, "SHOOT:E4 D4N-C3@D4", "PASS", "PASS")
	play(t, s, "L:G4-G4SE!", "L:D4-D4S! D4-E3N@D4")
	enginetest.Golden(t, "board_r3.golden", board(s))
}

// The radius 4 diagram of a 6-player game after some random rounds.
func TestGoldenRadius4(t *testing.T) {
	es, _ := Game{}.New(6, opt("startpoints"), 42)
	s := es.(*state)
	r := rand.New(rand.NewPCG(42, 7))
	for s.round < 9 && !s.res.Over {
		if _, err := s.Play(eagerPick(s.Legal(), r)); err != nil {
			t.Fatal(err)
		}
	}
	enginetest.Golden(t, "board_r4.golden", board(s))
	es, _ = Game{}.New(4, nil, 1)
	enginetest.Golden(t, "board_r4_start.golden", board(es.(*state)))
}

// A finished game.
func TestGoldenOver(t *testing.T) {
	s := build(t, 3, nil, "A1N:R A1:B1 G4S:B G4:R1 D4:G*")
	passRound(t, s)
	enginetest.Golden(t, "board_over.golden", board(s))
}

// The help text, lines of at most 79 columns.
func TestGoldenHelp(t *testing.T) {
	enginetest.Golden(t, "help.golden", Game{}.Help())
}
