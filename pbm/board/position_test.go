package board

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/esagek"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/store"
)

func boardText(st engine.State) string {
	var w strings.Builder
	st.Board(&w, []string{"a", "b"})
	return w.String() + strings.Join(st.Legal(), " ")
}

// TestPositionCache plays random games and checks, after every move,
// that the position built through the cache is the position a full
// replay without it gives, also after a take-back shortens the log
// and for a board whose seed differs.
func TestPositionCache(t *testing.T) {
	for _, g := range []engine.Game{hexemergo.Game{}, esagek.Game{}} {
		reg := engine.NewRegistry(g)
		cache := NewPositions(4)
		cached := func(b store.Board, upto int) (engine.Game, engine.State, error) { return Replay(reg, cache, b, upto) }
		plain := func(b store.Board, upto int) (engine.Game, engine.State, error) { return Replay(reg, nil, b, upto) }
		rng := rand.New(rand.NewPCG(7, 8))
		b := store.Board{Game: g.Name(), Number: 101, Seed: 42, Players: []string{"a", "b"}}
		st, _ := g.New(2, nil, b.Seed)
		for ply := 0; ply < 60 && st.ToMove() >= 0; ply++ {
			legal := st.Legal()
			mv, err := st.Play(legal[rng.IntN(len(legal))])
			if err != nil {
				t.Fatal(err)
			}
			b.Log = append(b.Log, store.Entry{Seat: ply % 2, Move: mv})
			if ply%10 == 9 {
				b.Log = b.Log[:len(b.Log)-1] // a take-back
				st, _ = g.New(2, nil, b.Seed)
				for _, e := range b.Log {
					st.Play(e.Move)
				}
			}
			_, a, err := cached(b, -1)
			if err != nil {
				t.Fatal(err)
			}
			_, want, err := plain(b, -1)
			if err != nil {
				t.Fatal(err)
			}
			if boardText(a) != boardText(want) || boardText(a) != boardText(st) {
				t.Fatalf("%s ply %d: cached position differs from the replay", g.Name(), ply)
			}
			// The caller's changes to the returned state do not reach
			// the cache.
			if l := a.Legal(); len(l) > 0 {
				a.Play(l[0])
			}
		}
		other := b
		other.Seed = 43
		_, a, aerr := cached(other, -1)
		_, want, werr := plain(other, -1)
		if (aerr == nil) != (werr == nil) || aerr == nil && boardText(a) != boardText(want) {
			t.Fatalf("%s: a board with another seed got the cached position", g.Name())
		}
	}
}

func TestBoardsReplayUnreplayable(t *testing.T) {
	bs := NewBoards(func() *engine.Registry { return engine.NewRegistry() }, 4)
	_, _, err := bs.Replay(store.Board{Game: "nosuchgame", Number: 1}, -1)
	var lost *Unreplayable
	if !errors.As(err, &lost) {
		t.Fatalf("replay of a board of a game not offered: %v, want an *Unreplayable", err)
	}
	if !strings.Contains(err.Error(), "game not offered") {
		t.Errorf("error %q does not say the game is not offered", err)
	}
	if _, _, err := bs.Now(store.Board{Game: "nosuchgame", Number: 1}); !errors.As(err, &lost) {
		t.Errorf("Now of a board of a game not offered: %v, want an *Unreplayable", err)
	}
}
