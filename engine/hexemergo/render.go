package hexemergo

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

// Board display (rule book part 1, item 9; part 2, sections 1.1 and
// 9.3): the pbmserv grid, an empty cell as ".", a column as its owner's
// letter followed by its height when taller than 1. Under the grid come
// the columns taller than 1 from top to bottom, then the men in hand.

// Board writes the diagram and the status block.
func (s *state) Board(w io.Writer, names []string) {
	var b bytes.Buffer
	b.WriteString("            1   2   3   4\n")
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
		b.Write(bytes.TrimRight(line, " "))
		b.WriteByte('\n')
	}
	for c := cell(0); c < numCells; c++ {
		col := s.pos.cells[c]
		if col.h < 2 {
			continue
		}
		fmt.Fprintf(&b, "  %s:", c)
		for i := 0; i < int(col.h); i++ {
			b.WriteByte(' ')
			b.WriteByte(colourLetter[col.man(i)])
		}
		b.WriteByte('\n')
	}
	for colour := white; colour <= black; colour++ {
		fmt.Fprintf(&b, "  %s inhand: %d\n", player(colour, names), s.pos.hand[colour])
	}
	b.WriteByte('\n')
	if s.last != "" {
		fmt.Fprintf(&b, "Last move: %s by %s\n", s.last, colourName[s.lastBy])
	}
	switch {
	case !s.over:
		fmt.Fprintf(&b, "%s to move.\n", player(int(s.pos.turn), names))
	case len(s.winners) == 0:
		fmt.Fprintf(&b, "Game over: %s.\n", s.reason)
	default:
		fmt.Fprintf(&b, "Game over: %s wins: %s.\n", player(s.winners[0], names), s.reason)
	}
	w.Write(b.Bytes())
}

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
