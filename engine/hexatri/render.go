package hexatri

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Board writes the diagram of rule book section 5, the state block of
// part 1, item 10, and while the game runs the map of the field names.
func (s *state) Board(w io.Writer, names []string) {
	var crowded []string
	var b strings.Builder
	for _, l := range s.diagram(&crowded) {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
	for _, l := range s.stateBlock(names, crowded) {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	if !s.res.Over {
		b.WriteString("\nField names: a '.' triangle is the N one of the hexagon right below it\n" +
			"or the S one of the hexagon right above it; any of a triangle's names is\n" +
			"accepted (D4N = C3SE = C4SW).\n")
		for _, l := range nameMap(s.g) {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	io.WriteString(w, b.String())
}

// canvas is a grid of text lines.
type canvas [][]byte

func newCanvas(lines int) canvas {
	c := make(canvas, lines)
	for i := range c {
		c[i] = []byte(strings.Repeat(" ", 80))
	}
	return c
}

// centre writes txt centred on column col of line l.
func (c canvas) centre(l, col int, txt string) {
	c.at(l, col-len(txt)/2, txt)
}

func (c canvas) at(l, col int, txt string) {
	for i := 0; i < len(txt); i++ {
		if x := col + i; x >= 0 && x < len(c[l]) {
			c[l][x] = txt[i]
		}
	}
}

func (c canvas) lines() []string {
	out := make([]string, len(c))
	for i, l := range c {
		out[i] = strings.TrimRight(string(l), " ")
	}
	return out
}

// staticMap draws the board with the names and production numbers of
// the hexagons, 'o' for entry triangles and '.' for the others.
func staticMap(g *geom, cloner bool) []string {
	c := newCanvas(g.lines)
	for h := 0; h < g.nHex; h++ {
		p := g.prod(h)
		if cloner && h == g.centre {
			p = 1
		}
		tok := fmt.Sprintf("%s(%d)", g.name[h], p)
		if len(tok) > g.step-1 {
			tok = g.name[h]
		}
		c.centre(g.line[h], g.col[h], tok)
		c.at(g.line[h], 0, g.name[h][:1])
	}
	for t := 0; t < g.nTri; t++ {
		f := g.nHex + t
		ch := "."
		if g.outer[t] {
			ch = "o"
		}
		c.at(g.line[f], g.col[f], ch)
	}
	return c.lines()
}

// hexToken is a hexagon as the diagram shows it: production number,
// then per seat its letter, its count and '*' for a leader, then
// ":points"; "-" when empty, "#" when blockaded. Rule book section 5.
// leader tells which seats have a leader on the hexagon.
func (s *state) hexToken(h int, leader func(q int) bool) (full, short string) {
	b := make([]byte, 0, 16)
	b = strconv.AppendInt(b, int64(s.prodNumber(h)), 10)
	empty := true
	for q := 0; q < s.n; q++ {
		if k := s.cnt[h*s.n+q]; k > 0 {
			empty = false
			b = append(b, "RBGYWK"[q])
			b = strconv.AppendInt(b, int64(k), 10)
			if leader(q) {
				b = append(b, '*')
			}
		}
	}
	if empty {
		b = append(b, '-')
	}
	if s.blocked(h) {
		b = append(b, '#')
	}
	short = string(b)
	if s.points[h] > 0 {
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(s.points[h]), 10)
	}
	return string(b), short
}

func (s *state) diagram(crowded *[]string) []string {
	g := s.g
	c := newCanvas(g.lines)
	// Seats with a leader on each hexagon, as bits.
	leaders := make([]int, g.nHex)
	for _, pc := range s.pieces {
		if pc.leader && pc.at >= 0 && g.isHex(pc.at) {
			leaders[pc.at] |= 1 << pc.owner
		}
	}
	for h := 0; h < g.nHex; h++ {
		full, short := s.hexToken(h, func(q int) bool { return leaders[h]&(1<<q) != 0 })
		tok := full
		if len(tok) > g.step-1 {
			tok = short
		}
		if len(tok) > g.step-1 {
			tok = fmt.Sprintf("%d+", s.prodNumber(h))
			*crowded = append(*crowded, g.name[h]+" "+full)
		}
		c.centre(g.line[h], g.col[h], tok)
		c.at(g.line[h], 0, g.name[h][:1])
	}
	for t := 0; t < g.nTri; t++ {
		f := g.nHex + t
		ch := "."
		if g.outer[t] {
			ch = "o"
		}
		if i := s.occ[t]; i >= 0 {
			ch = seatLetter(s.pieces[i].owner)
			if !s.pieces[i].leader {
				ch = strings.ToLower(ch)
			}
		}
		c.at(g.line[f], g.col[f], ch)
	}
	return c.lines()
}

// wrap breaks text into lines of at most 79 columns, continuation lines
// indented by two spaces.
func wrap(text string) []string {
	if len(text) <= 79 {
		return []string{text}
	}
	var out []string
	lead := text[:len(text)-len(strings.TrimLeft(text, " "))]
	line := ""
	for _, w := range strings.Fields(text) {
		switch {
		case line == "":
			line = lead + w
		case len(line)+1+len(w) <= 79:
			line += " " + w
		default:
			out = append(out, line)
			line = lead + "  " + w
		}
	}
	if line != "" {
		out = append(out, line)
	}
	return out
}

func seatName(names []string, q int) string {
	if q < len(names) && names[q] != "" {
		return names[q]
	}
	return fmt.Sprintf("seat%d", q+1)
}

// stateBlock is the plain state under the diagram: round, phase, who is
// to act, each seat's pieces, the points, blockades, orders and what the
// last round's production and combat did. Rule book part 1, item 10.
func (s *state) stateBlock(names []string, crowded []string) []string {
	g := s.g
	var out []string
	add := func(t string) { out = append(out, wrap(t)...) }
	if s.res.Over {
		add(fmt.Sprintf("Round %d. Game over: %s.", s.round, s.res.Reason))
	} else {
		add(fmt.Sprintf("Round %d, movement: %s (%s) to act; %d of %d seats passed since the last action.",
			s.round, seatLetter(s.toMove), seatName(names, s.toMove), s.passCount(), s.active()))
		add("One mail is one turn: PASS, or any actions in order (L:D4-D4N! D4-D4S@D4).")
		add("Movement ends when every seat still in the game passes in a row.")
	}
	for q := 0; q < s.n; q++ {
		who := seatLetter(q) + " " + seatName(names, q) + ":"
		if s.out[q] {
			add(who + " out (" + s.outWhy[q] + ").")
			continue
		}
		var leaders, moved []string
		onBoard, ready := 0, 0
		var locked [3]int
		var movedAt map[int]int
		for _, pc := range s.pieces {
			if pc.owner != q || pc.at == gone {
				continue
			}
			switch {
			case pc.leader:
				where := "off board"
				if pc.at >= 0 {
					where = "on " + g.name[pc.at]
					onBoard++
				}
				var st []string
				if pc.free {
					st = append(st, "free step used")
				}
				if pc.paid {
					st = append(st, "paid step used")
				}
				if len(st) > 0 {
					where += " (" + strings.Join(st, ", ") + ")"
				}
				leaders = append(leaders, "leader "+where)
			case pc.at >= 0:
				onBoard++
				if pc.paid && !s.o.freemove {
					if movedAt == nil {
						movedAt = map[int]int{}
					}
					movedAt[pc.at]++
				}
			case pc.lock > s.round:
				locked[pc.lock-s.round]++
			default:
				ready++
			}
		}
		line := fmt.Sprintf("%s %s; %d on board, %d off board ready", who, strings.Join(leaders, ", "), onBoard, ready)
		for d := 1; d <= 2; d++ {
			if locked[d] > 0 {
				line += fmt.Sprintf(", %d locked until round %d", locked[d], s.round+d)
			}
		}
		for f := 0; movedAt != nil && f < g.nHex+g.nTri; f++ {
			if k := movedAt[f]; k == 1 {
				moved = append(moved, g.name[f])
			} else if k > 1 {
				moved = append(moved, fmt.Sprintf("%sx%d", g.name[f], k))
			}
		}
		if len(moved) > 0 {
			line += "; moved: " + strings.Join(moved, " ")
		}
		add(line + ".")
	}
	var pts []string
	for h := 0; h < g.nHex; h++ {
		if s.points[h] > 0 {
			pts = append(pts, fmt.Sprintf("%s:%d", g.name[h], s.points[h]))
		}
	}
	if len(pts) == 0 {
		pts = []string{"none"}
	}
	add("Points: " + strings.Join(pts, " "))
	var bl []string
	for h := 0; h < g.nHex; h++ {
		if s.blocked(h) {
			bl = append(bl, fmt.Sprintf("%s to the end of round %d", g.name[h], s.block[h]))
		}
	}
	if len(bl) > 0 {
		add("Blockaded: " + strings.Join(bl, ", "))
	}
	if len(crowded) > 0 {
		add("Crowded hexagons: " + strings.Join(crowded, ", "))
	}
	if len(s.orders) > 0 {
		var os []string
		for _, o := range s.orders {
			if o.shoot {
				txt := fmt.Sprintf("%s SHOOT:%s:%s", seatLetter(o.seat), g.name[o.field], seatLetter(o.colour))
				if o.pays != nil {
					txt += "@" + g.payList(o.pays)
				}
				os = append(os, txt)
			} else {
				os = append(os, fmt.Sprintf("%s SHIFT:%s>%s", seatLetter(o.seat), g.name[o.field], g.name[o.to]))
			}
		}
		add("Orders: " + strings.Join(os, "; "))
	}
	if len(s.events) > 0 {
		add("This round: " + strings.Join(s.events, "; "))
	}
	add("Options: " + s.o.String() + ".")
	if len(s.report) > 0 {
		add(fmt.Sprintf("Round %d, after the movement:", s.reportRound))
		for _, l := range s.report {
			add("  " + l)
		}
	}
	return out
}

// nameMap draws the names of the fields: each hexagon's name where the
// diagram has it, '.' for a triangle named after the hexagon right
// below it (N) or right above it (S), and the full name of every other
// triangle (on the rim, named with a diagonal). Rule book part 2,
// section 4.
func nameMap(g *geom) []string {
	c := newCanvas(g.lines)
	for h := 0; h < g.nHex; h++ {
		c.centre(g.line[h], g.col[h], g.name[h])
		c.at(g.line[h], 0, g.name[h][:1])
	}
	for t := 0; t < g.nTri; t++ {
		f := g.nHex + t
		nm := g.name[f]
		if d := strings.TrimLeft(nm[1:], "0123456789"); d == "N" || d == "S" {
			c.at(g.line[f], g.col[f], ".")
			continue
		}
		c.centre(g.line[f], g.col[f], nm)
	}
	return c.lines()
}
