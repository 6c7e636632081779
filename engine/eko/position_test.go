package eko

import (
	"strings"
	"testing"
)

// picture builds a test position from a drawing in the format of the
// board display: a row letter, then one token per cell starting at
// column 3+3x, where x is the half-cell position; rows alternate
// between even and odd x. Tokens: '.' empty movement space, a3 stack
// (A3 with a's Emperor), ## chasm, [r] [v] [m] {C} empty construction
// spaces, [a1] [b2] [c3] buildings (on a reg, ravine and mountain;
// write [a1m] or [a2m] for a camp or tower on a mountain, [a1v] for a
// camp on a ravine), {a1} {a2} on a capital. Seat a is 0, b is 1 and
// so on; everything not on the board is in the reserve.
func picture(t testing.TB, players int, pic string) *state {
	t.Helper()
	type item struct {
		row, x int
		tok    string
	}
	var items []item
	row := 0
	for _, line := range strings.Split(strings.Trim(pic, "\n"), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		for i := 1; i < len(line); i++ {
			if line[i] == ' ' || (line[i-1] != ' ') {
				continue
			}
			j := i
			for j < len(line) && line[j] != ' ' {
				j++
			}
			if (i-3)%3 != 0 {
				t.Fatalf("row %d: token %q at column %d, not 3+3x", row, line[i:j], i)
			}
			items = append(items, item{row, (i - 3) / 3, line[i:j]})
		}
		row++
	}
	parity := items[0].x % 2
	var cells []rawCell
	type content struct {
		st stack
		bd building
	}
	at := map[[2]int]content{}
	for _, it := range items {
		if (it.x-it.row-parity)%2 != 0 {
			t.Fatalf("row %d: x %d has the wrong parity", it.row, it.x)
		}
		q := (it.x - it.row - parity) / 2
		var c content
		c.st.owner = -1
		var ter terrain
		tok := it.tok
		switch {
		case tok == ".":
			ter = sand
		case tok == "##":
			ter = chasm
		case tok == "[r]":
			ter = reg
		case tok == "[v]":
			ter = ravine
		case tok == "[m]":
			ter = mountain
		case tok == "{C}":
			ter = capital
		case len(tok) == 2:
			ter = sand
			l := tok[0]
			if l < 'a' {
				c.st.emp = true
				l += 'a' - 'A'
			}
			c.st.owner, c.st.height = int8(l-'a'), int8(tok[1]-'0')
		case tok[0] == '[' || tok[0] == '{':
			c.bd = building{owner: int8(tok[1] - 'a'), level: int8(tok[2] - '0')}
			ter = [...]terrain{reg, reg, ravine, mountain}[c.bd.level]
			if tok[0] == '{' {
				ter = capital
			} else if len(tok) == 5 {
				ter = code(strings.ToUpper(tok[3:4])[0])
			}
		default:
			t.Fatalf("bad token %q", tok)
		}
		cells = append(cells, rawCell{q, it.row, ter})
		at[[2]int{q, it.row}] = c
	}
	b := makeBoard(players, append([]rawCell(nil), cells...))
	s := &state{b: b, lastSeat: -1}
	for seat := range players {
		s.colour[seat] = byte('a' + seat)
	}
	p := &s.p
	for i := range p.st {
		p.st[i] = stack{owner: -1}
	}
	for seat := range 4 {
		p.captor[seat] = -1
		p.supply[seat] = supplyOf
	}
	// makeBoard sorted the cells in reading order.
	for i, rc := range sortedCells(cells) {
		c := at[[2]int{rc.q, rc.r}]
		p.st[i] = c.st
		p.bd[i] = c.bd
		if c.bd.level > 0 {
			p.supply[c.bd.owner][c.bd.level]--
		}
	}
	for seat := range players {
		p.reserve[seat] = int8(discsPerPlayer - p.onBoard(b, seat))
		p.empRes[seat] = true
		for i := 0; i < b.n; i++ {
			if int(p.st[i].owner) == seat && p.st[i].emp {
				p.empRes[seat] = false
			}
		}
	}
	if err := conservation(s); err != nil {
		t.Fatalf("picture: %v", err)
	}
	return s
}

// sortedCells orders cells as makeBoard numbers them.
func sortedCells(cells []rawCell) []rawCell {
	b := makeBoard(0, append([]rawCell(nil), cells...))
	out := make([]rawCell, b.n)
	for _, c := range cells {
		// find the id of c by its row and x
		for i := 0; i < b.n; i++ {
			if b.row[i] == c.r-minR(cells) && b.x[i] == 2*c.q+c.r-minD(cells) {
				out[i] = c
			}
		}
	}
	return out
}

func minR(cells []rawCell) int {
	m := cells[0].r
	for _, c := range cells {
		m = min(m, c.r)
	}
	return m
}

func minD(cells []rawCell) int {
	m := 2*cells[0].q + cells[0].r
	for _, c := range cells {
		m = min(m, 2*c.q+c.r)
	}
	return m
}

// captive makes seat by hold the Emperor of seat of, taking it out of
// the reserve.
func (s *state) captive(of, by int) {
	s.p.empRes[of] = false
	s.p.reserve[of]--
	s.p.captor[of] = int8(by)
}

// setReserve moves reserve discs of seat out of the game (as if
// destroyed by marches) so that n are left; n must be smaller.
func (s *state) setReserve(t testing.TB, seat int, n int8) {
	t.Helper()
	d := s.p.reserve[seat] - n
	if d < 0 {
		t.Fatalf("setReserve: seat %d has only %d", seat, s.p.reserve[seat])
	}
	s.p.reserve[seat] = n
	s.p.destroyed[seat] += d
}

// cell is the id of a named cell; the test fails on a bad name.
func (s *state) at(t testing.TB, name string) int {
	t.Helper()
	c := s.b.cell(name)
	if c < 0 {
		t.Fatalf("no cell %s", name)
	}
	return c
}

// render draws the board for the tests.
func (s *state) render() string {
	var w strings.Builder
	s.Board(&w, []string{"ann", "bob", "cid", "dee"})
	return w.String()
}
