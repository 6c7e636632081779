package eko

import "github.com/pbmgo/pbm/engine"

var _ engine.RandomPlay = (*state)(nil)

// PlayRandom plays a turn of the seat to move chosen with intn: an
// action drawn uniformly from the legal actions, then a reinforcement
// drawn uniformly from those legal after it (or the reinforcement
// alone when the seat has no action). Every turn Legal lists can be
// drawn, and no other; as in Legal, no turn with MARCH. Only the turn
// drawn is applied and formatted, where Legal applies every action and
// formats and sorts every turn: a play-out's move costs a small part
// of a Legal list. The turn is not uniform over Legal: each action is
// equally likely, whatever the number of reinforcements after it.
func (s *state) PlayRandom(intn func(n int) int) {
	if s.over {
		return
	}
	seat := s.toMove
	if len(s.swaps) > 0 {
		l := s.legalSwaps()
		if _, err := s.Play(l[intn(len(l))]); err != nil {
			panic("eko: a listed swap refused: " + err.Error())
		}
		return
	}
	b := s.b
	t := turn{p: s.p}
	head := ""
	if acts := legalActions(b, &t.p, seat, s.direct); len(acts) > 0 {
		a := acts[intn(len(acts))]
		s.apply(&t.p, seat, a)
		head = a.format(b)
		if w, why, over := s.victory(&t.p, seat); over {
			t.canon, t.over, t.winners, t.reason = head, true, w, why
			s.commit(t, seat)
			return
		}
		exchange(&t.p, b.players)
		head += ";"
	}
	rs := reinforcements(b, &t.p, seat)
	r := rs[intn(len(rs))]
	if r.n > 0 {
		applyReinforce(&t.p, seat, r.cell, r.n)
	}
	t.canon = head + r.format(b)
	t.winners, t.reason, t.over = s.victory(&t.p, seat)
	s.commit(t, seat)
}
