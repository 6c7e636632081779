package esagek

import (
	"math"

	"github.com/pbmgo/pbm/engine"
)

var _ engine.Evaluator = (*state)(nil)

// Evaluate estimates each seat's chances by the goal of the variant:
// Classic counts pieces and pieces frozen in the opponent's hexagon,
// Invasion pieces in the middle hexagon, Surrounder conquests and
// pieces; the strengths of the seats in play go through a softmax.
// Alone maps the score (0-3) to [0, 1], with a little for every piece
// removed so that play-outs that end with fewer pieces count more.
func (s *state) Evaluate() []float64 {
	if s.v == alone {
		left := float64(s.count(0))
		v := 0.25 * (1 - (left-1)/float64(max(s.initial[0], 1)))
		if s.over {
			v += 0.75 * float64(s.aloneScore()) / 3
		}
		return []float64{v}
	}
	r := make([]float64, s.n)
	if s.over {
		for _, w := range s.winners {
			r[w] = 1 / float64(len(s.winners))
		}
		if len(s.winners) == 0 {
			for i := range r {
				r[i] = 1 / float64(s.n)
			}
		}
		return r
	}
	str := make([]float64, s.n)
	for seat := range s.n {
		n := float64(s.count(seat))
		switch s.v {
		case classic:
			in := 0
			opp := 1 - seat
			for k := range 6 {
				if s.board[classicHomeHex[opp]*6+k] == int8(seat+1) {
					in++
				}
			}
			str[seat] = n + 2*float64(in)
			if n <= 3 {
				str[seat] -= 3
			}
		case invasion:
			str[seat] = 2*float64(s.inMiddle(seat)) + 0.3*n
		case surrounder:
			str[seat] = 2*float64(s.taken[seat]) + 0.5*(n+float64(s.hand[seat]))
		}
	}
	sum := 0.0
	for seat := range s.n {
		if s.out[seat] {
			continue
		}
		r[seat] = math.Exp(0.6 * str[seat])
		sum += r[seat]
	}
	for seat := range r {
		r[seat] /= sum
	}
	return r
}
