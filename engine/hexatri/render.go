package hexatri

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/engine"
)

// Board writes the diagram of rule book section 5, the state block of
// part 1, item 10, and while the game runs the map of the field names:
// BoardLines in English.
func (s *state) Board(w io.Writer, names []string) {
	engine.WriteLines(w, s.BoardLines(names))
}

// BoardLines is the board as Board writes it: the diagram and the map
// of the field names as text, every sentence of the state block as a
// message (a sentence longer than a line is one message, which
// engine.WriteLines breaks as the state block always was).
func (s *state) BoardLines(names []string) []engine.Line {
	var crowded []string
	var out []engine.Line
	for _, l := range s.diagram(&crowded) {
		out = append(out, engine.Line{Text: l})
	}
	out = append(out, engine.Line{})
	for _, m := range s.stateBlock(names, crowded) {
		out = append(out, engine.Line{Msg: m})
	}
	if !s.res.Over {
		out = append(out, engine.Line{}, engine.Line{Msg: msgBoardFieldNames.New()})
		for _, l := range nameMap(s.g) {
			out = append(out, engine.Line{Text: l})
		}
	}
	return out
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

// seatName is the userid of seat q, or "seat1" and the like as a
// message.
func seatName(names []string, q int) any {
	if q < len(names) && names[q] != "" {
		return names[q]
	}
	return msgBoardSeatNumber.New("N", q+1)
}

// join joins messages with the message sep ("{{.First}}, {{.Rest}}").
func join(sep engine.Message, parts []*engine.Refusal) *engine.Refusal {
	if len(parts) == 0 {
		return nil
	}
	r := parts[len(parts)-1]
	for i := len(parts) - 2; i >= 0; i-- {
		r = sep.New("First", parts[i], "Rest", r)
	}
	return r
}

// stateBlock is the plain state under the diagram, a message a line:
// round, phase, who is to act, each seat's pieces, the points,
// blockades, orders and what the last round's production and combat
// did. Rule book part 1, item 10.
func (s *state) stateBlock(names []string, crowded []string) []*engine.Refusal {
	g := s.g
	var out []*engine.Refusal
	add := func(m *engine.Refusal) { out = append(out, m) }
	if s.res.Over {
		var why any = s.res.Reason
		if s.res.Why != nil {
			why = s.res.Why
		}
		add(msgBoardOver.New("Round", s.round, "Reason", why))
	} else {
		add(msgBoardRound.N(s.active(), "Round", s.round, "Letter", seatLetter(s.toMove), "Name", seatName(names, s.toMove),
			"Passed", s.passCount(), "Active", s.active()))
		add(msgBoardOneMail.New())
		add(msgBoardMovementEnds.New())
	}
	for q := 0; q < s.n; q++ {
		if s.out[q] {
			add(msgBoardSeatOut.New("Letter", seatLetter(q), "Name", seatName(names, q), "Why", s.outWhy[q]))
			continue
		}
		var leaders []*engine.Refusal
		var moved []string
		onBoard, ready := 0, 0
		var locked [3]int
		var movedAt map[int]int
		for _, pc := range s.pieces {
			if pc.owner != q || pc.at == gone {
				continue
			}
			switch {
			case pc.leader:
				var used *engine.Refusal
				switch {
				case pc.free && pc.paid:
					used = msgBoardBothUsed.New()
				case pc.free:
					used = msgBoardFreeUsed.New()
				case pc.paid:
					used = msgBoardPaidUsed.New()
				}
				var l *engine.Refusal
				switch {
				case pc.at >= 0 && used != nil:
					l = msgBoardLeaderOnUsed.New("Field", g.name[pc.at], "Used", used)
				case pc.at >= 0:
					l = msgBoardLeaderOn.New("Field", g.name[pc.at])
				case used != nil:
					l = msgBoardLeaderOffUsed.New("Used", used)
				default:
					l = msgBoardLeaderOff.New()
				}
				if pc.at >= 0 {
					onBoard++
				}
				leaders = append(leaders, l)
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
		pieces := msgBoardPieces.New("OnBoard", onBoard, "Ready", ready)
		for d := 1; d <= 2; d++ {
			if locked[d] > 0 {
				pieces = msgBoardLocked.New("Pieces", pieces, "N", locked[d], "Round", s.round+d)
			}
		}
		for f := 0; movedAt != nil && f < g.nHex+g.nTri; f++ {
			if k := movedAt[f]; k == 1 {
				moved = append(moved, g.name[f])
			} else if k > 1 {
				moved = append(moved, fmt.Sprintf("%sx%d", g.name[f], k))
			}
		}
		var ls any = ""
		if len(leaders) > 0 {
			ls = join(msgBoardComma, leaders)
		}
		if len(moved) > 0 {
			add(msgBoardSeatMoved.New("Letter", seatLetter(q), "Name", seatName(names, q), "Leaders", ls,
				"Pieces", pieces, "Moved", strings.Join(moved, " ")))
		} else {
			add(msgBoardSeat.New("Letter", seatLetter(q), "Name", seatName(names, q), "Leaders", ls, "Pieces", pieces))
		}
	}
	var pts []string
	for h := 0; h < g.nHex; h++ {
		if s.points[h] > 0 {
			pts = append(pts, fmt.Sprintf("%s:%d", g.name[h], s.points[h]))
		}
	}
	var points any = msgBoardNone.New()
	if len(pts) > 0 {
		points = strings.Join(pts, " ")
	}
	add(msgBoardPoints.New("Points", points))
	var bl []*engine.Refusal
	for h := 0; h < g.nHex; h++ {
		if s.blocked(h) {
			bl = append(bl, msgBoardBlockUntil.New("Hexagon", g.name[h], "Round", s.block[h]))
		}
	}
	if len(bl) > 0 {
		add(msgBoardBlockaded.New("Hexagons", join(msgBoardComma, bl)))
	}
	if len(crowded) > 0 {
		add(msgBoardCrowded.New("Hexagons", engine.List(crowded)))
	}
	if len(s.orders) > 0 {
		var os []string
		for _, o := range s.orders {
			os = append(os, g.orderText(o))
		}
		add(msgBoardOrders.New("Orders", strings.Join(os, "; ")))
	}
	if len(s.events) > 0 {
		add(msgBoardThisRound.New("Captures", join(msgBoardSemicolon, s.events)))
	}
	add(msgBoardOptions.New("Options", s.o.String()))
	if len(s.report) > 0 {
		add(msgBoardAfter.New("Round", s.reportRound))
		for _, l := range s.report {
			add(msgBoardIndent.New("Line", l))
		}
	}
	return out
}

// orderText is a shot or regrouping order in notation: "R SHOOT:C3:B@D4*6",
// "B SHIFT:D4>C3".
func (g *geom) orderText(o order) string {
	if o.shoot {
		txt := fmt.Sprintf("%s SHOOT:%s:%s", seatLetter(o.seat), g.name[o.field], seatLetter(o.colour))
		if o.pays != nil {
			txt += "@" + g.payList(o.pays)
		}
		return txt
	}
	return fmt.Sprintf("%s SHIFT:%s>%s", seatLetter(o.seat), g.name[o.field], g.name[o.to])
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

// The sentences of the board. The data are notation: fields, seat
// letters, orders, counts ("R4 B1"), option words ("size 3, shoot").
var (
	msgBoardFieldNames = engine.Define("BoardHexatriFieldNames", "Field names: a '.' triangle is the N one of the hexagon right below it\n"+
		"or the S one of the hexagon right above it; any of a triangle's names is\n"+
		"accepted (D4N = C3SE = C4SW).")
	msgBoardSeatNumber    = engine.Define("BoardHexatriSeatNumber", "seat{{.N}}")
	msgBoardComma         = engine.Define("BoardHexatriComma", "{{.First}}, {{.Rest}}")
	msgBoardSemicolon     = engine.Define("BoardHexatriSemicolon", "{{.First}}; {{.Rest}}")
	msgBoardOver          = engine.Define("BoardHexatriOver", "Round {{.Round}}. Game over: {{.Reason}}.")
	msgBoardRound         = engine.DefinePlural("BoardHexatriRound", "Round {{.Round}}, movement: {{.Letter}} ({{.Name}}) to act; {{.Passed}} of {{.Active}} seats passed since the last action.", "Round {{.Round}}, movement: {{.Letter}} ({{.Name}}) to act; {{.Passed}} of {{.Active}} seats passed since the last action.")
	msgBoardOneMail       = engine.Define("BoardHexatriOneMail", "One mail is one turn: PASS, or any actions in order (L:D4-D4N! D4-D4S@D4).")
	msgBoardMovementEnds  = engine.Define("BoardHexatriMovementEnds", "Movement ends when every seat still in the game passes in a row.")
	msgBoardSeatOut       = engine.Define("BoardHexatriSeatOut", "{{.Letter}} {{.Name}}: out ({{.Why}}).")
	msgBoardResignedIn    = engine.Define("BoardHexatriResignedIn", "resigned in round {{.Round}}")
	msgBoardLeaderLostIn  = engine.Define("BoardHexatriLeaderLostIn", "leader lost in round {{.Round}}")
	msgBoardSeat          = engine.Define("BoardHexatriSeat", "{{.Letter}} {{.Name}}: {{.Leaders}}; {{.Pieces}}.")
	msgBoardSeatMoved     = engine.Define("BoardHexatriSeatMoved", "{{.Letter}} {{.Name}}: {{.Leaders}}; {{.Pieces}}; moved: {{.Moved}}.")
	msgBoardLeaderOn      = engine.Define("BoardHexatriLeaderOn", "leader on {{.Field}}")
	msgBoardLeaderOnUsed  = engine.Define("BoardHexatriLeaderOnUsed", "leader on {{.Field}} ({{.Used}})")
	msgBoardLeaderOff     = engine.Define("BoardHexatriLeaderOff", "leader off board")
	msgBoardLeaderOffUsed = engine.Define("BoardHexatriLeaderOffUsed", "leader off board ({{.Used}})")
	msgBoardFreeUsed      = engine.Define("BoardHexatriFreeUsed", "free step used")
	msgBoardPaidUsed      = engine.Define("BoardHexatriPaidUsed", "paid step used")
	msgBoardBothUsed      = engine.Define("BoardHexatriBothUsed", "free step used, paid step used")
	msgBoardPieces        = engine.Define("BoardHexatriPieces", "{{.OnBoard}} on board, {{.Ready}} off board ready")
	msgBoardLocked        = engine.Define("BoardHexatriLocked", "{{.Pieces}}, {{.N}} locked until round {{.Round}}")
	msgBoardNone          = engine.Define("BoardHexatriNone", "none")
	msgBoardPoints        = engine.Define("BoardHexatriPoints", "Points: {{.Points}}")
	msgBoardBlockUntil    = engine.Define("BoardHexatriBlockUntil", "{{.Hexagon}} to the end of round {{.Round}}")
	msgBoardBlockaded     = engine.Define("BoardHexatriBlockaded", "Blockaded: {{.Hexagons}}")
	msgBoardCrowded       = engine.Define("BoardHexatriCrowded", "Crowded hexagons: {{.Hexagons}}")
	msgBoardOrders        = engine.Define("BoardHexatriOrders", "Orders: {{.Orders}}")
	msgBoardThisRound     = engine.Define("BoardHexatriThisRound", "This round: {{.Captures}}")
	msgBoardOptions       = engine.Define("BoardHexatriOptions", "Options: {{.Options}}.")
	msgBoardAfter         = engine.Define("BoardHexatriAfter", "Round {{.Round}}, after the movement:")
	msgBoardIndent        = engine.Define("BoardHexatriIndent", "  {{.Line}}")

	// What a round did: captures in the movement, then the report of
	// production and combat.
	msgBoardCapture       = engine.Define("BoardHexatriCapture", "{{.Field}}: {{.Piece}} captures {{.Victim}}")
	msgBoardLeaderPiece   = engine.Define("BoardHexatriLeaderPiece", "{{.Letter}} leader")
	msgBoardOrdinaryPiece = engine.Define("BoardHexatriOrdinaryPiece", "{{.Letter}} piece")
	msgBoardCaptures      = engine.Define("BoardHexatriCaptures", "Captures: {{.Captures}}")
	msgBoardProduction    = engine.Define("BoardHexatriProduction", "Production: {{.Hexagons}}")
	msgBoardRegroupDone   = engine.Define("BoardHexatriRegroupDone", "Regroup: {{.Order}} done")
	msgBoardRegroupPoints = engine.Define("BoardHexatriRegroupPoints", "Regroup: {{.Order}} not done: {{.Hexagon}} is not yours alone with 2 points")
	msgBoardRegroupAlone  = engine.Define("BoardHexatriRegroupAlone", "Regroup: {{.Order}} not done: {{.Hexagon}} is not yours alone")
	msgBoardShotMissed    = engine.Define("BoardHexatriShotMissed", "Shot: {{.Order}} missed: no such piece there any more")
	msgBoardShotNo6       = engine.Define("BoardHexatriShotNoSix", "Shot: {{.Order}} not fired: no hexagon of yours has 6 points")
	msgBoardShotUsable    = engine.DefinePlural("BoardHexatriShotUsable", "Shot: {{.Order}} not fired: only {{.N}} usable points", "Shot: {{.Order}} not fired: only {{.N}} usable points")
	msgBoardShotNotHeld   = engine.Define("BoardHexatriShotNotHeld", "Shot: {{.Order}} not fired: {{.Hexagon}} is not held by {{.Letter}} alone")
	msgBoardShotPoints    = engine.DefinePlural("BoardHexatriShotPoints", "Shot: {{.Order}} not fired: {{.Hexagon}} has {{.N}} points, not {{.Want}}", "Shot: {{.Order}} not fired: {{.Hexagon}} has {{.N}} points, not {{.Want}}")
	msgBoardShotHits      = engine.Define("BoardHexatriShotHits", "Shot: {{.Order}} hits, paid {{.Paid}}")
	msgBoardBattle        = engine.Define("BoardHexatriBattle", "Battle on {{.Hexagon}}: {{.Before}} -> {{.After}}")
	msgBoardEncircled     = engine.DefinePlural("BoardHexatriEncircled", "Encircled on {{.Field}}: {{.N}} of {{.Letter}} removed", "Encircled on {{.Field}}: {{.N}} of {{.Letter}} removed")
	msgBoardLeaderFalls   = engine.Define("BoardHexatriLeaderFalls", "{{.Line}}; {{.Letter}}'s leader falls")
	msgBoardLostLeader    = engine.Define("BoardHexatriLostLeader", "{{.Letter}} has lost its leader and is out")
)
