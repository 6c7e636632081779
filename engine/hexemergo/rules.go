package hexemergo

import (
	"sort"

	"github.com/pbmgo/pbm/engine"
)

// Move generation (rule book part 1, items 3 to 5; part 2, section 10).
// Capture beats entering, entering beats moving.

// canCapture tells whether colour has at least one jump available: a
// piece capped by colour next to a piece capped by the opponent with an
// empty cell beyond it.
func (p *position) canCapture(colour int) bool {
	enemy := 1 - colour
	for c := cell(0); c < numCells; c++ {
		if !p.cells[c].owned(colour) {
			continue
		}
		for d := 0; d < numDirs; d++ {
			to := landing[c][d]
			if to == noCell || !p.cells[to].empty() {
				continue
			}
			if p.cells[neighbour[c][d]].owned(enemy) {
				return true
			}
		}
	}
	return false
}

// captureSearch finds the capture routes of maximum length over all of
// a player's pieces (part 1, item 3: the global majority). Every jump
// takes effect at once, the next jump may not go straight back, and
// cells may be revisited, the start cell included.
type captureSearch struct {
	p      *position
	enemy  int
	route  []cell
	best   int
	routes [][]cell
}

func (s *captureSearch) dfs(cur cell, lastDir int) {
	extended := false
	for d := 0; d < numDirs; d++ {
		if lastDir >= 0 && d == opposite(lastDir) {
			continue
		}
		to := landing[cur][d]
		if to == noCell || !s.p.cells[to].empty() {
			continue
		}
		over := neighbour[cur][d]
		if !s.p.cells[over].owned(s.enemy) {
			continue
		}
		extended = true
		sf, so := s.p.jump(cur, over, to)
		s.route = append(s.route, to)
		s.dfs(to, d)
		s.route = s.route[:len(s.route)-1]
		s.p.unjump(cur, over, to, sf, so)
	}
	if extended || len(s.route) < 2 {
		return
	}
	jumps := len(s.route) - 1
	if jumps < s.best {
		return
	}
	if jumps > s.best {
		s.best = jumps
		s.routes = s.routes[:0]
	}
	s.routes = append(s.routes, append([]cell(nil), s.route...))
}

// captures returns every capture route of colour that takes the most
// men, and that number; none and 0 when colour cannot capture.
func (p *position) captures(colour int) ([][]cell, int) {
	if !p.canCapture(colour) {
		return nil, 0
	}
	s := captureSearch{p: p, enemy: 1 - colour, route: make([]cell, 0, 16)}
	for c := cell(0); c < numCells; c++ {
		if !p.cells[c].owned(colour) {
			continue
		}
		s.route = append(s.route[:0], c)
		s.dfs(c, -1)
	}
	return s.routes, s.best
}

// entryAttacked tells whether a piece entered on the empty cell c could
// be jumped by the opponent of colour at once: an enemy piece on a
// neighbour of c with an empty cell directly beyond c (part 2,
// section 5). Filling c opens no jump over any other piece.
func (p *position) entryAttacked(c cell, colour int) bool {
	enemy := 1 - colour
	for d := 0; d < numDirs; d++ {
		nb := neighbour[c][d]
		if nb == noCell || !p.cells[nb].owned(enemy) {
			continue
		}
		beyond := neighbour[c][opposite(d)]
		if beyond != noCell && p.cells[beyond].empty() {
			return true
		}
	}
	return false
}

// entryRefusal says why colour may not enter on c, or nil when it may
// (part 1, item 4). firstMove is true before the first move of the game.
func (p *position) entryRefusal(c cell, colour int, firstMove bool) *engine.Refusal {
	switch {
	case !p.cells[c].empty():
		return msgNotEmpty.New("Cell", c.String())
	case firstMove && colour == white && c == centre:
		return msgFirstCentre.New("Cell", c.String())
	case p.entryAttacked(c, colour) && !p.canCapture(1-colour):
		return msgExposed.New("Cell", c.String())
	}
	return nil
}

var (
	msgFirstCentre = engine.Define("RefuseHexemergoFirstCentre", "White's first move may not be on {{.Cell}}")
	msgExposed     = engine.Define("RefuseHexemergoExposed", "a man entered on {{.Cell}} could be captured at once, which is allowed only when you are under attack")
)

// legalMoves lists the legal moves of the side to move, unsorted.
// firstMove is true before the first move of the game.
func (p *position) legalMoves(firstMove bool) []move {
	colour := int(p.turn)
	if routes, _ := p.captures(colour); len(routes) > 0 {
		ms := make([]move, len(routes))
		for i, r := range routes {
			ms[i] = move{kind: capture, cells: r}
		}
		return ms
	}
	var ms []move
	if p.hand[colour] > 0 {
		threatened := p.canCapture(1 - colour)
		for c := cell(0); c < numCells; c++ {
			if !p.cells[c].empty() {
				continue
			}
			if firstMove && colour == white && c == centre {
				continue
			}
			if !threatened && p.entryAttacked(c, colour) {
				continue
			}
			ms = append(ms, move{kind: enter, cells: []cell{c}})
		}
		// Men in hand with no permitted entry: no legal move, since a
		// piece may move only when the hand is empty (part 1, item 5).
		return ms
	}
	for c := cell(0); c < numCells; c++ {
		if !p.cells[c].owned(colour) {
			continue
		}
		for d := 0; d < numDirs; d++ {
			to := neighbour[c][d]
			if to != noCell && p.cells[to].empty() {
				ms = append(ms, move{kind: step, cells: []cell{c, to}})
			}
		}
	}
	return ms
}

// apply plays a legal move of the side to move and passes the turn. It
// reports whether the move was irreversible (an entry, or a capture that
// emptied a cell), after which no earlier position can recur.
func (p *position) apply(m move) (irreversible bool) {
	colour := int(p.turn)
	switch m.kind {
	case enter:
		// Part 1, item 4: the shadowpiece when the opponent's hand is
		// empty and more than one man is left.
		k := 1
		if p.hand[1-colour] == 0 {
			k = int(p.hand[colour])
		}
		p.cells[m.cells[0]] = solid(colour, k)
		p.hand[colour] -= int8(k)
		irreversible = true
	case step:
		p.cells[m.cells[1]] = p.cells[m.cells[0]]
		p.cells[m.cells[0]] = column{}
	case capture:
		for i := 1; i < len(m.cells); i++ {
			from, to := m.cells[i-1], m.cells[i]
			over := jumped[from][to]
			p.jump(from, over, to)
			if p.cells[over].empty() {
				irreversible = true
			}
		}
	}
	p.turn = int8(1 - colour)
	return irreversible
}

// legalList returns the legal moves of the side to move in canonical
// notation, sorted.
func (p *position) legalList(firstMove bool) []string {
	moves := p.legalMoves(firstMove)
	list := make([]string, len(moves))
	for i, m := range moves {
		list[i] = m.String()
	}
	sort.Strings(list)
	return list
}
