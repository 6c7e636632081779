package enginetest

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/engine"
)

// Nim is a small fixture game for the server's tests: a pile of stones
// (option -stones=N, default 10), each turn a player takes 1, 2 or 3
// as "take1".."take3", and whoever takes the last stone wins. With more
// than two players, resigned seats are skipped; the last seat left
// wins. The seed picks nothing: seat 0 starts.
type Nim struct{}

func (Nim) Name() string        { return "nim" }
func (Nim) Title() string       { return "Nim" }
func (Nim) Players() (int, int) { return 2, 4 }
func (Nim) Help() string        { return "Take 1-3 stones: take1, take2, take3. The last stone wins." }
func (Nim) Options() []engine.Option {
	return []engine.Option{{Name: "stones", Value: "N", Default: "10", Help: "stones in the pile"}}
}

func (Nim) New(players int, opts map[string]string, seed uint64) (engine.State, error) {
	n := 10
	if v, ok := opts["stones"]; ok {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 1 || n > 1000 {
			return nil, fmt.Errorf("-stones must be a number from 1 to 1000, not %q", v)
		}
	}
	if players < 2 || players > 4 {
		return nil, errors.New("nim is for 2-4 players")
	}
	return &nimState{pile: n, out: make([]bool, players), winner: -1}, nil
}

type nimState struct {
	pile   int
	turn   int
	out    []bool
	winner int
	reason string
}

func (s *nimState) ToMove() int {
	if s.winner >= 0 {
		return -1
	}
	return s.turn
}

func (s *nimState) Legal() []string {
	if s.winner >= 0 {
		return nil
	}
	var out []string
	for k := 1; k <= 3 && k <= s.pile; k++ {
		out = append(out, fmt.Sprintf("take%d", k))
	}
	return out
}

func (s *nimState) Play(move string) (string, error) {
	if s.winner >= 0 {
		return "", errors.New("the game is over")
	}
	m := strings.ToLower(move)
	k, err := strconv.Atoi(strings.TrimPrefix(m, "take"))
	if !strings.HasPrefix(m, "take") || err != nil || k < 1 || k > 3 {
		return "", fmt.Errorf("%q is not a move; legal: %s", move, strings.Join(s.Legal(), ", "))
	}
	if k > s.pile {
		return "", fmt.Errorf("only %d stones are left; legal: %s", s.pile, strings.Join(s.Legal(), ", "))
	}
	s.pile -= k
	if s.pile == 0 {
		s.winner, s.reason = s.turn, "took the last stone"
	} else {
		s.advance()
	}
	return fmt.Sprintf("take%d", k), nil
}

func (s *nimState) advance() {
	for i := 1; i <= len(s.out); i++ {
		if t := (s.turn + i) % len(s.out); !s.out[t] {
			s.turn = t
			return
		}
	}
}

func (s *nimState) Resign(seat int) error {
	if s.winner >= 0 {
		return errors.New("the game is over")
	}
	if seat < 0 || seat >= len(s.out) || s.out[seat] {
		return fmt.Errorf("seat %d is not in the game", seat)
	}
	s.out[seat] = true
	left := -1
	n := 0
	for i, o := range s.out {
		if !o {
			left, n = i, n+1
		}
	}
	if n == 1 {
		s.winner, s.reason = left, "the others resigned"
	} else if seat == s.turn {
		s.advance()
	}
	return nil
}

func (s *nimState) Result() engine.Result {
	if s.winner < 0 {
		return engine.Result{}
	}
	return engine.Result{Over: true, Winners: []int{s.winner}, Reason: s.reason}
}

func (s *nimState) Board(w io.Writer, names []string) {
	fmt.Fprintf(w, "Pile: %s (%d)\n", strings.Repeat("o", min(s.pile, 60)), s.pile)
	for i, n := range names {
		mark := ""
		if s.out[i] {
			mark = " (out)"
		}
		fmt.Fprintf(w, "Seat %d: %s%s\n", i+1, n, mark)
	}
}

func (s *nimState) Clone() engine.State {
	c := *s
	c.out = append([]bool(nil), s.out...)
	return &c
}
