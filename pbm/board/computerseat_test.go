package board

import (
	"reflect"
	"testing"

	"github.com/pbmgo/pbm/store"
)

// TestComputerSeat: the computer's userids, each with its canonical
// form and level; a board waits for the computer only while running
// with the computer to move, and the boards of the computer against
// itself are served after those where a person waits.
func TestComputerSeat(t *testing.T) {
	for _, c := range []struct {
		id, canon, level string
		ok               bool
	}{
		{"computer", "computer:normal", "normal", true},
		{"Computer:HARD", "computer:hard", "hard", true},
		{"computer:nosuch", "", "", false},
		{"computers", "", "", false},
		{"alice", "", "", false},
	} {
		canon, lvl, ok := ComputerID(c.id)
		if canon != c.canon || lvl.Name != c.level || ok != c.ok {
			t.Errorf("ComputerID(%q) = %q, %q, %v", c.id, canon, lvl.Name, ok)
		}
	}
	mixed := store.Board{Game: "nim", Number: 3, Players: []string{"alice", "computer"}, Log: []store.Entry{{Seat: 0, Move: "take1"}}}
	if w := WaitingOf(mixed, "computer"); w == nil || *w != (store.Waiting{Game: "nim", Number: 3, Moves: 1, Player: "computer:normal"}) {
		t.Errorf("waiting at a mixed board: %+v", w)
	}
	if w := WaitingOf(mixed, "alice"); w != nil {
		t.Errorf("a board where alice is to move waits for the computer: %+v", w)
	}
	over := mixed
	over.Over = true
	if w := WaitingOf(over, "computer"); w != nil {
		t.Errorf("a finished board waits: %+v", w)
	}
	alone := store.Board{Game: "nim", Number: 4, Players: []string{"computer:easy", "computer:hard"}}
	if w := WaitingOf(alone, "computer:easy"); w == nil || !w.ComputerOnly {
		t.Errorf("computer-only board: %+v", w)
	}
	if ComputerOnly(store.Board{}) {
		t.Error("a board without players is computer-only")
	}
	ws := []store.Waiting{{Number: 1, ComputerOnly: true}, {Number: 2}, {Number: 3, ComputerOnly: true}, {Number: 4}}
	var order []int
	for _, w := range HumanFirst(ws) {
		order = append(order, w.Number)
	}
	if !reflect.DeepEqual(order, []int{2, 4, 1, 3}) {
		t.Errorf("served in the order %v, want [2 4 1 3]", order)
	}
}

// TestReaders: a chat on a board is read by its players and
// subscribers, each once whatever the case of the userid, not by its
// writer nor by the computer.
func TestReaders(t *testing.T) {
	b := store.Board{Players: []string{"alice", "computer:hard", "Bob"}, Subscribers: []string{"carol", "BOB", "Alice", "dave"}}
	if got := Readers(b, "ALICE"); !reflect.DeepEqual(got, []string{"Bob", "carol", "dave"}) {
		t.Errorf("readers of alice: %v, want [Bob carol dave]", got)
	}
	if got := Readers(b, "carol"); !reflect.DeepEqual(got, []string{"alice", "Bob", "dave"}) {
		t.Errorf("readers of carol: %v, want [alice Bob dave]", got)
	}
}
