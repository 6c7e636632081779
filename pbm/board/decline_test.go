package board

import (
	"testing"

	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/store"
)

// TestLeave: leaving before every seat has moved declines the
// challenge and removes a two-seat board without a result; after, it
// is a resignation the engine scores. A seat out already cannot leave
// again, and the record is then unchanged.
func TestLeave(t *testing.T) {
	g := hexemergo.Game{}
	st, _ := g.New(2, nil, 5)
	b := store.Board{Game: "hexemergo", Players: []string{"a", "b"}, Queued: map[string][]string{"b": {"A1"}}}
	mv, _ := st.Play(st.Legal()[0])
	b.Log = []store.Entry{{Seat: 0, Move: mv}}
	before := st.Clone()
	declined, err := Leave(&b, st, 1, "resign", t0)
	if err != nil || !declined || b.Log[1].Kind != "decline" || b.Queued["b"] != nil {
		t.Fatalf("leave before moving: %v %v %+v", declined, err, b)
	}
	if !Removed(b, st) || !Outcome(b, st).Over || Outcome(b, st).Reason != "challenge declined" {
		t.Errorf("a declined two-seat board is not removed: %+v", Outcome(b, st))
	}
	if by, ok := Declined(store.Board{Over: true, Players: b.Players, Log: b.Log}); !ok || by != "b" {
		t.Errorf("Declined: %q %v", by, ok)
	}
	n := len(b.Log)
	if _, err := Leave(&b, st, 1, "resign", t0); err == nil || len(b.Log) != n {
		t.Errorf("leaving twice: %v, log %d", err, len(b.Log))
	}

	// Both have moved: a resignation, and the other seat wins.
	st = before
	b = store.Board{Game: "hexemergo", Players: []string{"a", "b"}, Log: []store.Entry{{Seat: 0, Move: mv}}}
	mv2, _ := st.Play(st.Legal()[0])
	b.Log = append(b.Log, store.Entry{Seat: 1, Move: mv2})
	declined, err = Leave(&b, st, 0, "forfeit", t0)
	if err != nil || declined || b.Log[2].Kind != "forfeit" {
		t.Fatalf("leave after moving: %v %v %+v", declined, err, b.Log)
	}
	if res := Outcome(b, st); !res.Over || len(res.Winners) != 1 || res.Winners[0] != 1 || Removed(b, st) {
		t.Errorf("after a forfeit: %+v", res)
	}
}
