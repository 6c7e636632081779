package hexemergo

import (
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/engine"
)

// Move notation (rule book part 1, item 8): an entry is the cell, "D4";
// a step is "D4-D5"; a capture is the start cell and every landing cell
// joined by "x", "E7xE5xE3", where "-" is accepted in place of "x".
// Input is read without regard to case; output is upper case.

type moveKind int8

const (
	enter moveKind = iota
	step
	capture
)

// move is one move of the player to move. For an entry cells holds the
// cell; for a step, from and to; for a capture, the start cell and
// every landing cell in order.
type move struct {
	kind  moveKind
	cells []cell
}

// String returns the canonical notation.
func (m move) String() string {
	switch m.kind {
	case enter:
		return m.cells[0].String()
	case step:
		return m.cells[0].String() + "-" + m.cells[1].String()
	}
	var b strings.Builder
	for i, c := range m.cells {
		if i > 0 {
			b.WriteByte('x')
		}
		b.WriteString(c.String())
	}
	return b.String()
}

// maxMoveLen bounds the input read: the longest route has at most 13
// jumps, 14 cells, so 41 characters.
const maxMoveLen = 64

// parseMove reads a move in any case. It checks only the notation and
// that every cell is on the board, not whether the move is legal.
func parseMove(s string) (move, error) {
	if s == "" {
		return move{}, msgEmpty.New()
	}
	if len(s) > maxMoveLen {
		return move{}, msgTooLong.New("Input", strconv.Quote(s[:20]+"..."))
	}
	var cells []cell
	sawX := false
	start := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != '-' && s[i] != 'x' && s[i] != 'X' {
			continue
		}
		if i < len(s) && s[i] != '-' {
			sawX = true
		}
		tok := s[start:i]
		if tok == "" {
			return move{}, msgCellMissing.New("Input", strconv.Quote(s))
		}
		c, ok := parseCell(tok)
		if !ok {
			return move{}, msgNotACell.New("Input", strconv.Quote(s), "Cell", strconv.Quote(tok))
		}
		cells = append(cells, c)
		start = i + 1
	}
	switch {
	case len(cells) == 1:
		return move{kind: enter, cells: cells}, nil
	case len(cells) == 2 && !sawX && adjacent[cells[0]][cells[1]]:
		return move{kind: step, cells: cells}, nil
	}
	return move{kind: capture, cells: cells}, nil
}

var (
	msgEmpty       = engine.Define("RefuseHexemergoEmpty", "empty move")
	msgTooLong     = engine.Define("RefuseHexemergoTooLong", "{{.Input}} is too long to be a move")
	msgCellMissing = engine.Define("RefuseHexemergoCellMissing", "cannot read {{.Input}}: a cell is missing")
	msgNotACell    = engine.Define("RefuseHexemergoNotACell", "cannot read {{.Input}}: {{.Cell}} is not a cell of the board (A1-A4, B1-B5, C1-C6, D1-D7, E2-E7, F3-F7, G4-G7)")
)
