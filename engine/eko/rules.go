package eko

import "github.com/pbmgo/pbm/engine"

// stack is what stands on a movement space: owner -1 when empty.
type stack struct {
	owner  int8
	height int8
	emp    bool // the stack holds its owner's Emperor
}

// building is what stands on a construction space: level 0 when none.
type building struct {
	owner int8
	level int8 // 1 camp, 2 tower, 3 castle
}

// Building levels, their costs in discs and their points.
const (
	camp   = 1
	tower  = 2
	castle = 3
)

// supplyOf is a player's building supply at the start: 5 camps, 3
// towers, 1 castle. Rule book part 1, item 5.
var supplyOf = [4]int8{camp: 5, tower: 3, castle: 1}

var levelName = [4]string{"", "camp", "tower", "castle"}

// pos is the mutable part of a position. It is a plain value: copying
// it copies the position.
type pos struct {
	st        [maxCells]stack
	bd        [maxCells]building
	reserve   [4]int8 // discs in reserve, the Emperor included
	empRes    [4]bool // the Emperor is in the reserve
	captor    [4]int8 // seat holding the Emperor captive, or -1
	destroyed [4]int8 // discs destroyed by marches
	supply    [4][4]int8
}

// onBoard counts the discs of seat on the board.
func (p *pos) onBoard(b *board, seat int) int {
	n := 0
	for i := 0; i < b.n; i++ {
		if int(p.st[i].owner) == seat {
			n += int(p.st[i].height)
		}
	}
	return n
}

// points is the score of seat: its buildings on the board plus 3 for
// each Emperor it holds captive. Rule book part 1, item 8.
func (p *pos) points(b *board, seat int) int {
	n := 0
	for i := 0; i < b.n; i++ {
		if int(p.bd[i].owner) == seat {
			n += int(p.bd[i].level)
		}
	}
	for s := 0; s < b.players; s++ {
		if int(p.captor[s]) == seat {
			n += 3
		}
	}
	return n
}

// holdsCapital reports whether seat has a building on a capital.
func (p *pos) holdsCapital(b *board, seat int) bool {
	for i := 0; i < b.n; i++ {
		if b.ter[i] == capital && p.bd[i].level > 0 && int(p.bd[i].owner) == seat {
			return true
		}
	}
	return false
}

// cellset is a set of cells.
type cellset [2]uint64

func (s *cellset) add(i int)          { s[i>>6] |= 1 << (i & 63) }
func (s *cellset) has(i int) bool     { return s[i>>6]&(1<<(i&63)) != 0 }
func (s *cellset) empty() bool        { return s[0] == 0 && s[1] == 0 }
func (s *cellset) each(f func(i int)) { eachBit(s[0], 0, f); eachBit(s[1], 64, f) }

func eachBit(w uint64, base int, f func(int)) {
	for w != 0 {
		i := 0
		for w&(1<<i) == 0 {
			i++
		}
		f(base + i)
		w &^= 1 << i
	}
}

// reach returns the free movement spaces a stack on from can reach
// along a path of free movement spaces. Rule book part 1, item 4.
func reach(b *board, p *pos, from int) cellset {
	var seen cellset
	var queue [maxCells]int
	queue[0] = from
	seen.add(from)
	head, tail := 0, 1
	for head < tail {
		c := queue[head]
		head++
		for _, j := range b.nb[c] {
			if !seen.has(j) && b.ter[j] == sand && p.st[j].owner < 0 {
				seen.add(j)
				queue[tail] = j
				tail++
			}
		}
	}
	return seen
}

// attackable tells whether the stack a may attack the stack d, and
// whether that attack is a kamikaze. Rule book part 1, item 4: only a
// strictly smaller stack; a stack with its Emperor may attack an equal
// one; a single disc that is not the Emperor may attack a 4-stack, and
// both are destroyed.
func attackable(a, d stack) (ok, kamikaze bool) {
	switch {
	case d.height < a.height:
		return true, false
	case d.height == a.height && a.emp:
		return true, false
	case a.height == 1 && !a.emp && d.height == 4:
		return true, true
	}
	return false, false
}

// destinations lists where the stack on from may go: empty spaces it
// reaches, own stacks it may join (at most 4 discs) and enemy stacks it
// may attack, entered from a reached free space or from the start.
func destinations(b *board, p *pos, from int) cellset {
	var out cellset
	a := p.st[from]
	r := reach(b, p, from)
	var touched cellset
	r.each(func(c int) {
		if c != from {
			out.add(c)
		}
		for _, j := range b.nb[c] {
			if j == from || touched.has(j) || b.ter[j] != sand {
				continue
			}
			touched.add(j)
			d := p.st[j]
			switch {
			case d.owner < 0:
			case d.owner == a.owner:
				if a.height+d.height <= 4 {
					out.add(j)
				}
			default:
				if ok, _ := attackable(a, d); ok {
					out.add(j)
				}
			}
		}
	})
	return out
}

// action is one action of a turn: a move or a construction.
type action struct {
	build bool
	from  int  // the moving stack, or the stack that pays for a building
	to    int  // the destination, or the construction space
	level int8 // the building
}

func (a action) format(b *board) string {
	if a.build {
		return "B:" + b.name[a.to] + ":" + string("-CTK"[a.level]) + ":" + b.name[a.from]
	}
	return b.name[a.from] + "-" + b.name[a.to]
}

// whyMove explains why the stack of seat on from may not go to to, or
// returns nil when the move is legal.
func whyMove(b *board, p *pos, seat, from, to int) *engine.Refusal {
	if b.ter[from] != sand {
		return msgNotMovement.New("Cell", b.name[from], "Terrain", b.ter[from].msg())
	}
	a := p.st[from]
	if a.owner < 0 {
		return msgNoStack.New("Cell", b.name[from])
	}
	if int(a.owner) != seat {
		return msgNotYours.New("Cell", b.name[from])
	}
	if from == to {
		return msgStay.New()
	}
	if b.ter[to] != sand {
		return msgNoStand.New("Cell", b.name[to], "Terrain", b.ter[to].msg())
	}
	d := p.st[to]
	if d.owner >= 0 {
		if d.owner == a.owner && a.height+d.height > 4 {
			return msgRegroup.New("A", int(a.height), "B", int(d.height))
		}
		if ok, _ := attackable(a, d); d.owner != a.owner && !ok {
			if a.emp {
				return msgAttackEmperor.New("N", int(a.height))
			}
			return msgAttack.New("N", int(a.height), "Other", int(d.height))
		}
	}
	if d := destinations(b, p, from); !d.has(to) {
		return msgNoPath.New("From", b.name[from], "To", b.name[to])
	}
	return nil
}

// applyMove moves the stack on from to to: a simple move, a regroup or
// an attack. Destroyed discs go to their owner's reserve; a destroyed
// Emperor is held captive by the attacker. Rule book part 1, item 4.
func applyMove(p *pos, from, to int) {
	a, d := p.st[from], p.st[to]
	p.st[from] = stack{owner: -1}
	switch {
	case d.owner < 0:
		p.st[to] = a
	case d.owner == a.owner:
		p.st[to] = stack{owner: a.owner, height: a.height + d.height, emp: a.emp || d.emp}
	default:
		_, kamikaze := attackable(a, d)
		destroy(p, d, int(a.owner))
		if kamikaze {
			destroy(p, a, int(a.owner))
			p.st[to] = stack{owner: -1}
		} else {
			p.st[to] = a
		}
	}
}

// destroy sends the discs of s to their owner's reserve; its Emperor
// is taken captive by seat by.
func destroy(p *pos, s stack, by int) {
	n := s.height
	if s.emp {
		n--
		if int(s.owner) == by {
			p.empRes[s.owner] = true
			n++
		} else {
			p.captor[s.owner] = int8(by)
		}
	}
	p.reserve[s.owner] += n
}

// whyBuild checks that seat may build level on site paying from the
// stack on from, and returns the cost in discs and nil when it may.
// Otherwise it returns the reason, spelt out only when explain is set
// (the enumeration of legal turns does not need it). Rule book part 1,
// item 5.
func whyBuild(b *board, p *pos, seat, site, from int, level int8, direct, explain bool) (int8, *engine.Refusal) {
	fail := func(m engine.Message, kv ...any) (int8, *engine.Refusal) {
		if !explain {
			return 0, illegal
		}
		return 0, m.New(kv...)
	}
	if !b.ter[site].construction() {
		return fail(msgNotConstruction, "Cell", b.name[site], "Terrain", b.ter[site].msg())
	}
	s := p.st[from]
	if s.owner < 0 || int(s.owner) != seat {
		return fail(msgNoOwnStack, "Cell", b.name[from])
	}
	if !b.adjacent(site, from) {
		return fail(msgNoTouch, "From", b.name[from], "Site", b.name[site])
	}
	max := b.ter[site].maxLevel()
	if level > max {
		return fail(msgAtMost, "Terrain", b.ter[site].msg(), "Level", levelMsg[max].New())
	}
	cost := level
	old := p.bd[site]
	switch {
	case old.level == 0:
		if level != camp && !direct {
			return fail(msgCampFirst)
		}
	case int(old.owner) == seat:
		if level != old.level+1 {
			if old.level == max {
				return fail(msgNoUpgrade, "Level", levelMsg[old.level].New(), "Cell", b.name[site], "Terrain", b.ter[site].msg())
			}
			return fail(msgOnlyBecome, "Level", levelMsg[old.level].New(), "Cell", b.name[site], "Next", levelMsg[old.level+1].New())
		}
	default:
		if level < old.level {
			return fail(msgReplace, "Level", levelMsg[old.level].New())
		}
		cost++
	}
	if p.supply[seat][level] == 0 {
		return fail(msgSupply, "Level", levelMsg[level].New())
	}
	avail := s.height
	if s.emp {
		avail--
	}
	if avail < cost {
		if s.emp {
			return fail(msgCostEmperor, "Level", levelMsg[level].New(), "Cost", discs(cost), "Cell", b.name[from], "N", int(avail))
		}
		return fail(msgCost, "Level", levelMsg[level].New(), "Cost", discs(cost), "Cell", b.name[from], "N", int(avail))
	}
	return cost, nil
}

// applyBuild builds: the discs paid go to the reserve, a replaced
// building returns to its owner's supply.
func applyBuild(p *pos, seat, site, from int, level, cost int8) {
	s := &p.st[from]
	s.height -= cost
	if s.height == 0 {
		*s = stack{owner: -1}
	}
	p.reserve[seat] += cost
	if old := p.bd[site]; old.level > 0 {
		p.supply[old.owner][old.level]++
	}
	p.bd[site] = building{owner: int8(seat), level: level}
	p.supply[seat][level]--
}

// canMarch reports whether seat has three discs besides its Emperor in
// its reserve. Rule book part 1, item 6.
func canMarch(p *pos, seat int) bool {
	n := p.reserve[seat]
	if p.empRes[seat] {
		n--
	}
	return n >= 3
}

func applyMarch(p *pos, seat int) {
	p.reserve[seat] -= 3
	p.destroyed[seat] += 3
}

// reinforceable reports whether seat may reinforce the stack on c: its
// own, below 4 discs, and next to no other player's building. Rule
// book part 1, item 7.
func reinforceable(b *board, p *pos, seat, c int) bool {
	s := p.st[c]
	if int(s.owner) != seat || s.owner < 0 || s.height >= 4 {
		return false
	}
	for _, j := range b.nb[c] {
		if bd := p.bd[j]; bd.level > 0 && int(bd.owner) != seat {
			return false
		}
	}
	return true
}

// maxReinforce is the most discs seat may place on c: three, the
// reserve and the room up to 4 discs limit it.
func maxReinforce(p *pos, seat, c int) int8 {
	n := int8(3)
	if p.reserve[seat] < n {
		n = p.reserve[seat]
	}
	if r := 4 - p.st[c].height; r < n {
		n = r
	}
	return n
}

// applyReinforce places n discs from the reserve on c, the Emperor
// first when it is in the reserve.
func applyReinforce(p *pos, seat, c int, n int8) {
	if p.empRes[seat] {
		p.empRes[seat] = false
		p.st[c].emp = true
	}
	p.st[c].height += n
	p.reserve[seat] -= n
}

// exchange returns Emperors held crosswise: two players holding each
// other's Emperors each get theirs back into the reserve. Rule book
// part 1, item 8.
func exchange(p *pos, players int) {
	for s := 0; s < players; s++ {
		t := int(p.captor[s])
		if t < 0 || t <= s || int(p.captor[t]) != s {
			continue
		}
		for _, u := range []int{s, t} {
			p.captor[u] = -1
			p.empRes[u] = true
			p.reserve[u]++
		}
	}
}

// illegal is whyBuild's answer when no explanation is asked for.
var illegal = engine.Define("RefuseEkoIllegal", "illegal").New()

var (
	msgNotMovement     = engine.Define("RefuseEkoNotMovement", "{{.Cell}} is a {{.Terrain}}, not a movement space")
	msgNoStack         = engine.Define("RefuseEkoNoStack", "there is no stack on {{.Cell}}")
	msgNotYours        = engine.Define("RefuseEkoNotYours", "the stack on {{.Cell}} is not yours")
	msgStay            = engine.Define("RefuseEkoStay", "a move must leave its space")
	msgNoStand         = engine.Define("RefuseEkoNoStand", "{{.Cell}} is a {{.Terrain}}; stacks stand only on movement spaces")
	msgRegroup         = engine.Define("RefuseEkoRegroup", "regrouping {{.A}} and {{.B}} discs makes more than 4")
	msgAttackEmperor   = engine.Define("RefuseEkoAttackEmperor", "your {{.N}}-stack with the Emperor may attack only a stack of {{.N}} or fewer")
	msgAttack          = engine.Define("RefuseEkoAttack", "your {{.N}}-stack may attack only a smaller stack (or a 4-stack with a single disc), not a {{.Other}}-stack")
	msgNoPath          = engine.Define("RefuseEkoNoPath", "no path of free movement spaces leads from {{.From}} to {{.To}}")
	msgNotConstruction = engine.Define("RefuseEkoNotConstruction", "{{.Cell}} is a {{.Terrain}}, not a construction space")
	msgNoOwnStack      = engine.Define("RefuseEkoNoOwnStack", "there is no stack of yours on {{.Cell}}")
	msgNoTouch         = engine.Define("RefuseEkoNoTouch", "{{.From}} does not touch {{.Site}}")
	msgAtMost          = engine.Define("RefuseEkoAtMost", "a {{.Terrain}} allows at most a {{.Level}}")
	msgCampFirst       = engine.Define("RefuseEkoCampFirst", "on an empty space only a camp is built (a tower replaces your camp, a castle your tower)")
	msgNoUpgrade       = engine.Define("RefuseEkoNoUpgrade", "your {{.Level}} on {{.Cell}} cannot be upgraded on a {{.Terrain}}")
	msgOnlyBecome      = engine.Define("RefuseEkoOnlyBecome", "your {{.Level}} on {{.Cell}} can only become a {{.Next}}")
	msgReplace         = engine.Define("RefuseEkoReplace", "an enemy {{.Level}} is replaced only by a building at least as valuable")
	msgSupply          = engine.Define("RefuseEkoSupply", "you have no {{.Level}} left in your supply")
	msgCostEmperor     = engine.Define("RefuseEkoCostEmperor", "a {{.Level}} there costs {{.Cost}} and the stack on {{.Cell}} has only {{.N}} besides its Emperor")
	msgCost            = engine.Define("RefuseEkoCost", "a {{.Level}} there costs {{.Cost}} and the stack on {{.Cell}} has only {{.N}}")

	msgDiscs = engine.DefinePlural("EkoDiscs", "{{.N}} disc", "{{.N}} discs")

	// levelMsg names the buildings: camp, tower, castle.
	levelMsg = [4]engine.Message{{}, engine.Define("EkoCamp", "camp"),
		engine.Define("EkoTower", "tower"), engine.Define("EkoCastle", "castle")}
	// terrainMsg names the kinds of space.
	terrainMsg = [...]engine.Message{engine.Define("EkoSand", "sand"), engine.Define("EkoChasm", "chasm"),
		engine.Define("EkoReg", "reg"), engine.Define("EkoRavine", "ravine"),
		engine.Define("EkoMountain", "mountain"), engine.Define("EkoCapital", "capital")}
)

// discs counts discs in words: "1 disc", "3 discs".
func discs(n int8) *engine.Refusal { return msgDiscs.N(int(n), "N", int(n)) }

// msg is the terrain's name as a message.
func (t terrain) msg() *engine.Refusal { return terrainMsg[t].New() }
