package esagek

import "github.com/pbmgo/pbm/engine"

// explain says why the well-formed move m is not legal now. It mirrors
// the checks of generate, rule by rule.
func (s *state) explain(m move) *engine.Refusal {
	me := s.toMove
	code := int8(me + 1)
	name := func(f int8) string { return geo.name[f] }
	if m.warn && s.v != classic {
		return msgWarnClassic.New()
	}
	if s.v == surrounder && s.placing {
		if m.kind != kindPlace {
			return msgPlacing.New()
		}
		return msgNotEmpty.New("Field", name(m.path[0]))
	}
	switch {
	case m.kind == kindPlace:
		return msgNoPlacing.New()
	case m.kind == kindSwap && (s.v == classic || s.v == alone):
		return msgNoSwaps.New("Variant", s.v.String())
	case m.kind == kindStep && s.v == alone:
		return msgNoStepAlone.New()
	case m.kind == kindCapture && s.v == surrounder:
		return msgNoJumping.New()
	}
	if s.v == classic && s.warned && m.kind != kindCapture && len(s.captures(me, nil)) > 0 {
		return msgWarned.New()
	}
	switch m.kind {
	case kindRotate:
		if why := s.rotationBan(me, int(m.hex)); why != nil {
			return why
		}
	case kindStep, kindSwap:
		a, b := m.path[0], m.path[1]
		if o := owner(s.board[a]); m.kind == kindSwap && owner(s.board[b]) == me && o >= 0 && o != me {
			return msgOwnFirst.New("Swap", name(b)+"~"+name(a))
		}
		if s.v == alone || owner(s.board[a]) != me {
			return msgNotYours.New("Field", name(a))
		}
		if s.frozen(int(a)) {
			return msgFrozen.New("Field", name(a))
		}
		if !geo.adjSet[a][b] {
			return msgNoSide.New("From", name(a), "To", name(b))
		}
		if m.kind == kindStep && s.board[b] != empty {
			return msgNotEmpty.New("Field", name(b))
		}
		if m.kind == kindSwap {
			switch o := owner(s.board[b]); {
			case o < 0:
				return msgNoEnemy.New("Field", name(b))
			case o == me:
				return msgYours.New("Field", name(b))
			case s.swapBack(int(a), int(b)):
				return msgSwapBack.New()
			}
		}
	case kindCapture:
		a := m.path[0]
		if s.v == alone {
			if s.board[a] == empty {
				return msgNoPiece.New("Field", name(a))
			}
		} else {
			if s.board[a] != code {
				return msgNotYours.New("Field", name(a))
			}
			if s.frozen(int(a)) {
				return msgFrozen.New("Field", name(a))
			}
		}
		if len(m.path)-1 > s.capLimit {
			return msgCapLimit.N(s.capLimit, "N", s.capLimit)
		}
		b := s.board
		for i := 0; i+1 < len(m.path); i++ {
			from, to := int(m.path[i]), int(m.path[i+1])
			v := int(geo.over[from][to])
			switch {
			case i > 0 && s.chainEnds(me, from):
				return msgFroze.New("Field", name(int8(from)))
			case v == noField:
				return msgNoJump.New("From", name(int8(from)), "To", name(int8(to)))
			case b[v] == empty:
				return msgNothingToJump.New("Field", name(int8(v)))
			case !s.canJump(&b, me, v) && s.frozen(v):
				return msgFrozenVictim.New("Field", name(int8(v)))
			case !s.canJump(&b, me, v):
				return msgYours.New("Field", name(int8(v)))
			case b[to] != empty:
				return msgLanding.New("Field", name(int8(to)))
			}
			b[v], b[to], b[from] = empty, b[from], empty
		}
	}
	return msgNoRule.New()
}

var (
	msgWarnClassic   = engine.Define("RefuseEsagekWarnClassic", "the warning ! exists only in Classic")
	msgPlacing       = engine.Define("RefuseEsagekPlacing", "the placement phase is on: place one piece on an empty field")
	msgNotEmpty      = engine.Define("RefuseEsagekNotEmpty", "{{.Field}} is not empty")
	msgNoPlacing     = engine.Define("RefuseEsagekNoPlacing", "pieces are placed only in the placement phase of Surrounder")
	msgNoSwaps       = engine.Define("RefuseEsagekNoSwaps", "there are no swaps in {{.Variant}}")
	msgNoStepAlone   = engine.Define("RefuseEsagekNoStepAlone", "pieces never step in Alone: jump or rotate")
	msgNoJumping     = engine.Define("RefuseEsagekNoJumping", "there is no jumping in Surrounder")
	msgWarned        = engine.Define("RefuseEsagekWarned", "after the opponent's warning a capture is compulsory")
	msgOwnFirst      = engine.Define("RefuseEsagekOwnFirst", "name your own piece first: {{.Swap}}")
	msgNotYours      = engine.Define("RefuseEsagekNotYours", "no piece of yours on {{.Field}}")
	msgFrozen        = engine.Define("RefuseEsagekFrozen", "the piece on {{.Field}} is frozen")
	msgNoSide        = engine.Define("RefuseEsagekNoSide", "{{.From}} and {{.To}} do not share a side")
	msgNoEnemy       = engine.Define("RefuseEsagekNoEnemy", "no enemy piece on {{.Field}}")
	msgYours         = engine.Define("RefuseEsagekYours", "the piece on {{.Field}} is yours")
	msgSwapBack      = engine.Define("RefuseEsagekSwapBack", "that swaps back the pieces swapped on the previous turn")
	msgNoPiece       = engine.Define("RefuseEsagekNoPiece", "no piece on {{.Field}}")
	msgCapLimit      = engine.DefinePlural("RefuseEsagekCapLimit", "a capture takes at most {{.N}} pieces here", "a capture takes at most {{.N}} pieces here")
	msgFroze         = engine.Define("RefuseEsagekFroze", "the piece froze on {{.Field}}: the capture ends there")
	msgNoJump        = engine.Define("RefuseEsagekNoJump", "no jump leads from {{.From}} to {{.To}}")
	msgNothingToJump = engine.Define("RefuseEsagekNothingToJump", "nothing to jump on {{.Field}}")
	msgFrozenVictim  = engine.Define("RefuseEsagekFrozenVictim", "the piece on {{.Field}} is frozen and cannot be captured")
	msgLanding       = engine.Define("RefuseEsagekLanding", "the landing field {{.Field}} is not empty")
	msgNoRule        = engine.Define("RefuseEsagekNoRule", "it breaks no single rule but is not among the legal moves")
)
