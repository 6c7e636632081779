// Package computer is a computer player for every game of the engine
// seam: it knows a game only through engine.State (Legal, Play, Clone,
// Result, ToMove) and the optional engine.Evaluator, engine.Candidates,
// engine.PlayoutDepth and engine.RandomPlay.
//
// The search is Monte-Carlo tree search with UCT selection (UCB1 over
// the mean reward, c = 0.7 on rewards in [0, 1]) and progressive
// widening: a node with n visits has at most 1 + 2*sqrt(n) children,
// tried best first. At the root and its children the candidate moves
// are ordered by the evaluation one move ahead (when the game offers
// one), elsewhere at random. Each play-out plays random legal moves
// from the new node, uniformly from Legal or by the engine's own
// engine.RandomPlay where it has one (Ekö draws an action, then a
// reinforcement), for at most Level.Depth moves and is then scored by
// the evaluation, or after fewer moves when the game says so
// (engine.PlayoutDepth: Hexatri scores the new node itself, as a random
// action tells less than its evaluation); a finished game is scored by
// its result (each winner 1/len(winners), a draw 1/players each).
// Level.Rollout plays the level's full Depth of random moves even where
// the game asks for fewer: hard does, as in Hexatri the search on the
// evaluation alone gains nothing from a bigger budget, while play-outs
// of six random actions, though each tells little, show a deeper search
// which positions hold up. Level.QuickDepth is the depth in a game with
// engine.RandomPlay, whose random moves cost little: hard plays out 12
// turns in Ekö, where with 6 it won 18 of 29 games against normal, and
// 32 of 40 with 12.
//
// Moves a Legal list leaves out: the engine's Candidates are the few
// of them worth considering, and the computer tries them before Legal's
// moves, at the root at every level and at every node of the search
// when Level.Candidates is set (hard). Ekö's turns with a forced march
// (MARCH) are not in Legal (two actions times the reinforcements are
// too many to list); its Candidates are the marches that win at once,
// so the computer never misses a winning march, and at hard it also
// sees its opponent's and keeps away from the moves that allow one. It
// plays no other march: a march burns three reserve discs, and in the
// play-outs neither side marches.
//
// Games for more than two: max-n. Every node keeps a reward per seat
// and the seat to move at a node picks the child best for itself, so
// the computer may sit in any seat and every other seat plays for its
// own win (not paranoid: they do not gang up on the computer).
//
// A game for one (Esagek Alone) is scored by the evaluation at the end
// of each play-out (the engine maps the score to [0, 1]), play-outs run
// to the end, and the move chosen is the first of the best line found:
// the game has no chance, so the best play-out found is a sequence the
// player can really play.
//
// The search is deterministic: its only randomness is a PCG generator
// seeded by the caller (pbm seeds it from the board's seed and the move
// number), and its budget is a number of play-outs, never a time, so a
// replayed game gets the same moves.
package computer

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/pbmgo/pbm/engine"
)

// Level is how hard the computer thinks.
type Level struct {
	Name     string
	Playouts int // play-outs per move
	Depth    int // moves per play-out before the evaluation scores it
	// Rollout plays Depth moves per play-out even in a game whose
	// engine.PlayoutDepth asks for fewer.
	Rollout bool
	// QuickDepth, when set, replaces Depth in a game whose engine
	// plays its random moves itself (engine.RandomPlay): such a move
	// costs a small part of one chosen from a Legal list, so the level
	// plays out further in about the same time.
	QuickDepth int
	// Candidates considers the engine's Candidates at every node of
	// the search, not only at the root: the computer then also sees
	// the moves Legal leaves out in its opponents' hands.
	Candidates bool
}

// The levels by name. Their budgets are play-outs, not time, so that a
// move depends only on the position and the seed.
var (
	Easy   = Level{Name: "easy", Playouts: 150, Depth: 4}
	Normal = Level{Name: "normal", Playouts: 800, Depth: 6}
	Hard   = Level{Name: "hard", Playouts: 3000, Depth: 6, QuickDepth: 12, Rollout: true, Candidates: true}
)

// Levels lists the levels from the weakest.
var Levels = []Level{Easy, Normal, Hard}

// LevelByName finds a level by its name, ignoring case.
func LevelByName(name string) (Level, bool) {
	for _, l := range Levels {
		if strings.EqualFold(l.Name, name) {
			return l, true
		}
	}
	return Level{}, false
}

// Names of the levels, for help texts: "easy, normal, hard".
func Names() string {
	var n []string
	for _, l := range Levels {
		n = append(n, l.Name)
	}
	return strings.Join(n, ", ")
}

// seedStream is the second word of the search's PCG generator.
const seedStream = 0x636f6d7075746572 // "computer"

// explore is the UCB1 exploration constant for rewards in [0, 1].
const explore = 0.7

// ErrOver is returned when the game is over.
var ErrOver = errors.New("the game is over")

// Move chooses the move of the seat to move in s, a game of players
// seats, at level lvl with the generator seeded by seed. s is not
// changed. The move is one that s.Play accepts.
func Move(ctx context.Context, s engine.State, players int, lvl Level, seed uint64) (string, error) {
	if s.ToMove() < 0 {
		return "", ErrOver
	}
	if players < 1 {
		return "", fmt.Errorf("computer: %d players", players)
	}
	t := &tree{
		players: players,
		rng:     rand.New(rand.NewPCG(seed, seedStream)),
		lvl:     lvl,
	}
	root := t.newNode(nil, "", s, 0)
	if len(root.untried) == 0 {
		return "", fmt.Errorf("computer: no legal move for seat %d", s.ToMove())
	}
	if len(root.untried) == 1 {
		return root.untried[0], nil
	}
	budget := max(lvl.Playouts, 1)
	for i := range budget {
		if i%64 == 63 && ctx.Err() != nil {
			return "", ctx.Err()
		}
		t.iterate(root, s)
	}
	return root.choice(players), nil
}

type tree struct {
	players int
	rng     *rand.Rand
	lvl     Level
}

type node struct {
	move     string
	parent   *node
	children []*node
	untried  []string // moves not yet expanded, the next one last
	seat     int      // seat to move here; -1 when the game is over
	n        int
	w        []float64 // reward sums per seat
	best     float64   // best reward of the parent's seat seen below
	depth    int
}

// priorMoves bounds the moves below the root that are ordered by the
// evaluation: beyond it the order is random, as the one-move look-ahead
// would cost more than the play-outs it guides.
const priorMoves = 64

// newNode makes the node of position s, reached by move.
func (t *tree) newNode(parent *node, move string, s engine.State, depth int) *node {
	nd := &node{move: move, parent: parent, seat: s.ToMove(), w: make([]float64, t.players), depth: depth, best: -1}
	if nd.seat < 0 {
		return nd
	}
	ms := slices.Clone(s.Legal())
	t.rng.Shuffle(len(ms), func(i, j int) { ms[i], ms[j] = ms[j], ms[i] })
	if ev, ok := s.(engine.Evaluator); ok && len(ms) > 1 && (depth == 0 || depth == 1 && len(ms) <= priorMoves) {
		// Order by the evaluation one move ahead, best last (the
		// next to expand). The shuffle above breaks ties.
		score := make(map[string]float64, len(ms))
		for _, m := range ms {
			c := s.Clone()
			if _, err := c.Play(m); err != nil {
				score[m] = -1
				continue
			}
			score[m] = t.value(c, ev)[nd.seat]
		}
		slices.SortStableFunc(ms, func(a, b string) int {
			switch {
			case score[a] < score[b]:
				return -1
			case score[a] > score[b]:
				return 1
			}
			return 0
		})
	}
	if c, ok := s.(engine.Candidates); ok && (depth == 0 || t.lvl.Candidates) {
		ms = append(ms, c.Candidates()...) // tried first
	}
	nd.untried = ms
	return nd
}

// value scores a position reached in the tree without a play-out: the
// result when over, else the evaluation.
func (t *tree) value(s engine.State, ev engine.Evaluator) []float64 {
	r := make([]float64, t.players)
	if s.ToMove() < 0 && t.players > 1 {
		t.result(s, r)
		return r
	}
	copy(r, ev.Evaluate())
	return r
}

// widen reports whether nd may get another child.
func (nd *node) widen() bool {
	return len(nd.untried) > 0 && float64(len(nd.children)) < 1+2*math.Sqrt(float64(nd.n))
}

// iterate runs one selection, expansion, play-out and back-up.
func (t *tree) iterate(root *node, s0 engine.State) {
	s := s0.Clone()
	nd := root
	for nd.seat >= 0 && !nd.widen() && len(nd.children) > 0 {
		nd = nd.select_()
		if _, err := s.Play(nd.move); err != nil {
			panic(fmt.Sprintf("computer: the engine refused its own move %q: %v", nd.move, err))
		}
	}
	if nd.seat >= 0 && nd.widen() {
		m := nd.untried[len(nd.untried)-1]
		nd.untried = nd.untried[:len(nd.untried)-1]
		if _, err := s.Play(m); err != nil {
			// A candidate the engine refuses is dropped.
			return
		}
		c := t.newNode(nd, m, s, nd.depth+1)
		nd.children = append(nd.children, c)
		nd = c
	}
	r := t.playout(s)
	for p := nd; p != nil; p = p.parent {
		p.n++
		for i, v := range r {
			p.w[i] += v
		}
		if p.parent != nil && p.parent.seat >= 0 {
			if v := r[p.parent.seat]; v > p.best {
				p.best = v
			}
		}
	}
}

// select_ is the UCB1 choice among the children for the seat to move.
func (nd *node) select_() *node {
	var best *node
	bv := math.Inf(-1)
	ln := math.Log(float64(nd.n))
	for _, c := range nd.children {
		v := c.w[nd.seat]/float64(c.n) + explore*math.Sqrt(ln/float64(c.n))
		if v > bv {
			best, bv = c, v
		}
	}
	return best
}

// choice is the move to play: the most visited child, or in a game for
// one the child with the best line.
func (nd *node) choice(players int) string {
	var best *node
	for _, c := range nd.children {
		if best == nil {
			best = c
			continue
		}
		if players == 1 {
			if c.best > best.best || c.best == best.best && c.n > best.n {
				best = c
			}
			continue
		}
		if c.n > best.n || c.n == best.n && c.w[nd.seat] > best.w[nd.seat] {
			best = c
		}
	}
	return best.move
}

// playout plays random moves from s and scores the end.
func (t *tree) playout(s engine.State) []float64 {
	ev, hasEval := s.(engine.Evaluator)
	rp, quick := s.(engine.RandomPlay)
	depth := t.lvl.Depth
	if quick && t.lvl.QuickDepth > 0 {
		depth = t.lvl.QuickDepth
	}
	if pd, ok := s.(engine.PlayoutDepth); ok && hasEval && !t.lvl.Rollout {
		depth = min(depth, pd.PlayoutDepth())
	}
	if !hasEval || t.players == 1 {
		depth = math.MaxInt
	}
	for d := 0; d < depth && s.ToMove() >= 0; d++ {
		if quick {
			rp.PlayRandom(t.rng.IntN)
			continue
		}
		l := s.Legal()
		if len(l) == 0 {
			break
		}
		if _, err := s.Play(l[t.rng.IntN(len(l))]); err != nil {
			panic(fmt.Sprintf("computer: the engine refused its legal move: %v", err))
		}
	}
	r := make([]float64, t.players)
	switch {
	case s.ToMove() < 0 && (t.players > 1 || !hasEval):
		t.result(s, r)
	case hasEval:
		copy(r, ev.Evaluate())
	default:
		for i := range r {
			r[i] = 1 / float64(t.players)
		}
	}
	return r
}

// result scores a finished game: the winners share 1, a draw gives
// every seat an equal share.
func (t *tree) result(s engine.State, r []float64) {
	res := s.Result()
	if len(res.Winners) == 0 {
		for i := range r {
			r[i] = 1 / float64(t.players)
		}
		return
	}
	for _, w := range res.Winners {
		if w >= 0 && w < len(r) {
			r[w] += 1 / float64(len(res.Winners))
		}
	}
}

// Seed is the seed of the computer's search for the move after
// the first moves entries of a board's log: a function of the board's
// seed and the move number only, so that a replayed game gets the same
// moves.
func Seed(boardSeed uint64, moves int) uint64 {
	return boardSeed ^ (uint64(moves)+1)*0x9e3779b97f4a7c15
}
