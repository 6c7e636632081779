package hexatri

import (
	"math"

	"github.com/pbmgo/pbm/engine"
)

var _ engine.Evaluator = (*state)(nil)

// Evaluate estimates each seat's chances from its pieces: every piece
// still in the game counts, a leader three times (a seat whose leaders
// all fall is out); the strengths of the seats in play go through a
// softmax.
func (s *state) Evaluate() []float64 {
	r := make([]float64, s.n)
	if s.res.Over {
		for _, w := range s.res.Winners {
			r[w] = 1 / float64(len(s.res.Winners))
		}
		if len(s.res.Winners) == 0 {
			for i := range r {
				r[i] = 1 / float64(s.n)
			}
		}
		return r
	}
	str := make([]float64, s.n)
	for _, p := range s.pieces {
		if p.at == gone || p.owner < 0 || p.owner >= s.n {
			continue
		}
		if p.leader {
			str[p.owner] += 3
		} else {
			str[p.owner]++
		}
	}
	sum := 0.0
	for seat := range s.n {
		if s.out[seat] {
			continue
		}
		r[seat] = math.Exp(0.4 * str[seat])
		sum += r[seat]
	}
	for i := range r {
		r[i] /= sum
	}
	return r
}
