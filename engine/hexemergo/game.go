package hexemergo

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/engine"
)

// Game is HexEmergo for the engine registry.
type Game struct{}

var _ engine.Game = Game{}

// Name is the command word.
func (Game) Name() string { return "hexemergo" }

// Title is the display name.
func (Game) Title() string { return "HexEmergo" }

// Players reports that HexEmergo is for two.
func (Game) Players() (min, max int) { return 2, 2 }

// Options lists the challenge options (rule book part 1, item 7).
func (Game) Options() []engine.Option {
	return []engine.Option{{
		Name: "alternate",
		Help: "13 men each on a fixed start position, no entering stage",
	}}
}

// New starts a board. The game uses no randomness, so seed is unused.
func (Game) New(players int, opts map[string]string, seed uint64) (engine.State, error) {
	if players != 2 {
		return nil, msgPlayers.New("N", players)
	}
	alternate := false
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		switch v := opts[k]; k {
		case "alternate":
			if v != "" {
				return nil, msgNoValue.New("Value", strconv.Quote(v))
			}
			alternate = true
		default:
			return nil, msgUnknownOption.New("Option", k)
		}
	}
	return newState(alternate), nil
}

// state is one board of HexEmergo.
type state struct {
	pos   position
	plies int // moves played; 0 before White's first move
	// hist holds the positions since the last irreversible move, the
	// current one included, for the repetition rule (part 1, item 6).
	// Clones share its backing array, capped so appends copy.
	hist    []histEntry
	legal   []string // sorted canonical legal moves; nil when over
	over    bool
	winners []int
	reason  string
	why     *engine.Refusal // reason as a message
	last    string          // the last move, for the status block
	lastBy  int
}

type histEntry struct {
	hash uint64
	pos  position
}

func newState(alternate bool) *state {
	s := &state{lastBy: -1}
	if alternate {
		// Part 2, section 8.
		for _, name := range strings.Fields("A1 A2 A3 A4 B1 B2 B3 B4 B5 C2 C3 C4 C5") {
			c, _ := parseCell(name)
			s.pos.cells[c] = solid(black, 1)
		}
		for _, name := range strings.Fields("E3 E4 E5 E6 F3 F4 F5 F6 F7 G4 G5 G6 G7") {
			c, _ := parseCell(name)
			s.pos.cells[c] = solid(white, 1)
		}
	} else {
		s.pos.hand = [2]int8{12, 12}
	}
	s.settle(true)
	return s
}

// settle records the current position and decides whether the game is
// over: drawn on the third occurrence of a position, lost by a player
// with no legal move (part 1, items 5 and 6).
func (s *state) settle(irreversible bool) {
	if irreversible {
		s.hist = nil
	}
	h := s.pos.hash()
	seen := 0
	for i := range s.hist {
		if s.hist[i].hash == h && s.hist[i].pos == s.pos {
			seen++
		}
	}
	s.hist = append(s.hist, histEntry{hash: h, pos: s.pos})
	if seen >= 2 {
		s.end(nil, msgRepetition.New())
		return
	}
	legal := s.pos.legalList(s.plies == 0)
	if len(legal) == 0 {
		loser := int(s.pos.turn)
		s.end([]int{1 - loser}, msgNoMove.New("Side", colourName[loser]))
		return
	}
	s.legal = legal
}

func (s *state) end(winners []int, why *engine.Refusal) {
	s.over = true
	s.winners = winners
	s.reason, s.why = why.Error(), why
	s.legal = nil
}

// ToMove is the seat to move, -1 when the game is over.
func (s *state) ToMove() int {
	if s.over {
		return -1
	}
	return int(s.pos.turn)
}

// Legal lists the legal moves, sorted.
func (s *state) Legal() []string { return slices.Clone(s.legal) }

// Play checks and applies one move of the side to move.
func (s *state) Play(input string) (string, error) {
	if s.over {
		return "", engine.GameOver.New("Reason", s.why)
	}
	m, err := parseMove(input)
	if err != nil {
		return "", msgWhy.New("Why", err, "Legal", s.listLegal(msgLegalNow.New()))
	}
	canon := m.String()
	if _, ok := slices.BinarySearch(s.legal, canon); !ok {
		return "", s.refusal(m)
	}
	s.last, s.lastBy = canon, int(s.pos.turn)
	irreversible := s.pos.apply(m)
	s.plies++
	s.settle(irreversible)
	return canon, nil
}

// Resign takes a seat out; the other seat wins.
func (s *state) Resign(seat int) error {
	if seat != white && seat != black {
		return msgNoSeat.New("Seat", seat)
	}
	if s.over {
		return engine.AlreadyOver.New("Reason", s.why)
	}
	s.end([]int{1 - seat}, msgResigned.New("Side", colourName[seat]))
	return nil
}

// Result tells how the game ended.
func (s *state) Result() engine.Result {
	return engine.Result{
		Over:    s.over,
		Winners: slices.Clone(s.winners),
		Reason:  s.reason,
		Why:     s.why,
	}
}

// Clone returns an independent copy.
func (s *state) Clone() engine.State {
	c := *s
	c.hist = s.hist[:len(s.hist):len(s.hist)]
	c.winners = slices.Clone(s.winners)
	return &c
}

var (
	msgPlayers       = engine.Define("RefuseHexemergoPlayers", "hexemergo is for 2 players, not {{.N}}")
	msgNoValue       = engine.Define("RefuseHexemergoOptionValue", "option -alternate takes no value (got {{.Value}})")
	msgUnknownOption = engine.Define("RefuseHexemergoUnknownOption", "unknown option -{{.Option}} (hexemergo knows -alternate)")
	msgNoSeat        = engine.Define("RefuseHexemergoNoSeat", "no seat {{.Seat}} in hexemergo (seats are 0 and 1)")
)

// How a game of HexEmergo ends; Side is Ohs or Eks.
var (
	msgRepetition = engine.Define("HexemergoRepetition", "draw by repetition: the same position for the third time")
	msgNoMove     = engine.Define("HexemergoNoMove", "{{.Side}} has no legal move")
	msgResigned   = engine.Define("HexemergoResigned", "{{.Side}} resigned")
)
