package hexemergo

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/pbmgo/pbm/engine"
)

// Board display (rule book part 1, item 9; part 2, sections 1.1 and
// 9.3): the pbmserv grid, an empty cell as ".", a column as its owner's
// letter followed by its height when taller than 1. Under the grid come
// the columns taller than 1 from top to bottom, then the men in hand.

// Board writes the diagram and the status block, in English.
func (s *state) Board(w io.Writer, names []string) {
	engine.WriteLines(w, s.BoardLines(names))
}

var _ engine.TextBoard = (*state)(nil)

// BoardLines is the board as Board writes it: the grid and the columns
// as drawn, the men in hand and the status as messages. Player is a
// side and its userid ("Ohs (alice)"), Side a side alone, Move a move
// in notation, Reason how the game ended.
func (s *state) BoardLines(names []string) []engine.Line {
	var lines []engine.Line
	text := func(t string) { lines = append(lines, engine.Line{Text: t}) }
	msg := func(r *engine.Refusal) { lines = append(lines, engine.Line{Msg: r}) }
	text("            1   2   3   4")
	for r := 0; r <= 6; r++ {
		indent := 2 * abs(r-3)
		line := make([]byte, 0, 40)
		line = append(line, strings.Repeat(" ", indent)...)
		line = append(line, byte('A'+r), ' ', '-', ' ')
		k := 0 // cells are 4 columns apart
		for n := 1; n <= 7; n++ {
			if !onBoard(r, n) {
				continue
			}
			line = pad(line, indent+4+4*k)
			line = append(line, cellText(s.pos.cells[cellAt[r][n]])...)
			line = append(line, ' ')
			k++
		}
		if r < 3 {
			// The labels of lines 5, 6 and 7 end rows A, B and C.
			line = pad(line, indent+4+4*(4+r))
			line = append(line, byte('5'+r))
		}
		text(string(bytes.TrimRight(line, " ")))
	}
	for c := cell(0); c < numCells; c++ {
		col := s.pos.cells[c]
		if col.h < 2 {
			continue
		}
		var b strings.Builder
		fmt.Fprintf(&b, "  %s:", c)
		for i := 0; i < int(col.h); i++ {
			b.WriteByte(' ')
			b.WriteByte(colourLetter[col.man(i)])
		}
		text(b.String())
	}
	for colour := white; colour <= black; colour++ {
		msg(msgBoardInHand.New("Player", player(colour, names), "N", int(s.pos.hand[colour])))
	}
	text("")
	if s.last != "" {
		msg(msgBoardLast.New("Move", s.last, "Side", colourName[s.lastBy]))
	}
	switch {
	case !s.over:
		msg(msgBoardToMove.New("Player", player(int(s.pos.turn), names)))
	case len(s.winners) == 0:
		msg(msgBoardDrawn.New("Reason", s.why))
	default:
		msg(msgBoardWon.New("Player", player(s.winners[0], names), "Reason", s.why))
	}
	return lines
}

// The sentences of the status block.
var (
	msgBoardInHand = engine.Define("BoardHexemergoInHand", "  {{.Player}} inhand: {{.N}}")
	msgBoardLast   = engine.Define("BoardHexemergoLastMove", "Last move: {{.Move}} by {{.Side}}")
	msgBoardToMove = engine.Define("BoardHexemergoToMove", "{{.Player}} to move.")
	msgBoardDrawn  = engine.Define("BoardHexemergoOver", "Game over: {{.Reason}}.")
	msgBoardWon    = engine.Define("BoardHexemergoWon", "Game over: {{.Player}} wins: {{.Reason}}.")
)

// pad extends line with spaces to width n.
func pad(line []byte, n int) []byte {
	for len(line) < n {
		line = append(line, ' ')
	}
	return line
}

// cellText is "." for an empty cell, else the owner's letter and the
// height when above 1: "O", "X3".
func cellText(col column) string {
	if col.empty() {
		return "."
	}
	if col.h == 1 {
		return string(colourLetter[col.top()])
	}
	return fmt.Sprintf("%c%d", colourLetter[col.top()], col.h)
}

// maxName bounds a userid in the status block so lines stay short.
const maxName = 40

// player names a seat: "Ohs (alice)".
func player(colour int, names []string) string {
	name := "?"
	if colour < len(names) && names[colour] != "" {
		name = names[colour]
	}
	if r := []rune(name); len(r) > maxName {
		name = string(r[:maxName]) + "..."
	}
	name = strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return '?'
		}
		return r
	}, name)
	return fmt.Sprintf("%s (%s)", colourName[colour], name)
}
