package eko

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

// token is how one cell is drawn. Rule book part 2, section 5: '.'
// empty movement space, a3 a stack of player a (A3 with a's Emperor),
// ## chasm, [r] [v] [m] empty reg, ravine, mountain, {C} empty
// capital, [a1] a's camp, {b2} b's tower on a capital.
func (s *state) token(c int) string {
	b, p := s.b, &s.p
	switch t := b.ter[c]; t {
	case sand:
		st := p.st[c]
		if st.owner < 0 {
			return "."
		}
		l := s.colour[st.owner]
		if st.emp {
			l -= 'a' - 'A'
		}
		return string([]byte{l, '0' + byte(st.height)})
	case chasm:
		return "##"
	default:
		open, close := "[", "]"
		if t == capital {
			open, close = "{", "}"
		}
		if bd := p.bd[c]; bd.level > 0 {
			return open + string([]byte{s.colour[bd.owner], '0' + byte(bd.level)}) + close
		}
		return open + string("..rvmC"[t]) + close
	}
}

// mapToken is a cell as the mailed map draws it: its token, with the
// terrain letter in a building on a construction space (r reg, v
// ravine, m mountain: [a1r], [b2m]), so that the terrain under a
// building can be read.
func (s *state) mapToken(c int) string {
	t := s.b.ter[c]
	if bd := s.p.bd[c]; bd.level > 0 && t.construction() && t != capital {
		return string([]byte{'[', s.colour[bd.owner], '0' + byte(bd.level), "..rvmC"[t], ']'})
	}
	return s.token(c)
}

// ruler is a line of column numbers; shift 0 puts each number over the
// cells of the rows at even half-cell positions, shift 3 under those of
// the rows in between.
func (s *state) ruler(shift int) string {
	var line []byte
	for c := 1; c <= s.b.cols; c++ {
		n := fmt.Sprint(c)
		for len(line) < 5+6*(c-1)+shift-len(n) {
			line = append(line, ' ')
		}
		line = append(line, n...)
	}
	return string(line)
}

// Board writes the map, the per-player block and the last turn. Rule
// book part 1, item 9. The rows alternate between cells under the
// numbers of the top ruler and cells over those of the bottom one, so
// that every cell's name (row letter and column number) can be read.
func (s *state) Board(w io.Writer, names []string) {
	var out bytes.Buffer
	b := s.b
	out.WriteString(s.ruler(0) + "\n")
	for r := 0; r < b.rows; r++ {
		row := []byte{byte('A' + r)}
		for c := 1; c <= b.cols; c++ {
			i := b.grid[r][c]
			if i < 0 {
				continue
			}
			at := 3 + 3*b.x[i]
			for len(row) < at {
				row = append(row, ' ')
			}
			row = append(row, s.mapToken(i)...)
		}
		out.WriteString(strings.TrimRight(string(row), " ") + "\n")
	}
	out.WriteString(s.ruler(3) + "\n")
	out.WriteString(s.legend() + "\n\n")
	s.status(&out, names)
	w.Write(out.Bytes())
}

// legend names the first cell of the first two rows, to show how the
// rulers are read, and the terrain letters.
func (s *state) legend() string {
	b := s.b
	var ex []string
	for r := 0; r < b.rows && len(ex) < 2; r++ {
		for c := 1; c <= b.cols; c++ {
			if b.grid[r][c] >= 0 {
				where := "top"
				if b.x[b.grid[r][c]]%2 == 1 {
					where = "bottom"
				}
				ex = append(ex, fmt.Sprintf("%s (%s)", b.name[b.grid[r][c]], where))
				break
			}
		}
	}
	return "Cells: row letter and the number in line with the cell on the top or\n" +
		"bottom ruler; the first cells are " + strings.Join(ex, ", ") + ". Under a\n" +
		"building: r reg, v ravine, m mountain ([a1v]: a's camp on a ravine)."
}

// turnOrder lists the seats in the order they move, from the seat
// drawn to start.
func (s *state) turnOrder() []int {
	var seats []int
	for k := range s.b.players {
		seats = append(seats, (s.start+k)%s.b.players)
	}
	return seats
}

// seatOf lists the seats in letter order.
func (s *state) seatOf() []int {
	var seats []int
	for l := byte('a'); l < 'a'+byte(s.b.players); l++ {
		for seat := range s.b.players {
			if s.colour[seat] == l {
				seats = append(seats, seat)
			}
		}
	}
	return seats
}

// who names a seat: "a (alice)".
func (s *state) who(seat int, names []string) string {
	if n := short(names, seat); n != "" {
		return fmt.Sprintf("%c (%s)", s.colour[seat], n)
	}
	return fmt.Sprintf("%c", s.colour[seat])
}

// short is the name of seat cut to 12 characters, or "".
func short(names []string, seat int) string {
	if seat < 0 || seat >= len(names) {
		return ""
	}
	r := []rune(strings.Join(strings.Fields(names[seat]), "_"))
	if len(r) > 12 {
		r = r[:12]
	}
	return string(r)
}

// status writes, per player: points, reserve, where the Emperor is,
// the buildings left (camps/towers/castles), the captive Emperors held,
// whether he holds a capital and the discs destroyed by marches. Then
// whose turn it is and the last turn.
func (s *state) status(out *bytes.Buffer, names []string) {
	b, p := s.b, &s.p
	fmt.Fprintf(out, "   %-12s %3s %7s %-9s %6s %-8s %-7s %7s\n",
		"player", "VP", "reserve", "Emperor", "supply", "captives", "capital", "marched")
	for _, seat := range s.turnOrder() {
		name := short(names, seat)
		emp := "on board"
		switch {
		case p.captor[seat] >= 0:
			emp = fmt.Sprintf("held by %c", s.colour[p.captor[seat]])
		case p.empRes[seat]:
			emp = "reserve"
		}
		captives := ""
		for _, t := range s.seatOf() {
			if int(p.captor[t]) == seat {
				captives += string(s.colour[t])
			}
		}
		if captives == "" {
			captives = "-"
		}
		capital := "no"
		if p.holdsCapital(b, seat) {
			capital = "yes"
		}
		mark := " "
		switch {
		case s.resigned[seat]:
			mark = "x"
		case p.onBoard(b, seat) == 0:
			mark = "-"
		case !s.over && seat == s.toMove:
			mark = "*"
		}
		supply := fmt.Sprintf("%d/%d/%d", p.supply[seat][camp], p.supply[seat][tower], p.supply[seat][castle])
		l := fmt.Sprintf("%s%c %-12s %3d %7d %-9s %6s %-8s %-7s %7d",
			mark, s.colour[seat], name, p.points(b, seat), p.reserve[seat], emp, supply,
			captives, capital, p.destroyed[seat])
		out.WriteString(strings.TrimRight(l, " ") + "\n")
	}
	out.WriteString("(in turn order; * to move, x left the game, - knocked out: no discs on\n")
	out.WriteString("the board; supply = camps/towers/castles left)\n")
	opt := ""
	if s.direct {
		opt = ", option -direct"
	}
	fmt.Fprintf(out, "%d players, %d tiles%s; %c drawn to start.\n", b.players, len(b.layout), opt, s.colour[s.start])
	if s.lastSeat >= 0 {
		fmt.Fprintf(out, "Last: %s %s\n", s.who(s.lastSeat, names), s.last)
	}
	switch {
	case s.over:
		fmt.Fprintf(out, "Game over: %s.\n", s.reason)
	case len(s.swaps) > 0:
		fmt.Fprintf(out, "Emperor swap round: %s to send SWAP:<Emperor>:<disc> or NOSWAP.\n", s.who(s.toMove, names))
	default:
		fmt.Fprintf(out, "Turn %d of at most %d: %s to move.\n", s.turns+1, turnsPerSeat*b.players, s.who(s.toMove, names))
	}
}
