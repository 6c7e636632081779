package eko

import (
	"fmt"
	"sort"
	"strings"
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
func listed(list []string) string {
	const most = 6
	if len(list) <= most {
		return strings.Join(list, ", ")
	}
	return fmt.Sprintf("%s, ... (%d in all)", strings.Join(list[:most], ", "), len(list))
}

// parseCell reads a cell name of this map.
func (s *state) parseCell(t string) (int, error) {
	c := s.b.cell(t)
	if c < 0 {
		return -1, fmt.Errorf("%q is not a cell of this map (rows A-%c, columns 1-%d, as on the board)",
			t, 'A'+s.b.rows-1, s.b.cols)
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
		return "", fmt.Errorf("%q: this is the Emperor swap round; send SWAP:<Emperor's cell>:<own cell> or NOSWAP, for example %s", m, listed(legal))
	}
	seat := s.toMove
	var cells [2]int
	for i, t := range f[1:] {
		c, err := s.parseCell(t)
		if err != nil {
			return "", fmt.Errorf("%s: %v", m, err)
		}
		cells[i] = c
	}
	e, o := s.p.st[cells[0]], s.p.st[cells[1]]
	switch {
	case int(e.owner) != seat || e.owner < 0 || !e.emp:
		return "", fmt.Errorf("%s: your Emperor is not on %s; legal: %s", m, f[1], listed(legal))
	case cells[0] == cells[1]:
		return "", fmt.Errorf("%s: swap the Emperor with another of your discs; legal: %s", m, listed(legal))
	case int(o.owner) != seat || o.owner < 0:
		return "", fmt.Errorf("%s: there is no disc of yours on %s; legal: %s", m, f[2], listed(legal))
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
	reason  string
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
				return t, fmt.Errorf("%s: MARCH must be followed by a second action, for example %s",
					m, listed(s.actionList(&t.p, "")))
			}
			a, err := s.checkAction(&t.p, parts[i])
			if err != nil {
				return t, fmt.Errorf("%s: %v", m, err)
			}
			s.apply(&t.p, seat, a)
			canon = append(canon, a.format(b))
			i++
			if w, why, over := s.victory(&t.p, seat); over {
				if i < len(parts) {
					return t, fmt.Errorf("%s: %s ends the game (%s), so the turn ends there: send %s",
						m, parts[i-1], why, strings.Join(canon, ";"))
				}
				t.canon, t.over, t.winners, t.reason = strings.Join(canon, ";"), true, w, why
				return t, nil
			}
			exchange(&t.p, b.players)
			if second || i >= len(parts) || parts[i] != "MARCH" {
				break
			}
			if !canMarch(&t.p, seat) {
				return t, fmt.Errorf("%s: MARCH destroys three discs of your reserve besides the Emperor, and you have %d",
					m, marchable(&t.p, seat))
			}
			applyMarch(&t.p, seat)
			canon = append(canon, "MARCH")
			i++
		}
	}
	rs := reinforcements(b, &t.p, seat)
	if i >= len(parts) {
		return t, fmt.Errorf("%s: the turn ends with the reinforcement: %s", m, listed(formatAll(b, rs)))
	}
	r, err := s.checkReinforcement(&t.p, parts[i], rs)
	if err != nil {
		return t, fmt.Errorf("%s: %v", m, err)
	}
	if r.n > 0 {
		applyReinforce(&t.p, seat, r.cell, r.n)
	}
	canon = append(canon, r.format(b))
	i++
	if i < len(parts) {
		return t, fmt.Errorf("%s: the reinforcement %s closes the turn; nothing may follow it", m, r.format(b))
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
	alternatives := func(prefix string) string {
		if l := s.actionList(p, prefix); len(l) > 0 && prefix != "" {
			return "; legal here: " + listed(l)
		}
		if l := s.actionList(p, ""); len(l) > 0 {
			return "; legal actions: " + listed(l)
		}
		return "; you have no legal action, so the turn is the reinforcement alone: " +
			listed(formatAll(b, reinforcements(b, p, seat)))
	}
	switch {
	case t == "MARCH":
		return action{}, fmt.Errorf("MARCH comes after the first action%s", alternatives(""))
	case strings.HasPrefix(t, "R:"):
		return action{}, fmt.Errorf("an action comes before the reinforcement %s%s", t, alternatives(""))
	case strings.HasPrefix(t, "B:"):
		f := strings.Split(t, ":")
		if len(f) != 4 || len(f[2]) != 1 || !strings.Contains("CTK", f[2]) {
			return action{}, fmt.Errorf("%q: a construction is B:<space>:<C, T or K>:<paying stack>, like B:E4:T:F5%s", t, alternatives(""))
		}
		site, err := s.parseCell(f[1])
		if err != nil {
			return action{}, fmt.Errorf("%v%s", err, alternatives(""))
		}
		from, err := s.parseCell(f[3])
		if err != nil {
			return action{}, fmt.Errorf("%v%s", err, alternatives("B:"+f[1]+":"))
		}
		level := int8(strings.Index("-CTK", f[2]))
		if _, why := whyBuild(b, p, seat, site, from, level, s.direct, true); why != "" {
			return action{}, fmt.Errorf("%s: %s%s", t, why, alternatives("B:"+b.name[site]+":"))
		}
		return action{build: true, from: from, to: site, level: level}, nil
	}
	f := strings.Split(t, "-")
	if len(f) != 2 {
		return action{}, fmt.Errorf("%q is not an action: a move is like G4-E7, a construction like B:E4:T:F5%s", t, alternatives(""))
	}
	from, err := s.parseCell(f[0])
	if err != nil {
		return action{}, fmt.Errorf("%v%s", err, alternatives(""))
	}
	to, err := s.parseCell(f[1])
	if err != nil {
		return action{}, fmt.Errorf("%v%s", err, alternatives(b.name[from]+"-"))
	}
	if why := whyMove(b, p, seat, from, to); why != "" {
		return action{}, fmt.Errorf("%s: %s%s", t, why, alternatives(b.name[from]+"-"))
	}
	return action{from: from, to: to}, nil
}

// checkReinforcement reads the reinforcement t and checks it against
// the legal ones, rs. Rule book part 1, item 7.
func (s *state) checkReinforcement(p *pos, t string, rs []reinforcement) (reinforcement, error) {
	b, seat := s.b, s.toMove
	legal := "; legal: " + listed(formatAll(b, rs))
	if t == "R:NONE" {
		if rs[0].n == 0 {
			return rs[0], nil
		}
		return reinforcement{}, fmt.Errorf("R:NONE: you have %s in reserve and a stack to take them, so you must place at least one%s", discs(p.reserve[seat]), legal)
	}
	f := strings.Split(t, ":")
	if len(f) != 3 || f[0] != "R" || len(f[2]) != 1 || f[2][0] < '0' || f[2][0] > '9' {
		if strings.HasPrefix(t, "R:") || t == "R" {
			return reinforcement{}, fmt.Errorf("%q: a reinforcement is R:<stack>:<1 to 3>, or R:NONE%s", t, legal)
		}
		return reinforcement{}, fmt.Errorf("%q: after the action comes MARCH or the reinforcement%s", t, legal)
	}
	c, err := s.parseCell(f[1])
	if err != nil {
		return reinforcement{}, fmt.Errorf("%v%s", err, legal)
	}
	n := int8(f[2][0] - '0')
	r := reinforcement{cell: c, n: n}
	for _, l := range rs {
		if l == r {
			return r, nil
		}
	}
	st := p.st[c]
	var why string
	switch {
	case n == 0:
		why = "place 1 to 3 discs"
	case p.reserve[seat] == 0:
		why = "your reserve is empty"
	case int(st.owner) != seat || st.owner < 0:
		why = fmt.Sprintf("there is no stack of yours on %s; reinforcements go onto your own stacks", f[1])
	case st.height >= 4:
		why = fmt.Sprintf("the stack on %s already has 4 discs", f[1])
	case !reinforceable(b, p, seat, c):
		why = fmt.Sprintf("the stack on %s is next to another player's building", f[1])
	case n > 3:
		why = "at most 3 discs are placed"
	case n > p.reserve[seat]:
		why = fmt.Sprintf("you have only %s in reserve", discs(p.reserve[seat]))
	default:
		why = fmt.Sprintf("the stack on %s has room for %d more", f[1], 4-st.height)
	}
	return reinforcement{}, fmt.Errorf("%s: %s%s", t, why, legal)
}

// discs counts discs in words: "1 disc", "3 discs".
func discs(n int8) string {
	if n == 1 {
		return "1 disc"
	}
	return fmt.Sprintf("%d discs", n)
}
