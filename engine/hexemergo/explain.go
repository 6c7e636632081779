package hexemergo

import (
	"fmt"
	"strings"
)

// Refusals are read by players: each says what is wrong with the move
// and lists some of the moves that are legal instead.

// shownMoves is how many legal moves a refusal lists.
const shownMoves = 8

// listLegal returns "<label>: m1, m2, ... (n in all)".
func (s *state) listLegal(label string) string {
	var b strings.Builder
	b.WriteString(label)
	b.WriteString(": ")
	for i, m := range s.legal {
		if i == shownMoves {
			fmt.Fprintf(&b, ", ... (%d in all)", len(s.legal))
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(m)
	}
	return b.String()
}

func men(n int) string {
	if n == 1 {
		return "1 man"
	}
	return fmt.Sprintf("%d men", n)
}

// refusal explains why the well-formed move m is not legal now.
func (s *state) refusal(m move) string {
	p := &s.pos
	colour := int(p.turn)
	name := m.String()
	if a, b := m.cells[0], m.cells[1%len(m.cells)]; m.kind == capture && len(m.cells) == 2 &&
		jumped[a][b] == noCell && !adjacent[a][b] {
		// Neither a step nor a jump: name it as a step.
		name = a.String() + "-" + b.String()
	}
	if _, best := p.captures(colour); best > 0 {
		routes := "the longest route takes " + men(best)
		if len(s.legal) > 1 {
			routes = "the longest routes take " + men(best)
		}
		if m.kind == capture {
			jumps, problem := p.checkRoute(m.cells, colour)
			if problem == "" {
				return fmt.Sprintf("%s takes %s, but a capture must take the most men; %s",
					name, men(jumps), s.listLegal(routes))
			}
			return fmt.Sprintf("%s is not a legal capture: %s; capture is compulsory; %s",
				name, problem, s.listLegal(routes))
		}
		return "capture is compulsory; " + s.listLegal(routes)
	}
	if p.hand[colour] > 0 {
		if m.kind == enter {
			why := p.entryRefusal(m.cells[0], colour, s.plies == 0)
			if why == "" {
				why = "entering on " + name + " is not allowed"
			}
			return why + "; " + s.listLegal("legal entries")
		}
		return fmt.Sprintf("you have %s in hand and no capture, so you must enter; %s",
			men(int(p.hand[colour])), s.listLegal("legal entries"))
	}
	switch m.kind {
	case enter:
		return "you have no men in hand; " + s.listLegal("legal moves")
	case capture:
		why := "no capture is available"
		if _, problem := p.checkRoute(m.cells, colour); problem != "" {
			why = name + " is not a legal move: " + problem
		}
		return why + "; " + s.listLegal("legal moves")
	}
	from, to := m.cells[0], m.cells[1]
	var why string
	switch {
	case p.cells[from].empty():
		why = "there is no piece on " + from.String()
	case !p.cells[from].owned(colour):
		why = "the piece on " + from.String() + " is not yours"
	case !p.cells[to].empty():
		why = to.String() + " is not empty"
	default:
		why = name + " is not a legal move"
	}
	return why + "; " + s.listLegal("legal moves")
}

// checkRoute follows a capture route on a copy of the position and
// returns the number of men it takes, or what is wrong with it. A route
// without a problem is a correct sequence of jumps, perhaps not the
// longest nor complete.
func (p position) checkRoute(route []cell, colour int) (int, string) {
	if len(route) < 2 {
		return 0, "a capture needs a start cell and a landing cell"
	}
	start := route[0]
	switch {
	case p.cells[start].empty():
		return 0, "there is no piece on " + start.String()
	case !p.cells[start].owned(colour):
		return 0, "the piece on " + start.String() + " is not yours"
	}
	lastDir := -1
	for i := 1; i < len(route); i++ {
		from, to := route[i-1], route[i]
		over := jumped[from][to]
		if over == noCell && len(route) == 2 && !adjacent[from][to] {
			return 0, fmt.Sprintf("%s is neither next to %s nor a jump away", to, from)
		}
		if over == noCell {
			return 0, fmt.Sprintf("%s is not a jump away from %s", to, from)
		}
		d := 0
		for landing[from][d] != to {
			d++
		}
		switch {
		case lastDir >= 0 && d == opposite(lastDir):
			return 0, fmt.Sprintf("the jump %sx%s goes straight back", from, to)
		case !p.cells[over].owned(1 - colour):
			return 0, fmt.Sprintf("the jump %sx%s does not go over an enemy piece", from, to)
		case !p.cells[to].empty():
			return 0, fmt.Sprintf("%s is not empty", to)
		}
		p.jump(from, over, to)
		lastDir = d
	}
	return len(route) - 1, ""
}
