package esagek

import (
	"fmt"
	"math/rand/v2"
	"strings"

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
	notes    []string // who went out and why, for the status block

	over    bool
	winners []int
	reason  string

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
	c.notes = append([]string(nil), s.notes...)
	c.winners = append([]int(nil), s.winners...)
	return &c
}

func (s *state) Result() engine.Result {
	r := engine.Result{Over: s.over, Reason: s.reason}
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
		return "", fmt.Errorf("the game is over: %s", s.reason)
	}
	m, err := parseMove(in)
	if err != nil {
		return "", fmt.Errorf("%v; legal now: %s", err, s.examples(nil))
	}
	lm, ok := s.findLegal(m.text)
	if !ok {
		return "", fmt.Errorf("%s is not legal: %s; %s", m.text, s.explain(m), s.examplesFor(m))
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

// endTurn applies the end-of-turn rules of the variant, then passes the
// turn on.
func (s *state) endTurn(me int) {
	switch s.v {
	case classic:
		// Item 5: 3 pieces in the opponent's hexagon, or the opponent
		// down to 2 pieces.
		opp := 1 - me
		in := 0
		for k := 0; k < 6; k++ {
			if s.board[classicHomeHex[opp]*6+k] == int8(me+1) {
				in++
			}
		}
		if in >= 3 {
			s.finishGame([]int{me}, fmt.Sprintf("%s has 3 pieces in %s's hexagon",
				seatName(me), seatName(opp)))
			return
		}
		if s.count(opp) <= 2 {
			s.finishGame([]int{me}, fmt.Sprintf("%s has only %d pieces left",
				seatName(opp), s.count(opp)))
			return
		}
	case invasion:
		// Item 6: out below the goal number; win with the goal in M,
		// checked for every player, the mover first.
		for seat := 0; seat < s.n; seat++ {
			if !s.out[seat] && s.count(seat) < s.goal {
				s.setOut(seat, fmt.Sprintf("%s is out with %d pieces", seatName(seat), s.count(seat)))
			}
		}
		for i := 0; i < s.n; i++ {
			seat := (me + i) % s.n
			if !s.out[seat] && s.inMiddle(seat) >= s.goal {
				s.finishGame([]int{seat}, fmt.Sprintf("%s has %d pieces in the middle hexagon",
					seatName(seat), s.inMiddle(seat)))
				return
			}
		}
	case surrounder:
		s.conquer(me)
		s.checkPlacementEnd()
		// Item 7: the conquest goal.
		if int(s.taken[me]) >= s.goal {
			s.finishGame([]int{me}, fmt.Sprintf("%s has conquered %d pieces", seatName(me), s.taken[me]))
			return
		}
		for seat := 0; seat < s.n; seat++ {
			if !s.out[seat] && s.count(seat)+int(s.hand[seat]) < 3 {
				s.setOut(seat, fmt.Sprintf("%s is out with %d pieces",
					seatName(seat), s.count(seat)+int(s.hand[seat])))
			}
		}
		s.checkPlacementEnd()
	}
	if s.lastStanding() {
		return
	}
	s.toMove = s.nextSeat(me)
	s.startTurn()
}

// startTurn checks the position before the seat toMove moves: the end
// of Alone, repetition, the turn limit, and a player without a move.
func (s *state) startTurn() {
	s.legalOK = false
	if s.v == alone {
		if s.aloneOver() {
			n := s.count(0)
			if n == 1 {
				s.finishGame([]int{0}, fmt.Sprintf("one piece left on %s: score %d",
					geo.name[s.pieceFields(0)[0]], s.aloneScore()))
			} else {
				s.finishGame(nil, fmt.Sprintf("no capture left, %d pieces left: score 0", n))
			}
			return
		}
	}
	// Item 9: threefold repetition in two-player games.
	if s.n == 2 {
		h := s.hash()
		s.history = append(s.history, h)
		seen := 0
		for _, x := range s.history {
			if x == h {
				seen++
			}
		}
		if seen >= 3 {
			s.finishGame(nil, "draw by the third repetition of the position")
			return
		}
	}
	if s.turn >= s.maxTurns {
		s.finishGame(nil, fmt.Sprintf("draw after %d turns", s.turn))
		return
	}
	// Item 10: no legal move loses (Classic) or puts the player out.
	for len(s.legalMoves()) == 0 {
		seat := s.toMove
		if s.v == classic {
			s.finishGame([]int{1 - seat}, fmt.Sprintf("%s has no legal move", seatName(seat)))
			return
		}
		s.setOut(seat, fmt.Sprintf("%s is out: no legal move", seatName(seat)))
		s.checkPlacementEnd()
		if s.lastStanding() {
			return
		}
		s.toMove = s.nextSeat(seat)
		s.legalOK = false
	}
}

// nextSeat is the next seat after seat, in seat order, still in play
// (and, while placing, with pieces in hand).
func (s *state) nextSeat(seat int) int {
	for i := 1; i <= s.n; i++ {
		t := (seat + i) % s.n
		if s.out[t] || (s.placing && s.hand[t] == 0) {
			continue
		}
		return t
	}
	return seat
}

func (s *state) setOut(seat int, note string) {
	s.out[seat] = true
	s.notes = append(s.notes, note)
	s.legalOK = false
}

// lastStanding ends the game when one seat is left in play (item 6, 7
// and the seam's resignation rule).
func (s *state) lastStanding() bool {
	if s.v == alone {
		return false
	}
	left := -1
	for seat := 0; seat < s.n; seat++ {
		if !s.out[seat] {
			if left >= 0 {
				return false
			}
			left = seat
		}
	}
	if left < 0 {
		s.finishGame(nil, "no player left")
		return true
	}
	s.finishGame([]int{left}, fmt.Sprintf("%s is the last player left", seatName(left)))
	return true
}

func (s *state) finishGame(winners []int, reason string) {
	s.over = true
	s.winners = winners
	s.reason = reason
	s.legal, s.legalOK = nil, true
}

// count is the number of pieces of seat on the board.
func (s *state) count(seat int) int {
	n := 0
	code := int8(seat + 1)
	for _, p := range s.board {
		if p == code {
			n++
		}
	}
	return n
}

// inMiddle is the number of pieces of seat in hexagon M.
func (s *state) inMiddle(seat int) int {
	n := 0
	for f := 0; f < 6; f++ {
		if s.board[f] == int8(seat+1) {
			n++
		}
	}
	return n
}

func (s *state) pieceFields(seat int) []int {
	var fs []int
	for f, p := range s.board {
		if p == int8(seat+1) {
			fs = append(fs, f)
		}
	}
	return fs
}

// conquer removes every enemy piece surrounded by the mover's pieces at
// the end of his turn; while placing, a neutral piece takes its place
// (item 7). A rim field has two neighbours and is never surrounded.
func (s *state) conquer(me int) {
	code := int8(me + 1)
	var hit []int
	for f := 0; f < numFields; f++ {
		o := owner(s.board[f])
		if o < 0 || o == me || isRim(f) {
			continue
		}
		all := true
		for _, g := range geo.adj[f] {
			if s.board[g] != code {
				all = false
				break
			}
		}
		if all {
			hit = append(hit, f)
		}
	}
	for _, f := range hit {
		s.lost[owner(s.board[f])]++
		s.taken[me]++
		s.board[f] = empty
		if s.placing {
			s.board[f] = neutral
		}
	}
}

// checkPlacementEnd ends the Surrounder placement phase when every seat
// in play has placed all its pieces; the neutral pieces leave (item 7).
func (s *state) checkPlacementEnd() {
	if !s.placing {
		return
	}
	for seat := 0; seat < s.n; seat++ {
		if !s.out[seat] && s.hand[seat] > 0 {
			return
		}
	}
	s.placing = false
	for f := range s.board {
		if s.board[f] == neutral {
			s.board[f] = empty
		}
	}
	s.legalOK = false
}

// aloneOver reports the end of Alone: no capture now, and none after
// any allowed rotation (item 8).
func (s *state) aloneOver() bool {
	if anyJump(&s.board) {
		return false
	}
	if s.lastRot != noField {
		return true
	}
	for h := 0; h < numHex; h++ {
		for _, cw := range []bool{true, false} {
			b := s.board
			rotate(&b, h, cw)
			if anyJump(&b) {
				return false
			}
		}
	}
	return true
}

// aloneScore is 3 for one piece left on M1, 2 for one in M, 1 for one
// elsewhere, 0 otherwise (item 8).
func (s *state) aloneScore() int {
	fs := s.pieceFields(0)
	switch {
	case len(fs) != 1:
		return 0
	case fs[0] == 0:
		return 3
	case hexOf(fs[0]) == 0:
		return 2
	}
	return 1
}

// Resign takes a seat out of the game.
func (s *state) Resign(seat int) error {
	if seat < 0 || seat >= s.n {
		return fmt.Errorf("no seat %d in this %d-player game", seat+1, s.n)
	}
	if s.over {
		return fmt.Errorf("the game is already over: %s", s.reason)
	}
	if s.out[seat] {
		return fmt.Errorf("%s is already out of the game", seatName(seat))
	}
	if s.v == alone {
		s.finishGame(nil, fmt.Sprintf("resigned with %d pieces left: score 0", s.count(0)))
		s.out[0] = true
		return nil
	}
	s.setOut(seat, seatName(seat)+" resigned")
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

// zobrist keys for the repetition check.
var zobrist = func() (z [numFields*8 + 8]uint64) {
	r := rand.New(rand.NewPCG(0x657361, 0x67656b))
	for i := range z {
		z[i] = r.Uint64()
	}
	return z
}()

// hash identifies the position and the player to move (item 9).
func (s *state) hash() uint64 {
	h := zobrist[numFields*8+s.toMove]
	if s.placing {
		h ^= zobrist[numFields*8+7]
	}
	for f, p := range s.board {
		if p != empty {
			h ^= zobrist[f*8+int(p)]
		}
	}
	return h
}

// examples lists a handful of legal moves, those like m (if any) first.
func (s *state) examples(m *move) string {
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
		return "nothing (the game is over)"
	}
	out := strings.Join(pick, ", ")
	if len(ms) > len(pick) {
		out += fmt.Sprintf(" (%d legal moves in all)", len(ms))
	}
	return out
}

// examplesFor is the hint appended to the refusal of m.
func (s *state) examplesFor(m move) string {
	if s.v == classic && s.warned && s.allCaptures() {
		return "the captures are: " + s.examples(&move{kind: kindCapture})
	}
	return "legal are e.g.: " + s.examples(&m)
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
