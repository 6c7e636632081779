package hexatri

import (
	"strings"

	"github.com/pbmgo/pbm/engine"
)

// blocked tells whether hexagon h is blockaded this round. Rule book
// section 3, blockade: for the rest of the round and the next one.
func (s *state) blocked(h int) bool { return s.block[h] >= s.round }

// enemies tells whether hexagon h holds pieces of a seat other than p.
func (s *state) enemies(h, p int) bool {
	for q := 0; q < s.n; q++ {
		if q != p && s.cnt[h*s.n+q] > 0 {
			return true
		}
	}
	return false
}

// usable tells whether seat p may spend the points of hexagon h: p has
// pieces there and nobody else has. Rule book part 1, item 5.
func (s *state) usable(h, p int) bool {
	return s.cnt[h*s.n+p] > 0 && !s.enemies(h, p) && !s.blocked(h)
}

// usableHexes lists the hexagons whose points seat p may spend now, with
// at least one point, in reading order.
func (s *state) usableHexes(p int) []int {
	var hs []int
	for h := 0; h < s.g.nHex; h++ {
		if s.points[h] > 0 && s.usable(h, p) {
			hs = append(hs, h)
		}
	}
	return hs
}

// usableTotal is the sum of the points seat p may spend.
func (s *state) usableTotal(p int) int {
	t := 0
	for _, h := range s.usableHexes(p) {
		t += s.points[h]
	}
	return t
}

// defaultPay picks the hexagon that pays a step when none is named: the
// departure hexagon if usable, else the usable hexagon with the most
// points, ties in reading order; never the hexagon skip (-1: none).
// Rule book part 1, item 5.
func (s *state) defaultPay(p, dep, skip int) int {
	if dep >= 0 && dep != skip && s.g.isHex(dep) && s.points[dep] > 0 && s.usable(dep, p) {
		return dep
	}
	best := -1
	for h := 0; h < s.g.nHex; h++ {
		if h != skip && s.points[h] > 0 && (best < 0 || s.points[h] > s.points[best]) && s.usable(h, p) {
			best = h
		}
	}
	return best
}

// canPay reports whether seat p may pay a step at hexagon h.
func (s *state) checkPay(p, h int) error {
	switch {
	case !s.usable(h, p) && s.blocked(h):
		return msgFrozen.New("Hexagon", s.g.name[h])
	case s.cnt[h*s.n+p] == 0:
		return msgNoPieceThere.New("Hexagon", s.g.name[h])
	case s.enemies(h, p):
		return msgContested.New("Hexagon", s.g.name[h])
	case s.points[h] == 0:
		return msgNoPoints.New("Hexagon", s.g.name[h])
	}
	return nil
}

// canStep reports whether piece i may take a paid step now.
func (s *state) canPaid(i int) bool { return s.o.freemove || !s.pieces[i].paid }

// pickLeader chooses a leader of seat p on field f (offBoard for one
// waiting to enter) able to take the step asked: free, paid, or either,
// then one with its free step unused first.
func (s *state) pickLeader(p, f int, free, paid bool) int {
	for pass := 0; pass < 2; pass++ {
		for i := range s.pieces {
			pc := &s.pieces[i]
			if pc.owner != p || !pc.leader || pc.at != f {
				continue
			}
			if free && !pc.free {
				return i
			}
			if pass == 1 && paid && s.canPaid(i) {
				return i
			}
		}
	}
	return -1
}

// pickOrdinary chooses an ordinary piece of seat p on field f (offBoard:
// one allowed to enter) that may still take its paid step.
func (s *state) pickOrdinary(p, f int) int {
	for i := range s.pieces {
		pc := &s.pieces[i]
		if pc.owner != p || pc.leader || pc.at != f || !s.canPaid(i) {
			continue
		}
		if f == offBoard && pc.lock > s.round {
			continue
		}
		return i
	}
	return -1
}

// resolve checks action a for the seat to move and fills in the piece
// and the payment. Rule book part 1, items 5 and 8; section 3.
func (s *state) resolve(a action) (action, error) {
	p := s.toMove
	g := s.g
	switch a.kind {
	case actPass:
		return a, nil
	case actClone:
		if !s.o.cloner {
			return a, msgCloneOption.New()
		}
		c := g.centre
		if !s.usable(c, p) || s.points[c] < 6 {
			return a, msgClone.New("Centre", g.name[c], "N", s.points[c])
		}
		return a, nil
	case actBlock:
		return s.resolveBlock(a)
	case actShoot:
		return s.resolveShoot(a)
	case actShift:
		return s.resolveShift(a)
	case actEnter:
		return s.resolveEnter(a)
	}
	return s.resolveStep(a)
}

// choosePiece settles which piece of seat p on field f takes the step and
// whether the step is free. Without L: an ordinary piece is taken, or
// the leader when no ordinary piece there can step.
//
// With paid set the step must be a paid one (a capture): a leader then
// takes its paid step when no payment is named.
func (s *state) choosePiece(a *action, p, f int, paid bool) error {
	// where names the field in a refusal; built only for one.
	where := func() *engine.Refusal {
		if f >= 0 {
			return msgOn.New("Field", s.g.name[f])
		}
		return msgOffBoard.New()
	}
	if f >= 0 && !s.g.isHex(f) {
		i := s.occ[f-s.g.nHex]
		if i < 0 {
			return msgNoPiece.New("Field", s.g.name[f])
		}
		pc := s.pieces[i]
		if pc.owner != p {
			return msgOthers.New("Field", s.g.name[f], "Letter", seatLetter(pc.owner))
		}
		if a.leader && !pc.leader {
			return msgNotLeader.New("Field", s.g.name[f])
		}
		a.piece = i
	} else if !a.leader && !a.free {
		a.piece = s.pickOrdinary(p, f)
	}
	if a.piece < 0 {
		// The leader: the one asked for, or the only piece left able.
		i := s.pickLeader(p, f, (a.free || a.pay < 0) && !paid, !a.free)
		if i < 0 && (a.leader || a.free) {
			// A leader that cannot take this step: named below.
			i = s.pickLeader(p, f, true, true)
			for j := range s.pieces {
				if pc := s.pieces[j]; i < 0 && pc.owner == p && pc.leader && pc.at == f && (f != offBoard || pc.lock <= s.round) {
					i = j
				}
			}
		}
		if i < 0 {
			if a.leader || a.free {
				return msgNoLeader.New("Where", where())
			}
			return msgNoStepper.New("Where", where())
		}
		a.piece = i
	}
	pc := s.pieces[a.piece]
	a.leader = pc.leader
	if !pc.leader {
		if a.free {
			return msgFreeLeader.New()
		}
		if !s.canPaid(a.piece) {
			return msgStepped.New("Where", where())
		}
		return nil
	}
	if a.free && pc.free {
		return msgUsedFree.New()
	}
	if a.pay >= 0 && !s.canPaid(a.piece) {
		return msgUsedPaid.New()
	}
	if !a.free && a.pay < 0 {
		// Default for the leader: the free step while it is unused.
		switch {
		case paid && !s.canPaid(a.piece):
			return msgCaptureUsed.New()
		case !pc.free && !paid:
			a.free = true
		case !s.canPaid(a.piece):
			return msgUsedBoth.New()
		}
	}
	return nil
}

// settlePay fills in and checks the payment of a paid step from field
// dep, never from the hexagon skip when it fills it in.
func (s *state) settlePay(a *action, p, dep, skip int) error {
	if a.free {
		return nil
	}
	if a.pay < 0 {
		a.pay = s.defaultPay(p, dep, skip)
		if a.pay < 0 {
			return msgNoUsable.New()
		}
		return nil
	}
	return s.checkPay(p, a.pay)
}

// checkInto checks that field t may be stepped onto by piece i: an empty
// triangle, an enemy ordinary piece with -capture, or a hexagon that is
// not blockaded.
func (s *state) checkInto(i, t int) error {
	g := s.g
	if g.isHex(t) {
		if s.blocked(t) {
			return msgBlockedEnter.New("Field", g.name[t], "Round", s.block[t])
		}
		return nil
	}
	j := s.occ[t-g.nHex]
	if j < 0 {
		return nil
	}
	if !s.o.capture {
		return msgOccupiedOne.New("Field", g.name[t])
	}
	if s.pieces[j].owner == s.pieces[i].owner {
		return msgOwnPiece.New("Field", g.name[t])
	}
	if s.pieces[j].leader {
		return msgLeaderSafe.New("Field", g.name[t])
	}
	return nil
}

func (s *state) resolveStep(a action) (action, error) {
	p := s.toMove
	g := s.g
	if a.via >= 0 {
		return s.resolveChain(a)
	}
	if g.isHex(a.from) == g.isHex(a.to) {
		return a, msgStepShape.New()
	}
	if !adjacent(g, a.from, a.to) {
		return a, msgNoTouch.New("To", g.name[a.to], "From", g.name[a.from])
	}
	if g.isHex(a.from) {
		if s.blocked(a.from) {
			return a, msgBlockedLeave.New("Field", g.name[a.from], "Round", s.block[a.from])
		}
		if s.cnt[a.from*s.n+p] == 0 {
			return a, msgNoOwnPiece.New("Field", g.name[a.from])
		}
	}
	// With -capture a capture is a paid step: the leader's free step
	// cannot capture (a decision of the package doc).
	capture := false
	if !g.isHex(a.to) && s.o.capture {
		if j := s.occ[a.to-g.nHex]; j >= 0 && s.pieces[j].owner != p {
			capture = true
		}
	}
	if capture && a.free {
		return a, msgFreeNoCapture.New()
	}
	if err := s.choosePiece(&a, p, a.from, capture); err != nil {
		return a, err
	}
	if g.isHex(a.from) && s.cnt[a.from*s.n+p] == 1 && s.enemies(a.from, p) {
		return a, msgLastPiece.New("Hexagon", g.name[a.from])
	}
	if err := s.checkInto(a.piece, a.to); err != nil {
		return a, err
	}
	dep := -1
	if g.isHex(a.from) {
		dep = a.from
	}
	return a, s.settlePay(&a, p, dep, -1)
}

// resolveChain checks the chained move II: triangle, hexagon, triangle,
// the second step paid from the hexagon. Rule book section 2.4.
func (s *state) resolveChain(a action) (action, error) {
	p := s.toMove
	g := s.g
	if s.o.freemove {
		return a, msgFreemove.New()
	}
	if g.isHex(a.from) || !g.isHex(a.via) || g.isHex(a.to) {
		return a, msgChainShape.New()
	}
	if !adjacent(g, a.from, a.via) {
		return a, msgNoTouch.New("To", g.name[a.via], "From", g.name[a.from])
	}
	if !adjacent(g, a.via, a.to) {
		return a, msgNoTouch.New("To", g.name[a.to], "From", g.name[a.via])
	}
	if a.leader || a.free {
		return a, msgLeaderChain.New()
	}
	if err := s.choosePiece(&a, p, a.from, false); err != nil {
		return a, err
	}
	if a.leader {
		return a, msgLeaderChain.New()
	}
	if err := s.checkInto(a.piece, a.via); err != nil {
		return a, err
	}
	// The first step's payment: as for any step (from a triangle: the
	// usable hexagon with most points), unless that hexagon is the
	// middle one and would have no point left for the second step.
	named := a.pay >= 0
	if err := s.settlePay(&a, p, -1, -1); err != nil {
		return a, err
	}
	if !named && a.pay == a.via && s.points[a.via] < 2 {
		if h := s.defaultPay(p, -1, a.via); h >= 0 {
			a.pay = h
		}
	}
	// After the first step the piece stands on the hexagon; it goes on
	// only with a point usable there.
	if s.enemies(a.via, p) {
		return a, msgViaEnemy.New("Hexagon", g.name[a.via])
	}
	left := s.points[a.via]
	if a.pay == a.via {
		left--
	}
	if left < 1 {
		return a, msgViaEmpty.New("Hexagon", g.name[a.via])
	}
	if a.to != a.from {
		if err := s.checkInto(a.piece, a.to); err != nil {
			return a, err
		}
	}
	return a, nil
}

func (s *state) resolveEnter(a action) (action, error) {
	p := s.toMove
	g := s.g
	if !g.outer[a.to-g.nHex] {
		return a, msgNotOuter.New("Field", g.name[a.to])
	}
	if s.occ[a.to-g.nHex] >= 0 {
		return a, msgOccupied.New("Field", g.name[a.to])
	}
	if err := s.choosePiece(&a, p, offBoard, false); err != nil {
		for _, pc := range s.pieces {
			if pc.owner == p && pc.at == offBoard && pc.lock > s.round {
				return a, msgLocked.New("Why", err, "Round", pc.lock)
			}
		}
		return a, err
	}
	return a, s.settlePay(&a, p, -1, -1)
}

// resolveBlock checks a blockade. Rule book section 3, blockade.
func (s *state) resolveBlock(a action) (action, error) {
	p := s.toMove
	g := s.g
	if !s.o.blockade {
		return a, msgBlockOption.New()
	}
	h := a.to
	if s.blocked(h) {
		return a, msgBlocked.New("Hexagon", g.name[h])
	}
	if s.cnt[h*s.n+p] > 0 || !s.enemies(h, p) {
		return a, msgBlockWhere.New()
	}
	if a.pays == nil {
		left := append([]int(nil), s.points...)
		for k := 0; k < 3; k++ {
			best := -1
			for x := 0; x < g.nHex; x++ {
				if left[x] > 0 && s.usable(x, p) && (best < 0 || left[x] > left[best]) {
					best = x
				}
			}
			if best < 0 {
				return a, msgBlockCost.N(s.usableTotal(p), "N", s.usableTotal(p))
			}
			left[best]--
			a.pays = append(a.pays, best)
		}
		return a, nil
	}
	for i, x := range a.pays {
		if err := s.checkPay(p, x); err != nil {
			return a, err
		}
		k := 0
		for _, y := range a.pays[:i+1] {
			if y == x {
				k++
			}
		}
		if k > s.points[x] {
			return a, msgOnlyPoints.N(s.points[x], "Hexagon", g.name[x], "N", s.points[x])
		}
	}
	return a, nil
}

// queued counts seat p's orders: shots, shifts, and shifts from hexagon h.
func (s *state) queued(p, h int) (shots, shifts, from int) {
	for _, o := range s.orders {
		if o.seat != p {
			continue
		}
		if o.shoot {
			shots++
		} else {
			shifts++
			if o.field == h {
				from++
			}
		}
	}
	return
}

// resolveShoot checks a shot order. Rule book section 3, shoot: the shot
// is fired at the start of the combat phase and paid then.
func (s *state) resolveShoot(a action) (action, error) {
	p := s.toMove
	g := s.g
	if !s.o.shoot {
		return a, msgShootOption.New()
	}
	f := a.to
	ord := func(q int) int {
		if q == p || s.out[q] {
			return 0
		}
		k := 0
		if g.isHex(f) {
			k = s.cnt[f*s.n+q]
			if k > 0 && s.leaderAt(q, f) {
				k -= s.leadersAt(q, f)
			}
		} else if i := s.occ[f-g.nHex]; i >= 0 && s.pieces[i].owner == q && !s.pieces[i].leader {
			k = 1
		}
		return k
	}
	if a.colour >= 0 {
		if a.colour >= s.n || ord(a.colour) == 0 {
			return a, msgNoTarget.New("Field", g.name[f], "Letter", seatLetter(a.colour))
		}
	} else {
		var cs []string
		for q := 0; q < s.n; q++ {
			if ord(q) > 0 {
				cs = append(cs, seatLetter(q))
				a.colour = q
			}
		}
		switch {
		case len(cs) == 0:
			return a, msgNoTargets.New("Field", g.name[f])
		case len(cs) > 1:
			return a, msgWhose.New("Field", g.name[f], "Shots", whose(g.name[f], cs))
		}
	}
	same := 0
	for _, o := range s.orders {
		if o.seat == p && o.shoot && o.field == f && o.colour == a.colour {
			same++
		}
	}
	if same >= ord(a.colour) {
		return a, msgShotAll.New("Letter", seatLetter(a.colour), "Field", g.name[f])
	}
	shots, shifts, _ := s.queued(p, -1)
	if need := 6*(shots+1) + 2*shifts; s.usableTotal(p) < need {
		return a, msgOrdersNeed.N(need, "N", need, "Usable", s.usableTotal(p))
	}
	if s.o.shoot1 {
		k := 0
		for _, h := range s.usableHexes(p) {
			k += s.points[h] / 6
		}
		if k < shots+1 {
			return a, msgShoot1Hex.New()
		}
	}
	if a.pays == nil {
		// Paid when fired, from the points there are then.
		return a, nil
	}
	// A named payment: one hexagon pays all six (section 4,
	// SHOOT:C3:B@D4*6), from points not promised to other orders.
	h := a.pays[0]
	for _, x := range a.pays {
		if x != h {
			return a, msgOneHexagon.New("Shot", "SHOOT:"+g.name[f]+":"+seatLetter(a.colour)+"@"+g.name[h]+"*6")
		}
	}
	if err := s.checkPay(p, h); err != nil {
		return a, err
	}
	if free := s.uncommitted(p)[h]; free < 6 {
		return a, msgShotPoints.N(free, "Hexagon", g.name[h], "N", free, "Promised", s.points[h]-free)
	}
	return a, nil
}

// uncommitted gives for each hexagon the points not promised to seat p's
// orders (the shots' payments and 2 per shift off its source).
func (s *state) uncommitted(p int) []int {
	free := append([]int(nil), s.points...)
	for _, o := range s.orders {
		if o.seat != p {
			continue
		}
		if o.shoot {
			for _, h := range o.pays {
				free[h]--
			}
		} else {
			free[o.field] -= 2
		}
	}
	return free
}

// shotPayment is the default payment of a shot of seat p from the points
// free on each hexagon: point by point from the usable hexagon with the
// most, ties in reading order; with -shoot1hex all six from the usable
// hexagon with the most. nil when the points do not suffice.
func (s *state) shotPayment(p int, free []int) []int {
	left := append([]int(nil), free...)
	var pays []int
	for len(pays) < 6 {
		b := -1
		for h := 0; h < s.g.nHex; h++ {
			if left[h] > 0 && (b < 0 || left[h] > left[b]) && s.usable(h, p) {
				b = h
			}
		}
		if b < 0 || s.o.shoot1 && left[b] < 6 {
			return nil
		}
		if s.o.shoot1 {
			return []int{b, b, b, b, b, b}
		}
		left[b]--
		pays = append(pays, b)
	}
	return pays
}

// resolveShift checks a regrouping order. Rule book section 3, regroup.
func (s *state) resolveShift(a action) (action, error) {
	p := s.toMove
	g := s.g
	if !s.o.regroup {
		return a, msgShiftOption.New()
	}
	if a.from == a.to {
		return a, msgShiftSame.New()
	}
	shots, shifts, from := s.queued(p, a.from)
	if err := s.checkPay(p, a.from); err != nil {
		return a, err
	}
	if s.points[a.from] < 2*(from+1) {
		return a, msgShiftHas.N(s.points[a.from], "Hexagon", g.name[a.from], "N", s.points[a.from], "Shifts", from+1)
	}
	if free := s.uncommitted(p)[a.from]; free < 2 {
		return a, msgShiftPromised.N(s.points[a.from], "Hexagon", g.name[a.from], "Promised", s.points[a.from]-free-2*from, "N", s.points[a.from])
	}
	if !s.usable(a.to, p) {
		return a, msgShiftTo.New("Hexagon", g.name[a.to])
	}
	if need := 6*shots + 2*(shifts+1); s.usableTotal(p) < need {
		return a, msgOrdersNeed.N(need, "N", need, "Usable", s.usableTotal(p))
	}
	return a, nil
}

// leadersAt counts the leaders of seat q on field f.
func (s *state) leadersAt(q, f int) int {
	k := 0
	for i := range s.pieces {
		if s.pieces[i].owner == q && s.pieces[i].leader && s.pieces[i].at == f {
			k++
		}
	}
	return k
}

func (s *state) leaderAt(q, f int) bool { return s.leadersAt(q, f) > 0 }

func adjacent(g *geom, a, b int) bool {
	for _, x := range g.neighbours(a) {
		if x == b {
			return true
		}
	}
	return false
}

// stepTo moves piece i onto field t, capturing with -capture: both pieces
// leave the board, or the victim alone when a leader attacks. Rule book
// section 3, capture.
func (s *state) stepTo(i, t int) {
	if !s.g.isHex(t) {
		if j := s.occ[t-s.g.nHex]; j >= 0 {
			s.events = append(s.events, msgBoardCapture.New("Field", s.g.name[t], "Piece", pieceName(s.pieces[i]), "Victim", pieceName(s.pieces[j])))
			s.remove(j)
			if !s.pieces[i].leader {
				s.remove(i)
				return
			}
		}
	}
	s.lift(i)
	s.put(i, t)
}

// pieceName is "R leader" or "r piece" as a message.
func pieceName(pc piece) *engine.Refusal {
	if pc.leader {
		return msgBoardLeaderPiece.New("Letter", seatLetter(pc.owner))
	}
	return msgBoardOrdinaryPiece.New("Letter", strings.ToLower(seatLetter(pc.owner)))
}

// apply carries out a resolved action; the turn goes on.
func (s *state) apply(a action) {
	p := s.toMove
	g := s.g
	switch a.kind {
	case actClone:
		s.points[g.centre] -= 6
		s.spent += 6
		s.pieces = append(s.pieces, piece{owner: p, leader: true, at: offBoard, paid: true, free: true})
		s.put(len(s.pieces)-1, g.centre)
	case actBlock:
		for _, x := range a.pays {
			s.points[x]--
		}
		s.points[a.to] += 3
		s.block[a.to] = s.round + 1
	case actShoot:
		s.orders = append(s.orders, order{seat: p, shoot: true, field: a.to, colour: a.colour, pays: a.pays})
	case actShift:
		s.orders = append(s.orders, order{seat: p, field: a.from, to: a.to})
	case actEnter, actStep:
		pc := &s.pieces[a.piece]
		if a.free {
			pc.free = true
		} else {
			s.points[a.pay]--
			s.spent++
			pc.paid = true
		}
		if a.kind == actEnter {
			s.put(a.piece, a.to)
			break
		}
		if a.via >= 0 {
			s.stepTo(a.piece, a.via)
			s.points[a.via]--
			s.spent++
		}
		s.stepTo(a.piece, a.to)
	}
}

var (
	msgFrozen        = engine.Define("RefuseHexatriFrozen", "the points on {{.Hexagon}} are frozen by a blockade")
	msgNoPieceThere  = engine.Define("RefuseHexatriNoPieceThere", "you have no piece on {{.Hexagon}}, so you cannot use its points")
	msgContested     = engine.Define("RefuseHexatriContested", "{{.Hexagon}} is contested, so nobody can use its points")
	msgNoPoints      = engine.Define("RefuseHexatriNoPoints", "{{.Hexagon}} has no movement points")
	msgCloneOption   = engine.Define("RefuseHexatriCloneOption", "CLONE needs the -cloner option")
	msgClone         = engine.Define("RefuseHexatriClone", "to clone a leader you must hold the centre {{.Centre}} alone with 6 points on it (it has {{.N}})")
	msgOn            = engine.Define("RefuseHexatriOn", "on {{.Field}}")
	msgOffBoard      = engine.Define("RefuseHexatriOffBoard", "off the board")
	msgNoPiece       = engine.Define("RefuseHexatriNoPiece", "there is no piece on {{.Field}}")
	msgOthers        = engine.Define("RefuseHexatriOthers", "the piece on {{.Field}} is {{.Letter}}'s, not yours")
	msgNotLeader     = engine.Define("RefuseHexatriNotLeader", "the piece on {{.Field}} is not your leader")
	msgNoLeader      = engine.Define("RefuseHexatriNoLeader", "you have no leader {{.Where}} that can take this step this round")
	msgNoStepper     = engine.Define("RefuseHexatriNoStepper", "you have no piece {{.Where}} that can still step this round")
	msgFreeLeader    = engine.Define("RefuseHexatriFreeLeader", "only a leader has a free step")
	msgStepped       = engine.Define("RefuseHexatriStepped", "the piece {{.Where}} has already stepped this round")
	msgUsedFree      = engine.Define("RefuseHexatriUsedFree", "this leader has used its free step this round")
	msgUsedPaid      = engine.Define("RefuseHexatriUsedPaid", "this leader has used its paid step this round")
	msgCaptureUsed   = engine.Define("RefuseHexatriCaptureUsed", "a capture is a paid step, and this leader has used its paid step this round")
	msgUsedBoth      = engine.Define("RefuseHexatriUsedBoth", "this leader has used both its steps this round")
	msgNoUsable      = engine.Define("RefuseHexatriNoUsable", "you have no movement points you may use (points count only on hexagons you hold alone)")
	msgBlockedEnter  = engine.Define("RefuseHexatriBlockedEnter", "{{.Field}} is blockaded until the end of round {{.Round}}; nobody may enter it")
	msgOccupiedOne   = engine.Define("RefuseHexatriOccupiedOne", "{{.Field}} is occupied; a triangle holds one piece")
	msgOwnPiece      = engine.Define("RefuseHexatriOwnPiece", "{{.Field}} holds your own piece")
	msgLeaderSafe    = engine.Define("RefuseHexatriLeaderSafe", "{{.Field}} holds a leader, and a leader cannot be captured")
	msgStepShape     = engine.Define("RefuseHexatriStepShape", "steps go from a hexagon to one of its triangles or from a triangle to one of its hexagons")
	msgNoTouch       = engine.Define("RefuseHexatriNoTouch", "{{.To}} does not touch {{.From}}")
	msgBlockedLeave  = engine.Define("RefuseHexatriBlockedLeave", "{{.Field}} is blockaded until the end of round {{.Round}}; nobody may leave it")
	msgNoOwnPiece    = engine.Define("RefuseHexatriNoOwnPiece", "you have no piece on {{.Field}}")
	msgFreeNoCapture = engine.Define("RefuseHexatriFreeNoCapture", "a capture is a paid step; the leader's free step cannot capture")
	msgLastPiece     = engine.Define("RefuseHexatriLastPiece", "you may not take your last piece off {{.Hexagon}} while enemy pieces stand there")
	msgFreemove      = engine.Define("RefuseHexatriFreemove", "with -freemove take the two steps one by one")
	msgChainShape    = engine.Define("RefuseHexatriChainShape", "a chained move goes triangle-hexagon-triangle, e.g. D4N-D4-D4NE")
	msgLeaderChain   = engine.Define("RefuseHexatriLeaderChain", "the leader takes its steps one by one, without chaining")
	msgViaEnemy      = engine.Define("RefuseHexatriViaEnemy", "{{.Hexagon}} holds enemy pieces, so its points cannot pay the second step")
	msgViaEmpty      = engine.Define("RefuseHexatriViaEmpty", "no point would be left on {{.Hexagon}} to pay the second step")
	msgNotOuter      = engine.Define("RefuseHexatriNotOuter", "{{.Field}} is not an outer triangle; pieces enter on a triangle touching one hexagon only")
	msgOccupied      = engine.Define("RefuseHexatriOccupied", "{{.Field}} is occupied")
	msgLocked        = engine.Define("RefuseHexatriLocked", "{{.Why}}; removed pieces may not enter before round {{.Round}}")
	msgBlockOption   = engine.Define("RefuseHexatriBlockOption", "BLOCK needs the -blockade option")
	msgBlocked       = engine.Define("RefuseHexatriBlocked", "{{.Hexagon}} is already blockaded")
	msgBlockWhere    = engine.Define("RefuseHexatriBlockWhere", "a blockade goes on a hexagon holding opponent pieces and none of yours")
	msgBlockCost     = engine.DefinePlural("RefuseHexatriBlockCost", "a blockade costs 3 points and you may use only {{.N}}", "a blockade costs 3 points and you may use only {{.N}}")
	msgOnlyPoints    = engine.DefinePlural("RefuseHexatriOnlyPoints", "{{.Hexagon}} has only {{.N}} points", "{{.Hexagon}} has only {{.N}} points")
	msgShootOption   = engine.Define("RefuseHexatriShootOption", "SHOOT needs the -shoot option")
	msgNoTarget      = engine.Define("RefuseHexatriNoTarget", "{{.Field}} holds no ordinary piece of {{.Letter}} to shoot (leaders cannot be shot)")
	msgNoTargets     = engine.Define("RefuseHexatriNoTargets", "{{.Field}} holds no opponent's ordinary piece to shoot (leaders cannot be shot)")
	msgWhose         = engine.Define("RefuseHexatriWhose", "say whose piece on {{.Field}}: {{.Shots}}")
	msgShotAll       = engine.Define("RefuseHexatriShotAll", "you already shoot every ordinary piece of {{.Letter}} on {{.Field}}")
	msgOrdersNeed    = engine.DefinePlural("RefuseHexatriOrdersNeed", "your orders would need {{.N}} points and you may use {{.Usable}}", "your orders would need {{.N}} points and you may use {{.Usable}}")
	msgShoot1Hex     = engine.Define("RefuseHexatriShoot1Hex", "with -shoot1hex each shot needs 6 points on one hexagon you hold")
	msgOneHexagon    = engine.Define("RefuseHexatriOneHexagon", "name one hexagon that pays all 6 points ({{.Shot}}), or leave the payment out to pay when the shot is fired from your hexagons with the most points")
	msgShotPoints    = engine.DefinePlural("RefuseHexatriShotPoints", "{{.Hexagon}} has {{.N}} points for a shot ({{.Promised}} more are promised to your other orders)", "{{.Hexagon}} has {{.N}} points for a shot ({{.Promised}} more are promised to your other orders)")
	msgShiftOption   = engine.Define("RefuseHexatriShiftOption", "SHIFT needs the -regroup option")
	msgShiftSame     = engine.Define("RefuseHexatriShiftSame", "shift points to another hexagon")
	msgShiftHas      = engine.DefinePlural("RefuseHexatriShiftHas", "a shift takes 2 points off {{.Hexagon}} and it has {{.N}} for {{.Shifts}} shifts", "a shift takes 2 points off {{.Hexagon}} and it has {{.N}} for {{.Shifts}} shifts")
	msgShiftPromised = engine.DefinePlural("RefuseHexatriShiftPromised", "a shift takes 2 points off {{.Hexagon}} and {{.Promised}} of its {{.N}} points are promised to your shots", "a shift takes 2 points off {{.Hexagon}} and {{.Promised}} of its {{.N}} points are promised to your shots")
	msgShiftTo       = engine.Define("RefuseHexatriShiftTo", "points go only to a hexagon you hold alone; {{.Hexagon}} is not one")
)

// whose lists the shots a player may have meant, "SHOOT:C3:R or
// SHOOT:C3:B": notation, alike in every language but for the word
// between them.
func whose(field string, letters []string) any {
	var r any = "SHOOT:" + field + ":" + letters[0]
	for _, l := range letters[1:] {
		r = msgShotOr.New("Shots", r, "Shot", "SHOOT:"+field+":"+l)
	}
	return r
}

var (
	msgShotOr = engine.Define("RefuseHexatriShotOr", "{{.Shots}} or {{.Shot}}")
)
