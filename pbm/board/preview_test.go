package board

import (
	"errors"
	"reflect"
	"testing"

	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/store"
)

// TestPreview: the moves are played on the state given and returned in
// canonical form; an illegal move and a move after the end are
// refused with the move as written, the moves before it played.
func TestPreview(t *testing.T) {
	g := hexemergo.Game{}
	st, err := g.New(2, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	path := legalPath(t, st, 3, 2)
	try := st.Clone()
	played, err := Preview(try, path)
	if err != nil || !reflect.DeepEqual(played, path) {
		t.Fatalf("preview %v: %v %v", path, played, err)
	}
	if want := afterMoves(t, st, path); !reflect.DeepEqual(try.Legal(), want.Legal()) {
		t.Errorf("the state is not at the position the moves give")
	}
	played, err = Preview(st.Clone(), []string{path[0], "Z99"})
	var pe *PreviewError
	if !errors.As(err, &pe) || pe.Move != "Z99" || pe.Over || pe.Err == nil || !reflect.DeepEqual(played, path[:1]) {
		t.Errorf("illegal move: %v %v", played, err)
	}

	// Play to the end: a move after it is refused as after the end.
	over := st.Clone()
	for i := 0; !over.Result().Over; i++ {
		if i > 5000 {
			t.Fatal("the game does not end")
		}
		if _, err := over.Play(over.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Preview(over, []string{"A1"}); !errors.As(err, &pe) || !pe.Over || pe.Move != "A1" {
		t.Errorf("a move after the end: %v", err)
	}
}

// TestVoteWaiting: the players still in the game who have not
// accepted, in seat order; none without a vote.
func TestVoteWaiting(t *testing.T) {
	b := store.Board{Players: []string{"alice", "bob", "carol"}}
	if w := VoteWaiting(b); w != nil {
		t.Errorf("no vote: %v", w)
	}
	b.Vote = &store.Vote{Kind: "draw", By: 0, Accepted: []int{0}}
	if w := VoteWaiting(b); !reflect.DeepEqual(w, []string{"bob", "carol"}) {
		t.Errorf("waiting %v, want bob, carol", w)
	}
	b.Log = []store.Entry{{Seat: 2, Kind: "resign"}}
	if w := VoteWaiting(b); !reflect.DeepEqual(w, []string{"bob"}) {
		t.Errorf("with carol resigned: %v, want bob", w)
	}
}
