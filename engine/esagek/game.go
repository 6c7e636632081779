package esagek

import (
	"github.com/pbmgo/pbm/engine"
)

// Game is Esagek for the server's registry.
type Game struct{}

var _ engine.Game = Game{}

// Name is the command word.
func (Game) Name() string { return "esagek" }

// Title is the display name.
func (Game) Title() string { return "Esagek" }

// Help is the rules summary.
func (Game) Help() string { return helpText }

// Players gives the seat range over all variants: Alone is for one,
// Classic for two, Invasion and Surrounder for two to six.
func (Game) Players() (int, int) { return 1, 6 }

// Options lists the challenge options (rule book part 1, items 1, 5, 8, 9).
func (Game) Options() []engine.Option {
	return []engine.Option{
		{Name: "classic", Help: "Classic, 2 players (the default variant)"},
		{Name: "invasion", Help: "Invasion, 2-6 players: reach the middle hexagon"},
		{Name: "surrounder", Help: "Surrounder, 2-6 players: surround and conquer"},
		{Name: "alone", Help: "Alone, 1 player: jump until one piece is left"},
		{Name: "home", Help: "Classic: start with the home hexagon and its 3 neighbours"},
		{Name: "setup", Value: "FIELDS", Help: "Alone: the starting fields, e.g. -setup=M1,M2,A4"},
		{Name: "pieces", Value: "N", Default: "9", Help: "Alone: 6-14 pieces placed at random"},
		{Name: "maxturns", Value: "N", Default: "400", Help: "the game is drawn after N turns"},
	}
}

// New starts a board.
func (Game) New(players int, opts map[string]string, seed uint64) (engine.State, error) {
	c, err := readOptions(players, opts)
	if err != nil {
		return nil, err
	}
	return newState(players, c, seed), nil
}

// state is one board of Esagek.
type state struct {
	v        variant
	n        int
	board    [numFields]int8
	toMove   int
	out      [6]bool
	hand     [6]int8  // Surrounder: pieces still to place
	initial  [6]int16 // pieces each seat started with
	lost     [6]int16 // pieces each seat lost (captured or conquered)
	taken    [6]int16 // pieces each seat captured or conquered
	placing  bool     // Surrounder placement phase
	lastRot  int8     // hexagon rotated on the previous turn, or noField
	lastSwap [2]int8  // fields swapped on the previous turn, or noField
	streakHx [2]int8  // Classic: hexagon rotated on a seat's last turns
	streak   [2]int8  // Classic: how many of its own turns in a row
	warned   bool     // Classic: the previous move carried the warning !
	turn     int
	maxTurns int
	goal     int // Invasion pieces in M, Surrounder conquests
	capLimit int // longest capture chain
	history  []uint64
	notes    []*engine.Refusal // who went out and why, for the status block

	over    bool
	winners []int
	reason  string
	why     *engine.Refusal // reason as a message

	legal   []move
	legalOK bool
}

func (s *state) ToMove() int {
	if s.over {
		return -1
	}
	return s.toMove
}

func (s *state) Legal() []string {
	ms := s.legalMoves()
	out := make([]string, len(ms))
	for i := range ms {
		out[i] = ms[i].text
	}
	return out
}

func (s *state) Clone() engine.State {
	c := *s
	c.history = append([]uint64(nil), s.history...)
	c.notes = append([]*engine.Refusal(nil), s.notes...)
	c.winners = append([]int(nil), s.winners...)
	return &c
}

func (s *state) Result() engine.Result {
	r := engine.Result{Over: s.over, Reason: s.reason, Why: s.why}
	if s.over {
		r.Winners = append([]int{}, s.winners...)
	}
	if s.v == alone {
		r.Scores = []int{s.aloneScore()}
	}
	return r
}

// seatName is "Blue" and the like.
func seatName(seat int) string { return colourNames[seat] }

// Play checks and applies one move of the seat to move.
func (s *state) Play(in string) (string, error) {
	if s.over {
		return "", engine.GameOver.New("Reason", s.reasonArg())
	}
	m, err := parseMove(in)
	if err != nil {
		return "", msgLegalNow.New("Why", err, "Legal", s.examples(nil))
	}
	lm, ok := s.findLegal(m.text)
	if !ok {
		return "", msgNotLegal.New("Move", m.text, "Why", s.explain(m), "Legal", s.examplesFor(m))
	}
	s.apply(lm)
	return lm.text, nil
}

// apply plays a legal move and ends the turn.
func (s *state) apply(m move) {
	me := s.toMove
	code := int8(me + 1)
	b := &s.board
	switch m.kind {
	case kindStep:
		b[m.path[1]], b[m.path[0]] = b[m.path[0]], empty
	case kindSwap:
		b[m.path[1]], b[m.path[0]] = b[m.path[0]], b[m.path[1]]
	case kindPlace:
		b[m.path[0]] = code
		s.hand[me]--
	case kindRotate:
		rotate(b, int(m.hex), m.cw)
	case kindCapture:
		for i := 0; i+1 < len(m.path); i++ {
			a, l := m.path[i], m.path[i+1]
			v := geo.over[a][l]
			s.lost[owner(b[v])]++
			s.taken[me]++
			b[v] = empty
			b[l], b[a] = b[a], empty
		}
	}
	s.lastRot, s.lastSwap = noField, [2]int8{noField, noField}
	switch m.kind {
	case kindRotate:
		s.lastRot = m.hex
	case kindSwap:
		s.lastSwap = [2]int8{m.path[0], m.path[1]}
	}
	if s.v == classic {
		// Item 5: at most 3 rotations of one hexagon on own turns in a row.
		if m.kind == kindRotate && s.streakHx[me] == m.hex {
			s.streak[me]++
		} else if m.kind == kindRotate {
			s.streakHx[me], s.streak[me] = m.hex, 1
		} else {
			s.streakHx[me], s.streak[me] = noField, 0
		}
		s.warned = m.warn
	}
	s.turn++
	s.legalOK = false
	s.endTurn(me)
}

// Resign takes a seat out of the game.
func (s *state) Resign(seat int) error {
	if seat < 0 || seat >= s.n {
		return msgNoSeat.N(s.n, "Seat", seat+1, "N", s.n)
	}
	if s.over {
		return engine.AlreadyOver.New("Reason", s.reasonArg())
	}
	if s.out[seat] {
		return msgOut.New("Colour", colourMsg[seat].New())
	}
	if s.v == alone {
		s.finishWith(nil, msgResignedAlone.N(s.count(0), "N", s.count(0)))
		s.out[0] = true
		return nil
	}
	s.setOut(seat, msgBoardResigned.New("Colour", colourMsg[seat].New()))
	s.checkPlacementEnd()
	if s.lastStanding() {
		return nil
	}
	if s.toMove == seat {
		s.toMove = s.nextSeat(seat)
		s.startTurn()
	}
	return nil
}

// examples lists a handful of legal moves, those like m (if any) first.
func (s *state) examples(m *move) any {
	ms := s.legalMoves()
	var pick []string
	add := func(ok func(*move) bool) {
		for i := range ms {
			if len(pick) >= 8 {
				return
			}
			if ok(&ms[i]) && !contains(pick, ms[i].text) {
				pick = append(pick, ms[i].text)
			}
		}
	}
	if m != nil && len(m.path) > 0 {
		add(func(x *move) bool { return len(x.path) > 0 && x.path[0] == m.path[0] && !x.warn })
	}
	if m != nil {
		add(func(x *move) bool { return x.kind == m.kind && !x.warn })
	}
	add(func(x *move) bool { return !x.warn })
	if len(pick) == 0 {
		return msgNothing.New()
	}
	if len(ms) > len(pick) {
		return msgSomeMoves.New("Moves", engine.List(pick), "All", len(ms))
	}
	return engine.List(pick)
}

// examplesFor is the hint appended to the refusal of m.
func (s *state) examplesFor(m move) *engine.Refusal {
	if s.v == classic && s.warned && s.allCaptures() {
		return msgCaptures.New("Legal", s.examples(&move{kind: kindCapture}))
	}
	return msgExamples.New("Legal", s.examples(&m))
}

// allCaptures reports whether every legal move is a capture.
func (s *state) allCaptures() bool {
	for _, m := range s.legalMoves() {
		if m.kind != kindCapture {
			return false
		}
	}
	return true
}

func contains(a []string, x string) bool {
	for _, y := range a {
		if y == x {
			return true
		}
	}
	return false
}

var (
	msgLegalNow  = engine.Define("RefuseEsagekLegalNow", "{{.Why}}; legal now: {{.Legal}}")
	msgNotLegal  = engine.Define("RefuseEsagekNotLegal", "{{.Move}} is not legal: {{.Why}}; {{.Legal}}")
	msgNoSeat    = engine.DefinePlural("RefuseEsagekNoSeat", "no seat {{.Seat}} in this {{.N}}-player game", "no seat {{.Seat}} in this {{.N}}-player game")
	msgOut       = engine.Define("RefuseEsagekOut", "{{.Colour}} is already out of the game")
	msgNothing   = engine.Define("RefuseEsagekNothing", "nothing (the game is over)")
	msgSomeMoves = engine.Define("RefuseEsagekSomeMoves", "{{.Moves}} ({{.All}} legal moves in all)")
	msgCaptures  = engine.Define("RefuseEsagekCaptures", "the captures are: {{.Legal}}")
	msgExamples  = engine.Define("RefuseEsagekExamples", "legal are e.g.: {{.Legal}}")

	// colourMsg names the seats' colours.
	colourMsg = [...]engine.Message{
		engine.Define("EsagekBlue", "Blue"), engine.Define("EsagekRed", "Red"),
		engine.Define("EsagekYellow", "Yellow"), engine.Define("EsagekGreen", "Green"),
		engine.Define("EsagekPurple", "Purple"), engine.Define("EsagekWhite", "White"),
	}
)
