package eko

import (
	"maps"
	"sort"
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/engine"
)

// Notation, rule book part 2, section 5. Cells are a row letter (A at
// the top) and a column number. A turn is one move string:
//
//	G4-E7              move, regroup or attack (kamikaze included)
//	B:E4:T:F5          build a camp (C), tower (T) or castle (K) on E4,
//	                   paying with the stack on F5
//	MARCH              forced march: a second action follows
//	R:F5:2  R:NONE     the reinforcement that closes the turn
//	SWAP:E4:H3 NOSWAP  the Emperor swap round before the first turn
//
// for example G4-E7;R:E7:3 or B:E4:C:F5;MARCH;G4-E7;R:E7:1.

// listed shows a few of the moves in list, and how many there are.
func listed(list []string) any {
	const most = 6
	if len(list) <= most {
		return engine.List(list)
	}
	return msgListedMore.New("Moves", engine.List(list[:most]), "All", len(list))
}

// withAlt is the refusal err of parseCell followed by alt, the legal
// moves or actions: "... as on the board); legal here: ...".
func withAlt(err error, alt *engine.Refusal) error {
	r, ok := err.(*engine.Refusal)
	if !ok || r.Code != msgNotACell.Code() {
		panic("eko: withAlt of " + err.Error())
	}
	args := maps.Clone(r.Args)
	args["Alt"] = alt
	return &engine.Refusal{Code: msgNotACellAlt.Code(), Args: args}
}

// parseCell reads a cell name of this map.
func (s *state) parseCell(t string) (int, error) {
	c := s.b.cell(t)
	if c < 0 {
		return -1, msgNotACell.New("Input", strconv.Quote(t), "Row", string(rune('A'+s.b.rows-1)), "Cols", s.b.cols)
	}
	return c, nil
}

// checkSwap checks a choice of the Emperor swap round: SWAP:<Emperor's
// cell>:<own cell> exchanges the Emperor with another disc of the same
// player; NOSWAP keeps the deal. Rule book part 1, item 2.
func (s *state) checkSwap(m string) (string, error) {
	legal := s.legalSwaps()
	if m == "NOSWAP" {
		return m, nil
	}
	f := strings.Split(m, ":")
	if len(f) != 3 || f[0] != "SWAP" {
		return "", msgSwapRound.New("Input", strconv.Quote(m), "Legal", listed(legal))
	}
	seat := s.toMove
	var cells [2]int
	for i, t := range f[1:] {
		c, err := s.parseCell(t)
		if err != nil {
			return "", msgIn.New("Move", m, "Why", err)
		}
		cells[i] = c
	}
	e, o := s.p.st[cells[0]], s.p.st[cells[1]]
	switch {
	case int(e.owner) != seat || e.owner < 0 || !e.emp:
		return "", msgNoEmperor.New("Move", m, "Cell", f[1], "Legal", listed(legal))
	case cells[0] == cells[1]:
		return "", msgSwapSame.New("Move", m, "Legal", listed(legal))
	case int(o.owner) != seat || o.owner < 0:
		return "", msgNoDisc.New("Move", m, "Cell", f[2], "Legal", listed(legal))
	}
	s.p.st[cells[0]].emp = false
	s.p.st[cells[1]].emp = true
	return "SWAP:" + s.b.name[cells[0]] + ":" + s.b.name[cells[1]], nil
}

// turn is a checked turn, ready to replace the position.
type turn struct {
	p       pos
	canon   string
	over    bool
	winners []int
	reason  *engine.Refusal
}

// checkTurn checks a whole turn on a copy of the position: action,
// optionally MARCH and a second action, then the reinforcement. Nothing
// applies unless all of it is legal. Rule book part 1, item 3.
func (s *state) checkTurn(m string) (turn, error) {
	b, seat := s.b, s.toMove
	t := turn{p: s.p}
	parts := strings.Split(m, ";")
	var canon []string
	i := 0
	if !strings.HasPrefix(parts[0], "R:") || hasAction(b, &t.p, seat, s.direct) {
		for second := false; ; second = true {
			if i >= len(parts) {
				return t, msgMarchAlone.New("Move", m, "Legal", listed(s.actionList(&t.p, "")))
			}
			a, err := s.checkAction(&t.p, parts[i])
			if err != nil {
				return t, msgIn.New("Move", m, "Why", err)
			}
			s.apply(&t.p, seat, a)
			canon = append(canon, a.format(b))
			i++
			if w, why, over := s.victory(&t.p, seat); over {
				if i < len(parts) {
					return t, msgGameEnds.New("Move", m, "Action", parts[i-1], "Reason", why, "Turn", strings.Join(canon, ";"))
				}
				t.canon, t.over, t.winners, t.reason = strings.Join(canon, ";"), true, w, why
				return t, nil
			}
			exchange(&t.p, b.players)
			if second || i >= len(parts) || parts[i] != "MARCH" {
				break
			}
			if !canMarch(&t.p, seat) {
				return t, msgMarchCost.N(int(marchable(&t.p, seat)), "Move", m, "N", int(marchable(&t.p, seat)))
			}
			applyMarch(&t.p, seat)
			canon = append(canon, "MARCH")
			i++
		}
	}
	rs := reinforcements(b, &t.p, seat)
	if i >= len(parts) {
		return t, msgEndsWithR.New("Move", m, "Legal", listed(formatAll(b, rs)))
	}
	r, err := s.checkReinforcement(&t.p, parts[i], rs)
	if err != nil {
		return t, msgIn.New("Move", m, "Why", err)
	}
	if r.n > 0 {
		applyReinforce(&t.p, seat, r.cell, r.n)
	}
	canon = append(canon, r.format(b))
	i++
	if i < len(parts) {
		return t, msgAfterR.New("Move", m, "R", r.format(b))
	}
	t.canon = strings.Join(canon, ";")
	t.winners, t.reason, t.over = s.victory(&t.p, seat)
	return t, nil
}

func marchable(p *pos, seat int) int8 {
	n := p.reserve[seat]
	if p.empRes[seat] {
		n--
	}
	return n
}

func formatAll(b *board, rs []reinforcement) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.format(b)
	}
	return out
}

// actionList lists the legal actions on p beginning with prefix.
func (s *state) actionList(p *pos, prefix string) []string {
	var out []string
	for _, a := range legalActions(s.b, p, s.toMove, s.direct) {
		if f := a.format(s.b); strings.HasPrefix(f, prefix) {
			out = append(out, f)
		}
	}
	sort.Strings(out)
	return out
}

// checkAction reads and checks one action on p.
func (s *state) checkAction(p *pos, t string) (action, error) {
	b, seat := s.b, s.toMove
	alternatives := func(prefix string) *engine.Refusal {
		if l := s.actionList(p, prefix); len(l) > 0 && prefix != "" {
			return msgLegalHere.New("Legal", listed(l))
		}
		if l := s.actionList(p, ""); len(l) > 0 {
			return msgLegalActions.New("Legal", listed(l))
		}
		return msgNoAction.New("Legal", listed(formatAll(b, reinforcements(b, p, seat))))
	}
	switch {
	case t == "MARCH":
		return action{}, msgMarchFirst.New("Alt", alternatives(""))
	case strings.HasPrefix(t, "R:"):
		return action{}, msgActionFirst.New("R", t, "Alt", alternatives(""))
	case strings.HasPrefix(t, "B:"):
		f := strings.Split(t, ":")
		if len(f) != 4 || len(f[2]) != 1 || !strings.Contains("CTK", f[2]) {
			return action{}, msgBuildSyntax.New("Input", strconv.Quote(t), "Alt", alternatives(""))
		}
		site, err := s.parseCell(f[1])
		if err != nil {
			return action{}, withAlt(err, alternatives(""))
		}
		from, err := s.parseCell(f[3])
		if err != nil {
			return action{}, withAlt(err, alternatives("B:"+f[1]+":"))
		}
		level := int8(strings.Index("-CTK", f[2]))
		if _, why := whyBuild(b, p, seat, site, from, level, s.direct, true); why != nil {
			return action{}, msgActionAlt.New("Action", t, "Why", why, "Alt", alternatives("B:"+b.name[site]+":"))
		}
		return action{build: true, from: from, to: site, level: level}, nil
	}
	f := strings.Split(t, "-")
	if len(f) != 2 {
		return action{}, msgNotAction.New("Input", strconv.Quote(t), "Alt", alternatives(""))
	}
	from, err := s.parseCell(f[0])
	if err != nil {
		return action{}, withAlt(err, alternatives(""))
	}
	to, err := s.parseCell(f[1])
	if err != nil {
		return action{}, withAlt(err, alternatives(b.name[from]+"-"))
	}
	if why := whyMove(b, p, seat, from, to); why != nil {
		return action{}, msgActionAlt.New("Action", t, "Why", why, "Alt", alternatives(b.name[from]+"-"))
	}
	return action{from: from, to: to}, nil
}

// checkReinforcement reads the reinforcement t and checks it against
// the legal ones, rs. Rule book part 1, item 7.
func (s *state) checkReinforcement(p *pos, t string, rs []reinforcement) (reinforcement, error) {
	b, seat := s.b, s.toMove
	legal := msgLegalR.New("Legal", listed(formatAll(b, rs)))
	if t == "R:NONE" {
		if rs[0].n == 0 {
			return rs[0], nil
		}
		return reinforcement{}, msgMustReinforce.N(int(p.reserve[seat]), "N", int(p.reserve[seat]), "Alt", legal)
	}
	f := strings.Split(t, ":")
	if len(f) != 3 || f[0] != "R" || len(f[2]) != 1 || f[2][0] < '0' || f[2][0] > '9' {
		if strings.HasPrefix(t, "R:") || t == "R" {
			return reinforcement{}, msgRSyntax.New("Input", strconv.Quote(t), "Alt", legal)
		}
		return reinforcement{}, msgAfterAction.New("Input", strconv.Quote(t), "Alt", legal)
	}
	c, err := s.parseCell(f[1])
	if err != nil {
		return reinforcement{}, withAlt(err, legal)
	}
	n := int8(f[2][0] - '0')
	r := reinforcement{cell: c, n: n}
	for _, l := range rs {
		if l == r {
			return r, nil
		}
	}
	st := p.st[c]
	var why *engine.Refusal
	switch {
	case n == 0:
		why = msgROneToThree.New()
	case p.reserve[seat] == 0:
		why = msgREmpty.New()
	case int(st.owner) != seat || st.owner < 0:
		why = msgRNotYours.New("Cell", f[1])
	case st.height >= 4:
		why = msgRFull.New("Cell", f[1])
	case !reinforceable(b, p, seat, c):
		why = msgRNextTo.New("Cell", f[1])
	case n > 3:
		why = msgRAtMost3.New()
	case n > p.reserve[seat]:
		why = msgROnly.N(int(p.reserve[seat]), "N", int(p.reserve[seat]))
	default:
		why = msgRRoom.N(int(4-st.height), "Cell", f[1], "N", int(4-st.height))
	}
	return reinforcement{}, msgActionAlt.New("Action", t, "Why", why, "Alt", legal)
}

var (
	msgListedMore    = engine.Define("RefuseEkoListedMore", "{{.Moves}}, ... ({{.All}} in all)")
	msgNotACell      = engine.Define("RefuseEkoNotACell", "{{.Input}} is not a cell of this map (rows A-{{.Row}}, columns 1-{{.Cols}}, as on the board)")
	msgNotACellAlt   = engine.Define("RefuseEkoNotACellAlt", "{{.Input}} is not a cell of this map (rows A-{{.Row}}, columns 1-{{.Cols}}, as on the board){{.Alt}}")
	msgSwapRound     = engine.Define("RefuseEkoSwapRound", "{{.Input}}: this is the Emperor swap round; send SWAP:<Emperor's cell>:<own cell> or NOSWAP, for example {{.Legal}}")
	msgIn            = engine.Define("RefuseEkoIn", "{{.Move}}: {{.Why}}")
	msgNoEmperor     = engine.Define("RefuseEkoNoEmperor", "{{.Move}}: your Emperor is not on {{.Cell}}; legal: {{.Legal}}")
	msgSwapSame      = engine.Define("RefuseEkoSwapSame", "{{.Move}}: swap the Emperor with another of your discs; legal: {{.Legal}}")
	msgNoDisc        = engine.Define("RefuseEkoNoDisc", "{{.Move}}: there is no disc of yours on {{.Cell}}; legal: {{.Legal}}")
	msgMarchAlone    = engine.Define("RefuseEkoMarchAlone", "{{.Move}}: MARCH must be followed by a second action, for example {{.Legal}}")
	msgGameEnds      = engine.Define("RefuseEkoGameEnds", "{{.Move}}: {{.Action}} ends the game ({{.Reason}}), so the turn ends there: send {{.Turn}}")
	msgMarchCost     = engine.DefinePlural("RefuseEkoMarchCost", "{{.Move}}: MARCH destroys three discs of your reserve besides the Emperor, and you have {{.N}}", "{{.Move}}: MARCH destroys three discs of your reserve besides the Emperor, and you have {{.N}}")
	msgEndsWithR     = engine.Define("RefuseEkoEndsWithReinforcement", "{{.Move}}: the turn ends with the reinforcement: {{.Legal}}")
	msgAfterR        = engine.Define("RefuseEkoAfterReinforcement", "{{.Move}}: the reinforcement {{.R}} closes the turn; nothing may follow it")
	msgLegalHere     = engine.Define("RefuseEkoLegalHere", "; legal here: {{.Legal}}")
	msgLegalActions  = engine.Define("RefuseEkoLegalActions", "; legal actions: {{.Legal}}")
	msgNoAction      = engine.Define("RefuseEkoNoAction", "; you have no legal action, so the turn is the reinforcement alone: {{.Legal}}")
	msgMarchFirst    = engine.Define("RefuseEkoMarchFirst", "MARCH comes after the first action{{.Alt}}")
	msgActionFirst   = engine.Define("RefuseEkoActionFirst", "an action comes before the reinforcement {{.R}}{{.Alt}}")
	msgBuildSyntax   = engine.Define("RefuseEkoBuildSyntax", "{{.Input}}: a construction is B:<space>:<C, T or K>:<paying stack>, like B:E4:T:F5{{.Alt}}")
	msgActionAlt     = engine.Define("RefuseEkoActionAlt", "{{.Action}}: {{.Why}}{{.Alt}}")
	msgNotAction     = engine.Define("RefuseEkoNotAction", "{{.Input}} is not an action: a move is like G4-E7, a construction like B:E4:T:F5{{.Alt}}")
	msgLegalR        = engine.Define("RefuseEkoLegalReinforcements", "; legal: {{.Legal}}")
	msgMustReinforce = engine.DefinePlural("RefuseEkoMustReinforce", "R:NONE: you have {{.N}} disc in reserve and a stack to take them, so you must place at least one{{.Alt}}", "R:NONE: you have {{.N}} discs in reserve and a stack to take them, so you must place at least one{{.Alt}}")
	msgRSyntax       = engine.Define("RefuseEkoReinforcementSyntax", "{{.Input}}: a reinforcement is R:<stack>:<1 to 3>, or R:NONE{{.Alt}}")
	msgAfterAction   = engine.Define("RefuseEkoAfterAction", "{{.Input}}: after the action comes MARCH or the reinforcement{{.Alt}}")
	msgROneToThree   = engine.Define("RefuseEkoOneToThree", "place 1 to 3 discs")
	msgREmpty        = engine.Define("RefuseEkoReserveEmpty", "your reserve is empty")
	msgRNotYours     = engine.Define("RefuseEkoReinforceNotYours", "there is no stack of yours on {{.Cell}}; reinforcements go onto your own stacks")
	msgRFull         = engine.Define("RefuseEkoStackFull", "the stack on {{.Cell}} already has 4 discs")
	msgRNextTo       = engine.Define("RefuseEkoNextToBuilding", "the stack on {{.Cell}} is next to another player's building")
	msgRAtMost3      = engine.Define("RefuseEkoAtMostThree", "at most 3 discs are placed")
	msgROnly         = engine.DefinePlural("RefuseEkoReserveOnly", "you have only {{.N}} disc in reserve", "you have only {{.N}} discs in reserve")
	msgRRoom         = engine.DefinePlural("RefuseEkoRoom", "the stack on {{.Cell}} has room for {{.N}} more", "the stack on {{.Cell}} has room for {{.N}} more")
)
