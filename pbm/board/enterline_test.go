package board

import (
	"errors"
	"reflect"
	"testing"

	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// TestEnterLine: a line entered while another player is to move is
// kept whole; entered at its owner's turn, its first move is checked
// and returned to be played, and the rest kept from the position after
// it; a refused first move or a refused rest keeps nothing; the tree is
// in the store as the command left it.
func TestEnterLine(t *testing.T) {
	b, st := bobToMove(t)
	db := storetest.Open(t)
	stored := func(user string) [][]string {
		t.Helper()
		var x store.Conditional
		if err := db.View(func(tx *store.Tx) (err error) { x, err = ConditionalOf(tx, b, user); return }); err != nil {
			t.Fatal(err)
		}
		return Lines(x.Tree)
	}
	enter := func(user string, seat int, moves []string) (string, error) {
		t.Helper()
		var first string
		err := db.Update(func(tx *store.Tx) error {
			x, err := ConditionalOf(tx, b, user)
			if err != nil {
				return err
			}
			Sync(&x, b)
			first, err = EnterLine(tx, &x, b, st, seat, moves)
			return err
		})
		return first, err
	}

	// Alice is not to move: her line is kept whole, nothing to play.
	line := legalPath(t, st, 4, 0)
	if first, err := enter("alice", 0, line); err != nil || first != "" {
		t.Fatalf("alice's line: first %q, %v", first, err)
	}
	if got := stored("alice"); !reflect.DeepEqual(got, [][]string{line}) {
		t.Fatalf("alice's tree %v, want %v", got, [][]string{line})
	}

	// Bob is to move: the first move is his, the rest is kept.
	own := legalPath(t, st, 3, 1)
	first, err := enter("bob", 1, own)
	if err != nil || first != own[0] {
		t.Fatalf("bob's line at his turn: first %q, %v; want %q", first, err, own[0])
	}
	if got := stored("bob"); !reflect.DeepEqual(got, [][]string{own[1:]}) {
		t.Fatalf("bob's tree %v, want %v", got, [][]string{own[1:]})
	}

	// An illegal first move: a FirstMoveError, the tree as it was.
	_, err = enter("bob", 1, []string{"Z99", own[1]})
	var fe *FirstMoveError
	if !errors.As(err, &fe) || fe.Move != "Z99" || fe.Err == nil {
		t.Errorf("illegal first move: %v", err)
	}
	// A refused rest: a LineError, the tree as it was.
	_, err = enter("bob", 1, []string{own[0], "Z99"})
	var le *LineError
	if !errors.As(err, &le) || le.Kind != LineIllegal {
		t.Errorf("illegal rest: %v", err)
	}
	if got := stored("bob"); !reflect.DeepEqual(got, [][]string{own[1:]}) {
		t.Errorf("refused lines changed bob's tree: %v", got)
	}
}
