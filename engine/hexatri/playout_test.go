package hexatri

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/enginetest"
)

// invariant checks the bookkeeping of a board against its pieces: the
// counts on hexagons, the triangles, the points accounted for, the seats
// out of the game.
func invariant(es engine.State) error {
	s := es.(*state)
	g := s.g
	cnt := make([]int, len(s.cnt))
	occ := make([]int, len(s.occ))
	for i := range occ {
		occ[i] = -1
	}
	per := make([]int, s.n)
	leaders := make([]int, s.n)
	for i, pc := range s.pieces {
		per[pc.owner]++
		if pc.leader {
			leaders[pc.owner]++
		}
		switch {
		case pc.at == gone:
			if !pc.leader && !s.out[pc.owner] {
				return fmt.Errorf("ordinary piece %d gone while its seat plays", i)
			}
		case pc.at == offBoard:
			if pc.lock > s.round+2 {
				return fmt.Errorf("piece %d locked until round %d in round %d", i, pc.lock, s.round)
			}
		case pc.at < 0 || pc.at >= g.nHex+g.nTri:
			return fmt.Errorf("piece %d on field %d", i, pc.at)
		case g.isHex(pc.at):
			cnt[pc.at*s.n+pc.owner]++
		default:
			if occ[pc.at-g.nHex] >= 0 {
				return fmt.Errorf("two pieces on triangle %s", g.name[pc.at])
			}
			occ[pc.at-g.nHex] = i
		}
		if s.out[pc.owner] && pc.at != gone {
			return fmt.Errorf("seat %d is out but piece %d is at %d", pc.owner, i, pc.at)
		}
	}
	for i := range cnt {
		if cnt[i] != s.cnt[i] {
			return fmt.Errorf("count of seat %d on %s is %d, pieces say %d", i%s.n, g.name[i/s.n], s.cnt[i], cnt[i])
		}
	}
	for i := range occ {
		if occ[i] != s.occ[i] {
			return fmt.Errorf("triangle %s holds %d, pieces say %d", g.name[g.nHex+i], s.occ[i], occ[i])
		}
	}
	for q := 0; q < s.n; q++ {
		// Every seat has its pieces and leader plus its cloned leaders.
		if per[q] != s.o.pieces+leaders[q] {
			return fmt.Errorf("seat %d has %d pieces with %d leaders", q, per[q], leaders[q])
		}
		if !s.out[q] && s.leadersLeft(q) == 0 {
			return fmt.Errorf("seat %d plays without a leader", q)
		}
	}
	total := 0
	for h, p := range s.points {
		if p < 0 {
			return fmt.Errorf("%s has %d points", g.name[h], p)
		}
		total += p
	}
	if total != s.created-s.spent {
		return fmt.Errorf("%d points on the board, %d created and %d spent", total, s.created, s.spent)
	}
	if !s.res.Over && s.out[s.toMove] {
		return fmt.Errorf("seat %d to move is out", s.toMove)
	}
	return nil
}

// nearMisses makes strings close to legal actions that must be refused.
func nearMisses(es engine.State, legal []string, r *rand.Rand) []string {
	s := es.(*state)
	g := s.g
	p := s.toMove
	if r.IntN(4) > 0 {
		// Checking a refusal redraws the board; a quarter of the
		// positions is enough.
		return nil
	}
	out := []string{"", "PAS", "PASS!", "D4-", "IN:", "L:", "@", "SHOOT:", "BLOCK:Z9", "Z9-Z9N", "D4N-D4-D4NE-D4"}
	usable := map[int]bool{}
	for _, h := range s.usableHexes(p) {
		usable[h] = true
	}
	for k := 0; k < 6 && len(legal) > 0; k++ {
		m := legal[r.IntN(len(legal))]
		out = append(out, m+"X", m+"@", m+"-")
		if body, pay, ok := strings.Cut(m, "@"); ok && !strings.Contains(pay, ",") {
			out = append(out, m+"!")
			// Pay from a hexagon whose points cannot be used.
			for try := 0; try < 5; try++ {
				h := r.IntN(g.nHex)
				if !usable[h] {
					out = append(out, body+"@"+g.name[h])
					break
				}
			}
			// Step to a field that does not touch the departure.
			if a, b, ok := strings.Cut(strings.TrimPrefix(body, "L:"), "-"); ok && !strings.Contains(b, "-") {
				from, _ := g.lookup(a)
				for try := 0; try < 5; try++ {
					f := r.IntN(g.nHex + g.nTri)
					if f != from && !adjacent(g, from, f) {
						out = append(out, a+"-"+g.name[f]+"@"+pay)
						break
					}
				}
			}
		}
	}
	// Enter on a triangle that is not on the rim.
	for try := 0; try < 5; try++ {
		t := r.IntN(g.nTri)
		if !g.outer[t] {
			out = append(out, "IN:"+g.name[g.nHex+t])
			break
		}
	}
	return out
}

func playout(players int, opts map[string]string) enginetest.Playout {
	return enginetest.Playout{
		Game:       Game{},
		Players:    players,
		Opts:       opts,
		MaxPlies:   200000,
		Invariant:  invariant,
		NearMisses: nearMisses,
	}
}

var variantSets = []map[string]string{
	nil,
	{"startpoints": "", "freemove": ""},
	{"capture": "", "blockade": "", "startpoints": ""},
	{"shoot": "", "regroup": "", "startpoints": ""},
	{"shoot1hex": "", "cloner": "", "startpoints": "", "rounds": "30"},
	{"size": "2", "pieces": "3", "capture": ""},
}

func TestPlayouts(t *testing.T) {
	games := 1
	if enginetest.Long() {
		games = 200
	}
	for _, players := range []int{2, 3, 6} {
		for i, opts := range variantSets {
			if players >= 3 && i == 1 {
				opts = map[string]string{"startpoints": "", "freemove": "", "firstblood": ""}
			}
			if !enginetest.Long() && opts != nil && opts["rounds"] == "" {
				// Random play rarely ends a game before the round
				// limit; a shorter limit keeps the normal run quick.
				o := map[string]string{"rounds": "40"}
				for k, v := range opts {
					o[k] = v
				}
				opts = o
			}
			p := playout(players, opts)
			p.CheckAllLegal = i == len(variantSets)-1
			t.Run(fmt.Sprintf("%dp/%d", players, i), func(t *testing.T) {
				plies := p.Run(t, uint64(100*players+i), games)
				t.Logf("%d plies", plies)
			})
		}
	}
}
