package hexatri

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// build sets up a position for a rule test. spec holds tokens:
//
//	D4:R3*B1   3 ordinary pieces and the leader of R, 1 piece of B on D4
//	D4N:r      an ordinary piece of R on triangle D4N (R: the leader)
//	D4=5       5 points on D4
//	turn:B     seat B to move (default R, which also starts the round)
//	round:3    the round number
//
// Pieces not placed stay off the board, ready to enter.
func build(t *testing.T, players int, opts map[string]string, spec string) *state {
	t.Helper()
	es, err := Game{}.New(players, opts, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := es.(*state)
	s.s0, s.first, s.toMove = 0, 0, 0
	for _, tok := range strings.Fields(spec) {
		if name, v, ok := strings.Cut(tok, "="); ok {
			h := s.mustField(t, name)
			n, err := strconv.Atoi(v)
			if err != nil {
				t.Fatalf("bad points %q", tok)
			}
			s.points[h] += n
			s.created += n
			continue
		}
		name, v, ok := strings.Cut(tok, ":")
		if !ok {
			t.Fatalf("bad token %q", tok)
		}
		switch name {
		case "turn":
			s.toMove = strings.Index("RBGYWK", v)
			continue
		case "round":
			s.round, _ = strconv.Atoi(v)
			continue
		}
		f := s.mustField(t, name)
		if !s.g.isHex(f) {
			q := strings.Index("RBGYWK", strings.ToUpper(v))
			s.place(t, q, unicode.IsUpper(rune(v[0])), f)
			continue
		}
		for len(v) > 0 {
			q := strings.Index("RBGYWK", v[:1])
			v = v[1:]
			k := 0
			for len(v) > 0 && v[0] >= '0' && v[0] <= '9' {
				k = 10*k + int(v[0]-'0')
				v = v[1:]
			}
			for i := 0; i < k; i++ {
				s.place(t, q, false, f)
			}
			if len(v) > 0 && v[0] == '*' {
				s.place(t, q, true, f)
				v = v[1:]
			}
		}
	}
	if err := invariant(s); err != nil {
		t.Fatalf("built position: %v", err)
	}
	return s
}

func (s *state) mustField(t *testing.T, name string) int {
	t.Helper()
	f, err := s.g.field(name)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func (s *state) place(t *testing.T, q int, leader bool, f int) {
	t.Helper()
	for i := range s.pieces {
		if pc := s.pieces[i]; pc.owner == q && pc.leader == leader && pc.at == offBoard {
			s.put(i, f)
			return
		}
	}
	t.Fatalf("no piece of seat %d left to place", q)
}

// play plays the actions and fails the test on a refusal; it returns the
// canonical forms.
func play(t *testing.T, s *state, moves ...string) []string {
	t.Helper()
	var out []string
	for _, m := range moves {
		c, err := s.Play(m)
		if err != nil {
			t.Fatalf("%s refused: %v", m, err)
		}
		if err := invariant(s); err != nil {
			t.Fatalf("after %s: %v", m, err)
		}
		out = append(out, c)
	}
	return out
}

// mine plays actions of the seat to move, one turn each; after each
// turn the other seats pass until that seat is to act again (the phase
// goes on, since it acted). It returns the canonical forms of its
// actions. Rule tests use it to try one seat's actions one after
// another.
func mine(t *testing.T, s *state, moves ...string) []string {
	t.Helper()
	p := s.toMove
	var out []string
	for _, m := range moves {
		out = append(out, play(t, s, m)...)
		for s.toMove != p && !s.res.Over {
			play(t, s, "PASS")
		}
	}
	return out
}

// refuse checks that a move is refused with a message containing want,
// and that the board is unchanged.
func refuse(t *testing.T, s *state, move, want string) {
	t.Helper()
	before := show(s)
	c := s.clone()
	_, err := s.Play(move)
	if err == nil {
		t.Fatalf("%s accepted", move)
	}
	if !strings.Contains(err.Error(), want) {
		t.Errorf("%s: error %q does not say %q", move, err, want)
	}
	if !strings.Contains(err.Error(), "legal now:") {
		t.Errorf("%s: error %q lists no legal moves", move, err)
	}
	if show(s) != before || !sameState(c, s) {
		t.Errorf("%s: refused move changed the board", move)
	}
}

func sameState(a, b *state) bool {
	return show(a) == show(b) && a.passed == b.passed && a.created == b.created && a.spent == b.spent &&
		len(a.orders) == len(b.orders)
}

func show(s *state) string {
	var b bytes.Buffer
	s.Board(&b, []string{"alice", "bob", "carol", "dave", "eve", "fred"})
	return b.String()
}

// at counts the pieces of seat q (letter) on a field.
func (s *state) at(t *testing.T, name string, q byte) int {
	t.Helper()
	return s.count(s.mustField(t, name), strings.IndexByte("RBGYWK", q))
}

func (s *state) pts(t *testing.T, name string) int {
	t.Helper()
	return s.points[s.mustField(t, name)]
}
