package computer

import (
	"context"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/enginetest"
)

// quick is Nim with an even evaluation, random moves of its own
// (engine.RandomPlay) and a candidate move "extra" that Legal leaves
// out (it takes one stone). It counts the random moves and the calls
// of Candidates on it and on its clones.
type quick struct {
	engine.State
	random, candidates *int
}

func (s quick) Clone() engine.State {
	return quick{s.State.Clone(), s.random, s.candidates}
}
func (s quick) Evaluate() []float64 { return []float64{0.5, 0.5} }
func (s quick) PlayRandom(intn func(int) int) {
	*s.random++
	l := s.Legal()
	s.State.Play(l[intn(len(l))])
}
func (s quick) Play(m string) (string, error) {
	if m == "extra" {
		m = "take1"
	}
	return s.State.Play(m)
}
func (s quick) Candidates() []string {
	*s.candidates++
	return []string{"extra"}
}

func newQuick(t *testing.T) (quick, *int, *int) {
	t.Helper()
	s, err := enginetest.Nim{}.New(2, map[string]string{"stones": "1000"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	random, candidates := 0, 0
	return quick{s, &random, &candidates}, &random, &candidates
}

// TestQuickDepth: in a game with engine.RandomPlay the play-outs play
// by PlayRandom, QuickDepth moves each where the level sets it, Depth
// where not.
func TestQuickDepth(t *testing.T) {
	count := func(quickDepth int) int {
		s, random, _ := newQuick(t)
		lvl := Level{Name: "test", Playouts: 200, Depth: 4, QuickDepth: quickDepth}
		if _, err := Move(context.Background(), s, 2, lvl, 1); err != nil {
			t.Fatal(err)
		}
		return *random
	}
	plain, deep := count(0), count(12)
	t.Logf("random moves: %d at Depth 4, %d at QuickDepth 12", plain, deep)
	if plain != 4*200 || deep != 12*200 {
		t.Errorf("random moves %d and %d, want %d and %d", plain, deep, 4*200, 12*200)
	}
	if Hard.QuickDepth <= Hard.Depth {
		t.Errorf("hard plays out %d moves where they are cheap, %d elsewhere", Hard.QuickDepth, Hard.Depth)
	}
}

// TestCandidatesEverywhere: the engine's Candidates are tried before
// Legal's moves, asked for at the root only by default and at every new
// node with Level.Candidates.
func TestCandidatesEverywhere(t *testing.T) {
	for _, everywhere := range []bool{false, true} {
		s, _, calls := newQuick(t)
		lvl := Level{Name: "test", Playouts: 1, Depth: 1, Candidates: everywhere}
		m, err := Move(context.Background(), s, 2, lvl, 1)
		if err != nil {
			t.Fatal(err)
		}
		if m != "extra" {
			t.Errorf("Candidates %v: the first move tried is %q, not the candidate", everywhere, m)
		}
		*calls = 0
		lvl.Playouts = 200
		if _, err := Move(context.Background(), s, 2, lvl, 1); err != nil {
			t.Fatal(err)
		}
		switch {
		case !everywhere && *calls != 1:
			t.Errorf("Candidates asked for %d times, want once, at the root", *calls)
		case everywhere && *calls < 200:
			t.Errorf("Candidates asked for %d times in 200 play-outs, want once at every new node", *calls)
		}
	}
	if !Hard.Candidates {
		t.Error("hard does not look at the candidates below the root")
	}
}
