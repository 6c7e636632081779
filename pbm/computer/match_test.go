package computer

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/eko"
	"github.com/pbmgo/pbm/engine/esagek"
	"github.com/pbmgo/pbm/engine/hexatri"
	"github.com/pbmgo/pbm/engine/hexemergo"
)

// long runs the strength tests with many more games.
var long = flag.Bool("computer.long", false, "play the long strength matches")

// variant is one game and variant the computer must play.
type variant struct {
	name    string
	game    engine.Game
	players int
	opts    map[string]string
}

func (v variant) new(seed uint64) engine.State {
	s, err := v.game.New(v.players, v.opts, seed)
	if err != nil {
		panic(err)
	}
	return s
}

func flagOpt(name string) map[string]string { return map[string]string{name: ""} }

// twoSeat lists every game and variant for two.
var twoSeat = []variant{
	{"hexemergo", hexemergo.Game{}, 2, nil},
	{"hexemergo-alternate", hexemergo.Game{}, 2, flagOpt("alternate")},
	{"esagek-classic", esagek.Game{}, 2, nil},
	{"esagek-invasion", esagek.Game{}, 2, flagOpt("invasion")},
	{"esagek-surrounder", esagek.Game{}, 2, flagOpt("surrounder")},
	{"hexatri", hexatri.Game{}, 2, nil},
	{"eko", eko.Game{}, 2, nil},
	{"eko-direct", eko.Game{}, 2, flagOpt("direct")},
}

// multiSeat lists games for more than two.
var multiSeat = []variant{
	{"esagek-invasion3", esagek.Game{}, 3, flagOpt("invasion")},
	{"esagek-surrounder3", esagek.Game{}, 3, flagOpt("surrounder")},
	{"hexatri3", hexatri.Game{}, 3, nil},
	{"eko3", eko.Game{}, 3, nil},
}

var alone = variant{"esagek-alone", esagek.Game{}, 1, flagOpt("alone")}

// policy picks the move of the seat to move.
type policy interface {
	pick(s engine.State, players int, seed uint64) string
	String() string
}

type random struct{}

func (random) String() string { return "random" }
func (random) pick(s engine.State, _ int, seed uint64) string {
	l := s.Legal()
	return l[rand.New(rand.NewPCG(seed, 1)).IntN(len(l))]
}

// greedy takes the move best for itself by the evaluation one move
// ahead (a win first), ties broken at random.
type greedy struct{}

func (greedy) String() string { return "greedy" }
func (greedy) pick(s engine.State, _ int, seed uint64) string {
	me := s.ToMove()
	l := s.Legal()
	r := rand.New(rand.NewPCG(seed, 2))
	r.Shuffle(len(l), func(i, j int) { l[i], l[j] = l[j], l[i] })
	best, bv := l[0], -1.0
	for _, m := range l {
		c := s.Clone()
		if _, err := c.Play(m); err != nil {
			panic(err)
		}
		var v float64
		if res := c.Result(); res.Over {
			for _, w := range res.Winners {
				if w == me {
					v = 2
				}
			}
		} else {
			v = c.(engine.Evaluator).Evaluate()[me]
		}
		if v > bv {
			best, bv = m, v
		}
	}
	return best
}

type bot struct{ lvl Level }

func (b bot) String() string { return b.lvl.Name }
func (b bot) pick(s engine.State, players int, seed uint64) string {
	m, err := Move(context.Background(), s, players, b.lvl, seed)
	if err != nil {
		panic(err)
	}
	return m
}

// play plays one game with a policy per seat and returns the result.
func play(tb testing.TB, v variant, seats []policy, seed uint64) engine.Result {
	s := v.new(seed)
	for ply := uint64(0); s.ToMove() >= 0; ply++ {
		seat := s.ToMove()
		m := seats[seat].pick(s, v.players, seed*100003+ply)
		if _, err := s.Play(m); err != nil {
			tb.Fatalf("%s seed %d ply %d: %s played %q: %v", v.name, seed, ply, seats[seat], m, err)
		}
	}
	return s.Result()
}

// score of seat in a result: 1 for a lone win, 1/k for a shared one, a
// half for a draw of two.
func score(r engine.Result, seat, players int) float64 {
	if len(r.Winners) == 0 {
		return 1 / float64(players)
	}
	for _, w := range r.Winners {
		if w == seat {
			return 1 / float64(len(r.Winners))
		}
	}
	return 0
}

// duel plays games of a against b, a in seat 0 in even games and seat 1
// in odd ones, and returns a's share of the points (draws count half).
func duel(tb testing.TB, v variant, a, b policy, games int, seed uint64) (float64, string) {
	got, wins, draws := 0.0, 0, 0
	for g := range games {
		seats := []policy{a, b}
		me := g % 2
		if me == 1 {
			seats = []policy{b, a}
		}
		r := play(tb, v, seats, seed+uint64(g))
		sc := score(r, me, 2)
		tb.Logf("%s seed %d: %s in seat %d scores %.1f: %s", v.name, seed+uint64(g), a, me, sc, r.Reason)
		got += sc
		switch {
		case len(r.Winners) == 0:
			draws++
		case sc > 0:
			wins++
		}
	}
	return got / float64(games), fmt.Sprintf("%s %s vs %s: %d wins, %d draws, %d losses of %d (%.0f%%)",
		v.name, a, b, wins, draws, games-wins-draws, games, 100*got/float64(games))
}
