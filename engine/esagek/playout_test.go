package esagek

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/enginetest"
)

// invariant checks that every piece is on the board, in hand, or
// counted as lost, and that the rule state is consistent.
func invariant(st engine.State) error {
	s := st.(*state)
	lost, taken := 0, 0
	neutrals := 0
	for f := 0; f < numFields; f++ {
		switch p := s.board[f]; {
		case p == neutral:
			neutrals++
		case p < 0 || int(p) > s.n:
			return fmt.Errorf("field %s holds piece code %d", geo.name[f], p)
		}
	}
	for seat := 0; seat < s.n; seat++ {
		if got := s.count(seat) + int(s.hand[seat]) + int(s.lost[seat]); got != int(s.initial[seat]) {
			return fmt.Errorf("%s: %d on board + %d in hand + %d lost != %d",
				seatName(seat), s.count(seat), s.hand[seat], s.lost[seat], s.initial[seat])
		}
		lost += int(s.lost[seat])
		taken += int(s.taken[seat])
	}
	if lost != taken {
		return fmt.Errorf("%d pieces lost but %d taken", lost, taken)
	}
	if neutrals > 0 && !(s.v == surrounder && s.placing) {
		return fmt.Errorf("%d neutral pieces outside the placement phase", neutrals)
	}
	if neutrals > lost {
		return fmt.Errorf("%d neutral pieces for %d conquests", neutrals, lost)
	}
	if s.v == classic {
		for seat := 0; seat < 2; seat++ {
			fz := 0
			for f := 0; f < numFields; f++ {
				if owner(s.board[f]) == seat && s.frozen(f) {
					fz++
				}
			}
			if fz > 3 {
				return fmt.Errorf("%s has %d frozen pieces", seatName(seat), fz)
			}
		}
	}
	if s.turn > s.maxTurns {
		return fmt.Errorf("turn %d beyond the limit %d", s.turn, s.maxTurns)
	}
	if !s.over && s.out[s.toMove] {
		return fmt.Errorf("seat %d to move but out", s.toMove)
	}
	return nil
}

// nearMisses bends legal moves into strings that must be refused.
func nearMisses(st engine.State, legal []string, r *rand.Rand) []string {
	var out []string
	for i := 0; i < 2 && len(legal) > 0; i++ {
		m := legal[r.IntN(len(legal))]
		b := []byte(m)
		// A field digit or a hexagon letter bumped.
		j := r.IntN(len(b))
		switch c := b[j]; {
		case c >= '1' && c <= '6':
			b[j] = '1' + (c-'1'+1+byte(r.IntN(5)))%6
		case strings.IndexByte(hexLetters, c) >= 0:
			b[j] = hexLetters[(strings.IndexByte(hexLetters, c)+1+r.IntN(6))%7]
		case c == '-':
			b[j] = '~'
		case c == '~':
			b[j] = '-'
		case c == '+':
			b[j] = '*'
		}
		out = append(out, string(b), m[:len(m)-1], m+"x", m+"xM1", "Z"+m, m+m)
		if !strings.HasSuffix(m, "!") {
			out = append(out, m+"!")
		}
		if k := strings.IndexAny(m, "-~"); k > 0 {
			out = append(out, m[k+1:]+m[k:k+1]+m[:k])
		}
	}
	return append(out, "", "!", "M7", "G1+", "A1-A1", "M1xM1", "pass", "A1 A2", "#1")
}

type playoutCase struct {
	name    string
	players int
	opts    map[string]string
}

var playoutCases = []playoutCase{
	{"classic", 2, nil},
	{"classic-home", 2, map[string]string{"home": ""}},
	{"invasion2", 2, map[string]string{"invasion": ""}},
	{"invasion3", 3, map[string]string{"invasion": ""}},
	{"invasion4", 4, map[string]string{"invasion": ""}},
	{"invasion5", 5, map[string]string{"invasion": ""}},
	{"invasion6", 6, map[string]string{"invasion": ""}},
	{"surrounder2", 2, map[string]string{"surrounder": ""}},
	{"surrounder3", 3, map[string]string{"surrounder": ""}},
	{"surrounder4", 4, map[string]string{"surrounder": ""}},
	{"surrounder5", 5, map[string]string{"surrounder": ""}},
	{"surrounder6", 6, map[string]string{"surrounder": ""}},
	{"alone", 1, map[string]string{"alone": ""}},
	{"alone6", 1, map[string]string{"alone": "", "pieces": "6"}},
	{"alone14", 1, map[string]string{"alone": "", "pieces": "14"}},
	{"classic-short", 2, map[string]string{"maxturns": "30"}},
	{"surrounder-short", 4, map[string]string{"surrounder": "", "maxturns": "40"}},
}

func TestPlayouts(t *testing.T) {
	games := 4
	if enginetest.Long() {
		games = 500
	}
	for _, c := range playoutCases {
		t.Run(c.name, func(t *testing.T) {
			p := enginetest.Playout{
				Game: Game{}, Players: c.players, Opts: c.opts,
				MaxPlies: defaultMaxTurns + 10, Invariant: invariant, NearMisses: nearMisses,
			}
			p.Run(t, 1000, games)
		})
	}
}

// TestPlayoutsAllLegal plays every legal move on a clone in a few games.
func TestPlayoutsAllLegal(t *testing.T) {
	for _, c := range playoutCases {
		t.Run(c.name, func(t *testing.T) {
			p := enginetest.Playout{
				Game: Game{}, Players: c.players, Opts: c.opts,
				MaxPlies: defaultMaxTurns + 10, Invariant: invariant, CheckAllLegal: true,
			}
			p.Run(t, 77, 1)
		})
	}
}
