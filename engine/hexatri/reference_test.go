package hexatri

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/pbmgo/pbm/engine/enginetest"
)

// legalReference is Legal as it was before its shortcuts: every
// candidate action is resolved. The tests compare the two.
func (s *state) legalReference() []string {
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

// Legal's shortcuts change no result: on random games with every
// variant it lists exactly what resolving every candidate lists.
func TestLegalMatchesReference(t *testing.T) {
	games := 2
	if enginetest.Long() {
		games = 20
	}
	for _, players := range []int{2, 3, 6} {
		for i, opts := range variantSets {
			if players >= 3 && i == 1 {
				opts = opt("startpoints", "freemove", "firstblood")
			}
			for seed := uint64(0); seed < uint64(games); seed++ {
				es, _ := Game{}.New(players, opts, seed)
				s := es.(*state)
				r := rand.New(rand.NewPCG(seed, 11))
				for n := 0; !s.res.Over && n < 3000; n++ {
					got, want := s.Legal(), s.legalReference()
					if !slices.Equal(got, want) {
						t.Fatalf("%d players %v seed %d after %d actions:\nLegal     %v\nreference %v\n%s", players, opts, seed, n, got, want, show(s))
					}
					if _, err := s.Play(eagerPick(got, r)); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
}
