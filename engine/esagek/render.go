package esagek

import (
	"fmt"
	"io"
	"strings"
)

// legend is the triangle drawing of rule book section 2 with every
// field's label in its slot.
var legend = []string{
	`            ______`,
	`           /\    /\`,
	`          /A6\A1/A2\`,
	`   ______/____\/____\______`,
	`  /\    /\    /\    /\    /\`,
	` /F6\F1/F2\A5/A4\A3/B6\B1/B2\`,
	`/____\/____\/____\/____\/____\`,
	`\    /\    /\    /\    /\    /`,
	` \F5/F4\F3/M6\M1/M2\B5/B4\B3/`,
	`  \/____\/____\/____\/____\/`,
	`  /\    /\    /\    /\    /\`,
	` /E6\E1/E2\M5/M4\M3/C6\C1/C2\`,
	`/____\/____\/____\/____\/____\`,
	`\    /\    /\    /\    /\    /`,
	` \E5/E4\E3/D6\D1/D2\C5/C4\C3/`,
	`  \/____\/____\/____\/____\/`,
	`         \    /\    /`,
	`          \D5/D4\D3/`,
	`           \/____\/`,
}

// slot is the line and column of each field's label in legend.
var slot = func() (pos [numFields][2]int) {
	for f := 0; f < numFields; f++ {
		for i, line := range legend {
			if c := strings.Index(line, geo.name[f]); c >= 0 {
				pos[f] = [2]int{i, c}
			}
		}
	}
	return pos
}()

// legendGap separates the position from the legend beside it.
const legendGap = 34

// pieceLetter is the display letter of the piece on f (item 4): the
// seat's colour, N for neutral, lower case for a frozen Classic piece.
func (s *state) pieceLetter(f int) byte {
	p := s.board[f]
	switch {
	case p == empty:
		return '.'
	case p == neutral:
		return 'N'
	}
	c := colourLetters[p-1]
	if s.frozen(f) {
		c += 'a' - 'A'
	}
	return c
}

// Board writes the drawing of section 2 with the coordinate legend
// beside it, then the status block of item 12.
func (s *state) Board(w io.Writer, names []string) {
	buf := make([]byte, 0, 2048)
	for i, l := range legend {
		start := len(buf)
		buf = append(buf, l...)
		for f := 0; f < numFields; f++ {
			if p := slot[f]; p[0] == i {
				buf[start+p[1]] = s.pieceLetter(f)
				buf[start+p[1]+1] = ' '
			}
		}
		for len(buf) > start && buf[len(buf)-1] == ' ' {
			buf = buf[:len(buf)-1]
		}
		for len(buf)-start < legendGap {
			buf = append(buf, ' ')
		}
		buf = append(buf, l...)
		buf = append(buf, '\n')
	}
	buf = append(buf, '\n')
	var b strings.Builder
	s.status(&b, names)
	buf = append(buf, b.String()...)
	w.Write(buf)
}

// who is "Blue (alice)" for seat.
func who(seat int, names []string) string {
	n := fmt.Sprintf("seat %d", seat+1)
	if seat < len(names) && names[seat] != "" {
		n = names[seat]
	}
	if len(n) > 20 {
		n = n[:20]
	}
	return seatName(seat) + " (" + n + ")"
}

func (s *state) status(b *strings.Builder, names []string) {
	players := fmt.Sprintf("%d players", s.n)
	if s.n == 1 {
		players = "1 player"
	}
	fmt.Fprintf(b, "Esagek %s, %s, turn %d (drawn after %d)\n", s.v, players, s.turn, s.maxTurns)
	for seat := 0; seat < s.n; seat++ {
		line := fmt.Sprintf("%c %-30s %2d pieces", colourLetters[seat], who(seat, names), s.count(seat))
		switch s.v {
		case classic:
			var fz []string
			for f := 0; f < numFields; f++ {
				if owner(s.board[f]) == seat && s.frozen(f) {
					fz = append(fz, geo.name[f])
				}
			}
			frozen := "none"
			if len(fz) > 0 {
				frozen = strings.Join(fz, " ")
			}
			line += fmt.Sprintf(", captured %d, frozen: %s", s.taken[seat], frozen)
		case invasion:
			line += fmt.Sprintf(", %d/%d in M, captured %d", s.inMiddle(seat), s.goal, s.taken[seat])
		case surrounder:
			if s.placing {
				line += fmt.Sprintf(", %d to place", s.hand[seat])
			}
			line += fmt.Sprintf(", conquered %d/%d", s.taken[seat], s.goal)
		case alone:
			line += fmt.Sprintf(" left, %d captured", s.lost[seat])
		}
		if s.out[seat] && !(s.over && s.v == alone) {
			line += ", out"
		}
		b.WriteString(line + "\n")
	}
	for _, n := range s.notes {
		b.WriteString(n + ".\n")
	}
	if s.v == surrounder && s.placing {
		b.WriteString("Placement phase: place one piece on an empty field.\n")
	}
	if s.over {
		fmt.Fprintf(b, "Game over: %s.\n", s.reason)
		switch {
		case s.v == alone:
			fmt.Fprintf(b, "Score: %d.\n", s.aloneScore())
		case len(s.winners) == 0:
			b.WriteString("The game is drawn.\n")
		default:
			fmt.Fprintf(b, "Winner: %s.\n", who(s.winners[0], names))
		}
		return
	}
	if s.lastRot != noField {
		if s.v == alone {
			b.WriteString("The previous turn was a rotation: jump now.\n")
		} else {
			fmt.Fprintf(b, "Hexagon %c was rotated on the previous turn and may not turn now.\n",
				hexLetters[s.lastRot])
		}
	}
	if s.lastSwap[0] != noField {
		fmt.Fprintf(b, "%s and %s were swapped on the previous turn.\n",
			geo.name[s.lastSwap[0]], geo.name[s.lastSwap[1]])
	}
	if s.v == classic {
		if s.warned {
			fmt.Fprintf(b, "Warning: %s must capture if a capture is possible.\n", seatName(s.toMove))
		}
		if st := s.streak[s.toMove]; st > 0 {
			fmt.Fprintf(b, "%s rotated hexagon %c on %d own turn(s) in a row.\n",
				seatName(s.toMove), hexLetters[s.streakHx[s.toMove]], st)
		}
	}
	fmt.Fprintf(b, "%s to move.\n", who(s.toMove, names))
}
