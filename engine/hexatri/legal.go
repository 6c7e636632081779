package hexatri

import (
	"fmt"
	"slices"
	"strings"
)

// Play checks and applies one action of the seat to move, or several
// joined by ';' or ',' (rule book section 4), all or nothing.
func (s *state) Play(move string) (string, error) {
	if s.res.Over {
		return "", fmt.Errorf("the game is over: %s", s.res.Reason)
	}
	parts, err := splitActions(move)
	if err != nil {
		return "", fmt.Errorf("%v; %s", err, s.hint(nil))
	}
	if len(parts) == 1 {
		return s.playOne(parts[0])
	}
	c := s.clone()
	canon := make([]string, 0, len(parts))
	for i, m := range parts {
		if c.res.Over {
			return "", fmt.Errorf("the game ended before action %d (%s); send the actions up to it", i+1, shorten(m))
		}
		got, err := c.playOne(m)
		if err != nil {
			return "", fmt.Errorf("action %d of %d, %v", i+1, len(parts), err)
		}
		if got == "PASS" && i < len(parts)-1 {
			return "", fmt.Errorf("PASS ends your turn, so it must be your last action; %s", s.hint(nil))
		}
		canon = append(canon, got)
	}
	*s = *c
	return strings.Join(canon, ";"), nil
}

// splitActions cuts a string at ';' and ','; the commas of a blockade's
// payment list stay with it.
func splitActions(move string) ([]string, error) {
	var parts []string
	for _, semi := range strings.Split(move, ";") {
		for _, p := range strings.Split(semi, ",") {
			p = strings.TrimSpace(p)
			if n := len(parts); n > 0 && !strings.ContainsAny(p, "-:@!") && p != "" &&
				!strings.EqualFold(p, "PASS") && !strings.EqualFold(p, "CLONE") &&
				strings.HasPrefix(strings.ToUpper(parts[n-1]), "BLOCK:") && strings.Contains(parts[n-1], "@") {
				parts[n-1] += "," + p
				continue
			}
			parts = append(parts, p)
		}
	}
	if len(parts) > 1 {
		for _, p := range parts {
			if p == "" {
				return nil, fmt.Errorf("an empty action between separators in %q", shorten(move))
			}
		}
	}
	return parts, nil
}

// playOne plays a single action.
func (s *state) playOne(move string) (string, error) {
	a, err := s.g.parse(move)
	if err != nil {
		return "", fmt.Errorf("%v; %s", err, s.hint(nil))
	}
	r, err := s.resolve(a)
	if err != nil {
		return "", fmt.Errorf("%s: %v; %s", shorten(move), err, s.hint(&a))
	}
	canon := s.g.format(r)
	s.apply(r)
	return canon, nil
}

func shorten(m string) string {
	r := []rune(strings.ToUpper(strings.TrimSpace(m)))
	if len(r) > 30 {
		return string(r[:30]) + "..."
	}
	return string(r)
}

// hint lists a few legal actions, those from the same field first.
func (s *state) hint(a *action) string {
	legal := s.Legal()
	var pick []string
	if a != nil {
		prefix := ""
		switch a.kind {
		case actStep:
			prefix = s.g.name[a.from] + "-"
		case actEnter:
			prefix = "IN:"
		case actBlock:
			prefix = "BLOCK:"
		case actShoot:
			prefix = "SHOOT:"
		case actShift:
			prefix = "SHIFT:"
		}
		if prefix != "" {
			for _, m := range legal {
				if strings.HasPrefix(strings.TrimPrefix(m, "L:"), prefix) {
					pick = append(pick, m)
				}
			}
		}
	}
	if len(pick) == 0 {
		pick = legal
	}
	const show = 6
	txt := "legal now: " + strings.Join(pick[:min(show, len(pick))], ", ")
	if len(pick) > show {
		txt += fmt.Sprintf(" and %d more", len(pick)-show)
	}
	if !slices.Contains(pick, "PASS") {
		txt += ", or PASS"
	}
	return txt
}

// Legal lists every legal action of the seat to move, canonical and
// sorted.
func (s *state) Legal() []string {
	if s.res.Over {
		return nil
	}
	p := s.toMove
	g := s.g
	out := []string{"PASS"}
	try := func(a action) {
		if r, err := s.resolve(a); err == nil {
			out = append(out, g.format(r))
		}
	}
	pays := s.usableHexes(p)
	base := action{via: -1, pay: -1, colour: -1, piece: -1}
	// Both ways of paying a step: each usable hexagon, or the free step
	// of a leader.
	variants := func(a action, leader bool) {
		a.leader = leader
		if leader {
			b := a
			b.free = true
			try(b)
		}
		for _, h := range pays {
			b := a
			b.pay = h
			try(b)
		}
	}
	var hasOrd, hasLeader []bool
	hasOrd = make([]bool, g.nHex+g.nTri)
	hasLeader = make([]bool, g.nHex+g.nTri)
	offOrd, offLeader := false, false
	for i, pc := range s.pieces {
		if pc.owner != p {
			continue
		}
		switch {
		case pc.at >= 0 && pc.leader:
			hasLeader[pc.at] = true
		case pc.at >= 0:
			hasOrd[pc.at] = s.canPaid(i) || hasOrd[pc.at]
		case pc.at == offBoard && pc.lock <= s.round:
			if pc.leader {
				offLeader = true
			} else if s.canPaid(i) {
				offOrd = true
			}
		}
	}
	for f := 0; f < g.nHex+g.nTri; f++ {
		if !hasOrd[f] && !hasLeader[f] {
			continue
		}
		for _, t := range g.neighbours(f) {
			a := base
			a.kind, a.from, a.to = actStep, f, t
			if hasOrd[f] {
				variants(a, false)
			}
			if hasLeader[f] {
				variants(a, true)
			}
			// Chained move II of an ordinary piece. Section 2.4.
			if hasOrd[f] && !g.isHex(f) && !s.o.freemove {
				for _, t2 := range g.hexTri[t] {
					c := a
					c.via, c.to = t, t2
					for _, h := range pays {
						c.pay = h
						try(c)
					}
				}
			}
		}
	}
	if offOrd || offLeader {
		for ti := 0; ti < g.nTri; ti++ {
			if !g.outer[ti] || s.occ[ti] >= 0 {
				continue
			}
			a := base
			a.kind, a.to = actEnter, g.nHex+ti
			if offOrd {
				variants(a, false)
			}
			if offLeader {
				variants(a, true)
			}
		}
	}
	if s.o.blockade && s.usableTotal(p) >= 3 {
		for h := 0; h < g.nHex; h++ {
			if s.cnt[h*s.n+p] > 0 || !s.enemies(h, p) || s.blocked(h) {
				continue
			}
			for i := range pays {
				for j := i; j < len(pays); j++ {
					for k := j; k < len(pays); k++ {
						a := base
						a.kind, a.to = actBlock, h
						a.pays = []int{pays[i], pays[j], pays[k]}
						try(a)
					}
				}
			}
		}
	}
	if s.o.shoot && s.usableTotal(p) >= 6 {
		for f := 0; f < g.nHex+g.nTri; f++ {
			for q := 0; q < s.n; q++ {
				if q != p && s.has(f, q) {
					a := base
					a.kind, a.to, a.colour = actShoot, f, q
					try(a)
				}
			}
		}
	}
	if s.o.regroup {
		for _, h := range pays {
			if s.points[h] < 2 {
				continue
			}
			for h2 := 0; h2 < g.nHex; h2++ {
				if h2 == h || !s.usable(h2, p) {
					continue
				}
				a := base
				a.kind, a.from, a.to = actShift, h, h2
				try(a)
			}
		}
	}
	if s.o.cloner {
		try(action{kind: actClone})
	}
	slices.Sort(out)
	return slices.Compact(out)
}
