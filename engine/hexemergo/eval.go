package hexemergo

import (
	"math"

	"github.com/pbmgo/pbm/engine"
)

var _ engine.Evaluator = (*state)(nil)

// Evaluate estimates each seat's chances from material: the men a
// player commands are those in hand and every man of the columns it
// caps (its prisoners included, which it keeps while it holds the top);
// the difference goes through a logistic curve. The side to move gets
// half a man, as it usually captures first.
func (s *state) Evaluate() []float64 {
	if s.over {
		r := []float64{0.5, 0.5}
		if len(s.winners) == 1 {
			r[s.winners[0]], r[1-s.winners[0]] = 1, 0
		}
		return r
	}
	var power [2]float64
	for c := range s.pos.cells {
		col := s.pos.cells[c]
		if col.h == 0 {
			continue
		}
		power[col.top()] += float64(col.h)
	}
	power[white] += float64(s.pos.hand[white])
	power[black] += float64(s.pos.hand[black])
	power[s.pos.turn] += 0.5
	v := 1 / (1 + math.Exp(-(power[white]-power[black])/2.5))
	return []float64{v, 1 - v}
}
