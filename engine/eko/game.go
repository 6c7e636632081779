// Package eko implements Ekö (Henri Kermarrec, Sit Down! 2015) for
// 2 to 4 players, as the binding rule book ../shared/rules/eko.md
// (part 1) describes it.
//
// The map is drawn from the game's seed out of thirteen seven-cell
// tiles (7 for 2 players, 10 for 3, 13 for 4); every movement space is
// filled at random with the players' 16 discs, one of them each
// player's Emperor. After an Emperor swap round (SWAP:E4:H3 or
// NOSWAP) each turn is one move string: an action (move G4-E7 or build
// B:E4:T:F5), optionally MARCH and a second action, then the
// reinforcement (R:F5:2 or R:NONE), parts separated by ';'. The whole
// turn is checked before any of it applies.
//
// A player wins at once with 12 points or more and a building on a
// capital, or as the only player with discs on the board.
//
// Decisions of this engine where the rule book leaves room:
//
//   - Legal lists every turn without a forced march. Turns with MARCH
//     are accepted by Play but not listed: their number is the product
//     of two action lists and the reinforcements, often hundreds of
//     thousands.
//   - A turn whose action wins the game ends there: the winning action
//     is the whole move string (G4-E7), or A;MARCH;B when the second
//     action wins.
//   - A player with discs on the board but no legal action sends the
//     reinforcement alone (R:F5:1 or R:NONE).
//   - With 3 or 4 players a player without discs on the board can never
//     return (reinforcements go onto own stacks only) and is skipped;
//     his buildings stay. If nobody has discs left the game is drawn.
//   - A resigning seat's discs leave the board for its reserve, its
//     buildings stay, the Emperors it holds go back to their owners'
//     reserves; its own Emperor stays with its captor.
//   - Random play can go on for ever, so the game is drawn after 100
//     turns per seat (200, 300 or 400 turns), in the rule book's
//     spirit: nobody reached the victory.
//   - Player letters a-d are the colours, shuffled over the seats from
//     the seed (rule book part 2, section 4, step 4).
package eko

import (
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/engine"
)

// turnsPerSeat bounds a game: after players*turnsPerSeat turns of the
// play phase it is drawn.
const turnsPerSeat = 100

// seedStream is the second PCG word of the seeded generator.
const seedStream = 0x45b0c4f1e0b7a9d3

// Game is Ekö for the server's registry.
type Game struct{}

var _ engine.Game = Game{}

// Name is the command word.
func (Game) Name() string { return "eko" }

// Title is the display name.
func (Game) Title() string { return "Ekö" }

// Players gives the seat range.
func (Game) Players() (int, int) { return 2, 4 }

// Options lists the challenge options.
func (Game) Options() []engine.Option {
	return []engine.Option{{
		Name: "direct",
		Help: "towers and castles may be built straight onto an empty space",
	}}
}

// New draws the map and deals the discs from seed. Rule book part 1,
// items 1-2; part 2, section 4.
func (Game) New(players int, opts map[string]string, seed uint64) (engine.State, error) {
	if players < 2 || players > 4 {
		return nil, msgPlayers.New("N", players)
	}
	s := &state{}
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := opts[k]
		switch strings.ToLower(k) {
		case "direct":
			if v != "" {
				return nil, msgOptNoValue.New("Value", strconv.Quote(v))
			}
			s.direct = true
		default:
			return nil, msgOptUnknown.New("Option", k)
		}
	}
	rng := rand.New(rand.NewPCG(seed, seedStream))
	b, err := newBoard(players, rng)
	if err != nil {
		return nil, err
	}
	s.b = b
	s.p = deal(b, rng)
	perm := rng.Perm(players)
	for seat := range players {
		s.colour[seat] = byte('a' + perm[seat])
	}
	s.start = rng.IntN(players)
	for k := range players {
		s.swaps = append(s.swaps, (s.start+k)%players)
	}
	s.toMove = s.start
	s.lastSeat = -1
	return s, nil
}

// deal fills every movement space with one disc: the discs are listed
// in seat order (the Emperor, then 15 more), shuffled and dealt in
// reading order. Rule book part 2, section 4, step 3.
func deal(b *board, rng *rand.Rand) pos {
	var p pos
	for i := range p.st {
		p.st[i] = stack{owner: -1}
	}
	for s := range p.captor {
		p.captor[s] = -1
		p.supply[s] = supplyOf
	}
	var discs []stack
	for seat := range b.players {
		discs = append(discs, stack{owner: int8(seat), height: 1, emp: true})
		for range discsPerPlayer - 1 {
			discs = append(discs, stack{owner: int8(seat), height: 1})
		}
	}
	rng.Shuffle(len(discs), func(i, j int) { discs[i], discs[j] = discs[j], discs[i] })
	k := 0
	for c := 0; c < b.n; c++ {
		if b.ter[c] == sand {
			p.st[c] = discs[k]
			k++
		}
	}
	return p
}

// state is one game of Ekö.
type state struct {
	b        *board
	p        pos
	direct   bool
	colour   [4]byte // player letter of each seat
	start    int     // the seat drawn to start
	swaps    []int   // seats still to choose in the swap round
	toMove   int
	resigned [4]bool
	turns    int // turns of the play phase so far
	over     bool
	winners  []int
	reason   string
	// why is reason as a message, for the refusals after the end.
	why      *engine.Refusal
	last     string // the last turn, canonical
	lastSeat int
}

var _ engine.State = (*state)(nil)

func (s *state) ToMove() int {
	if s.over {
		return -1
	}
	return s.toMove
}

func (s *state) Clone() engine.State {
	c := *s
	c.swaps = append([]int(nil), s.swaps...)
	c.winners = append([]int(nil), s.winners...)
	return &c
}

func (s *state) Legal() []string {
	if s.over {
		return nil
	}
	if len(s.swaps) > 0 {
		return s.legalSwaps()
	}
	return s.legalTurns()
}

func (s *state) Result() engine.Result {
	r := engine.Result{Over: s.over, Reason: s.reason, Why: s.why}
	r.Winners = append([]int(nil), s.winners...)
	for seat := range s.b.players {
		r.Scores = append(r.Scores, s.p.points(s.b, seat))
	}
	return r
}

// Play checks one move of the seat to move and applies it.
func (s *state) Play(move string) (string, error) {
	if s.over {
		return "", engine.GameOver.New("Reason", s.why)
	}
	m := strings.ToUpper(strings.TrimSpace(move))
	seat := s.toMove
	if len(s.swaps) > 0 {
		canon, err := s.checkSwap(m)
		if err != nil {
			return "", err
		}
		s.last, s.lastSeat = canon, seat
		s.swaps = s.swaps[1:]
		if len(s.swaps) > 0 {
			s.toMove = s.swaps[0]
		} else {
			s.toMove = s.firstTurn()
		}
		return canon, nil
	}
	t, err := s.checkTurn(m)
	if err != nil {
		return "", err
	}
	s.commit(t, seat)
	return t.canon, nil
}

// commit makes the checked turn t of seat the position and passes the
// turn on, or ends the game.
func (s *state) commit(t turn, seat int) {
	s.p = t.p
	s.last, s.lastSeat = t.canon, seat
	s.turns++
	switch {
	case t.over:
		s.finish(t.winners, t.reason)
	case s.turns >= turnsPerSeat*s.b.players:
		s.finish(nil, msgDrawTurns.New("N", s.turns))
	default:
		s.toMove = s.next(seat)
	}
}

// next is the seat after seat that is still in the game: not resigned
// and with discs on the board.
func (s *state) next(seat int) int {
	n := s.b.players
	for k := 1; k <= n; k++ {
		t := (seat + k) % n
		if !s.resigned[t] && s.p.onBoard(s.b, t) > 0 {
			return t
		}
	}
	return seat
}

func (s *state) finish(winners []int, why *engine.Refusal) {
	s.over, s.winners, s.reason, s.why = true, winners, why.Error(), why
}

// victory checks both ways to win, the active seat first, then the
// others in turn order. Rule book part 1, item 8.
func (s *state) victory(p *pos, active int) ([]int, *engine.Refusal, bool) {
	n := s.b.players
	for k := range n {
		t := (active + k) % n
		if s.resigned[t] {
			continue
		}
		if v := p.points(s.b, t); v >= 12 && p.holdsCapital(s.b, t) {
			return []int{t}, msgWinCapital.New("Letter", string(s.colour[t]), "N", v), true
		}
	}
	alive, last := 0, -1
	for t := range n {
		if !s.resigned[t] && p.onBoard(s.b, t) > 0 {
			alive++
			last = t
		}
	}
	switch alive {
	case 0:
		return nil, msgDrawNoDiscs.New(), true
	case 1:
		return []int{last}, msgWinAlone.New("Letter", string(s.colour[last])), true
	}
	return nil, nil, false
}

// Resign takes seat out of the game. Its discs leave the board for its
// reserve, the Emperors it holds return to their owners' reserves and
// its buildings stay. With one seat left in the game, that seat wins.
func (s *state) Resign(seat int) error {
	if seat < 0 || seat >= s.b.players {
		return msgNoSeat.New("Seat", seat)
	}
	if s.over {
		return engine.GameOver.New("Reason", s.why)
	}
	if s.resigned[seat] {
		return msgLeft.New("Seat", seat)
	}
	s.resigned[seat] = true
	p := &s.p
	for c := 0; c < s.b.n; c++ {
		if st := p.st[c]; int(st.owner) == seat && st.owner >= 0 {
			p.reserve[seat] += st.height
			if st.emp {
				p.empRes[seat] = true
			}
			p.st[c] = stack{owner: -1}
		}
	}
	for t := range s.b.players {
		if int(p.captor[t]) == seat {
			p.captor[t] = -1
			p.empRes[t] = true
			p.reserve[t]++
		}
	}
	var left []int
	for t := range s.b.players {
		if !s.resigned[t] {
			left = append(left, t)
		}
	}
	if len(left) == 1 {
		s.finish(left, msgWinLeft.New("Letter", string(s.colour[left[0]])))
		return nil
	}
	wasSwap := len(s.swaps) > 0
	for i, t := range s.swaps {
		if t == seat {
			s.swaps = append(s.swaps[:i:i], s.swaps[i+1:]...)
			break
		}
	}
	if w, why, over := s.victory(p, s.toMove); over {
		s.finish(w, why)
		return nil
	}
	switch {
	case len(s.swaps) > 0:
		s.toMove = s.swaps[0]
	case wasSwap:
		s.toMove = s.firstTurn()
	case s.toMove == seat:
		s.toMove = s.next(seat)
	}
	return nil
}

// firstTurn is the seat that opens the play phase: the start seat, or
// the next one in the game when it has left.
func (s *state) firstTurn() int {
	if !s.resigned[s.start] && s.p.onBoard(s.b, s.start) > 0 {
		return s.start
	}
	return s.next(s.start)
}

var (
	msgPlayers    = engine.Define("RefuseEkoPlayers", "eko is for 2 to 4 players, not {{.N}}")
	msgOptNoValue = engine.Define("RefuseEkoOptionNoValue", "option -direct takes no value (got {{.Value}})")
	msgOptUnknown = engine.Define("RefuseEkoOptionUnknown", "unknown option -{{.Option}}; eko knows -direct")
	msgNoSeat     = engine.Define("RefuseEkoNoSeat", "there is no seat {{.Seat}}")
	msgLeft       = engine.Define("RefuseEkoLeft", "seat {{.Seat}} has already left the game")
)

// How a game of Ekö ends: the reason of the result, in the refusals of
// moves after the end.
var (
	msgWinCapital  = engine.Define("EkoWinCapital", "{{.Letter}} wins with {{.N}} points and a capital")
	msgDrawNoDiscs = engine.Define("EkoDrawNoDiscs", "draw: no discs left on the board")
	msgWinAlone    = engine.Define("EkoWinAlone", "{{.Letter}} wins as the only player with discs on the board")
	msgWinLeft     = engine.Define("EkoWinLeft", "{{.Letter}} wins: every other player has left the game")
	msgDrawTurns   = engine.Define("EkoDrawTurns", "draw: no victory after {{.N}} turns")
)
