package board

import (
	"testing"

	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/store"
)

// TestPlayQueued: queued moves are played while their player is to
// move, logged as automatic; an illegal one is dropped with the rest of
// that player's queue, which then waits for the player.
func TestPlayQueued(t *testing.T) {
	g := hexemergo.Game{}
	st, err := g.New(2, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	probe := st.Clone()
	first := probe.Legal()[0]
	if _, err := probe.Play(first); err != nil {
		t.Fatal(err)
	}
	second := probe.Legal()[0]
	b := store.Board{Game: "hexemergo", Players: []string{"a", "b"}, Queued: map[string][]string{
		"a": {first, "Z99", "Z98"},
		"b": {second},
	}}
	played, dropped := PlayQueued(&b, st, t0)
	if len(played) != 2 || played[0].Seat != 0 || played[1].Seat != 1 || !played[0].Auto || !played[1].At.Equal(t0) {
		t.Fatalf("played %+v", played)
	}
	if len(dropped) != 1 || dropped[0].Seat != 0 || dropped[0].Move != "Z99" || dropped[0].Err == nil {
		t.Fatalf("dropped %+v", dropped)
	}
	if len(b.Log) != 2 || len(b.Queued) != 0 || st.ToMove() != 0 {
		t.Errorf("log %v, queues %v, to move %d", b.Log, b.Queued, st.ToMove())
	}
	// Nothing queued for the player to move: nothing happens.
	b.Queued = map[string][]string{"b": {"A1"}}
	if p, d := PlayQueued(&b, st, t0); p != nil || d != nil || len(b.Queued["b"]) != 1 {
		t.Errorf("out of turn: %v %v %v", p, d, b.Queued)
	}
}
