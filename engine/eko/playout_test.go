package eko

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/enginetest"
)

// conservation checks that every disc, Emperor and building is
// accounted for: on the board, in a reserve, held captive or destroyed
// by a march; buildings on the board or in the supply.
func conservation(es engine.State) error {
	s := es.(*state)
	b, p := s.b, &s.p
	for seat := range b.players {
		emps := 0
		if p.empRes[seat] {
			emps++
		}
		captive := 0
		if p.captor[seat] >= 0 {
			emps++
			captive = 1
		}
		for c := 0; c < b.n; c++ {
			if st := p.st[c]; int(st.owner) == seat && st.emp {
				emps++
			}
		}
		if emps != 1 {
			return fmt.Errorf("seat %d: Emperor found %d times", seat, emps)
		}
		if p.reserve[seat] < 0 || p.empRes[seat] && p.reserve[seat] < 1 {
			return fmt.Errorf("seat %d: reserve %d", seat, p.reserve[seat])
		}
		n := p.onBoard(b, seat) + int(p.reserve[seat]) + int(p.destroyed[seat]) + captive
		if n != discsPerPlayer {
			return fmt.Errorf("seat %d: %d discs accounted for (board %d, reserve %d, destroyed %d, captive %d)",
				seat, n, p.onBoard(b, seat), p.reserve[seat], p.destroyed[seat], captive)
		}
		if p.destroyed[seat]%3 != 0 {
			return fmt.Errorf("seat %d: %d discs destroyed by marches", seat, p.destroyed[seat])
		}
		for l := camp; l <= castle; l++ {
			built := 0
			for c := 0; c < b.n; c++ {
				if int(p.bd[c].owner) == seat && p.bd[c].level == int8(l) {
					built++
				}
			}
			if built+int(p.supply[seat][l]) != int(supplyOf[l]) || p.supply[seat][l] < 0 {
				return fmt.Errorf("seat %d: %d %ss built, %d in supply", seat, built, levelName[l], p.supply[seat][l])
			}
		}
	}
	for c := 0; c < b.n; c++ {
		st, bd := p.st[c], p.bd[c]
		if st.owner >= 0 && (b.ter[c] != sand || st.height < 1 || st.height > 4) {
			return fmt.Errorf("%s: stack of %d on %s", b.name[c], st.height, b.ter[c])
		}
		if st.owner < 0 && (st.height != 0 || st.emp) {
			return fmt.Errorf("%s: empty cell with height %d", b.name[c], st.height)
		}
		if bd.level > b.ter[c].maxLevel() {
			return fmt.Errorf("%s: %s on %s", b.name[c], levelName[bd.level], b.ter[c])
		}
	}
	return nil
}

// nearMisses bends legal moves: a cell bumped, the reinforcement
// dropped or raised, the parts reordered, R:NONE instead of a placement.
func nearMisses(es engine.State, legal []string, r *rand.Rand) []string {
	var out []string
	for range 4 {
		m := legal[r.IntN(len(legal))]
		parts := strings.Split(m, ";")
		out = append(out, bumpCell(m, r), bumpCell(m, r))
		if len(parts) == 2 {
			out = append(out, parts[0], parts[1]+";"+parts[0], parts[0]+";R:NONE",
				parts[0]+";MARCH", m+";R:NONE", strings.Replace(m, "-", "--", 1))
			if strings.HasPrefix(parts[1], "R:") && parts[1] != "R:NONE" {
				n := parts[1][len(parts[1])-1]
				out = append(out, parts[0]+";"+parts[1][:len(parts[1])-1]+string(n+1),
					parts[0]+";"+parts[1][:len(parts[1])-1]+"0")
			}
		}
		if strings.HasPrefix(m, "SWAP:") {
			f := strings.Split(m, ":")
			out = append(out, "SWAP:"+f[2]+":"+f[1], "SWAP:"+f[1]+":"+f[1])
		}
	}
	return out
}

// bumpCell changes the column or row of one cell named in m.
func bumpCell(m string, r *rand.Rand) string {
	b := []byte(m)
	var at []int
	for i := 0; i+1 < len(b); i++ {
		if b[i] >= 'A' && b[i] <= 'M' && b[i+1] >= '1' && b[i+1] <= '9' && (i == 0 || b[i-1] == ':' || b[i-1] == '-' || b[i-1] == ';') {
			at = append(at, i)
		}
	}
	if len(at) == 0 {
		return m + "X"
	}
	i := at[r.IntN(len(at))]
	if r.IntN(2) == 0 {
		b[i]++
	} else {
		b[i+1]++
	}
	return string(b)
}

func playout(players int, opts map[string]string) enginetest.Playout {
	return enginetest.Playout{
		Game:       Game{},
		Players:    players,
		Opts:       opts,
		MaxPlies:   turnsPerSeat*players + players + 1,
		Invariant:  conservation,
		NearMisses: nearMisses,
	}
}

func TestPlayout(t *testing.T) {
	games := 2
	if enginetest.Long() {
		games = 100
	}
	for _, n := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			playout(n, nil).Run(t, 100*uint64(n), games)
			playout(n, map[string]string{"direct": ""}).Run(t, 1000+100*uint64(n), games)
		})
	}
}

// randomTurn builds a turn part by part, with a forced march when one
// is possible and r says so; the turns without a march must be among
// Legal().
func randomTurn(t *testing.T, s *state, r *rand.Rand) (string, bool) {
	t.Helper()
	b, seat := s.b, s.toMove
	q := s.p
	acts := legalActions(b, &q, seat, s.direct)
	var parts []string
	marched := false
	if len(acts) > 0 {
		for second := false; ; second = true {
			a := acts[r.IntN(len(acts))]
			s.apply(&q, seat, a)
			parts = append(parts, a.format(b))
			if _, _, over := s.victory(&q, seat); over {
				return strings.Join(parts, ";"), marched
			}
			exchange(&q, b.players)
			if second || !canMarch(&q, seat) || r.IntN(3) > 0 {
				break
			}
			q2 := q
			applyMarch(&q2, seat)
			acts = legalActions(b, &q2, seat, s.direct)
			if len(acts) == 0 {
				break
			}
			q, marched = q2, true
			parts = append(parts, "MARCH")
		}
	}
	rs := reinforcements(b, &q, seat)
	parts = append(parts, rs[r.IntN(len(rs))].format(b))
	return strings.Join(parts, ";"), marched
}

// TestPlayoutWithMarches plays random games whose turns often hold a
// forced march, checking conservation and that a replay of the log
// from the seed gives the same board.
func TestPlayoutWithMarches(t *testing.T) {
	games := 3
	if enginetest.Long() {
		games = 200
	}
	marches := 0
	for _, n := range []int{2, 3, 4} {
		for g := range games {
			seed := uint64(500 + 10*n + g)
			es, _ := Game{}.New(n, nil, seed)
			s := es.(*state)
			r := rand.New(rand.NewPCG(seed, 2))
			var log []string
			for !s.over {
				var m string
				if len(s.swaps) > 0 {
					l := s.Legal()
					m = l[r.IntN(len(l))]
				} else {
					var marched bool
					m, marched = randomTurn(t, s, r)
					if marched {
						marches++
					} else if !isLegal(s, m) {
						t.Fatalf("%s is accepted part by part but not in Legal()", m)
					}
				}
				got, err := s.Play(m)
				if err != nil || got != m {
					t.Fatalf("%d players seed %d: %s gave %q, %v\n%s", n, seed, m, got, err, s.render())
				}
				if err := conservation(s); err != nil {
					t.Fatalf("after %s: %v", m, err)
				}
				log = append(log, m)
			}
			re, _ := Game{}.New(n, nil, seed)
			for _, m := range log {
				if _, err := re.Play(m); err != nil {
					t.Fatalf("replay %s: %v", m, err)
				}
			}
			if re.(*state).render() != s.render() {
				t.Fatal("replay differs")
			}
		}
	}
	if marches == 0 {
		t.Error("no march was played")
	}
	t.Logf("%d turns with a march", marches)
}

// TestEveryLegalMoveAccepted plays every move of Legal() on a clone
// for a few games.
func TestEveryLegalMoveAccepted(t *testing.T) {
	games := 1
	if enginetest.Long() {
		games = 20
	}
	for _, n := range []int{2, 3, 4} {
		p := playout(n, nil)
		p.CheckAllLegal = true
		p.Run(t, 700+uint64(n), games)
	}
}
