package esagek

import (
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/engine"
)

type variant uint8

const (
	classic variant = iota
	invasion
	surrounder
	alone
)

var variantNames = [...]string{"Classic", "Invasion", "Surrounder", "Alone"}

func (v variant) String() string { return variantNames[v] }

// Piece codes on the board: 0 empty, 1+seat a seat's piece, neutral.
const (
	empty   int8 = 0
	neutral int8 = 7
)

// Colours by seat, rule book part 1, item 4.
var (
	colourNames   = [...]string{"Blue", "Red", "Yellow", "Green", "Purple", "White"}
	colourLetters = "BRYGPW"
)

// Rule book part 1, item 5 and section 9.2: the Classic setups.
var (
	classicRim = [2]string{
		"F5 F6 F1 A6 A1 A2 B1 B2 B3",
		"C2 C3 C4 D3 D4 D5 E4 E5 E6",
	}
	classicHome = [2]string{
		"A1 A2 A3 A4 A5 A6 F2 M1 B6",
		"D1 D2 D3 D4 D5 D6 C5 M4 E3",
	}
	// classicHomeHex is the hexagon each Classic seat owns: Blue A, Red D.
	classicHomeHex = [2]int{1, 4}
)

// Rule book section 9.3: Invasion pieces, goal and starting hexagons.
var (
	invasionPieces = [7]int{2: 12, 3: 6, 4: 4, 5: 4, 6: 4}
	invasionGoal   = [7]int{2: 4, 3: 3, 4: 2, 5: 2, 6: 2}
	// invasionHexes lists, per player count, the outer hexagons of each
	// seat (rule book part 1, item 6).
	invasionHexes = [7][]string{
		2: {"FAB", "CDE"},
		3: {"A", "C", "E"},
		4: {"B", "C", "E", "F"},
		5: {"A", "B", "C", "E", "F"},
		6: {"A", "B", "C", "D", "E", "F"},
	}
)

// Rule book section 9.4: Surrounder pieces and conquest goal.
var (
	surrounderPieces = [7]int{2: 15, 3: 10, 4: 8, 5: 6, 6: 5}
	surrounderGoal   = [7]int{2: 7, 3: 5, 4: 4, 5: 3, 6: 3}
)

// Alone, rule book part 1, item 8.
const (
	aloneMinPieces     = 6
	aloneMaxPieces     = 14
	aloneDefaultPieces = 9
)

// defaultMaxTurns is the turn limit of rule book part 1, item 9.
const defaultMaxTurns = 400

// pattern4 is the four-field pattern of an outer hexagon h = 1..6: its
// three rim fields h(k-1), hk, h(k+1) and hk+3 facing the centre
// (section 9.3).
func pattern4(h int) []int {
	k := h - 1 // digit index of field h(k) with k = h
	return []int{h*6 + (k+5)%6, h*6 + k, h*6 + (k+1)%6, h*6 + (k+3)%6}
}

// fieldList reads a space- or comma-separated list of field names.
func fieldList(s string) ([]int, error) {
	var out []int
	seen := map[int]bool{}
	for _, p := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		f, ok := parseField(strings.ToUpper(p))
		if !ok {
			return nil, msgNotAField.New("Input", strconv.Quote(p))
		}
		if seen[f] {
			return nil, msgTwice.New("Field", geo.name[f])
		}
		seen[f] = true
		out = append(out, f)
	}
	return out, nil
}

// config is what New reads from the options.
type config struct {
	v        variant
	home     bool
	setup    []int
	pieces   int
	maxTurns int
}

func readOptions(players int, opts map[string]string) (config, error) {
	c := config{v: classic, pieces: aloneDefaultPieces, maxTurns: defaultMaxTurns}
	lower := make(map[string]string, len(opts))
	for k, v := range opts {
		if _, dup := lower[strings.ToLower(k)]; dup {
			return c, msgOptTwice.New("Option", strings.ToLower(k))
		}
		lower[strings.ToLower(k)] = v
	}
	opts = lower
	chosen := ""
	for _, name := range sortedKeys(opts) {
		val := opts[name]
		switch name {
		case "classic", "invasion", "surrounder", "alone", "home":
			if val != "" {
				return c, msgOptNoValue.New("Option", name)
			}
			if name == "home" {
				c.home = true
				continue
			}
			if chosen != "" {
				return c, msgOptVariants.New("First", chosen, "Second", name)
			}
			chosen = name
			c.v = map[string]variant{"classic": classic, "invasion": invasion,
				"surrounder": surrounder, "alone": alone}[name]
		case "setup":
			fs, err := fieldList(val)
			if err != nil {
				return c, msgOptSetup.New("Why", err)
			}
			if len(fs) == 0 {
				return c, msgOptSetupEmpty.New()
			}
			c.setup = fs
		case "pieces":
			n, err := strconv.Atoi(val)
			if err != nil || n < aloneMinPieces || n > aloneMaxPieces {
				return c, msgOptPieces.New("Value", val, "Min", aloneMinPieces, "Max", aloneMaxPieces)
			}
			c.pieces = n
		case "maxturns":
			n, err := strconv.Atoi(val)
			if err != nil || n < 1 || n > 100000 {
				return c, msgOptMaxTurns.New("Value", val)
			}
			c.maxTurns = n
		default:
			return c, msgOptUnknown.New("Option", name)
		}
	}
	if c.home && c.v != classic {
		return c, msgOptHome.New("Variant", c.v.String())
	}
	_, hasPieces := opts["pieces"]
	if (c.setup != nil || hasPieces) && c.v != alone {
		return c, msgOptAlone.New("Variant", c.v.String())
	}
	if c.setup != nil && hasPieces {
		return c, msgOptSetupPieces.New()
	}
	lo, hi := 2, 6
	switch c.v {
	case classic:
		lo, hi = 2, 2
	case alone:
		lo, hi = 1, 1
	}
	if players < lo || players > hi {
		if lo == hi {
			return c, msgPlayers.N(lo, "Variant", c.v.String(), "N", lo, "Got", players)
		}
		return c, msgPlayersRange.New("Variant", c.v.String(), "Min", lo, "Max", hi, "Got", players)
	}
	return c, nil
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

// newState builds the starting position.
func newState(players int, c config, seed uint64) *state {
	r := rand.New(rand.NewPCG(seed, 0x65736167656b))
	s := &state{
		v:        c.v,
		n:        players,
		maxTurns: c.maxTurns,
		lastRot:  noField,
		lastSwap: [2]int8{noField, noField},
		streak:   [2]int8{},
		streakHx: [2]int8{noField, noField},
	}
	put := func(seat int, fields []int) {
		for _, f := range fields {
			s.board[f] = int8(seat + 1)
		}
		s.initial[seat] += int16(len(fields))
	}
	switch c.v {
	case classic:
		layout := classicRim
		if c.home {
			layout = classicHome
		}
		for seat := 0; seat < 2; seat++ {
			fs, _ := fieldList(layout[seat])
			put(seat, fs)
		}
		s.capLimit = 3
	case invasion:
		for seat, hexes := range invasionHexes[players] {
			for _, hc := range []byte(hexes) {
				h := indexByte(hexLetters, hc)
				if players == 3 {
					put(seat, []int{h * 6, h*6 + 1, h*6 + 2, h*6 + 3, h*6 + 4, h*6 + 5})
				} else {
					put(seat, pattern4(h))
				}
			}
		}
		s.goal = invasionGoal[players]
		s.capLimit = 3
		if players > 3 {
			s.capLimit = 2
		}
	case surrounder:
		s.placing = true
		for seat := 0; seat < players; seat++ {
			s.hand[seat] = int8(surrounderPieces[players])
			s.initial[seat] = int16(surrounderPieces[players])
		}
		s.goal = surrounderGoal[players]
	case alone:
		fs := c.setup
		if fs == nil {
			perm := r.Perm(numFields)
			fs = perm[:c.pieces]
		}
		put(0, fs)
		s.capLimit = 1
	}
	// Rule book part 1, item 4: the first seat is drawn by lot.
	s.toMove = r.IntN(players)
	s.startTurn()
	return s
}

var (
	msgNotAField      = engine.Define("RefuseEsagekNotAField", "{{.Input}} is not a field (M1-M6, A1-F6)")
	msgTwice          = engine.Define("RefuseEsagekFieldTwice", "field {{.Field}} named twice")
	msgOptTwice       = engine.Define("RefuseEsagekOptionTwice", "option -{{.Option}} given twice")
	msgOptNoValue     = engine.Define("RefuseEsagekOptionNoValue", "option -{{.Option}} takes no value")
	msgOptVariants    = engine.Define("RefuseEsagekOptionVariants", "options -{{.First}} and -{{.Second}} exclude each other: choose one variant")
	msgOptSetup       = engine.Define("RefuseEsagekOptionSetup", "option -setup: {{.Why}}")
	msgOptSetupEmpty  = engine.Define("RefuseEsagekOptionSetupEmpty", "option -setup needs fields, e.g. -setup=M1,M2,A4")
	msgOptPieces      = engine.Define("RefuseEsagekOptionPieces", "option -pieces={{.Value}}: give a number from {{.Min}} to {{.Max}}")
	msgOptMaxTurns    = engine.Define("RefuseEsagekOptionMaxTurns", "option -maxturns={{.Value}}: give a number from 1 to 100000")
	msgOptUnknown     = engine.Define("RefuseEsagekOptionUnknown", "unknown option -{{.Option}}; esagek knows -classic, -invasion, -surrounder, -alone, -home, -setup, -pieces, -maxturns")
	msgOptHome        = engine.Define("RefuseEsagekOptionHome", "option -home belongs to Classic, not {{.Variant}}")
	msgOptAlone       = engine.Define("RefuseEsagekOptionAlone", "options -setup and -pieces belong to Alone, not {{.Variant}}")
	msgOptSetupPieces = engine.Define("RefuseEsagekOptionSetupPieces", "options -setup and -pieces exclude each other")
	msgPlayers        = engine.DefinePlural("RefuseEsagekPlayers", "{{.Variant}} is for {{.N}} player(s), not {{.Got}}", "{{.Variant}} is for {{.N}} player(s), not {{.Got}}")
	msgPlayersRange   = engine.Define("RefuseEsagekPlayersRange", "{{.Variant}} is for {{.Min}} to {{.Max}} players, not {{.Got}}")
)
