package board

import (
	"errors"
	"fmt"
	"testing"

	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/store"
)

// TestPlay: a command's moves are all played or none; each refusal
// says which kind it is; a move declines an open draw offer and clears
// the player's submitted moves.
func TestPlay(t *testing.T) {
	g := hexemergo.Game{}
	s, err := g.New(2, nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	b := store.Board{Game: "hexemergo", Players: []string{"a", "b"}}
	first := s.Legal()[0]
	b.Vote = &store.Vote{Kind: "draw", By: 1, Accepted: []int{1}}
	b.Submitted = map[string]string{"a": "x"}
	p, err := Play(&b, s, 0, []string{first + "#1"}, t0)
	if err != nil || len(p.Moves) != 1 || !p.DrawLapsed || b.Vote != nil || b.Submitted["a"] != "" || len(b.Log) != 1 || b.Log[0].Seat != 0 {
		t.Fatalf("a move: %+v %v, board %+v", p, err, b)
	}
	cases := []struct {
		seat  int
		moves []string
		kind  int
	}{
		{1, []string{"A1#x"}, MoveBadNumber},
		{1, []string{"A1#5"}, MoveStale},
		{0, []string{"A1"}, MoveNotYours},
		{1, []string{"Q99"}, MoveIllegal},
	}
	for _, c := range cases {
		before := fmt.Sprint(b.Log)
		_, err := Play(&b, s.Clone(), c.seat, c.moves, t0)
		var me *MoveError
		if !errors.As(err, &me) || me.Kind != c.kind || me.Want != 2 {
			t.Errorf("%v by %d: %v (%+v), want kind %d", c.moves, c.seat, err, me, c.kind)
		}
		if fmt.Sprint(b.Log) != before {
			t.Errorf("%v changed the log", c.moves)
		}
	}
	// Two moves of which the second is refused: nothing is applied.
	second := s.Legal()[0]
	if _, err := Play(&b, s.Clone(), 1, []string{second, "Q99"}, t0); err == nil || len(b.Log) != 1 {
		t.Errorf("half a command applied: %v, log %v", err, b.Log)
	}
}
