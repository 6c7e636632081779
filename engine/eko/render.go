package eko

import (
	"fmt"
	"io"
	"strings"

	"github.com/pbmgo/pbm/engine"
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

// Board writes the map, the per-player block and the last turn, in
// English. Rule book part 1, item 9.
func (s *state) Board(w io.Writer, names []string) {
	engine.WriteLines(w, s.BoardLines(names))
}

var _ engine.TextBoard = (*state)(nil)

// BoardLines is the board as Board writes it: the map as drawn, the
// legend, the per-player block and the status as messages. The rows
// of the map alternate between cells under the numbers of the top
// ruler and cells over those of the bottom one, so that every cell's
// name (row letter and column number) can be read.
func (s *state) BoardLines(names []string) []engine.Line {
	var lines []engine.Line
	text := func(t string) { lines = append(lines, engine.Line{Text: t}) }
	b := s.b
	text(s.ruler(0))
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
		text(strings.TrimRight(string(row), " "))
	}
	text(s.ruler(3))
	lines = append(lines, engine.Line{Msg: s.legend()})
	text("")
	return append(lines, s.status(names)...)
}

// legend names the first cell of the first two rows, to show how the
// rulers are read, and the terrain letters. Its English is three
// lines.
func (s *state) legend() *engine.Refusal {
	b := s.b
	var ex []any
	for r := 0; r < b.rows && len(ex) < 2; r++ {
		for c := 1; c <= b.cols; c++ {
			if i := b.grid[r][c]; i >= 0 {
				where := msgBoardTop
				if b.x[i]%2 == 1 {
					where = msgBoardBottom
				}
				ex = append(ex, where.New("Cell", b.name[i]))
				break
			}
		}
	}
	for len(ex) < 2 { // a map has rows enough; never reached
		ex = append(ex, "-")
	}
	return msgBoardLegend.New("First", ex[0], "Second", ex[1],
		"Reg", reg.msg(), "Ravine", ravine.msg(), "Mountain", mountain.msg())
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

// status is, per player: points, reserve, where the Emperor is, the
// buildings left (camps/towers/castles), the captive Emperors held,
// whether he holds a capital and the discs destroyed by marches. Then
// whose turn it is and the last turn.
func (s *state) status(names []string) []engine.Line {
	b, p := s.b, &s.p
	var lines []engine.Line
	msg := func(r *engine.Refusal) { lines = append(lines, engine.Line{Msg: r}) }
	msg(msgBoardHeader.New())
	for _, seat := range s.turnOrder() {
		// The columns of data come padded; the words (where the Emperor
		// is, whether the seat holds a capital) are in the row's text.
		row, captor := 0, ""
		switch {
		case p.captor[seat] >= 0:
			row, captor = 2, string(s.colour[p.captor[seat]])
		case p.empRes[seat]:
			row = 4
		}
		if p.holdsCapital(b, seat) {
			row++
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
		args := []any{"Mark", mark, "Letter", string(s.colour[seat]),
			"Name", fmt.Sprintf("%-12s", short(names, seat)),
			"VP", fmt.Sprintf("%3d", p.points(b, seat)), "Reserve", fmt.Sprintf("%7d", p.reserve[seat]),
			"Supply", fmt.Sprintf("%6s", supply), "Captives", fmt.Sprintf("%-8s", captives),
			"Marched", fmt.Sprintf("%7d", p.destroyed[seat])}
		if captor != "" {
			args = append(args, "Captor", captor)
		}
		msg(msgBoardRow[row].New(args...))
	}
	msg(msgBoardKey.New())
	setup := msgBoardSetup
	if s.direct {
		setup = msgBoardSetupDirect
	}
	msg(setup.New("Players", msgBoardPlayers.N(b.players, "N", b.players),
		"Tiles", msgBoardTiles.N(len(b.layout), "N", len(b.layout)), "Letter", string(s.colour[s.start])))
	if s.lastSeat >= 0 {
		msg(msgBoardLast.New("Who", s.who(s.lastSeat, names), "Turn", s.last))
	}
	switch {
	case s.over:
		msg(msgBoardOver.New("Reason", s.why))
	case len(s.swaps) > 0:
		msg(msgBoardSwap.New("Who", s.who(s.toMove, names)))
	default:
		msg(msgBoardTurn.New("Turn", s.turns+1, "Max", turnsPerSeat*b.players, "Who", s.who(s.toMove, names)))
	}
	return lines
}

// rowText is a row of the per-player block: the data padded to the
// widths of the header's columns, with where the Emperor is and
// whether the seat holds a capital written in.
func rowText(emperor, capital string) string {
	return fmt.Sprintf("{{.Mark}}{{.Letter}} {{.Name}} {{.VP}} {{.Reserve}} %-9s {{.Supply}} {{.Captives}} %-7s {{.Marched}}", emperor, capital)
}

// msgBoardRow are the rows of the per-player block: the Emperor on the
// board, held by the seat Captor, in the reserve; each without, then
// with a capital.
var msgBoardRow = [6]engine.Message{
	engine.Define("BoardEkoRowOnBoard", rowText("on board", "no")),
	engine.Define("BoardEkoRowOnBoardCapital", rowText("on board", "yes")),
	engine.Define("BoardEkoRowHeld", rowText("held by {{.Captor}}", "no")),
	engine.Define("BoardEkoRowHeldCapital", rowText("held by {{.Captor}}", "yes")),
	engine.Define("BoardEkoRowReserve", rowText("reserve", "no")),
	engine.Define("BoardEkoRowReserveCapital", rowText("reserve", "yes")),
}

// The sentences of the board. Who is a seat's letter and userid
// ("a (alice)"), Letter a seat's letter alone, Turn a turn in notation
// (Last) or a number. The legend and the key of the block are each one
// text in lines ({{"\n"}} between them).
var (
	msgBoardLegend = engine.Define("BoardEkoLegend",
		`Cells: row letter and the number in line with the cell on the top or{{"\n"}}`+
			`bottom ruler; the first cells are {{.First}}, {{.Second}}. Under a{{"\n"}}`+
			`building: r {{.Reg}}, v {{.Ravine}}, m {{.Mountain}} ([a1v]: a's camp on a ravine).`)
	msgBoardTop    = engine.Define("BoardEkoCellTop", "{{.Cell}} (top)")
	msgBoardBottom = engine.Define("BoardEkoCellBottom", "{{.Cell}} (bottom)")
	msgBoardHeader = engine.Define("BoardEkoHeader",
		fmt.Sprintf("   %-12s %3s %7s %-9s %6s %-8s %-7s %7s",
			"player", "VP", "reserve", "Emperor", "supply", "captives", "capital", "marched"))
	msgBoardKey = engine.Define("BoardEkoKey",
		`(in turn order; * to move, x left the game, - knocked out: no discs on{{"\n"}}`+
			`the board; supply = camps/towers/castles left)`)
	msgBoardPlayers     = engine.DefinePlural("BoardEkoPlayers", "{{.N}} player", "{{.N}} players")
	msgBoardTiles       = engine.DefinePlural("BoardEkoTiles", "{{.N}} tile", "{{.N}} tiles")
	msgBoardSetup       = engine.Define("BoardEkoSetup", "{{.Players}}, {{.Tiles}}; {{.Letter}} drawn to start.")
	msgBoardSetupDirect = engine.Define("BoardEkoSetupDirect", "{{.Players}}, {{.Tiles}}, option -direct; {{.Letter}} drawn to start.")
	msgBoardLast        = engine.Define("BoardEkoLast", "Last: {{.Who}} {{.Turn}}")
	msgBoardOver        = engine.Define("BoardEkoOver", "Game over: {{.Reason}}.")
	msgBoardSwap        = engine.Define("BoardEkoSwapRound", "Emperor swap round: {{.Who}} to send SWAP:<Emperor>:<disc> or NOSWAP.")
	msgBoardTurn        = engine.Define("BoardEkoTurn", "Turn {{.Turn}} of at most {{.Max}}: {{.Who}} to move.")
)
