package hexatri

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pbmgo/pbm/engine"
)

// Play plays one turn of the seat to move (rule book part 1, item 4):
// PASS, or one or more actions separated by spaces, ';' or ',' (section
// 4), applied in order, all or nothing, with an optional PASS at the
// end that changes nothing. After a turn with actions the next seat
// still in the game is to act; after a pass too, unless every seat
// still in has passed since the last action, which ends the movement
// phase. The echo joins the resolved actions by ';'.
func (s *state) Play(move string) (string, error) {
	if s.res.Over {
		return "", engine.GameOver.New("Reason", s.why)
	}
	parts, err := splitActions(move)
	if err != nil {
		return "", msgHinted.New("Why", err, "Legal", s.hint(nil))
	}
	if len(parts) > maxActions {
		return "", msgTooMany.New("Max", maxActions, "N", len(parts))
	}
	for i, m := range parts[:len(parts)-1] {
		if isPass(m) {
			return "", msgPassLast.New("I", i+1, "N", len(parts), "Legal", s.hint(nil))
		}
	}
	if len(parts) == 1 {
		if isPass(parts[0]) {
			s.pass()
			return "PASS", nil
		}
		// One action: checked on the board itself, which resolve does
		// not change, so no copy is needed.
		canon, err := s.act(parts[0], s)
		if err != nil {
			return "", err
		}
		s.endTurn()
		return canon, nil
	}
	c := s.clone()
	canon := make([]string, 0, len(parts))
	for i, m := range parts {
		if isPass(m) {
			canon = append(canon, "PASS")
			break
		}
		got, err := c.act(m, s)
		if err != nil {
			return "", msgAction.New("I", i+1, "N", len(parts), "Why", err)
		}
		canon = append(canon, got)
	}
	c.endTurn()
	*s = *c
	return strings.Join(canon, ";"), nil
}

// maxActions bounds the actions of one turn. A turn of every piece's
// steps with the 21 pieces of the largest army is some 45 actions; the
// rest of a longer plan goes in the next turn of the movement phase,
// which goes on until every seat has passed.
const maxActions = 100

func isPass(m string) bool { return strings.EqualFold(strings.TrimSpace(m), "PASS") }

// pass records a pass of the seat to move and ends the movement phase
// after a full cycle of passes. Rule book part 1, item 4.
func (s *state) pass() {
	p := s.toMove
	s.passed |= 1 << p
	if s.allPassed() {
		s.endMovement()
		return
	}
	s.toMove = s.nextActive(p + 1)
}

// endTurn ends a turn with actions: nobody has passed since, and the
// next seat still in the game is to act.
func (s *state) endTurn() {
	s.passed = 0
	s.toMove = s.nextActive(s.toMove + 1)
}

// splitActions cuts a turn into its actions at runs of spaces, at ';'
// and at ',' (with spaces around them); the commas of a payment list
// (BLOCK:C3@D4,D4,E2, SHOOT:C3:B@D4*4,E4*2) stay with it. Two
// separators with nothing between them are an error.
func splitActions(move string) ([]string, error) {
	if !strings.ContainsAny(move, ";, \t\r\n") {
		return []string{move}, nil
	}
	var raw []string
	var cur strings.Builder
	// hard: a ';' or ',' (or the start) since the last action.
	hard := true
	empty := msgEmptyAction.New("Input", strconv.Quote(shorten(move)))
	flush := func() {
		if cur.Len() > 0 {
			raw = append(raw, cur.String())
			cur.Reset()
		}
	}
	for _, r := range move {
		switch {
		case r == ';' || r == ',':
			if cur.Len() == 0 && hard {
				return nil, empty
			}
			flush()
			hard = true
		case unicode.IsSpace(r):
			flush()
		default:
			cur.WriteRune(r)
			hard = false
		}
	}
	flush()
	if len(raw) == 0 {
		return []string{""}, nil
	}
	if hard {
		return nil, empty
	}
	// An action that ends in a payment list takes the pieces after it
	// that can only be more of the list. The pieces joined to it hold
	// no ':' or '@', so whether the joined action still ends in a
	// payment list is known from its first piece: the action is joined
	// once, at a cost linear in its length.
	parts := raw[:0]
	for i := 0; i < len(raw); {
		j := i + 1
		if paysList(raw[i]) {
			for j < len(raw) && payItem(raw[j]) {
				j++
			}
		}
		parts = append(parts, strings.Join(raw[i:j], ","))
		i = j
	}
	return parts, nil
}

// payItem tells whether piece p of a turn, after a comma, can only be
// one more hexagon of a payment list: it is not an action of its own.
func payItem(p string) bool {
	return !strings.ContainsAny(p, "-:@!") && !strings.EqualFold(p, "PASS") && !strings.EqualFold(p, "CLONE")
}

// paysList tells whether action a ends in a payment list that may go on
// after a comma.
func paysList(a string) bool {
	u := upperPrefix(a, len("BLOCK:"))
	return (u == "BLOCK:" || u == "SHOOT:") && strings.Contains(a, "@")
}

// upperPrefix is the first n runes of strings.ToUpper(s), without
// upper-casing all of s: ToUpper maps rune by rune.
func upperPrefix(s string, n int) string {
	i := 0
	for k := 0; k < n && i < len(s); k++ {
		_, w := utf8.DecodeRuneInString(s[i:])
		i += w
	}
	return strings.ToUpper(s[:i])
}

// act plays one action of the seat to move without ending its turn. A
// refusal lists the legal actions of seen, the board as the player saw
// it before the turn.
func (s *state) act(move string, seen *state) (string, error) {
	a, err := s.g.parse(move)
	if err != nil {
		return "", msgHinted.New("Why", err, "Legal", seen.hint(nil))
	}
	if a.kind == actPass {
		return "", msgPassEnds.New("Legal", seen.hint(nil))
	}
	r, err := s.resolve(a)
	if err != nil {
		return "", msgActionWhy.New("Action", shorten(move), "Why", err, "Legal", seen.hint(&a))
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
func (s *state) hint(a *action) *engine.Refusal {
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
	list := engine.List(pick[:min(show, len(pick))])
	pass := !slices.Contains(pick, "PASS")
	switch {
	case len(pick) > show && pass:
		return msgLegalMorePass.New("Moves", list, "More", len(pick)-show)
	case len(pick) > show:
		return msgLegalMore.New("Moves", list, "More", len(pick)-show)
	case pass:
		return msgLegalPass.New("Moves", list)
	}
	return msgLegal.New("Moves", list)
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
	// of a leader. A leader takes the free variant only when one of the
	// seat's leaders there has its free step, the paid ones only when
	// one has its paid step: resolve refuses the others.
	variants := func(a action, leader bool, free, paid bool) {
		a.leader = leader
		if leader && free {
			b := a
			b.free = true
			try(b)
		}
		if leader && !paid {
			return
		}
		for _, h := range pays {
			b := a
			b.pay = h
			try(b)
		}
	}
	nf := g.nHex + g.nTri
	// Per field: an ordinary piece of the seat able to step; a leader;
	// a leader with its free step; a leader with its paid step.
	hasOrd := make([]bool, nf)
	hasLeader := make([]bool, nf)
	leaderFree := make([]bool, nf)
	leaderPaid := make([]bool, nf)
	offOrd, offLeader := false, false
	for i, pc := range s.pieces {
		if pc.owner != p {
			continue
		}
		switch {
		case pc.at >= 0 && pc.leader:
			hasLeader[pc.at] = true
			leaderFree[pc.at] = leaderFree[pc.at] || !pc.free
			leaderPaid[pc.at] = leaderPaid[pc.at] || s.canPaid(i)
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
	// open tells whether a piece of the seat may step onto triangle t:
	// empty, or with -capture holding an enemy's ordinary piece.
	open := func(t int) bool {
		j := s.occ[t-g.nHex]
		return j < 0 || s.o.capture && s.pieces[j].owner != p && !s.pieces[j].leader
	}
	for f := 0; f < nf; f++ {
		if !hasOrd[f] && !hasLeader[f] {
			continue
		}
		if g.isHex(f) && (s.blocked(f) || s.cnt[f*s.n+p] == 1 && s.enemies(f, p)) {
			// Nobody leaves a blockaded hexagon, nor the last piece
			// one holding enemies.
			continue
		}
		for _, t := range g.neighbours(f) {
			if g.isHex(t) && s.blocked(t) || !g.isHex(t) && !open(t) {
				continue
			}
			a := base
			a.kind, a.from, a.to = actStep, f, t
			if hasOrd[f] {
				variants(a, false, false, true)
			}
			if hasLeader[f] {
				variants(a, true, leaderFree[f], leaderPaid[f])
			}
			// Chained move II of an ordinary piece, on over a hexagon
			// free of enemies with a point to pay the second step.
			// Section 2.4.
			if hasOrd[f] && !g.isHex(f) && !s.o.freemove && s.points[t] > 0 && !s.enemies(t, p) {
				for _, t2 := range g.hexTri[t] {
					if t2 != f && !open(t2) {
						continue
					}
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
				variants(a, false, false, true)
			}
			if offLeader {
				variants(a, true, true, true)
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
					// The default payment, and each hexagon able to
					// pay all six.
					a := base
					a.kind, a.to, a.colour = actShoot, f, q
					try(a)
					for _, h := range pays {
						if s.points[h] >= 6 {
							a.pays = []int{h, h, h, h, h, h}
							try(a)
						}
					}
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

var (
	msgHinted        = engine.Define("RefuseHexatriHinted", "{{.Why}}; {{.Legal}}")
	msgTooMany       = engine.Define("RefuseHexatriTooManyActions", "a turn has at most {{.Max}} actions, and this one has {{.N}}: send the rest in your next turn")
	msgPassLast      = engine.Define("RefuseHexatriPassLast", "PASS ends your turn, so it must be your last action (action {{.I}} of {{.N}}); {{.Legal}}")
	msgAction        = engine.Define("RefuseHexatriAction", "action {{.I}} of {{.N}}, {{.Why}}")
	msgEmptyAction   = engine.Define("RefuseHexatriEmptyAction", "an empty action between separators in {{.Input}}")
	msgPassEnds      = engine.Define("RefuseHexatriPassEnds", "PASS ends your turn; {{.Legal}}")
	msgActionWhy     = engine.Define("RefuseHexatriActionWhy", "{{.Action}}: {{.Why}}; {{.Legal}}")
	msgLegal         = engine.Define("RefuseHexatriLegal", "legal now: {{.Moves}}")
	msgLegalPass     = engine.Define("RefuseHexatriLegalPass", "legal now: {{.Moves}}, or PASS")
	msgLegalMore     = engine.Define("RefuseHexatriLegalMore", "legal now: {{.Moves}} and {{.More}} more")
	msgLegalMorePass = engine.Define("RefuseHexatriLegalMorePass", "legal now: {{.Moves}} and {{.More}} more, or PASS")
)
