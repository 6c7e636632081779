package eko

import (
	"math"

	"github.com/pbmgo/pbm/engine"
)

var _ engine.Evaluator = (*state)(nil)

// Evaluate estimates each seat's chances: its points (buildings and
// captive Emperors, counted up to the 12 that win), a building on a
// capital, its discs on the board and in reserve, and its own Emperor
// free; the strengths of the seats still in play go through a softmax.
// A seat without discs on the board is out.
func (s *state) Evaluate() []float64 {
	n := s.b.players
	r := make([]float64, n)
	if s.over {
		for _, w := range s.winners {
			r[w] = 1 / float64(len(s.winners))
		}
		if len(s.winners) == 0 {
			for i := range r {
				r[i] = 1 / float64(n)
			}
		}
		return r
	}
	sum := 0.0
	for seat := range n {
		on := s.p.onBoard(s.b, seat)
		if s.resigned[seat] || on == 0 {
			continue
		}
		v := float64(min(s.p.points(s.b, seat), 12))
		if s.p.holdsCapital(s.b, seat) {
			v += 3
		}
		v += 0.3*float64(on) + 0.1*float64(s.p.reserve[seat])
		if s.p.captor[seat] >= 0 {
			v -= 2
		}
		r[seat] = math.Exp(0.35 * v)
		sum += r[seat]
	}
	if sum == 0 {
		for i := range r {
			r[i] = 1 / float64(n)
		}
		return r
	}
	for i := range r {
		r[i] /= sum
	}
	return r
}

var _ engine.Candidates = (*state)(nil)

// Candidates lists the turns with a forced march that win at once: a
// first action, MARCH, and a second action after which the player has
// won. Legal leaves out turns with MARCH because there are too many of
// them (two action lists times the reinforcements); a march costs three
// reserve discs, so the one a computer player must never miss, nor
// overlook in the hands of its opponent, is the march that wins, and
// those are few. A second action is tried only where it can win: it
// adds at most 3 points (a castle, or an Emperor taken captive) and
// destroys at most one enemy stack.
func (s *state) Candidates() []string {
	// Not even canMarch now: a construction's discs go to the reserve,
	// so the first action may pay for the march.
	if s.over || len(s.swaps) > 0 {
		return nil
	}
	var out []string
	b, seat := s.b, s.toMove
	for _, a := range legalActions(b, &s.p, seat, s.direct) {
		q := s.p
		s.apply(&q, seat, a)
		if _, _, over := s.victory(&q, seat); over {
			continue
		}
		exchange(&q, b.players)
		if !canMarch(&q, seat) || !s.mayWinInOne(&q, seat) {
			continue
		}
		applyMarch(&q, seat)
		head := a.format(b) + ";MARCH;"
		for _, a2 := range legalActions(b, &q, seat, s.direct) {
			if d := q.st[a2.to]; !a2.build && (d.owner < 0 || d.owner == q.st[a2.from].owner) {
				continue // changes nothing the victory counts
			}
			r := q
			s.apply(&r, seat, a2)
			if w, _, over := s.victory(&r, seat); over && len(w) == 1 && w[0] == seat {
				out = append(out, head+a2.format(b))
			}
		}
	}
	return out
}

// mayWinInOne reports whether one action of seat could win on p: with
// 9 points or more (an action adds at most 3), or when every other
// seat in the game is down to one stack (an action destroys at most
// one). When it reports false, no action wins.
func (s *state) mayWinInOne(p *pos, seat int) bool {
	if p.points(s.b, seat)+3 >= 12 {
		return true
	}
	stacks := [4]int{}
	for c := 0; c < s.b.n; c++ {
		if o := p.st[c].owner; o >= 0 {
			stacks[o]++
		}
	}
	for t := range s.b.players {
		if t != seat && !s.resigned[t] && stacks[t] > 1 {
			return false
		}
	}
	return true
}
