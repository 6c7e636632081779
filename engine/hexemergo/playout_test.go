package hexemergo

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/enginetest"
)

// invariant checks a position after every move of a play-out: men are
// conserved colour by colour, every column belongs to its top man as
// the board shows it, and the legal moves agree with the order of
// precedence (part 1, item 3).
func invariant(perColour int) func(engine.State) error {
	return func(st engine.State) error {
		s := st.(*state)
		var men [2]int
		for c := cell(0); c < numCells; c++ {
			col := s.pos.cells[c]
			if col.h > 2*13 || col.men>>col.h != 0 {
				return fmt.Errorf("%s: malformed column %+v", c, col)
			}
			for i := 0; i < int(col.h); i++ {
				men[col.man(i)]++
			}
		}
		for colour := range men {
			if n := men[colour] + int(s.pos.hand[colour]); n != perColour {
				return fmt.Errorf("%s has %d men, want %d", colourName[colour], n, perColour)
			}
		}
		if err := checkBoardText(s); err != nil {
			return err
		}
		if s.over {
			return nil
		}
		mover := int(s.pos.turn)
		if s.ToMove() != mover {
			return fmt.Errorf("ToMove %d, turn %d", s.ToMove(), mover)
		}
		captures, jumps := 0, -1
		for _, ms := range s.legal {
			m, err := parseMove(ms)
			if err != nil {
				return fmt.Errorf("legal %q does not parse: %v", ms, err)
			}
			first := s.pos.cells[m.cells[0]]
			switch m.kind {
			case enter:
				if !first.empty() || s.pos.hand[mover] == 0 {
					return fmt.Errorf("entry %q on a full cell or with an empty hand", ms)
				}
			default:
				if !first.owned(mover) {
					return fmt.Errorf("%q moves a column not capped by the mover", ms)
				}
			}
			if m.kind == capture {
				captures++
				if jumps >= 0 && len(m.cells)-1 != jumps {
					return fmt.Errorf("captures of different lengths: %v", s.legal)
				}
				jumps = len(m.cells) - 1
			}
		}
		if captures > 0 && captures != len(s.legal) {
			return fmt.Errorf("capture mixed with other moves: %v", s.legal)
		}
		if captures == 0 && s.pos.hand[mover] > 0 && slices.ContainsFunc(s.legal, func(m string) bool { return len(m) != 2 }) {
			return fmt.Errorf("a step with men in hand: %v", s.legal)
		}
		return nil
	}
}

// checkBoardText reads the diagram back: each cell shows the owner of
// its column (the top man) and its height, and the column list gives
// every man top to bottom.
func checkBoardText(s *state) error {
	var b bytes.Buffer
	s.Board(&b, []string{"p1", "p2"})
	lines := strings.Split(b.String(), "\n")
	cols := map[string]string{}
	for _, l := range lines[8:] {
		if name, men, ok := strings.Cut(strings.TrimSpace(l), ": "); ok && len(name) == 2 {
			cols[name] = strings.ReplaceAll(men, " ", "")
		}
	}
	for r := 0; r <= 6; r++ {
		fields := strings.Fields(lines[1+r])[2:]
		k := 0
		for n := 1; n <= 7; n++ {
			if !onBoard(r, n) {
				continue
			}
			c := cellAt[r][n]
			text, want := fields[k], stackAt(s, c.String())
			k++
			if text == "." {
				if want != "" {
					return fmt.Errorf("%s shown empty, holds %s", c, want)
				}
				continue
			}
			h := 1
			if len(text) > 1 {
				h, _ = strconv.Atoi(text[1:])
			}
			if want == "" || text[0] != want[0] || h != len(want) {
				return fmt.Errorf("%s shown %s, holds %q", c, text, want)
			}
			if h > 1 && cols[c.String()] != want {
				return fmt.Errorf("%s listed %q, holds %q", c, cols[c.String()], want)
			}
		}
	}
	return nil
}

// nearMisses returns strings close to legal moves: a coordinate
// bumped, a route cut short or extended, separators doubled, and some
// junk. The play-out checker keeps only those not in legal.
func nearMisses(st engine.State, legal []string, r *rand.Rand) []string {
	out := []string{"", "x", "-", "D4--D5", "pass", "#1", "D4 D5", "H1", "E1", "A0", "ÄÖ", "D4x", "xD4"}
	if len(legal) == 0 {
		return out
	}
	for i := 0; i < 4; i++ {
		m := legal[r.IntN(len(legal))]
		b := []byte(m)
		// Bump one letter or digit.
		j := r.IntN(len(b))
		for b[j] == 'x' || b[j] == '-' {
			j = r.IntN(len(b))
		}
		if r.IntN(2) == 0 {
			b[j]++
		} else {
			b[j]--
		}
		out = append(out, string(b))
		switch {
		case strings.Contains(m, "x"):
			cut := m[:strings.LastIndexByte(m, 'x')]
			out = append(out, cut, m+"x"+m[len(m)-2:], m+"xD4", m[:2]+"x"+m[len(m)-2:])
		case strings.Contains(m, "-"):
			out = append(out, m[:2], m+"-"+m[:2], m[3:]+"-"+m[:2], m[:2]+"x"+m[3:])
		default:
			out = append(out, m+"-D4", m+"xD4", cellName[r.IntN(numCells)])
		}
	}
	// Canonical forms only: a string that reads as a legal move in
	// another spelling is not a near miss.
	kept := out[:0]
	for _, m := range out {
		if pm, err := parseMove(m); err == nil {
			if _, found := slices.BinarySearch(legal, pm.String()); found {
				continue
			}
		}
		kept = append(kept, m)
	}
	return kept
}

func playout(alternate bool) enginetest.Playout {
	p := enginetest.Playout{
		Game:       Game{},
		Players:    2,
		MaxPlies:   20000,
		Invariant:  invariant(12),
		NearMisses: nearMisses,
	}
	if alternate {
		p.Opts = map[string]string{"alternate": ""}
		p.Invariant = invariant(13)
	}
	return p
}

func TestPlayouts(t *testing.T) {
	games := 150
	if enginetest.Long() {
		games = 5000
	}
	for _, alternate := range []bool{false, true} {
		t.Run(fmt.Sprintf("alternate=%v", alternate), func(t *testing.T) {
			p := playout(alternate)
			plies := p.Run(t, 1, games)
			t.Logf("%d games, %d plies", games, plies)
		})
	}
}

func TestPlayoutsCheckAllLegal(t *testing.T) {
	games := 20
	if enginetest.Long() {
		games = 500
	}
	p := playout(false)
	p.CheckAllLegal = true
	p.NearMisses = nil
	p.Run(t, 1000, games)
}
