package computer

import (
	"context"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/enginetest"
)

// shallow is Nim with an even evaluation and a PlayoutDepth of 0; it
// counts the moves played on it and on its clones.
type shallow struct {
	engine.State
	plays *int
}

func (s shallow) Play(m string) (string, error) {
	*s.plays++
	return s.State.Play(m)
}
func (s shallow) Clone() engine.State { return shallow{s.State.Clone(), s.plays} }
func (s shallow) Evaluate() []float64 { return []float64{0.5, 0.5} }
func (s shallow) PlayoutDepth() int   { return 0 }

// TestRollout: a level with Rollout plays Depth random moves in every
// play-out of a game whose PlayoutDepth is 0; one without plays none.
func TestRollout(t *testing.T) {
	count := func(rollout bool) int {
		s, err := enginetest.Nim{}.New(2, map[string]string{"stones": "1000"}, 1)
		if err != nil {
			t.Fatal(err)
		}
		plays := 0
		lvl := Level{Name: "test", Playouts: 200, Depth: 6, Rollout: rollout}
		if _, err := Move(context.Background(), shallow{s, &plays}, 2, lvl, 1); err != nil {
			t.Fatal(err)
		}
		return plays
	}
	plain, rolled := count(false), count(true)
	t.Logf("moves played: %d without Rollout, %d with", plain, rolled)
	if rolled < plain+5*200 {
		t.Errorf("with Rollout %d moves, without %d: the play-outs did not play their 6 moves", rolled, plain)
	}
	if !Hard.Rollout {
		t.Error("hard does not play its play-outs out")
	}
}
