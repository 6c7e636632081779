package esagek

import "fmt"

// explain says why the well-formed move m is not legal now. It mirrors
// the checks of generate, rule by rule.
func (s *state) explain(m move) string {
	me := s.toMove
	code := int8(me + 1)
	name := func(f int8) string { return geo.name[f] }
	if m.warn && s.v != classic {
		return "the warning ! exists only in Classic"
	}
	if s.v == surrounder && s.placing {
		if m.kind != kindPlace {
			return "the placement phase is on: place one piece on an empty field"
		}
		return name(m.path[0]) + " is not empty"
	}
	switch {
	case m.kind == kindPlace:
		return "pieces are placed only in the placement phase of Surrounder"
	case m.kind == kindSwap && (s.v == classic || s.v == alone):
		return fmt.Sprintf("there are no swaps in %s", s.v)
	case m.kind == kindStep && s.v == alone:
		return "pieces never step in Alone: jump or rotate"
	case m.kind == kindCapture && s.v == surrounder:
		return "there is no jumping in Surrounder"
	}
	if s.v == classic && s.warned && m.kind != kindCapture && len(s.captures(me, nil)) > 0 {
		return "after the opponent's warning a capture is compulsory"
	}
	switch m.kind {
	case kindRotate:
		if why := s.rotationBan(me, int(m.hex)); why != "" {
			return why
		}
	case kindStep, kindSwap:
		a, b := m.path[0], m.path[1]
		if o := owner(s.board[a]); m.kind == kindSwap && owner(s.board[b]) == me && o >= 0 && o != me {
			return "name your own piece first: " + name(b) + "~" + name(a)
		}
		if s.v == alone || owner(s.board[a]) != me {
			return "no piece of yours on " + name(a)
		}
		if s.frozen(int(a)) {
			return "the piece on " + name(a) + " is frozen"
		}
		if !geo.adjSet[a][b] {
			return fmt.Sprintf("%s and %s do not share a side", name(a), name(b))
		}
		if m.kind == kindStep && s.board[b] != empty {
			return name(b) + " is not empty"
		}
		if m.kind == kindSwap {
			switch o := owner(s.board[b]); {
			case o < 0:
				return "no enemy piece on " + name(b)
			case o == me:
				return "the piece on " + name(b) + " is yours"
			case s.swapBack(int(a), int(b)):
				return "that swaps back the pieces swapped on the previous turn"
			}
		}
	case kindCapture:
		a := m.path[0]
		if s.v == alone {
			if s.board[a] == empty {
				return "no piece on " + name(a)
			}
		} else {
			if s.board[a] != code {
				return "no piece of yours on " + name(a)
			}
			if s.frozen(int(a)) {
				return "the piece on " + name(a) + " is frozen"
			}
		}
		if len(m.path)-1 > s.capLimit {
			return fmt.Sprintf("a capture takes at most %d pieces here", s.capLimit)
		}
		b := s.board
		for i := 0; i+1 < len(m.path); i++ {
			from, to := int(m.path[i]), int(m.path[i+1])
			v := int(geo.over[from][to])
			switch {
			case i > 0 && s.chainEnds(me, from):
				return "the piece froze on " + name(int8(from)) + ": the capture ends there"
			case v == noField:
				return fmt.Sprintf("no jump leads from %s to %s", name(int8(from)), name(int8(to)))
			case b[v] == empty:
				return fmt.Sprintf("nothing to jump on %s", name(int8(v)))
			case !s.canJump(&b, me, v) && s.frozen(v):
				return fmt.Sprintf("the piece on %s is frozen and cannot be captured", name(int8(v)))
			case !s.canJump(&b, me, v):
				return fmt.Sprintf("the piece on %s is yours", name(int8(v)))
			case b[to] != empty:
				return fmt.Sprintf("the landing field %s is not empty", name(int8(to)))
			}
			b[v], b[to], b[from] = empty, b[from], empty
		}
	}
	return "it breaks no single rule but is not among the legal moves"
}
