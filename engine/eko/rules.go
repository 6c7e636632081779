package eko

import "fmt"

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
// returns "" when the move is legal.
func whyMove(b *board, p *pos, seat, from, to int) string {
	if b.ter[from] != sand {
		return fmt.Sprintf("%s is a %s, not a movement space", b.name[from], b.ter[from])
	}
	a := p.st[from]
	if a.owner < 0 {
		return fmt.Sprintf("there is no stack on %s", b.name[from])
	}
	if int(a.owner) != seat {
		return fmt.Sprintf("the stack on %s is not yours", b.name[from])
	}
	if from == to {
		return "a move must leave its space"
	}
	if b.ter[to] != sand {
		return fmt.Sprintf("%s is a %s; stacks stand only on movement spaces", b.name[to], b.ter[to])
	}
	d := p.st[to]
	if d.owner >= 0 {
		if d.owner == a.owner && a.height+d.height > 4 {
			return fmt.Sprintf("regrouping %d and %d discs makes more than 4", a.height, d.height)
		}
		if ok, _ := attackable(a, d); d.owner != a.owner && !ok {
			if a.emp {
				return fmt.Sprintf("your %d-stack with the Emperor may attack only a stack of %d or fewer", a.height, a.height)
			}
			return fmt.Sprintf("your %d-stack may attack only a smaller stack (or a 4-stack with a single disc), not a %d-stack", a.height, d.height)
		}
	}
	if d := destinations(b, p, from); !d.has(to) {
		return fmt.Sprintf("no path of free movement spaces leads from %s to %s", b.name[from], b.name[to])
	}
	return ""
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
// stack on from, and returns the cost in discs and "" when it may.
// Otherwise it returns the reason, spelt out only when explain is set
// (the enumeration of legal turns does not need it). Rule book part 1,
// item 5.
func whyBuild(b *board, p *pos, seat, site, from int, level int8, direct, explain bool) (int8, string) {
	fail := func(format string, args ...any) (int8, string) {
		if !explain {
			return 0, "illegal"
		}
		return 0, fmt.Sprintf(format, args...)
	}
	if !b.ter[site].construction() {
		return fail("%s is a %s, not a construction space", b.name[site], b.ter[site])
	}
	s := p.st[from]
	if s.owner < 0 || int(s.owner) != seat {
		return fail("there is no stack of yours on %s", b.name[from])
	}
	if !b.adjacent(site, from) {
		return fail("%s does not touch %s", b.name[from], b.name[site])
	}
	max := b.ter[site].maxLevel()
	if level > max {
		return fail("a %s allows at most a %s", b.ter[site], levelName[max])
	}
	cost := level
	old := p.bd[site]
	switch {
	case old.level == 0:
		if level != camp && !direct {
			return fail("on an empty space only a camp is built (a tower replaces your camp, a castle your tower)")
		}
	case int(old.owner) == seat:
		if level != old.level+1 {
			if old.level == max {
				return fail("your %s on %s cannot be upgraded on a %s", levelName[old.level], b.name[site], b.ter[site])
			}
			return fail("your %s on %s can only become a %s", levelName[old.level], b.name[site], levelName[old.level+1])
		}
	default:
		if level < old.level {
			return fail("an enemy %s is replaced only by a building at least as valuable", levelName[old.level])
		}
		cost++
	}
	if p.supply[seat][level] == 0 {
		return fail("you have no %s left in your supply", levelName[level])
	}
	avail := s.height
	if s.emp {
		avail--
	}
	if avail < cost {
		if s.emp {
			return fail("a %s there costs %s and the stack on %s has only %d besides its Emperor", levelName[level], discs(cost), b.name[from], avail)
		}
		return fail("a %s there costs %s and the stack on %s has only %d", levelName[level], discs(cost), b.name[from], avail)
	}
	return cost, ""
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
