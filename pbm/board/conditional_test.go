package board

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/esagek"
	"github.com/pbmgo/pbm/engine/hexatri"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// legalPath plays n moves from st (a copy), each the k-th legal move
// (k wraps), and returns them in canonical notation.
func legalPath(t *testing.T, st engine.State, n, k int) []string {
	t.Helper()
	st = st.Clone()
	var out []string
	for i := 0; i < n; i++ {
		legal := st.Legal()
		if len(legal) == 0 {
			t.Fatalf("no legal move after %v", out)
		}
		c, err := st.Play(legal[k%len(legal)])
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}

// play logs and plays moves on b and st, as a move command does.
// bobToMove is HexEmergo board 7 of alice and bob after alice's first
// legal move, bob to move, and its position.
func bobToMove(t *testing.T) (store.Board, engine.State) {
	t.Helper()
	st, err := hexemergo.Game{}.New(2, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	b := store.Board{Game: "hexemergo", Number: 7, Players: []string{"alice", "bob"}}
	play(t, &b, st, legalPath(t, st, 1, 0)...)
	return b, st
}

func play(t *testing.T, b *store.Board, st engine.State, moves ...string) {
	t.Helper()
	for _, m := range moves {
		seat := st.ToMove()
		c, err := st.Play(m)
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		b.Log = append(b.Log, store.Entry{Seat: seat, Move: c, At: t0})
	}
}

// TestConditionalTree: lines are checked on the position now and kept
// as a tree (shared beginnings shared, one answer after the same
// moves), in the store apart from the board; a refused line says which
// move and why and leaves the tree as it was; the tree walks down the
// moves played, gives the owner's answer at the owner's turn, keeps its
// lines as unplayed on a deviation, and is void after a take-back.
func TestConditionalTree(t *testing.T) {
	b, st := bobToMove(t)
	line := legalPath(t, st, 4, 0)
	other := legalPath(t, st, 2, 3)
	if line[0] == other[0] {
		t.Fatalf("test lines begin alike: %v %v", line, other)
	}
	x := NewConditional(b, "Alice")
	if got, err := AddLine(&x, b, st, 0, line); err != nil || !reflect.DeepEqual(got, line) {
		t.Fatalf("add %v: %v %v", line, got, err)
	}
	if _, err := AddLine(&x, b, st, 0, other); err != nil {
		t.Fatalf("add %v: %v", other, err)
	}
	// The same beginning is shared: a line two moves into the first.
	if _, err := AddLine(&x, b, st, 0, line[:2]); err != nil {
		t.Fatalf("add prefix: %v", err)
	}
	want := [][]string{line, other}
	if got := Lines(x.Tree); !reflect.DeepEqual(got, want) {
		t.Fatalf("lines %v, want %v", got, want)
	}
	before := cloneNodes(x.Tree)
	refused := func(moves []string, kind, number int) {
		t.Helper()
		_, err := AddLine(&x, b, st, 0, moves)
		var le *LineError
		if !errors.As(err, &le) || le.Kind != kind || le.Number != number {
			t.Errorf("%v: %v, want kind %d at move %d", moves, err, kind, number)
		}
		if !reflect.DeepEqual(x.Tree, before) {
			t.Errorf("%v changed the tree: %v", moves, Lines(x.Tree))
		}
	}
	refused([]string{line[0], "Z99"}, LineIllegal, 3)
	refused(line[:3], LineEndsTheirs, 4)
	refused([]string{line[0], legalPath(t, afterMoves(t, st, line[:1]), 1, 5)[0]}, LineConflict, 3)
	refused(nil, LineEmpty, 2)
	// It is bob's turn: bob has no condition to answer.
	if _, err := AddLine(&store.Conditional{}, b, st, 1, line[1:2]); !isLine(err, LineYourTurn) {
		t.Errorf("bob's line at bob's turn: %v", err)
	}
	var le *LineError
	if _, err := AddLine(&x, b, st, 0, []string{line[0], "Z99"}); errors.As(err, &le) {
		if le.State == nil || len(le.Log) != len(b.Log)+1 || le.Err == nil {
			t.Errorf("the refusal's position: %+v", le)
		}
	}

	// Kept in the store apart from the board, read back as written.
	s := storetest.Open(t)
	if err := s.Update(func(tx *store.Tx) error { return tx.PutConditional(x) }); err != nil {
		t.Fatal(err)
	}
	var kept []store.Conditional
	if err := s.View(func(tx *store.Tx) (err error) { kept, err = tx.Conditionals("hexemergo", 7); return }); err != nil {
		t.Fatal(err)
	}
	if len(kept) != 1 || kept[0].User != "alice" || !reflect.DeepEqual(Lines(kept[0].Tree), want) {
		t.Fatalf("kept %+v", kept)
	}
	x = kept[0]

	// Bob plays the root of the first line: alice's answer is due, and
	// is logged at the time of the move it answers.
	play(t, &b, st, line[0])
	if r := Sync(&x, b); r.Kind != SyncAdvanced {
		t.Fatalf("sync after %s: %+v", line[0], r)
	}
	mv, ok := CondAnswer(x, st, 0)
	if !ok || mv != line[1] {
		t.Fatalf("answer %q %v, want %s", mv, ok, line[1])
	}
	if _, ok := CondAnswer(x, st, 1); ok {
		t.Error("an answer for the seat that is not to move")
	}
	e, err := PlayAnswer(&b, st, 0, mv)
	if err != nil || !e.Auto || e.Seat != 0 || !e.At.Equal(b.Log[len(b.Log)-2].At) {
		t.Fatalf("answer played: %+v %v", e, err)
	}
	if r := Sync(&x, b); r.Kind != SyncAdvanced || !reflect.DeepEqual(Lines(x.Tree), [][]string{line[2:]}) {
		t.Fatalf("after the answer: %+v %v", r, Lines(x.Tree))
	}
	// Bob deviates: the rest is kept as unplayed, with where.
	dev := ""
	for _, m := range st.Legal() {
		if m != line[2] {
			dev = m
			break
		}
	}
	at := len(b.Log)
	play(t, &b, st, dev)
	r := Sync(&x, b)
	if r.Kind != SyncDeviated || r.Move != dev || len(x.Tree) != 0 || !reflect.DeepEqual(x.Unplayed, [][]string{line[2:]}) || x.UnplayedAt != at {
		t.Fatalf("deviation: %+v, tree %v, unplayed %v at %d", r, x.Tree, x.Unplayed, x.UnplayedAt)
	}
	// A take-back voids what was built on the move taken back.
	y := NewConditional(b, "bob")
	if _, err := AddLine(&y, b, st, 1, legalPath(t, st, 2, 1)); err != nil {
		t.Fatal(err) // alice is to move: bob's line begins with her move
	}
	b.Log = b.Log[:len(b.Log)-1]
	if r := Sync(&y, b); r.Kind != SyncVoided || len(r.Lines) != 1 || len(y.Tree) != 0 {
		t.Errorf("take-back: %+v %v", r, y.Tree)
	}
}

func afterMoves(t *testing.T, st engine.State, moves []string) engine.State {
	t.Helper()
	st = st.Clone()
	for _, m := range moves {
		if _, err := st.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

func isLine(err error, kind int) bool {
	var le *LineError
	return errors.As(err, &le) && le.Kind == kind
}

// TestConditionalThreeSeats: with three seats the condition before an
// answer is the moves of both other seats, in turn order; a line that
// ends on another seat's move is refused.
func TestConditionalThreeSeats(t *testing.T) {
	g := esagek.Game{}
	opts := map[string]string{"invasion": ""}
	st, err := g.New(3, opts, 1)
	if err != nil {
		t.Fatal(err)
	}
	b := store.Board{Game: "esagek", Number: 3, Players: []string{"a", "b", "c"}, Options: opts}
	owner := st.ToMove()
	play(t, &b, st, legalPath(t, st, 1, 0)...)
	line := legalPath(t, st, 6, 1)
	x := NewConditional(b, b.Players[owner])
	if _, err := AddLine(&x, b, st, owner, line); err != nil {
		t.Fatal(err)
	}
	var seats []int
	for n := x.Tree; len(n) > 0; n = n[0].Next {
		seats = append(seats, n[0].Seat)
	}
	o1, o2 := (owner+1)%3, (owner+2)%3
	if want := []int{o1, o2, owner, o1, o2, owner}; !reflect.DeepEqual(seats, want) {
		t.Errorf("seats of the line %v, want %v", seats, want)
	}
	if _, err := AddLine(&x, b, st, owner, line[:2]); !isLine(err, LineEndsTheirs) {
		t.Errorf("a line ending on the second other seat's move: %v", err)
	}
	if _, err := AddLine(&x, b, st, owner, line[:3]); err != nil {
		t.Errorf("a line the tree holds already: %v", err)
	}
	if _, err := AddLine(&x, b, st, owner, append(append([]string(nil), line[:4]...), "Q9-Q8")); !isLine(err, LineIllegal) {
		t.Errorf("illegal fifth move: %v", err)
	}
}

// TestConditionalTurns: in a game whose turn is several actions the
// separator divides a line into turns; each turn is one move.
func TestConditionalTurns(t *testing.T) {
	g := hexatri.Game{}
	moves, err := LineMoves(g, []string{"IN:A1N", "IN:B2N", "/", "PASS/", "L:D4"})
	if err != nil || !reflect.DeepEqual(moves, []string{"IN:A1N IN:B2N", "PASS", "L:D4"}) {
		t.Errorf("turns %q %v", moves, err)
	}
	if _, err := LineMoves(g, []string{"PASS", "/", "/", "PASS"}); !isLine(err, LineSeparator) {
		t.Errorf("an empty turn: %v", err)
	}
	if got := LineText(g, []string{"IN:A1N IN:B2N", "PASS"}); got != "IN:A1N IN:B2N / PASS" {
		t.Errorf("text %q", got)
	}
	if moves, _ := LineMoves(hexemergo.Game{}, []string{"D3", "/", "D6/D4"}); !reflect.DeepEqual(moves, []string{"D3", "D6", "D4"}) {
		t.Errorf("separators in a game of single moves: %q", moves)
	}
}

// TestFill: long lines are broken at spaces to the width, lines that
// begin with a space (examples) and short ones are left alone.
func TestFill(t *testing.T) {
	long := strings.Repeat("word ", 30)
	got := Fill(long+"\n  an example line that is long but must stay as it is, whatever its width\nshort", 20)
	lines := strings.Split(got, "\n")
	if len(lines) < 8 {
		t.Fatalf("not broken:\n%s", got)
	}
	for _, l := range lines[:len(lines)-2] {
		if len(l) > 20 || strings.HasPrefix(l, " ") || strings.HasSuffix(l, " ") {
			t.Errorf("line %q", l)
		}
	}
	if lines[len(lines)-2] != "  an example line that is long but must stay as it is, whatever its width" || lines[len(lines)-1] != "short" {
		t.Errorf("the example or the short line changed:\n%s", got)
	}
	if strings.Join(strings.Fields(got), " ") != strings.Join(strings.Fields(long+" an example line that is long but must stay as it is, whatever its width short"), " ") {
		t.Errorf("words lost:\n%s", got)
	}
}

// TestExampleLine: the example of each game is a line that plays on a
// new board after its first move, ending on the first mover's turn.
func TestExampleLine(t *testing.T) {
	for _, g := range []engine.Game{hexemergo.Game{}, esagek.Game{}, hexatri.Game{}} {
		line := ExampleLine(g)
		if line == "" {
			t.Errorf("%s: no example", g.Name())
			continue
		}
		moves, err := LineMoves(g, strings.Fields(line))
		if err != nil {
			t.Fatal(err)
		}
		st, _ := g.New(2, nil, 1)
		first := st.ToMove()
		exampleMove(g, st)
		x := NewConditional(store.Board{Game: g.Name(), Players: []string{"a", "b"}}, "a")
		b := store.Board{Game: g.Name(), Players: []string{"a", "b"}, Log: []store.Entry{{Seat: first}}}
		if _, err := AddLine(&x, b, st, first, moves); err != nil {
			t.Errorf("%s: the example %q is refused: %v", g.Name(), line, err)
		}
	}
}
