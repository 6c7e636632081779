package hexatri

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/engine"
)

// Game is the Hexatri game for the registry.
type Game struct{}

// Name is the command word.
func (Game) Name() string { return "hexatri" }

// Title is the display name.
func (Game) Title() string { return "Hexatri" }

// Players gives the seat range: 2 to 6. Rule book part 1, item 1.
func (Game) Players() (int, int) { return 2, 6 }

// defaultRounds is the round limit after which a game is drawn.
const defaultRounds = 100

// Options lists the challenge options. Rule book part 1, items 1, 2, 7, 8.
func (Game) Options() []engine.Option {
	return []engine.Option{
		{Name: "size", Value: "N", Default: "", Help: "board radius 2, 3 or 4 (default 3 for 2-3 players, 4 for 4-6)"},
		{Name: "pieces", Value: "N", Default: "", Help: "ordinary pieces per player, 1-20 (default 9, 8 or 6 by players)"},
		{Name: "rounds", Value: "N", Default: strconv.Itoa(defaultRounds), Help: "round limit, 10-1000; after it the game is drawn"},
		{Name: "startpoints", Help: "every hexagon starts with its production number in points"},
		{Name: "blockade", Help: "BLOCK a hexagon held by an opponent for 3 points"},
		{Name: "shoot", Help: "SHOOT an opponent's ordinary piece for 6 points"},
		{Name: "shoot1hex", Help: "shoot, but the 6 points must come from one hexagon"},
		{Name: "capture", Help: "step onto an enemy piece on a triangle to knock it out"},
		{Name: "regroup", Help: "SHIFT points between hexagons after production, 2 for 1"},
		{Name: "cloner", Help: "centre produces 1; CLONE a new leader there for 6 points"},
		{Name: "freemove", Help: "pieces step as often as points allow"},
		{Name: "firstblood", Help: "3+ players: the first to remove a leader wins"},
	}
}

// options holds the parsed challenge options.
type options struct {
	size, pieces, rounds                   int
	startpoints, blockade, shoot, shoot1   bool
	capture, regroup, cloner, freemove, fb bool
}

func parseOptions(players int, opts map[string]string) (options, error) {
	o := options{size: 3, pieces: 8, rounds: defaultRounds}
	if players >= 4 {
		o.size = 4
	}
	switch {
	case players == 2:
		o.pieces = 9
	case players >= 5:
		o.pieces = 6
	}
	known := map[string]bool{}
	for _, op := range (Game{}).Options() {
		known[op.Name] = true
	}
	for k, v := range opts {
		k = strings.ToLower(strings.TrimPrefix(k, "-"))
		if !known[k] {
			return o, msgOptUnknown.New("Option", k)
		}
		num := func(lo, hi int) (int, error) {
			n, err := strconv.Atoi(v)
			if err != nil || n < lo || n > hi {
				return 0, msgOptNumber.New("Option", k, "Min", lo, "Max", hi, "Value", strconv.Quote(v))
			}
			return n, nil
		}
		var err error
		switch k {
		case "size":
			o.size, err = num(2, 4)
		case "pieces":
			o.pieces, err = num(1, 20)
		case "rounds":
			o.rounds, err = num(10, 1000)
		default:
			if v != "" {
				return o, msgOptNoValue.New("Option", k, "Value", strconv.Quote(v))
			}
			switch k {
			case "startpoints":
				o.startpoints = true
			case "blockade":
				o.blockade = true
			case "shoot":
				o.shoot = true
			case "shoot1hex":
				o.shoot, o.shoot1 = true, true
			case "capture":
				o.capture = true
			case "regroup":
				o.regroup = true
			case "cloner":
				o.cloner = true
			case "freemove":
				o.freemove = true
			case "firstblood":
				o.fb = true
			}
		}
		if err != nil {
			return o, err
		}
	}
	if o.fb && players < 3 {
		return o, msgOptFirstBlood.New()
	}
	return o, nil
}

// String lists the options in force, for the status block.
func (o options) String() string {
	parts := []string{fmt.Sprintf("size %d", o.size), fmt.Sprintf("pieces %d+1", o.pieces), fmt.Sprintf("rounds %d", o.rounds)}
	for _, f := range []struct {
		on   bool
		name string
	}{{o.startpoints, "startpoints"}, {o.blockade, "blockade"}, {o.shoot && !o.shoot1, "shoot"}, {o.shoot1, "shoot1hex"},
		{o.capture, "capture"}, {o.regroup, "regroup"}, {o.cloner, "cloner"}, {o.freemove, "freemove"}, {o.fb, "firstblood"}} {
		if f.on {
			parts = append(parts, f.name)
		}
	}
	return strings.Join(parts, ", ")
}

// Where an off-board piece is.
const (
	offBoard = -1 // waiting to enter
	gone     = -2 // out of the game for good
)

// piece is one piece of a player.
type piece struct {
	owner  int
	leader bool
	at     int  // field, offBoard or gone
	paid   bool // the paid step of this round is used
	free   bool // the leader's free step of this round is used
	lock   int  // an off-board piece may enter from this round on
}

// order is a variant action executed after the movement phase: a shot
// (rule book section 3, shoot) or a regrouping (section 3, regroup).
type order struct {
	seat   int
	shoot  bool
	field  int   // shot: target field; shift: source hexagon
	colour int   // shot: seat of the victim
	to     int   // shift: receiving hexagon
	pays   []int // shot: the hexagon paying each of the 6 points
}

// state is one Hexatri board.
type state struct {
	g *geom
	o options
	n int

	s0     int // seat drawn by lot to start round 1
	round  int
	first  int // seat that started this round's movement
	toMove int
	passed int // seats (bits) that have passed since the last action

	pieces []piece
	cnt    []int // cnt[h*n+p]: pieces of seat p on hexagon h
	occ    []int // piece on each triangle (index field-nHex), or -1
	points []int // movement points on each hexagon
	block  []int // blockaded through this round; 0 when free
	orders []order

	out         []bool
	outWhy      []*engine.Refusal
	why         *engine.Refusal   // res.Reason as a message
	report      []*engine.Refusal // what the last round's captures, production and combat did
	events      []*engine.Refusal // captures of this round so far
	reportRound int
	res         engine.Result

	// Accounting of points, for the tests.
	created, spent int
}

// Help is the rules summary.
func (Game) Help() string { return helpText() }

// New starts a board. Rule book part 1, items 1-3.
func (Game) New(players int, opts map[string]string, seed uint64) (engine.State, error) {
	if players < 2 || players > 6 {
		return nil, msgPlayers.New("N", players)
	}
	o, err := parseOptions(players, opts)
	if err != nil {
		return nil, err
	}
	g := geoms[o.size]
	s := &state{g: g, o: o, n: players}
	s.cnt = make([]int, g.nHex*players)
	s.occ = make([]int, g.nTri)
	for i := range s.occ {
		s.occ[i] = -1
	}
	s.points = make([]int, g.nHex)
	s.block = make([]int, g.nHex)
	s.out = make([]bool, players)
	s.outWhy = make([]*engine.Refusal, players)
	for p := 0; p < players; p++ {
		s.pieces = append(s.pieces, piece{owner: p, leader: true, at: offBoard})
		for i := 0; i < o.pieces; i++ {
			s.pieces = append(s.pieces, piece{owner: p, at: offBoard})
		}
	}
	if o.startpoints {
		for h := 0; h < g.nHex; h++ {
			s.points[h] = s.prodNumber(h)
			s.created += s.points[h]
		}
	}
	r := rand.New(rand.NewPCG(seed, 0x4865786174726921))
	s.s0 = r.IntN(players)
	s.round = 1
	s.first = s.s0
	s.toMove = s.s0
	return s, nil
}

// prodNumber is the most hexagon h can produce in a round: its printed
// number, or 1 for the centre with the cloner. Rule book section 3.
func (s *state) prodNumber(h int) int {
	if s.o.cloner && h == s.g.centre {
		return 1
	}
	return s.g.prod(h)
}

func (s *state) ToMove() int {
	if s.res.Over {
		return -1
	}
	return s.toMove
}

func (s *state) Result() engine.Result {
	r := s.res
	r.Winners = append([]int(nil), s.res.Winners...)
	return r
}

func (s *state) Clone() engine.State { return s.clone() }

func (s *state) clone() *state {
	c := *s
	c.pieces = append([]piece(nil), s.pieces...)
	c.cnt = append([]int(nil), s.cnt...)
	c.occ = append([]int(nil), s.occ...)
	c.points = append([]int(nil), s.points...)
	c.block = append([]int(nil), s.block...)
	c.orders = append([]order(nil), s.orders...)
	c.out = append([]bool(nil), s.out...)
	c.outWhy = append([]*engine.Refusal(nil), s.outWhy...)
	c.report = append([]*engine.Refusal(nil), s.report...)
	c.events = append([]*engine.Refusal(nil), s.events...)
	c.res.Winners = append([]int(nil), s.res.Winners...)
	return &c
}

// active counts the seats still in the game.
func (s *state) active() int {
	k := 0
	for _, o := range s.out {
		if !o {
			k++
		}
	}
	return k
}

// allPassed tells whether every seat still in the game has passed since
// the last action: the end of the movement phase. Rule book part 1,
// item 4.
func (s *state) allPassed() bool {
	for q := 0; q < s.n; q++ {
		if !s.out[q] && s.passed&(1<<q) == 0 {
			return false
		}
	}
	return true
}

// passCount counts the seats in the game that have passed.
func (s *state) passCount() int {
	k := 0
	for q := 0; q < s.n; q++ {
		if !s.out[q] && s.passed&(1<<q) != 0 {
			k++
		}
	}
	return k
}

// nextActive is the first seat still in the game from seat p on.
func (s *state) nextActive(p int) int {
	for i := 0; i < s.n; i++ {
		q := (p + i) % s.n
		if !s.out[q] {
			return q
		}
	}
	return -1
}

// Resign takes a seat out: its pieces leave the board and play goes on
// without it; the last seat in the game wins. Rule book part 1, item 7.
func (s *state) Resign(seat int) error {
	if seat < 0 || seat >= s.n {
		return msgNoSeat.New("Seat", seat)
	}
	if s.res.Over {
		return msgOver.New()
	}
	if s.out[seat] {
		return msgOut.New("Seat", seat, "Letter", seatLetter(seat))
	}
	s.eliminate(seat, msgBoardResignedIn.New("Round", s.round))
	kept := s.orders[:0]
	for _, o := range s.orders {
		if o.seat != seat {
			kept = append(kept, o)
		}
	}
	s.orders = kept
	if s.active() == 1 {
		w := s.nextActive(0)
		s.finish([]int{w}, msgLastPlayer.New("Letter", seatLetter(w)))
		return nil
	}
	if s.toMove == seat {
		s.toMove = s.nextActive(seat)
	}
	if s.allPassed() {
		s.endMovement()
	}
	return nil
}

// eliminate takes every piece of seat p off for good.
func (s *state) eliminate(p int, why *engine.Refusal) {
	s.out[p] = true
	s.outWhy[p] = why
	for i := range s.pieces {
		if s.pieces[i].owner == p && s.pieces[i].at != gone {
			if s.pieces[i].at >= 0 {
				s.lift(i)
			}
			s.pieces[i].at = gone
		}
	}
}

func (s *state) finish(winners []int, why *engine.Refusal) {
	s.res = engine.Result{Over: true, Winners: winners, Reason: why.Error(), Why: why}
	s.why = why
}

// lift takes piece i off its field (it stays where it was recorded).
func (s *state) lift(i int) {
	p := &s.pieces[i]
	if s.g.isHex(p.at) {
		s.cnt[p.at*s.n+p.owner]--
	} else {
		s.occ[p.at-s.g.nHex] = -1
	}
}

// put places piece i on field f.
func (s *state) put(i, f int) {
	p := &s.pieces[i]
	p.at = f
	if s.g.isHex(f) {
		s.cnt[f*s.n+p.owner]++
	} else {
		s.occ[f-s.g.nHex] = i
	}
}

// remove takes piece i off the board as a combat loss: it may not enter
// during the next round. Rule book part 1, item 6.
func (s *state) remove(i int) {
	s.lift(i)
	p := &s.pieces[i]
	if p.leader {
		// A removed leader never comes back. Rule book section 3, cloner.
		p.at = gone
		return
	}
	p.at = offBoard
	p.lock = s.round + 2
}

func seatLetter(p int) string { return string("RBGYWK"[p]) }

// JoinTurn makes the moves of one command one turn (engine.Turns): the
// actions, separated by spaces. Rule book part 1, item 4.
func (Game) JoinTurn(moves []string) string { return strings.Join(moves, " ") }

var (
	msgOptUnknown    = engine.Define("RefuseHexatriOptionUnknown", "hexatri has no option -{{.Option}}; options: -size, -pieces, -rounds, -startpoints, -blockade, -shoot, -shoot1hex, -capture, -regroup, -cloner, -freemove, -firstblood")
	msgOptNumber     = engine.Define("RefuseHexatriOptionNumber", "option -{{.Option}} wants a number from {{.Min}} to {{.Max}}, not {{.Value}}")
	msgOptNoValue    = engine.Define("RefuseHexatriOptionNoValue", "option -{{.Option}} takes no value (got {{.Value}})")
	msgOptFirstBlood = engine.Define("RefuseHexatriOptionFirstBlood", "option -firstblood needs 3 or more players; with 2 the first leader removed ends the game anyway")
	msgPlayers       = engine.Define("RefuseHexatriPlayers", "hexatri is for 2 to 6 players, not {{.N}}")
	msgNoSeat        = engine.Define("RefuseHexatriNoSeat", "there is no seat {{.Seat}}")
	msgOver          = engine.Define("RefuseHexatriOver", "the game is over")
	msgOut           = engine.Define("RefuseHexatriOut", "seat {{.Seat}} ({{.Letter}}) is already out of the game")
)
