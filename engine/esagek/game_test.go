package esagek

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// Option names are read case-insensitively; a name given twice or an
// unknown one is refused.
func TestOptions(t *testing.T) {
	st, err := Game{}.New(1, map[string]string{"ALONE": "", "Pieces": "7"}, 1)
	if err != nil || st.(*state).count(0) != 7 {
		t.Errorf("upper-case options: %v", err)
	}
	for _, bad := range []map[string]string{
		{"alone": "", "ALONE": ""}, {"maxturns": "0"}, {"maxturns": "x"},
		{"classic": "", "surrounder": ""}, {"surrounder": "", "home": ""},
	} {
		if _, err := (Game{}).New(2, bad, 1); err == nil {
			t.Errorf("options %v accepted", bad)
		}
	}
	if _, err := (Game{}).New(3, nil, 1); err == nil || !strings.Contains(err.Error(), "Classic is for 2") {
		t.Errorf("Classic for 3: %v", err)
	}
}

// Rule book part 1, item 9: every variant ends by the turn limit at the
// latest, drawn.
func TestTurnLimitEndsEveryVariant(t *testing.T) {
	atLimit := 0
	for _, c := range playoutCases {
		opts := map[string]string{"maxturns": "25"}
		for k, v := range c.opts {
			opts[k] = v
		}
		opts["maxturns"] = "25"
		for seed := uint64(0); seed < 5; seed++ {
			st, err := Game{}.New(c.players, opts, seed)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*state)
			r := rand.New(rand.NewPCG(seed, 1))
			for s.ToMove() >= 0 {
				l := s.Legal()
				mustPlay(t, s, l[r.IntN(len(l))])
			}
			res := s.Result()
			if s.turn > 25 {
				t.Errorf("%s seed %d: %d turns", c.name, seed, s.turn)
			}
			if res.Reason == "draw after 25 turns" {
				atLimit++
				if s.turn != 25 || !res.Draw() {
					t.Errorf("%s seed %d: %+v after %d turns", c.name, seed, res, s.turn)
				}
			}
		}
	}
	if atLimit < 20 {
		t.Errorf("only %d games reached the turn limit", atLimit)
	}
}
