package hexatri

import (
	"math"

	"github.com/pbmgo/pbm/engine"
)

var _ engine.Evaluator = (*state)(nil)

// Weights of the evaluation, in pieces.
const (
	evLeader   = 4.0  // a leader still in the game
	evPiece    = 1.0  // an ordinary piece still in the game
	evOnBoard  = 0.3  // an ordinary piece that has entered
	evPoint    = 0.15 // a point the seat may spend, up to evPointCap
	evPointCap = 12
	evProduce  = 0.3 // a point the seat's hexagons will produce
	evFalls    = 3.5 // a leader that falls if the phase ends now
	evPinned   = 2.0 // a leader alone on a hexagon with enemies
	evPressed  = 1.5 // a leader under pressure (scaled by how much)
	evApproach = 0.6 // an ordinary piece next to an enemy leader
	evScale    = 0.45
	evDead     = 0.2 // taken off the draw's share of a dead position
	evTempo    = 0.8 // the seat to act may still answer a threat
)

// Evaluate estimates each seat's chances; the strengths of the seats in
// play go through a softmax. A seat's strength counts its pieces (a
// leader four times, a piece on the board a little more than one off
// it), the points it may spend and the points its hexagons produce, the
// nearness of its ordinary pieces to the enemy leaders (the battle is
// where a game is won), and less for each of its leaders in danger: a
// leader that the combat would remove if the movement phase ended now
// (outnumbered on its hexagon, or encircled) costs almost its value, a
// leader pinned as its seat's last piece on a hexagon with enemies (one
// more enemy stepping in removes it) half of it, a leader with more
// enemies on its hexagon and the triangles around it than own pieces
// there, or on a triangle whose hexagons enemies hold, a part of it.
// The seat to act gets a little more: it may still answer a threat
// (without it a search on the evaluation alone swings between the
// seats from one action to the next). A dead position (see dead) scores below a draw's share for every
// seat. A finished game is scored by its result.
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
	if s.dead() {
		for q := range s.n {
			if !s.out[q] {
				r[q] = 1/float64(s.active()) - evDead
			}
		}
		return r
	}
	g := s.g
	str := make([]float64, s.n)
	// Points and production.
	pts := make([]int, s.n)
	for h := 0; h < g.nHex; h++ {
		if s.blocked(h) {
			continue
		}
		owner := -1
		for q := 0; q < s.n; q++ {
			if s.cnt[h*s.n+q] > 0 {
				if owner >= 0 {
					owner = -2
					break
				}
				owner = q
			}
		}
		if owner < 0 {
			continue
		}
		pts[owner] += s.points[h]
		str[owner] += evProduce * float64(min(s.prodNumber(h), s.cnt[h*s.n+owner]))
	}
	for q := range s.n {
		str[q] += evPoint * float64(min(pts[q], evPointCap))
	}
	// Leaders on the board, for the nearness of the enemies.
	var leaders []piece
	for _, p := range s.pieces {
		if p.leader && p.at >= 0 {
			leaders = append(leaders, p)
		}
	}
	for _, p := range s.pieces {
		if p.at == gone || p.owner < 0 || p.owner >= s.n {
			continue
		}
		if p.leader {
			str[p.owner] += evLeader
			if p.at >= 0 {
				str[p.owner] -= s.danger(p.owner, p.at)
			}
			continue
		}
		str[p.owner] += evPiece
		if p.at < 0 {
			continue
		}
		str[p.owner] += evOnBoard
		near := 0.0
		for _, l := range leaders {
			if l.owner != p.owner {
				near = max(near, 1/(1+float64(g.dist[p.at*(g.nHex+g.nTri)+l.at])))
			}
		}
		str[p.owner] += evApproach * near
	}
	if s.toMove >= 0 && s.toMove < s.n {
		str[s.toMove] += evTempo
	}
	sum := 0.0
	for seat := range s.n {
		if s.out[seat] {
			continue
		}
		r[seat] = math.Exp(evScale * str[seat])
		sum += r[seat]
	}
	for i := range r {
		r[i] /= sum
	}
	return r
}

var _ engine.PlayoutDepth = (*state)(nil)

// PlayoutDepth is 0: a computer player scores each new node of its
// search by the evaluation without random actions after it. One
// Hexatri action among the hundreds of a turn's list is mostly aimless
// (a payment variant, a step to nowhere), so random play-outs of a few
// actions blur the evaluation more than they tell, and a round takes
// too many actions for play-outs to reach its combat.
func (s *state) PlayoutDepth() int { return 0 }

// dead tells whether nothing can change on the board any more: no
// hexagon is held by one seat alone (so no seat has points to spend or
// will produce any), and every leader still in the game stands pinned
// as the last piece of its seat on a hexagon with enemies. Such a game
// is drawn at the round limit; the evaluation scores it below a draw's
// share, so that a player that can still win keeps out of it.
func (s *state) dead() bool {
	g := s.g
	for h := 0; h < g.nHex; h++ {
		k := 0
		for q := 0; q < s.n; q++ {
			if s.cnt[h*s.n+q] > 0 {
				k++
			}
		}
		if k == 1 || k > 1 && s.blocked(h) {
			return false
		}
	}
	for _, p := range s.pieces {
		if !p.leader || p.at == gone {
			continue
		}
		if p.at < 0 || !g.isHex(p.at) || s.cnt[p.at*s.n+p.owner] != 1 || !s.enemies(p.at, p.owner) {
			return false
		}
	}
	return true
}

// danger is how much the evaluation takes off seat q's strength for its
// leader on field f.
func (s *state) danger(q, f int) float64 {
	g := s.g
	if s.encircled(f, q) {
		return evFalls
	}
	if !g.isHex(f) {
		// A triangle: the share of its hexagons held by enemies.
		nb := g.neighbours(f)
		held := 0
		for _, h := range nb {
			if s.cnt[h*s.n+q] == 0 && s.enemies(h, q) {
				held++
			}
		}
		return evPressed * float64(held) / float64(len(nb))
	}
	c := make([]int, s.n)
	enemy := 0
	for p := range s.n {
		c[p] = s.cnt[f*s.n+p]
		if p != q {
			enemy = max(enemy, c[p])
		}
	}
	mine := c[q]
	left := append([]int(nil), c...)
	fight(left)
	lost := mine - left[q]
	if lost > mine-s.leadersAt(q, f) {
		return evFalls
	}
	// Enemies next to the hexagon may step in.
	near := 0
	for _, t := range g.hexTri[f] {
		if j := s.occ[t-g.nHex]; j >= 0 && s.pieces[j].owner != q {
			near++
		}
	}
	switch {
	case enemy > 0 && mine == 1:
		// Pinned: the leader may not leave, and one more enemy
		// stepping in removes it.
		return evPinned
	case enemy+near > mine:
		return evPressed * math.Min(1, float64(enemy+near-mine)/2)
	}
	return 0
}

// distances is the number of steps between every two fields of g (a
// step goes from a hexagon to a triangle or back), row by row.
func distances(g *geom) []uint8 {
	nf := g.nHex + g.nTri
	d := make([]uint8, nf*nf)
	queue := make([]int, 0, nf)
	for from := range nf {
		row := d[from*nf : (from+1)*nf]
		for i := range row {
			row[i] = 255
		}
		row[from] = 0
		queue = append(queue[:0], from)
		for k := 0; k < len(queue); k++ {
			f := queue[k]
			for _, t := range g.neighbours(f) {
				if row[t] == 255 {
					row[t] = row[f] + 1
					queue = append(queue, t)
				}
			}
		}
	}
	return d
}
