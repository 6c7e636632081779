package hexatri

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pbmgo/pbm/engine"
)

// endMovement runs what follows the movement phase: production, the
// regrouping orders, the combat phase, the end of the game or the next
// round. Rule book part 1, items 3, 4, 6 and 7.
func (s *state) endMovement() {
	g := s.g
	var rep []*engine.Refusal
	if len(s.events) > 0 {
		rep = append(rep, msgBoardCaptures.New("Captures", join(msgBoardSemicolon, s.events)))
	}
	s.events = nil

	// Production: a hexagon held by one seat alone produces its printed
	// number, at most one point per piece there. Rule book section 2.5.
	var prod []string
	for h := 0; h < g.nHex; h++ {
		if s.blocked(h) {
			continue
		}
		owner, k := -1, 0
		for q := 0; q < s.n; q++ {
			if c := s.cnt[h*s.n+q]; c > 0 {
				owner, k = q, k+1
			}
		}
		if k != 1 {
			continue
		}
		add := min(s.prodNumber(h), s.cnt[h*s.n+owner])
		s.points[h] += add
		s.created += add
		prod = append(prod, fmt.Sprintf("%s +%d %s", g.name[h], add, seatLetter(owner)))
	}
	var hexes any = msgBoardNone.New()
	if len(prod) > 0 {
		hexes = engine.List(prod)
	}
	rep = append(rep, msgBoardProduction.New("Hexagons", hexes))

	// Regrouping after production. Rule book section 3, regroup.
	for _, o := range s.inTurnOrder(false) {
		txt := g.orderText(o)
		var r *engine.Refusal
		switch {
		case s.out[o.seat]:
			continue
		case !s.usable(o.field, o.seat) || s.points[o.field] < 2:
			r = msgBoardRegroupPoints.New("Order", txt, "Hexagon", g.name[o.field])
		case !s.usable(o.to, o.seat):
			r = msgBoardRegroupAlone.New("Order", txt, "Hexagon", g.name[o.to])
		default:
			s.points[o.field] -= 2
			s.points[o.to]++
			s.spent += 2
			s.created++
			r = msgBoardRegroupDone.New("Order", txt)
		}
		rep = append(rep, r)
	}

	// Combat. Rule book section 2.6.
	var lost []int   // seats that lost a leader
	var credit []int // seats credited with a leader (first blood)
	for _, o := range s.inTurnOrder(true) {
		if s.out[o.seat] {
			continue
		}
		rep = append(rep, s.fire(o))
	}

	// Battles on every contested hexagon.
	var removals []int
	for h := 0; h < g.nHex; h++ {
		if s.blocked(h) {
			continue
		}
		c := make([]int, s.n)
		present := 0
		for q := 0; q < s.n; q++ {
			c[q] = s.cnt[h*s.n+q]
			if c[q] > 0 {
				present++
			}
		}
		if present < 2 {
			continue
		}
		before := fmtCounts(c)
		fight(c)
		txt := msgBoardBattle.New("Hexagon", g.name[h], "Before", before, "After", fmtCounts(c))
		var fell []int
		for q := 0; q < s.n; q++ {
			lose := s.cnt[h*s.n+q] - c[q]
			if lose == 0 {
				continue
			}
			rm, leader := s.losses(q, h, lose)
			removals = append(removals, rm...)
			if leader {
				fell = append(fell, q)
			}
		}
		for _, q := range fell {
			txt = msgBoardLeaderFalls.New("Line", txt, "Letter", seatLetter(q))
			lost = append(lost, q)
			credit = append(credit, best(c, q)...)
		}
		rep = append(rep, txt)
	}
	for _, i := range removals {
		s.remove(i)
	}
	// A seat whose last leader fell in a battle loses all its pieces at
	// once, before encirclement is judged: they encircle nobody.
	s.outOfLeaders(lost, &rep)

	// Encirclement, once, on the position after the battles.
	type enc struct{ f, q int }
	var encs []enc
	for f := 0; f < g.nHex+g.nTri; f++ {
		if g.isHex(f) && s.blocked(f) {
			continue
		}
		for q := 0; q < s.n; q++ {
			if s.has(f, q) && s.encircled(f, q) {
				encs = append(encs, enc{f, q})
			}
		}
	}
	var encRemovals []int
	for _, e := range encs {
		c := make([]int, s.n)
		for _, nb := range g.neighbours(e.f) {
			for q := 0; q < s.n; q++ {
				c[q] += s.count(nb, q)
			}
		}
		rm, leader := s.losses(e.q, e.f, s.count(e.f, e.q))
		txt := msgBoardEncircled.N(len(rm), "Field", g.name[e.f], "N", len(rm), "Letter", seatLetter(e.q))
		if leader {
			txt = msgBoardLeaderFalls.New("Line", txt, "Letter", seatLetter(e.q))
			lost = append(lost, e.q)
			credit = append(credit, best(c, e.q)...)
		}
		rep = append(rep, txt)
		encRemovals = append(encRemovals, rm...)
	}
	for _, i := range encRemovals {
		s.remove(i)
	}

	s.outOfLeaders(lost, &rep)
	s.report = rep
	s.reportRound = s.round
	s.orders = nil

	if s.o.fb {
		var win []int
		for _, q := range credit {
			if !s.out[q] && !contains(win, q) {
				win = append(win, q)
			}
		}
		if len(win) > 0 {
			sort.Ints(win)
			s.finish(win, msgFirstBlood.New("Letters", lettersList(win), "Round", s.round))
			return
		}
	}
	switch s.active() {
	case 0:
		s.finish(nil, msgLastFell.New("Round", s.round))
		return
	case 1:
		w := s.nextActive(0)
		s.finish([]int{w}, msgLastPlayer.New("Letter", seatLetter(w)))
		return
	}
	if s.round >= s.o.rounds {
		s.finish(nil, msgRoundLimit.New("N", s.o.rounds))
		return
	}
	s.newRound()
}

// outOfLeaders takes out the seats of lost left without a leader.
// Rule book part 1, item 7.
func (s *state) outOfLeaders(lost []int, rep *[]*engine.Refusal) {
	for _, q := range lost {
		if !s.out[q] && s.leadersLeft(q) == 0 {
			s.eliminate(q, msgBoardLeaderLostIn.New("Round", s.round))
			*rep = append(*rep, msgBoardLostLeader.New("Letter", seatLetter(q)))
		}
	}
}

// newRound starts the next movement phase; the first move passes on by
// one seat each round, to the next seat still in the game after the
// one that started the last round. Rule book part 1, item 3.
func (s *state) newRound() {
	s.round++
	for i := range s.pieces {
		s.pieces[i].paid = false
		s.pieces[i].free = false
	}
	for h := range s.block {
		if s.block[h] < s.round {
			s.block[h] = 0
		}
	}
	s.first = s.nextActive(s.first + 1)
	s.toMove = s.first
	s.passed = 0
}

// fight runs a battle on the counts of the seats present: while two or
// more seats are left with unequal numbers, each loses one piece. Rule
// book section 2.6.
func fight(c []int) {
	for {
		present, lo, hi := 0, 1<<30, 0
		for _, x := range c {
			if x > 0 {
				present++
				lo = min(lo, x)
				hi = max(hi, x)
			}
		}
		if present < 2 || lo == hi {
			return
		}
		for i := range c {
			if c[i] > 0 {
				c[i]--
			}
		}
	}
}

// best lists the seats other than victim with the most pieces in c: the
// seats credited with a leader. Rule book section 2.7.
func best(c []int, victim int) []int {
	top := 0
	for q, x := range c {
		if q != victim && x > top {
			top = x
		}
	}
	var out []int
	for q, x := range c {
		if q != victim && top > 0 && x == top {
			out = append(out, q)
		}
	}
	return out
}

// fmtCounts is the pieces of the seats in c, "R4 B1", or the message
// none.
func fmtCounts(c []int) any {
	var parts []string
	for q, x := range c {
		if x > 0 {
			parts = append(parts, fmt.Sprintf("%s%d", seatLetter(q), x))
		}
	}
	if len(parts) == 0 {
		return msgBoardNone.New()
	}
	return strings.Join(parts, " ")
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// losses picks k pieces of seat q on field f to remove, ordinary pieces
// before leaders (rule book part 1, item 6), and tells whether a leader
// is among them.
func (s *state) losses(q, f, k int) ([]int, bool) {
	var out []int
	leader := false
	for pass := 0; pass < 2 && len(out) < k; pass++ {
		for i := range s.pieces {
			pc := s.pieces[i]
			if len(out) == k {
				break
			}
			if pc.owner == q && pc.at == f && pc.leader == (pass == 1) {
				out = append(out, i)
				leader = leader || pc.leader
			}
		}
	}
	return out, leader
}

// has tells whether seat q has a piece on field f.
func (s *state) has(f, q int) bool { return s.count(f, q) > 0 }

// count is the number of pieces of seat q on field f.
func (s *state) count(f, q int) int {
	if s.g.isHex(f) {
		return s.cnt[f*s.n+q]
	}
	if i := s.occ[f-s.g.nHex]; i >= 0 && s.pieces[i].owner == q {
		return 1
	}
	return 0
}

// encircled tells whether every neighbour of field f holds pieces and
// none of seat q's. Rule book section 2.6.
func (s *state) encircled(f, q int) bool {
	for _, nb := range s.g.neighbours(f) {
		if s.has(nb, q) {
			return false
		}
		if s.g.isHex(nb) {
			any := false
			for p := 0; p < s.n; p++ {
				if s.cnt[nb*s.n+p] > 0 {
					any = true
					break
				}
			}
			if !any {
				return false
			}
		} else if s.occ[nb-s.g.nHex] < 0 {
			return false
		}
	}
	return true
}

// leadersLeft counts the leaders of seat q not yet lost.
func (s *state) leadersLeft(q int) int {
	k := 0
	for _, pc := range s.pieces {
		if pc.owner == q && pc.leader && pc.at != gone {
			k++
		}
	}
	return k
}

// inTurnOrder lists the shot or the shift orders seat by seat from the
// seat that began the round, each seat's in the order given.
func (s *state) inTurnOrder(shots bool) []order {
	var out []order
	for i := 0; i < s.n; i++ {
		q := (s.first + i) % s.n
		for _, o := range s.orders {
			if o.seat == q && o.shoot == shots {
				out = append(out, o)
			}
		}
	}
	return out
}

// fire executes a shot: 6 points off the board, from one hexagon with
// -shoot1hex, else from the usable hexagons with the most points first.
// Rule book section 3, shoot.
func (s *state) fire(o order) *engine.Refusal {
	g := s.g
	txt := fmt.Sprintf("%s SHOOT:%s:%s", seatLetter(o.seat), g.name[o.field], seatLetter(o.colour))
	var victim []int
	if g.isHex(o.field) {
		for i, pc := range s.pieces {
			if pc.owner == o.colour && !pc.leader && pc.at == o.field {
				victim = append(victim, i)
				break
			}
		}
	} else if i := s.occ[o.field-g.nHex]; i >= 0 && s.pieces[i].owner == o.colour && !s.pieces[i].leader {
		victim = append(victim, i)
	}
	if len(victim) == 0 {
		return msgBoardShotMissed.New("Order", txt)
	}
	// The hexagon named in the order, checked again now; else the
	// default: point by point from the usable hexagons with the most
	// points (all six from the one with most with -shoot1hex).
	pays := o.pays
	if pays == nil {
		pays = s.shotPayment(o.seat, s.points)
		switch {
		case pays == nil && s.o.shoot1:
			return msgBoardShotNo6.New("Order", txt)
		case pays == nil:
			n := s.usableTotal(o.seat)
			return msgBoardShotUsable.N(n, "Order", txt, "N", n)
		}
	}
	for _, h := range pays {
		k := 0
		for _, x := range o.pays {
			if x == h {
				k++
			}
		}
		switch {
		case !s.usable(h, o.seat):
			return msgBoardShotNotHeld.New("Order", txt, "Hexagon", g.name[h], "Letter", seatLetter(o.seat))
		case s.points[h] < k:
			return msgBoardShotPoints.N(s.points[h], "Order", txt, "Hexagon", g.name[h], "N", s.points[h], "Want", k)
		}
	}
	paid := map[int]int{}
	for _, h := range pays {
		s.points[h]--
		paid[h]++
	}
	s.spent += 6
	var ps []string
	for h := 0; h < g.nHex; h++ {
		if paid[h] > 0 {
			ps = append(ps, fmt.Sprintf("%s*%d", g.name[h], paid[h]))
		}
	}
	s.remove(victim[0])
	return msgBoardShotHits.New("Order", txt, "Paid", strings.Join(ps, ","))
}

// How a game of Hexatri ends.
var (
	msgFirstBlood = engine.Define("HexatriFirstBlood", "first blood: {{.Letters}} removed a leader in round {{.Round}}")
	msgLastFell   = engine.Define("HexatriLastFell", "draw: the last leaders fell together in round {{.Round}}")
	msgLastPlayer = engine.Define("HexatriLastPlayer", "{{.Letter}} is the last player in the game")
	msgRoundLimit = engine.Define("HexatriRoundLimit", "draw: the round limit of {{.N}} rounds is reached")
)

// lettersList is the letters of seats as a list: "R, B".
func lettersList(seats []int) engine.List {
	out := make(engine.List, len(seats))
	for i, q := range seats {
		out[i] = seatLetter(q)
	}
	return out
}
