package hexemergo

import (
	"bytes"
	"strings"
	"testing"
)

// setup builds a position for a rule test. cells lists columns as
// "D4:OOX", top man first (O white, X black); hands are the men in hand
// of White and Black; turn is the colour to move. The position counts
// as past White's first move.
func setup(t testing.TB, turn int, handO, handX int, cells string) *state {
	t.Helper()
	s := &state{lastBy: -1, plies: 10}
	s.pos.hand = [2]int8{int8(handO), int8(handX)}
	s.pos.turn = int8(turn)
	for _, f := range strings.Fields(cells) {
		name, stack, ok := strings.Cut(f, ":")
		c, okc := parseCell(name)
		if !ok || !okc || stack == "" {
			t.Fatalf("setup: bad column %q", f)
		}
		var col column
		for i := 0; i < len(stack); i++ {
			bit := uint32(0)
			switch stack[i] {
			case 'O', 'o':
			case 'X', 'x':
				bit = 1
			default:
				t.Fatalf("setup: bad man %q in %q", stack[i], f)
			}
			col.men = col.men<<1 | bit
			col.h++
		}
		s.pos.cells[c] = col
	}
	s.settle(true)
	return s
}

// stackAt describes the column on a cell top man first, "" if empty.
func stackAt(s *state, name string) string {
	c, ok := parseCell(name)
	if !ok {
		panic("stackAt: bad cell " + name)
	}
	col := s.pos.cells[c]
	var b strings.Builder
	for i := 0; i < int(col.h); i++ {
		b.WriteByte(colourLetter[col.man(i)])
	}
	return b.String()
}

func boardText(s *state) string {
	var b bytes.Buffer
	s.Board(&b, []string{"alice", "bob"})
	return b.String()
}

// mustPlay plays moves that must be legal.
func mustPlay(t testing.TB, s *state, moves ...string) {
	t.Helper()
	for _, m := range moves {
		if _, err := s.Play(m); err != nil {
			t.Fatalf("%s: %v\n%s", m, err, boardText(s))
		}
	}
}
