package esagek

import (
	"fmt"
	"io"
	"strings"

	"github.com/pbmgo/pbm/engine"
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
// beside it, then the status block of item 12: BoardLines in English.
func (s *state) Board(w io.Writer, names []string) {
	engine.WriteLines(w, s.BoardLines(names))
}

// BoardLines is the board as Board writes it, the drawing as text and
// every sentence of the status block as a message.
func (s *state) BoardLines(names []string) []engine.Line {
	out := make([]engine.Line, 0, len(legend)+16)
	buf := make([]byte, 0, 80)
	for i, l := range legend {
		buf = append(buf[:0], l...)
		for f := 0; f < numFields; f++ {
			if p := slot[f]; p[0] == i {
				buf[p[1]] = s.pieceLetter(f)
				buf[p[1]+1] = ' '
			}
		}
		for len(buf) > 0 && buf[len(buf)-1] == ' ' {
			buf = buf[:len(buf)-1]
		}
		for len(buf) < legendGap {
			buf = append(buf, ' ')
		}
		buf = append(buf, l...)
		out = append(out, engine.Line{Text: string(buf)})
	}
	out = append(out, engine.Line{})
	for _, m := range s.status(names) {
		out = append(out, engine.Line{Msg: m})
	}
	return out
}

// whoName is the userid of seat, at most 20 characters, or "seat N"
// as a message.
func whoName(seat int, names []string) any {
	if seat < len(names) && names[seat] != "" {
		n := names[seat]
		if len(n) > 20 {
			n = n[:20]
		}
		return n
	}
	return msgBoardSeatN.New("N", seat+1)
}

// who is "Blue (alice)" for seat, as a message.
func who(seat int, names []string) *engine.Refusal {
	return msgBoardWho.New("Colour", colourMsg[seat].New(), "Name", whoName(seat, names))
}

// status is the status block of item 12, a message a line.
func (s *state) status(names []string) []*engine.Refusal {
	var out []*engine.Refusal
	out = append(out, msgBoardHeader.N(s.n, "Variant", s.v.String(), "N", s.n, "Turn", s.turn, "Max", s.maxTurns))
	for seat := 0; seat < s.n; seat++ {
		// The seats' lines are a table: the counts start in one column
		// (in English; the padding is that of the English names).
		w := who(seat, names)
		pad := strings.Repeat(" ", max(0, 30-len(w.Error())))
		n := s.count(seat)
		pieces := fmt.Sprintf("%2d", n)
		var st *engine.Refusal
		switch s.v {
		case classic:
			var fz []string
			for f := 0; f < numFields; f++ {
				if owner(s.board[f]) == seat && s.frozen(f) {
					fz = append(fz, geo.name[f])
				}
			}
			var frozen any = msgBoardNone.New()
			if len(fz) > 0 {
				frozen = strings.Join(fz, " ")
			}
			st = msgBoardClassic.N(n, "N", pieces, "Captured", int(s.taken[seat]), "Frozen", frozen)
		case invasion:
			st = msgBoardInvasion.N(n, "N", pieces, "Middle", s.inMiddle(seat), "Goal", s.goal, "Captured", int(s.taken[seat]))
		case surrounder:
			if s.placing {
				st = msgBoardPlacing.N(n, "N", pieces, "Hand", int(s.hand[seat]), "Conquered", int(s.taken[seat]), "Goal", s.goal)
			} else {
				st = msgBoardSurrounder.N(n, "N", pieces, "Conquered", int(s.taken[seat]), "Goal", s.goal)
			}
		case alone:
			st = msgBoardAlone.N(n, "N", pieces, "Captured", int(s.lost[seat]))
		}
		line := msgBoardSeat
		if s.out[seat] && !(s.over && s.v == alone) {
			line = msgBoardSeatOut
		}
		out = append(out, line.New("Letter", string(colourLetters[seat]), "Who", w, "Pad", pad, "State", st))
	}
	out = append(out, s.notes...)
	if s.v == surrounder && s.placing {
		out = append(out, msgBoardPlacement.New())
	}
	if s.over {
		out = append(out, msgBoardGameOver.New("Reason", s.reasonArg()))
		switch {
		case s.v == alone:
			out = append(out, msgBoardScore.New("Score", s.aloneScore()))
		case len(s.winners) == 0:
			out = append(out, msgBoardDrawn.New())
		default:
			out = append(out, msgBoardWinner.New("Who", who(s.winners[0], names)))
		}
		return out
	}
	if s.lastRot != noField {
		if s.v == alone {
			out = append(out, msgBoardJumpNow.New())
		} else {
			out = append(out, msgBoardRotated.New("Hexagon", string(hexLetters[s.lastRot])))
		}
	}
	if s.lastSwap[0] != noField {
		out = append(out, msgBoardSwapped.New("From", geo.name[s.lastSwap[0]], "To", geo.name[s.lastSwap[1]]))
	}
	if s.v == classic {
		if s.warned {
			out = append(out, msgBoardWarning.New("Colour", colourMsg[s.toMove].New()))
		}
		if st := int(s.streak[s.toMove]); st > 0 {
			out = append(out, msgBoardStreak.N(st, "Colour", colourMsg[s.toMove].New(),
				"Hexagon", string(hexLetters[s.streakHx[s.toMove]]), "N", st))
		}
	}
	out = append(out, msgBoardToMove.New("Who", who(s.toMove, names)))
	return out
}

// The sentences of the status block. Pad is the spaces that put the
// seats' counts in one column; N of a seat's line is its number of
// pieces, right-aligned in two columns.
var (
	msgBoardHeader     = engine.DefinePlural("BoardEsagekHeader", "Esagek {{.Variant}}, {{.N}} player, turn {{.Turn}} (drawn after {{.Max}})", "Esagek {{.Variant}}, {{.N}} players, turn {{.Turn}} (drawn after {{.Max}})")
	msgBoardWho        = engine.Define("BoardEsagekWho", "{{.Colour}} ({{.Name}})")
	msgBoardSeatN      = engine.Define("BoardEsagekSeatNumber", "seat {{.N}}")
	msgBoardSeat       = engine.Define("BoardEsagekSeat", "{{.Letter}} {{.Who}}{{.Pad}} {{.State}}")
	msgBoardSeatOut    = engine.Define("BoardEsagekSeatOut", "{{.Letter}} {{.Who}}{{.Pad}} {{.State}}, out")
	msgBoardNone       = engine.Define("BoardEsagekNone", "none")
	msgBoardClassic    = engine.DefinePlural("BoardEsagekClassic", "{{.N}} pieces, captured {{.Captured}}, frozen: {{.Frozen}}", "{{.N}} pieces, captured {{.Captured}}, frozen: {{.Frozen}}")
	msgBoardInvasion   = engine.DefinePlural("BoardEsagekInvasion", "{{.N}} pieces, {{.Middle}}/{{.Goal}} in M, captured {{.Captured}}", "{{.N}} pieces, {{.Middle}}/{{.Goal}} in M, captured {{.Captured}}")
	msgBoardPlacing    = engine.DefinePlural("BoardEsagekPlacing", "{{.N}} pieces, {{.Hand}} to place, conquered {{.Conquered}}/{{.Goal}}", "{{.N}} pieces, {{.Hand}} to place, conquered {{.Conquered}}/{{.Goal}}")
	msgBoardSurrounder = engine.DefinePlural("BoardEsagekSurrounder", "{{.N}} pieces, conquered {{.Conquered}}/{{.Goal}}", "{{.N}} pieces, conquered {{.Conquered}}/{{.Goal}}")
	msgBoardAlone      = engine.DefinePlural("BoardEsagekAlone", "{{.N}} pieces left, {{.Captured}} captured", "{{.N}} pieces left, {{.Captured}} captured")
	msgBoardResigned   = engine.Define("BoardEsagekResigned", "{{.Colour}} resigned.")
	msgBoardOutPieces  = engine.DefinePlural("BoardEsagekOutPieces", "{{.Colour}} is out with {{.N}} pieces.", "{{.Colour}} is out with {{.N}} pieces.")
	msgBoardOutNoMove  = engine.Define("BoardEsagekOutNoMove", "{{.Colour}} is out: no legal move.")
	msgBoardPlacement  = engine.Define("BoardEsagekPlacement", "Placement phase: place one piece on an empty field.")
	msgBoardGameOver   = engine.Define("BoardEsagekGameOver", "Game over: {{.Reason}}.")
	msgBoardScore      = engine.Define("BoardEsagekScore", "Score: {{.Score}}.")
	msgBoardDrawn      = engine.Define("BoardEsagekDrawn", "The game is drawn.")
	msgBoardWinner     = engine.Define("BoardEsagekWinner", "Winner: {{.Who}}.")
	msgBoardJumpNow    = engine.Define("BoardEsagekJumpNow", "The previous turn was a rotation: jump now.")
	msgBoardRotated    = engine.Define("BoardEsagekRotated", "Hexagon {{.Hexagon}} was rotated on the previous turn and may not turn now.")
	msgBoardSwapped    = engine.Define("BoardEsagekSwapped", "{{.From}} and {{.To}} were swapped on the previous turn.")
	msgBoardWarning    = engine.Define("BoardEsagekWarning", "Warning: {{.Colour}} must capture if a capture is possible.")
	msgBoardStreak     = engine.DefinePlural("BoardEsagekStreak", "{{.Colour}} rotated hexagon {{.Hexagon}} on {{.N}} own turn(s) in a row.", "{{.Colour}} rotated hexagon {{.Hexagon}} on {{.N}} own turn(s) in a row.")
	msgBoardToMove     = engine.Define("BoardEsagekToMove", "{{.Who}} to move.")
)
