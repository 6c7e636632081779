package hexatri

import (
	"sort"
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/engine"
)

// Kinds of action. Rule book part 2, section 4.
const (
	actPass = iota
	actStep
	actEnter
	actBlock
	actShoot
	actShift
	actClone
)

// action is one parsed and, after resolve, fully determined action.
type action struct {
	kind   int
	leader bool // L: given (or, resolved, the piece is a leader)
	from   int  // step: departure field; shift: source hexagon
	via    int  // chained move II: the hexagon in between, else -1
	to     int  // destination field; block/shoot: target; shift: receiver
	free   bool // ! given: the leader's free step
	pay    int  // hexagon paying the (first) step, -1 when not given
	pays   []int
	colour int // shot: seat of the victim, -1 when not given

	piece int // resolved: the piece that moves
}

// parse reads one action in the notation of the rule book, part 2,
// section 4. Input is case-insensitive; field names are checked against
// the board but not against the position.
func (g *geom) parse(in string) (action, error) {
	a := action{from: -1, via: -1, to: -1, pay: -1, colour: -1, piece: -1}
	m := strings.ToUpper(strings.TrimSpace(in))
	if m == "" {
		return a, msgEmpty.New()
	}
	switch {
	case m == "PASS":
		a.kind = actPass
		return a, nil
	case m == "CLONE":
		a.kind = actClone
		return a, nil
	case strings.HasPrefix(m, "BLOCK:"):
		a.kind = actBlock
		rest := m[len("BLOCK:"):]
		tgt, pays, hasPay := strings.Cut(rest, "@")
		h, err := g.hexagon(tgt)
		if err != nil {
			return a, err
		}
		a.to = h
		if hasPay {
			// Counted before it is cut: a list of any length is
			// refused without a piece made of each of its names.
			if strings.Count(pays, ",") != 2 {
				return a, msgBlockPay.New("Hexagon", g.name[h])
			}
			for _, p := range strings.Split(pays, ",") {
				ph, err := g.hexagon(p)
				if err != nil {
					return a, err
				}
				a.pays = append(a.pays, ph)
			}
		}
		return a, nil
	case strings.HasPrefix(m, "SHOOT:"):
		a.kind = actShoot
		rest, pays, hasPay := strings.Cut(m[len("SHOOT:"):], "@")
		tgt, col, hasCol := strings.Cut(rest, ":")
		if hasPay {
			// total counts the points named; only the first 6 are kept,
			// so that a long list costs no more than its reading.
			total := 0
			for rest := pays; ; {
				p, more, cut := strings.Cut(rest, ",")
				name, times, many := strings.Cut(p, "*")
				h, err := g.hexagon(name)
				if err != nil {
					return a, err
				}
				k := 1
				if many {
					if k, err = strconv.Atoi(times); err != nil || k < 1 || k > 6 {
						return a, msgPayTimes.New("Input", strconv.Quote(p), "Hexagon", g.name[h])
					}
				}
				for ; k > 0; k-- {
					if total++; total <= 6 {
						a.pays = append(a.pays, h)
					}
				}
				if !cut {
					break
				}
				rest = more
			}
			if total != 6 {
				return a, msgShootPay.New("N", total)
			}
		}
		f, err := g.field(tgt)
		if err != nil {
			return a, err
		}
		a.to = f
		if hasCol {
			i := strings.Index("RBGYWK", col)
			if len(col) != 1 || i < 0 {
				return a, msgNotLetter.New("Input", strconv.Quote(col))
			}
			a.colour = i
		}
		return a, nil
	case strings.HasPrefix(m, "SHIFT:"):
		a.kind = actShift
		src, dst, ok := strings.Cut(m[len("SHIFT:"):], ">")
		if !ok {
			return a, msgShiftSyntax.New()
		}
		var err error
		if a.from, err = g.hexagon(src); err != nil {
			return a, err
		}
		if a.to, err = g.hexagon(dst); err != nil {
			return a, err
		}
		return a, nil
	}

	// Steps and entries: [L:]FROM-TO[-TO2][@PAY|!] or [L:]IN:TRI[@PAY|!].
	if strings.HasPrefix(m, "L:") {
		a.leader = true
		m = m[2:]
	}
	if strings.HasSuffix(m, "!") {
		a.free = true
		m = m[:len(m)-1]
	}
	if body, pay, ok := strings.Cut(m, "@"); ok {
		if a.free {
			return a, msgFreeOrPaid.New()
		}
		h, err := g.hexagon(pay)
		if err != nil {
			return a, err
		}
		a.pay = h
		m = body
	}
	if strings.HasPrefix(m, "IN:") {
		a.kind = actEnter
		f, err := g.field(m[3:])
		if err != nil {
			return a, err
		}
		if g.isHex(f) {
			return a, msgEnterHexagon.New("Hexagon", g.name[f])
		}
		a.to = f
		return a, nil
	}
	parts := strings.Split(m, "-")
	if len(parts) < 2 || len(parts) > 3 {
		return a, msgNotAction.New("Input", strconv.Quote(in))
	}
	a.kind = actStep
	fs := make([]int, len(parts))
	for i, p := range parts {
		f, err := g.field(p)
		if err != nil {
			return a, err
		}
		fs[i] = f
	}
	a.from, a.to = fs[0], fs[len(fs)-1]
	if len(fs) == 3 {
		a.via = fs[1]
	}
	return a, nil
}

// field resolves any name of a hexagon or a triangle.
func (g *geom) field(s string) (int, error) {
	if f, ok := g.lookup(s); ok {
		return f, nil
	}
	if s == "" {
		return -1, msgFieldMissing.New()
	}
	return -1, msgNotAField.New("Input", strconv.Quote(s), "Last", g.name[g.nHex-1])
}

// hexagon resolves the name of a hexagon.
func (g *geom) hexagon(s string) (int, error) {
	f, err := g.field(s)
	if err != nil {
		return -1, err
	}
	if !g.isHex(f) {
		return -1, msgTriangle.New("Field", g.name[f])
	}
	return f, nil
}

// format writes a resolved action in canonical notation.
func (g *geom) format(a action) string {
	var b strings.Builder
	switch a.kind {
	case actPass:
		return "PASS"
	case actClone:
		return "CLONE"
	case actBlock:
		pays := append([]int(nil), a.pays...)
		sort.Ints(pays)
		b.WriteString("BLOCK:" + g.name[a.to] + "@")
		for i, p := range pays {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(g.name[p])
		}
		return b.String()
	case actShoot:
		if a.pays != nil {
			return "SHOOT:" + g.name[a.to] + ":" + seatLetter(a.colour) + "@" + g.payList(a.pays)
		}
		return "SHOOT:" + g.name[a.to] + ":" + seatLetter(a.colour)
	case actShift:
		return "SHIFT:" + g.name[a.from] + ">" + g.name[a.to]
	}
	b.Grow(24)
	if a.leader {
		b.WriteString("L:")
	}
	if a.kind == actEnter {
		b.WriteString("IN:")
		b.WriteString(g.name[a.to])
	} else {
		b.WriteString(g.name[a.from])
		if a.via >= 0 {
			b.WriteByte('-')
			b.WriteString(g.name[a.via])
		}
		b.WriteByte('-')
		b.WriteString(g.name[a.to])
	}
	if a.free {
		b.WriteByte('!')
	} else {
		b.WriteByte('@')
		b.WriteString(g.name[a.pay])
	}
	return b.String()
}

// payList writes the hexagons paying a shot in reading order, each
// with its number of points: D4*4,E4*2. Rule book part 2, section 4.
func (g *geom) payList(pays []int) string {
	var b strings.Builder
	for h := 0; h < g.nHex; h++ {
		k := 0
		for _, x := range pays {
			if x == h {
				k++
			}
		}
		if k > 0 {
			if b.Len() > 0 {
				b.WriteByte(',')
			}
			b.WriteString(g.name[h])
			b.WriteByte('*')
			b.WriteString(strconv.Itoa(k))
		}
	}
	return b.String()
}

var (
	msgEmpty        = engine.Define("RefuseHexatriEmpty", "empty move")
	msgBlockPay     = engine.Define("RefuseHexatriBlockPay", "a blockade is paid with exactly 3 points, e.g. BLOCK:{{.Hexagon}}@D4,D4,E2")
	msgPayTimes     = engine.Define("RefuseHexatriPayTimes", "{{.Input}}: write the points a hexagon pays as {{.Hexagon}}*2, from 1 to 6")
	msgShootPay     = engine.Define("RefuseHexatriShootPay", "a shot is paid with exactly 6 points, e.g. SHOOT:C3:B@D4*6, not {{.N}}")
	msgNotLetter    = engine.Define("RefuseHexatriNotLetter", "{{.Input}} is not a player letter (R, B, G, Y, W, K)")
	msgShiftSyntax  = engine.Define("RefuseHexatriShiftSyntax", "write a regrouping as SHIFT:D4>C3 (2 points off D4, 1 of them put on C3)")
	msgFreeOrPaid   = engine.Define("RefuseHexatriFreeOrPaid", "a step is either free (!) or paid (@hexagon), not both")
	msgEnterHexagon = engine.Define("RefuseHexatriEnterHexagon", "a piece enters on an outer triangle, not on hexagon {{.Hexagon}}")
	msgNotAction    = engine.Define("RefuseHexatriNotAction", "{{.Input}} is not a Hexatri action; write e.g. D4-D4N@D4, L:D4N-D4!, IN:A1N@B2 or PASS")
	msgFieldMissing = engine.Define("RefuseHexatriFieldMissing", "a field name is missing")
	msgNotAField    = engine.Define("RefuseHexatriNotAField", "{{.Input}} is not a field of this board (hexagons A1 to {{.Last}}, triangles like D4N or C3SE)")
	msgTriangle     = engine.Define("RefuseHexatriTriangle", "{{.Field}} is a triangle; a hexagon is wanted here")
)
