package esagek

import (
	"math/rand/v2"

	"github.com/pbmgo/pbm/engine"
)

// End-of-turn rules of the four variants, rule book part 1.

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
			s.finishWith([]int{me}, msgHome.New("Colour", colourMsg[me].New(), "Other", colourMsg[opp].New()))
			return
		}
		if s.count(opp) <= 2 {
			s.finishWith([]int{me}, msgOnlyLeft.N(s.count(opp), "Colour", colourMsg[opp].New(), "N", s.count(opp)))
			return
		}
	case invasion:
		// Item 6: out below the goal number; win with the goal in M,
		// checked for every player, the mover first.
		for seat := 0; seat < s.n; seat++ {
			if !s.out[seat] && s.count(seat) < s.goal {
				s.setOut(seat, msgBoardOutPieces.N(s.count(seat), "Colour", colourMsg[seat].New(), "N", s.count(seat)))
			}
		}
		for i := 0; i < s.n; i++ {
			seat := (me + i) % s.n
			if !s.out[seat] && s.inMiddle(seat) >= s.goal {
				s.finishWith([]int{seat}, msgMiddle.N(s.inMiddle(seat), "Colour", colourMsg[seat].New(), "N", s.inMiddle(seat)))
				return
			}
		}
	case surrounder:
		s.conquer(me)
		s.checkPlacementEnd()
		// Item 7: the conquest goal.
		if int(s.taken[me]) >= s.goal {
			s.finishWith([]int{me}, msgConquered.N(int(s.taken[me]), "Colour", colourMsg[me].New(), "N", int(s.taken[me])))
			return
		}
		for seat := 0; seat < s.n; seat++ {
			if !s.out[seat] && s.count(seat)+int(s.hand[seat]) < 3 {
				n := s.count(seat) + int(s.hand[seat])
				s.setOut(seat, msgBoardOutPieces.N(n, "Colour", colourMsg[seat].New(), "N", n))
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
				s.finishWith([]int{0}, msgOnePiece.New("Field", geo.name[s.pieceFields(0)[0]], "Score", s.aloneScore()))
			} else {
				s.finishWith(nil, msgNoCaptureLeft.N(n, "N", n))
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
			s.finishWith(nil, msgRepetition.New())
			return
		}
	}
	if s.turn >= s.maxTurns {
		s.finishWith(nil, msgDrawTurns.N(s.turn, "N", s.turn))
		return
	}
	// Item 10: no legal move loses (Classic) or puts the player out.
	for len(s.legalMoves()) == 0 {
		seat := s.toMove
		if s.v == classic {
			s.finishWith([]int{1 - seat}, msgNoMove.New("Colour", colourMsg[seat].New()))
			return
		}
		s.setOut(seat, msgBoardOutNoMove.New("Colour", colourMsg[seat].New()))
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

func (s *state) setOut(seat int, note *engine.Refusal) {
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
		s.finishWith(nil, msgNoPlayer.New())
		return true
	}
	s.finishWith([]int{left}, msgLastLeft.New("Colour", colourMsg[left].New()))
	return true
}

// finishWith ends the game for the reason why.
func (s *state) finishWith(winners []int, why *engine.Refusal) {
	s.finishGame(winners, why.Error())
	s.why = why
}

// finishGame ends the game for a reason without a message of its own.
func (s *state) finishGame(winners []int, reason string) {
	s.over = true
	s.winners = winners
	s.reason, s.why = reason, nil
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

// reasonArg is how the game ended, for a refusal: the message, or the
// text when it has none.
func (s *state) reasonArg() any {
	if s.why != nil {
		return s.why
	}
	return s.reason
}

// How a game of Esagek ends.
var (
	msgHome          = engine.Define("EsagekHome", "{{.Colour}} has 3 pieces in {{.Other}}'s hexagon")
	msgOnlyLeft      = engine.DefinePlural("EsagekOnlyLeft", "{{.Colour}} has only {{.N}} pieces left", "{{.Colour}} has only {{.N}} pieces left")
	msgMiddle        = engine.DefinePlural("EsagekMiddle", "{{.Colour}} has {{.N}} pieces in the middle hexagon", "{{.Colour}} has {{.N}} pieces in the middle hexagon")
	msgConquered     = engine.DefinePlural("EsagekConquered", "{{.Colour}} has conquered {{.N}} pieces", "{{.Colour}} has conquered {{.N}} pieces")
	msgOnePiece      = engine.Define("EsagekOnePiece", "one piece left on {{.Field}}: score {{.Score}}")
	msgNoCaptureLeft = engine.DefinePlural("EsagekNoCaptureLeft", "no capture left, {{.N}} pieces left: score 0", "no capture left, {{.N}} pieces left: score 0")
	msgRepetition    = engine.Define("EsagekRepetition", "draw by the third repetition of the position")
	msgDrawTurns     = engine.DefinePlural("EsagekDrawTurns", "draw after {{.N}} turns", "draw after {{.N}} turns")
	msgNoMove        = engine.Define("EsagekNoMove", "{{.Colour}} has no legal move")
	msgNoPlayer      = engine.Define("EsagekNoPlayer", "no player left")
	msgLastLeft      = engine.Define("EsagekLastLeft", "{{.Colour}} is the last player left")
	msgResignedAlone = engine.DefinePlural("EsagekResignedAlone", "resigned with {{.N}} pieces left: score 0", "resigned with {{.N}} pieces left: score 0")
)
