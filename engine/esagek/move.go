package esagek

import (
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/engine"
)

// Move notation, rule book part 1, item 11: step B4-C1, capture chain
// C1xD1xM1, rotation B+ / M-, swap M1~A4, placement C3, and the Classic
// warning suffix ! (B+!). Input is case-insensitive; output upper case.

type moveKind uint8

const (
	kindStep moveKind = iota
	kindCapture
	kindRotate
	kindSwap
	kindPlace
)

var kindNames = [...]string{"step", "capture", "rotation", "swap", "placement"}

func (k moveKind) String() string { return kindNames[k] }

// move is one turn. path holds the fields: step from,to; capture the
// start and every landing; swap mine,theirs; placement the field.
type move struct {
	kind moveKind
	path []int8
	hex  int8 // rotation: the hexagon
	cw   bool // rotation: clockwise (+)
	warn bool // Classic warning suffix !
	text string
}

// notation writes m canonically.
func (m *move) notation() string {
	var b strings.Builder
	switch m.kind {
	case kindRotate:
		b.WriteByte(hexLetters[m.hex])
		if m.cw {
			b.WriteByte('+')
		} else {
			b.WriteByte('-')
		}
	case kindStep:
		b.WriteString(geo.name[m.path[0]] + "-" + geo.name[m.path[1]])
	case kindSwap:
		b.WriteString(geo.name[m.path[0]] + "~" + geo.name[m.path[1]])
	case kindPlace:
		b.WriteString(geo.name[m.path[0]])
	case kindCapture:
		for i, f := range m.path {
			if i > 0 {
				b.WriteByte('x')
			}
			b.WriteString(geo.name[f])
		}
	}
	if m.warn {
		b.WriteByte('!')
	}
	return b.String()
}

// syntaxHelp is appended to errors about unreadable moves.
var syntaxHelp = engine.Define("RefuseEsagekSyntax", "write a step B4-C1, a capture C1xD1xM1, a rotation B+ or M-, "+
	"a swap M1~A4, a placement C3, optionally with the warning ! (B+!)")

var (
	msgEmpty     = engine.Define("RefuseEsagekEmpty", "empty move: {{.Help}}")
	msgTooLong   = engine.Define("RefuseEsagekTooLong", "move too long ({{.N}} characters): {{.Help}}")
	msgUnread    = engine.Define("RefuseEsagekUnreadable", "cannot read {{.Input}}: {{.Help}}")
	msgNoHexagon = engine.Define("RefuseEsagekNoHexagon", "cannot read {{.Input}}: no hexagon {{.Hexagon}}; the hexagons are M and A-F")
)

// parseMove reads a move string. It checks only the notation, not the
// rules; the returned move carries its canonical text.
func parseMove(in string) (move, error) {
	var m move
	if in == "" {
		return m, msgEmpty.New("Help", syntaxHelp.New())
	}
	if len(in) > 64 {
		return m, msgTooLong.New("N", len(in), "Help", syntaxHelp.New())
	}
	b := []byte(in)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	s := string(b)
	if strings.HasSuffix(s, "!") {
		m.warn = true
		s = s[:len(s)-1]
	}
	bad := func() (move, error) {
		return move{}, msgUnread.New("Input", strconv.Quote(in), "Help", syntaxHelp.New())
	}
	switch {
	case len(s) == 2 && (s[1] == '+' || s[1] == '-'):
		h := indexByte(hexLetters, s[0])
		if h < 0 {
			return move{}, msgNoHexagon.New("Input", strconv.Quote(in), "Hexagon", strconv.Quote(s[:1]))
		}
		m.kind, m.hex, m.cw = kindRotate, int8(h), s[1] == '+'
	case len(s) == 2:
		f, ok := parseField(s)
		if !ok {
			return bad()
		}
		m.kind, m.path = kindPlace, []int8{int8(f)}
	case len(s) == 5 && (s[2] == '-' || s[2] == '~'):
		a, ok1 := parseField(s[:2])
		c, ok2 := parseField(s[3:])
		if !ok1 || !ok2 {
			return bad()
		}
		m.kind = kindStep
		if s[2] == '~' {
			m.kind = kindSwap
		}
		m.path = []int8{int8(a), int8(c)}
	case strings.Contains(s, "X"):
		parts := strings.Split(s, "X")
		if len(parts) < 2 {
			return bad()
		}
		m.kind = kindCapture
		for _, p := range parts {
			f, ok := parseField(p)
			if !ok {
				return bad()
			}
			m.path = append(m.path, int8(f))
		}
	default:
		return bad()
	}
	m.text = m.notation()
	return m, nil
}
