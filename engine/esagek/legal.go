package esagek

import (
	"slices"
	"sort"
	"strings"

	"github.com/pbmgo/pbm/engine"
)

// Move generation. Every rule here cites rule book part 1.

// owner is the seat of the piece code p, or -1 for empty and neutral.
func owner(p int8) int {
	if p == empty || p == neutral {
		return -1
	}
	return int(p) - 1
}

// frozen reports whether the piece on f is a frozen Classic piece: a
// piece standing in the opponent's hexagon (item 5). Rotation never
// moves a piece out of its hexagon, so the position alone decides it.
func (s *state) frozen(f int) bool {
	if s.v != classic {
		return false
	}
	o := owner(s.board[f])
	return o >= 0 && hexOf(f) == classicHomeHex[1-o]
}

// canJump reports whether the seat me may jump the piece on v of board.
func (s *state) canJump(board *[numFields]int8, me, v int) bool {
	p := board[v]
	switch s.v {
	case alone:
		return p != empty
	case classic:
		o := owner(p)
		return o >= 0 && o != me && !(hexOf(v) == classicHomeHex[1-o])
	default:
		o := owner(p)
		return o >= 0 && o != me
	}
}

// chainEnds reports whether a capture chain must stop after landing on
// l: a Classic piece freezes on entering the opponent's hexagon (item 5).
func (s *state) chainEnds(me, l int) bool {
	return s.v == classic && hexOf(l) == classicHomeHex[1-me]
}

// captures appends every capture chain of the seat me: 1 to capLimit
// jumps, stopping anywhere (items 5, 6, 8).
func (s *state) captures(me int, out []move) []move {
	b := s.board
	path := make([]int8, 0, 4)
	var walk func(cur int)
	walk = func(cur int) {
		for _, j := range geo.jumps[cur] {
			v, l := int(j.victim), int(j.landing)
			if b[l] != empty || !s.canJump(&b, me, v) {
				continue
			}
			victim, piece := b[v], b[cur]
			b[v], b[cur], b[l] = empty, empty, piece
			path = append(path, int8(l))
			out = append(out, move{kind: kindCapture, path: append([]int8(nil), path...)})
			if len(path)-1 < s.capLimit && !s.chainEnds(me, l) {
				walk(l)
			}
			path = path[:len(path)-1]
			b[v], b[cur], b[l] = victim, piece, empty
		}
	}
	for f := 0; f < numFields; f++ {
		if s.v == alone {
			if b[f] == empty {
				continue
			}
		} else if owner(b[f]) != me || s.frozen(f) {
			continue
		}
		path = append(path[:0], int8(f))
		walk(f)
	}
	return out
}

// rotationBan explains why the seat me may not rotate hexagon h, or
// returns nil (items 3, 5, 6, 7, 8).
func (s *state) rotationBan(me, h int) *engine.Refusal {
	if s.v == alone {
		if s.lastRot != noField {
			return msgTwoRotations.New()
		}
		return nil
	}
	mine := false
	for k := 0; k < 6; k++ {
		if owner(s.board[h*6+k]) == me {
			mine = true
			break
		}
	}
	if !mine {
		return msgNoPieceOnHex.New("Hexagon", hexLetters[h:h+1])
	}
	if int(s.lastRot) == h {
		return msgRotatedBefore.New("Hexagon", hexLetters[h:h+1])
	}
	if s.v == classic && int(s.streakHx[me]) == h && s.streak[me] >= 3 {
		return msgRotatedThrice.New("Hexagon", hexLetters[h:h+1])
	}
	return nil
}

// generate lists the legal moves of the seat to move, unsorted.
func (s *state) generate() []move {
	me := s.toMove
	code := int8(me + 1)
	ms := make([]move, 0, 64)
	if s.v == surrounder && s.placing {
		for f := 0; f < numFields; f++ {
			if s.board[f] == empty {
				ms = append(ms, move{kind: kindPlace, path: []int8{int8(f)}})
			}
		}
		return s.finish(ms)
	}
	if s.v != surrounder {
		ms = s.captures(me, ms)
	}
	// Item 5: after a warning a capture is compulsory if one exists.
	if s.v == classic && s.warned && len(ms) > 0 {
		return s.finish(ms)
	}
	for h := 0; h < numHex; h++ {
		if s.rotationBan(me, h) == nil {
			ms = append(ms, move{kind: kindRotate, hex: int8(h), cw: true},
				move{kind: kindRotate, hex: int8(h), cw: false})
		}
	}
	if s.v == alone {
		return s.finish(ms)
	}
	for f := 0; f < numFields; f++ {
		if s.board[f] != code || s.frozen(f) {
			continue
		}
		for _, g := range geo.adj[f] {
			switch {
			case s.board[g] == empty:
				ms = append(ms, move{kind: kindStep, path: []int8{int8(f), g}})
			case s.v != classic && owner(s.board[g]) >= 0 && s.board[g] != code &&
				!s.swapBack(f, int(g)):
				ms = append(ms, move{kind: kindSwap, path: []int8{int8(f), g}})
			}
		}
	}
	return s.finish(ms)
}

// swapBack reports whether swapping f and g undoes the swap of the
// previous turn (items 6, 7).
func (s *state) swapBack(f, g int) bool {
	a, b := int(s.lastSwap[0]), int(s.lastSwap[1])
	return (a == f && b == g) || (a == g && b == f)
}

// finish writes the notation, adds the Classic warning twins (item 5)
// and sorts.
func (s *state) finish(ms []move) []move {
	n := len(ms)
	for i := 0; i < n; i++ {
		ms[i].text = ms[i].notation()
		if s.v == classic {
			w := ms[i]
			w.warn = true
			w.text = w.notation()
			ms = append(ms, w)
		}
	}
	// Sort an index, then copy once: moves are large to swap.
	idx := make([]int32, len(ms))
	for i := range idx {
		idx[i] = int32(i)
	}
	slices.SortFunc(idx, func(a, b int32) int { return strings.Compare(ms[a].text, ms[b].text) })
	out := make([]move, len(ms))
	for i, j := range idx {
		out[i] = ms[j]
	}
	return out
}

// legalMoves returns the cached, sorted legal moves; the slice is shared
// and must not be changed.
func (s *state) legalMoves() []move {
	if !s.legalOK {
		s.legal = nil
		if !s.over {
			s.legal = s.generate()
		}
		s.legalOK = true
	}
	return s.legal
}

// findLegal looks a canonical move text up among the legal moves.
func (s *state) findLegal(text string) (move, bool) {
	ms := s.legalMoves()
	i := sort.Search(len(ms), func(i int) bool { return ms[i].text >= text })
	if i < len(ms) && ms[i].text == text {
		return ms[i], true
	}
	return move{}, false
}

// anyJump reports whether any capture exists for Alone on board b.
func anyJump(b *[numFields]int8) bool {
	for f := 0; f < numFields; f++ {
		if b[f] == empty {
			continue
		}
		for _, j := range geo.jumps[f] {
			if b[j.victim] != empty && b[j.landing] == empty {
				return true
			}
		}
	}
	return false
}

// rotate turns hexagon h of board b one step (item 3).
func rotate(b *[numFields]int8, h int, cw bool) {
	var tmp [6]int8
	copy(tmp[:], b[h*6:h*6+6])
	d := 0
	if !cw {
		d = 1
	}
	for k := 0; k < 6; k++ {
		b[geo.rot[h][d][k]] = tmp[k]
	}
}

var (
	msgTwoRotations  = engine.Define("RefuseEsagekTwoRotations", "two rotations may not follow each other in Alone: jump first")
	msgNoPieceOnHex  = engine.Define("RefuseEsagekNoPieceOnHexagon", "you have no piece on hexagon {{.Hexagon}}")
	msgRotatedBefore = engine.Define("RefuseEsagekRotatedBefore", "hexagon {{.Hexagon}} was rotated on the previous turn")
	msgRotatedThrice = engine.Define("RefuseEsagekRotatedThrice", "you rotated hexagon {{.Hexagon}} on your last 3 turns")
)
