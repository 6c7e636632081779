package hexemergo

import "github.com/pbmgo/pbm/engine"

// Refusals are read by players: each says what is wrong with the move
// and lists some of the moves that are legal instead. They are
// engine.Refusal values, written in the reader's language by the
// server; Error gives the English.

// shownMoves is how many legal moves a refusal lists.
const shownMoves = 8

var (
	msgList      = engine.Define("RefuseHexemergoList", "{{.Label}}: {{.Moves}}")
	msgListMore  = engine.Define("RefuseHexemergoListMore", "{{.Label}}: {{.Moves}}, ... ({{.All}} in all)")
	msgLegalNow  = engine.Define("RefuseHexemergoLegalNow", "legal now")
	msgEntries   = engine.Define("RefuseHexemergoLegalEntries", "legal entries")
	msgMoves     = engine.Define("RefuseHexemergoLegalMoves", "legal moves")
	msgRoute     = engine.DefinePlural("RefuseHexemergoLongestRoute", "the longest route takes {{.N}} man", "the longest route takes {{.N}} men")
	msgRoutes    = engine.DefinePlural("RefuseHexemergoLongestRoutes", "the longest routes take {{.N}} man", "the longest routes take {{.N}} men")
	msgTooFew    = engine.DefinePlural("RefuseHexemergoTooFew", "{{.Move}} takes {{.N}} man, but a capture must take the most men; {{.Legal}}", "{{.Move}} takes {{.N}} men, but a capture must take the most men; {{.Legal}}")
	msgBadCap    = engine.Define("RefuseHexemergoBadCapture", "{{.Move}} is not a legal capture: {{.Problem}}; capture is compulsory; {{.Legal}}")
	msgMustCap   = engine.Define("RefuseHexemergoMustCapture", "capture is compulsory; {{.Legal}}")
	msgNoEntry   = engine.Define("RefuseHexemergoEntryBarred", "entering on {{.Cell}} is not allowed")
	msgWhy       = engine.Define("RefuseHexemergoWhy", "{{.Why}}; {{.Legal}}")
	msgMustEnter = engine.DefinePlural("RefuseHexemergoMustEnter", "you have {{.N}} man in hand and no capture, so you must enter; {{.Legal}}", "you have {{.N}} men in hand and no capture, so you must enter; {{.Legal}}")
	msgNoHand    = engine.Define("RefuseHexemergoEmptyHand", "you have no men in hand; {{.Legal}}")
	msgNoCapture = engine.Define("RefuseHexemergoNoCapture", "no capture is available")
	msgNotLegal  = engine.Define("RefuseHexemergoNotLegalMove", "{{.Move}} is not a legal move: {{.Problem}}")
	msgNotLegal0 = engine.Define("RefuseHexemergoNotLegal", "{{.Move}} is not a legal move")
	msgNoPiece   = engine.Define("RefuseHexemergoNoPiece", "there is no piece on {{.Cell}}")
	msgNotYours  = engine.Define("RefuseHexemergoNotYours", "the piece on {{.Cell}} is not yours")
	msgNotEmpty  = engine.Define("RefuseHexemergoNotEmpty", "{{.Cell}} is not empty")
	msgNoLanding = engine.Define("RefuseHexemergoNoLanding", "a capture needs a start cell and a landing cell")
	msgFar       = engine.Define("RefuseHexemergoTooFar", "{{.To}} is neither next to {{.From}} nor a jump away")
	msgNoJump    = engine.Define("RefuseHexemergoNoJump", "{{.To}} is not a jump away from {{.From}}")
	msgBack      = engine.Define("RefuseHexemergoJumpBack", "the jump {{.Jump}} goes straight back")
	msgNoEnemy   = engine.Define("RefuseHexemergoNoEnemy", "the jump {{.Jump}} does not go over an enemy piece")
)

// listLegal returns "<label>: m1, m2, ... (n in all)".
func (s *state) listLegal(label *engine.Refusal) *engine.Refusal {
	if len(s.legal) > shownMoves {
		return msgListMore.New("Label", label, "Moves", engine.List(s.legal[:shownMoves]), "All", len(s.legal))
	}
	return msgList.New("Label", label, "Moves", engine.List(s.legal))
}

// refusal explains why the well-formed move m is not legal now.
func (s *state) refusal(m move) *engine.Refusal {
	p := &s.pos
	colour := int(p.turn)
	name := m.String()
	if a, b := m.cells[0], m.cells[1%len(m.cells)]; m.kind == capture && len(m.cells) == 2 &&
		jumped[a][b] == noCell && !adjacent[a][b] {
		// Neither a step nor a jump: name it as a step.
		name = a.String() + "-" + b.String()
	}
	if _, best := p.captures(colour); best > 0 {
		routes := msgRoute.N(best, "N", best)
		if len(s.legal) > 1 {
			routes = msgRoutes.N(best, "N", best)
		}
		if m.kind == capture {
			jumps, problem := p.checkRoute(m.cells, colour)
			if problem == nil {
				return msgTooFew.N(jumps, "Move", name, "N", jumps, "Legal", s.listLegal(routes))
			}
			return msgBadCap.New("Move", name, "Problem", problem, "Legal", s.listLegal(routes))
		}
		return msgMustCap.New("Legal", s.listLegal(routes))
	}
	if p.hand[colour] > 0 {
		if m.kind == enter {
			why := p.entryRefusal(m.cells[0], colour, s.plies == 0)
			if why == nil {
				why = msgNoEntry.New("Cell", name)
			}
			return msgWhy.New("Why", why, "Legal", s.listLegal(msgEntries.New()))
		}
		n := int(p.hand[colour])
		return msgMustEnter.N(n, "N", n, "Legal", s.listLegal(msgEntries.New()))
	}
	switch m.kind {
	case enter:
		return msgNoHand.New("Legal", s.listLegal(msgMoves.New()))
	case capture:
		why := msgNoCapture.New()
		if _, problem := p.checkRoute(m.cells, colour); problem != nil {
			why = msgNotLegal.New("Move", name, "Problem", problem)
		}
		return msgWhy.New("Why", why, "Legal", s.listLegal(msgMoves.New()))
	}
	from, to := m.cells[0], m.cells[1]
	var why *engine.Refusal
	switch {
	case p.cells[from].empty():
		why = msgNoPiece.New("Cell", from.String())
	case !p.cells[from].owned(colour):
		why = msgNotYours.New("Cell", from.String())
	case !p.cells[to].empty():
		why = msgNotEmpty.New("Cell", to.String())
	default:
		why = msgNotLegal0.New("Move", name)
	}
	return msgWhy.New("Why", why, "Legal", s.listLegal(msgMoves.New()))
}

// checkRoute follows a capture route on a copy of the position and
// returns the number of men it takes, or what is wrong with it. A route
// without a problem is a correct sequence of jumps, perhaps not the
// longest nor complete.
func (p position) checkRoute(route []cell, colour int) (int, *engine.Refusal) {
	if len(route) < 2 {
		return 0, msgNoLanding.New()
	}
	start := route[0]
	switch {
	case p.cells[start].empty():
		return 0, msgNoPiece.New("Cell", start.String())
	case !p.cells[start].owned(colour):
		return 0, msgNotYours.New("Cell", start.String())
	}
	lastDir := -1
	for i := 1; i < len(route); i++ {
		from, to := route[i-1], route[i]
		over := jumped[from][to]
		if over == noCell && len(route) == 2 && !adjacent[from][to] {
			return 0, msgFar.New("To", to.String(), "From", from.String())
		}
		if over == noCell {
			return 0, msgNoJump.New("To", to.String(), "From", from.String())
		}
		d := 0
		for landing[from][d] != to {
			d++
		}
		switch {
		case lastDir >= 0 && d == opposite(lastDir):
			return 0, msgBack.New("Jump", from.String()+"x"+to.String())
		case !p.cells[over].owned(1 - colour):
			return 0, msgNoEnemy.New("Jump", from.String()+"x"+to.String())
		case !p.cells[to].empty():
			return 0, msgNotEmpty.New("Cell", to.String())
		}
		p.jump(from, over, to)
		lastDir = d
	}
	return len(route) - 1, nil
}
