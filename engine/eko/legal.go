package eko

import (
	"sort"
	"strconv"
)

// legalActions lists every action seat may take: moves of its stacks
// and constructions. Rule book part 1, items 4-5.
func legalActions(b *board, p *pos, seat int, direct bool) []action {
	var out []action
	for c := 0; c < b.n; c++ {
		if int(p.st[c].owner) != seat || p.st[c].owner < 0 {
			continue
		}
		d := destinations(b, p, c)
		d.each(func(to int) { out = append(out, action{from: c, to: to}) })
	}
	return append(out, legalBuilds(b, p, seat, direct)...)
}

// legalBuilds lists the constructions seat may make.
func legalBuilds(b *board, p *pos, seat int, direct bool) []action {
	var out []action
	for site := 0; site < b.n; site++ {
		max := b.ter[site].maxLevel()
		if max == 0 {
			continue
		}
		for _, from := range b.nb[site] {
			if int(p.st[from].owner) != seat || p.st[from].owner < 0 {
				continue
			}
			for l := int8(1); l <= max; l++ {
				if _, why := whyBuild(b, p, seat, site, from, l, direct, false); why == nil {
					out = append(out, action{build: true, from: from, to: site, level: l})
				}
			}
		}
	}
	return out
}

// hasAction reports whether seat has any legal action.
func hasAction(b *board, p *pos, seat int, direct bool) bool {
	for c := 0; c < b.n; c++ {
		if int(p.st[c].owner) == seat && p.st[c].owner >= 0 {
			if d := destinations(b, p, c); !d.empty() {
				return true
			}
		}
	}
	return len(legalBuilds(b, p, seat, direct)) > 0
}

// reinforcement is the last part of a turn: n discs onto the stack on
// cell, or none (n == 0).
type reinforcement struct {
	cell int
	n    int8
}

func (r reinforcement) format(b *board) string {
	if r.n == 0 {
		return "R:NONE"
	}
	if int(r.n) < len(b.rfmt[r.cell]) {
		return b.rfmt[r.cell][r.n]
	}
	return "R:" + b.name[r.cell] + ":" + strconv.Itoa(int(r.n))
}

// reinforcements lists the legal reinforcements of seat; it is the
// single R:NONE when the reserve is empty or no stack may take discs.
// Rule book part 1, item 7.
func reinforcements(b *board, p *pos, seat int) []reinforcement {
	var out []reinforcement
	if p.reserve[seat] > 0 {
		for c := 0; c < b.n; c++ {
			if reinforceable(b, p, seat, c) {
				for n := int8(1); n <= maxReinforce(p, seat, c); n++ {
					out = append(out, reinforcement{cell: c, n: n})
				}
			}
		}
	}
	if len(out) == 0 {
		out = append(out, reinforcement{})
	}
	return out
}

// legalTurns lists the turns of the seat to move in the play phase.
// Turns with a forced march are legal but not listed: their number is
// the product of two action lists and the reinforcements (see the
// package documentation).
func (s *state) legalTurns() []string {
	b, seat := s.b, s.toMove
	acts := legalActions(b, &s.p, seat, s.direct)
	var out []string
	if len(acts) == 0 {
		for _, r := range reinforcements(b, &s.p, seat) {
			out = append(out, r.format(b))
		}
		sort.Strings(out)
		return out
	}
	for _, a := range acts {
		q := s.p
		s.apply(&q, seat, a)
		head := a.format(b)
		if _, _, over := s.victory(&q, seat); over {
			out = append(out, head)
			continue
		}
		exchange(&q, b.players)
		for _, r := range reinforcements(b, &q, seat) {
			out = append(out, head+";"+r.format(b))
		}
	}
	sort.Strings(out)
	return out
}

// legalSwaps lists the choices of the Emperor swap round. Rule book
// part 1, item 2.
func (s *state) legalSwaps() []string {
	b, seat := s.b, s.toMove
	emp := -1
	for c := 0; c < b.n; c++ {
		if int(s.p.st[c].owner) == seat && s.p.st[c].emp {
			emp = c
		}
	}
	out := []string{"NOSWAP"}
	if emp >= 0 {
		for c := 0; c < b.n; c++ {
			if c != emp && int(s.p.st[c].owner) == seat && s.p.st[c].owner >= 0 {
				out = append(out, "SWAP:"+b.name[emp]+":"+b.name[c])
			}
		}
	}
	sort.Strings(out)
	return out
}

// apply carries out a checked action.
func (s *state) apply(p *pos, seat int, a action) {
	if a.build {
		cost, _ := whyBuild(s.b, p, seat, a.to, a.from, a.level, s.direct, false)
		applyBuild(p, seat, a.to, a.from, a.level, cost)
		return
	}
	applyMove(p, a.from, a.to)
}
