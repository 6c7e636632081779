package esagek

import (
	"testing"

	"github.com/pbmgo/pbm/engine"
)

func newAlone(t *testing.T, opts map[string]string, seed uint64) *state {
	t.Helper()
	o := map[string]string{"alone": ""}
	for k, v := range opts {
		o[k] = v
	}
	st, err := Game{}.New(1, o, seed)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*state)
}

// Rule book part 1, item 8: -setup and -pieces.
func TestAloneSetup(t *testing.T) {
	s := newAlone(t, map[string]string{"setup": "m1,M2,M3,M4,M5,M6,a4"}, 1)
	if got := pieces(s, 'B'); got != "M1 M2 M3 M4 M5 M6 A4" {
		t.Errorf("-setup gave %s", got)
	}
	if s.ToMove() != 0 {
		t.Errorf("Alone: seat %d to move", s.ToMove())
	}
	if s.n != 1 || len(s.Result().Scores) != 1 {
		t.Error("Alone keeps one score")
	}
	for _, n := range []int{6, 9, 14} {
		a := newAlone(t, map[string]string{"pieces": string(rune('0'+n/10)) + string(rune('0'+n%10))}, 42)
		if a.count(0) != n {
			t.Errorf("-pieces=%d placed %d", n, a.count(0))
		}
	}
	d := newAlone(t, nil, 42)
	if d.count(0) != aloneDefaultPieces {
		t.Errorf("default placed %d pieces", d.count(0))
	}
	if e := newAlone(t, nil, 42); pieces(e, 'B') != pieces(d, 'B') {
		t.Error("the same seed placed differently")
	}
	differ := false
	for seed := uint64(43); seed < 48; seed++ {
		if pieces(newAlone(t, nil, seed), 'B') != pieces(d, 'B') {
			differ = true
		}
	}
	if !differ {
		t.Error("six seeds gave one placement")
	}
	for _, bad := range []map[string]string{
		{"alone": "", "pieces": "5"}, {"alone": "", "pieces": "15"}, {"alone": "", "pieces": "x"},
		{"alone": "", "setup": "M1,M1"}, {"alone": "", "setup": "M7"}, {"alone": "", "setup": ""},
		{"alone": "", "setup": "M1", "pieces": "9"}, {"setup": "M1"}, {"alone": "", "home": ""},
		{"alone": "", "invasion": ""}, {"alone": "x"}, {"frobnicate": ""},
	} {
		if _, err := (Game{}).New(1, bad, 1); err == nil {
			t.Errorf("options %v accepted", bad)
		}
	}
	if _, err := (Game{}).New(2, map[string]string{"alone": ""}, 1); err == nil {
		t.Error("Alone for 2 accepted")
	}
}

// Item 8: a turn is a rotation or one jump; two rotations may not
// follow each other; no steps.
func TestAloneMoves(t *testing.T) {
	s := newAlone(t, map[string]string{"setup": "M1,A3,D4,D5"}, 1)
	// No jump now (A3 is not beside M1), but A+ brings A3 to A4.
	if isLegal(s, "M1xA1") || !isLegal(s, "A+") {
		t.Fatalf("legal: %v", s.Legal())
	}
	refuse(t, s, "M1-M2", "never step")
	refuse(t, s, "M1~A4", "no swaps")
	mustPlay(t, s, "A+")
	refuse(t, s, "B+", "two rotations")
	if !isLegal(s, "M1xA1") {
		t.Fatalf("after A+ M1 jumps A4: %v", s.Legal())
	}
	refuse(t, s, "M1xA1xM4", "at most 1")
	mustPlay(t, s, "D4xE4")
	if s.Result().Over {
		t.Fatal("over while M1xA1 is still possible")
	}
	if !isLegal(s, "B+") {
		t.Error("a rotation is allowed again after a jump")
	}
}

// Item 8: the end when no capture is possible even after an allowed
// rotation, and the score.
func TestAloneEndAndScore(t *testing.T) {
	cases := []struct {
		setup, moves string
		score        int
		over         bool
	}{
		{"D1,M4", "D1xM1", 3, true},        // one piece left on M1
		{"A4,M1", "A4xM4", 2, true},        // one piece left in M
		{"M1,A4", "M1xA1", 1, true},        // one piece left elsewhere
		{"A1,D4", "", 0, true},             // no capture ever: over at once
		{"M1,A3", "D+", 0, true},           // a rotation that leaves no jump
		{"M1,A3,D4,D5", "D4xE4", 0, false}, // game goes on
	}
	for _, c := range cases {
		s := newAlone(t, map[string]string{"setup": c.setup}, 1)
		if c.moves != "" {
			mustPlay(t, s, c.moves)
		}
		r := s.Result()
		if r.Over != c.over || r.Scores[0] != c.score {
			t.Errorf("%s then %q: over %v score %d (%s); want %v, %d",
				c.setup, c.moves, r.Over, r.Scores[0], r.Reason, c.over, c.score)
		}
		if r.Over && (len(r.Winners) == 1) != (c.score > 0) {
			t.Errorf("%s: winners %v with score %d", c.setup, r.Winners, c.score)
		}
	}
}

// Section 9.1: M plus A4 can be finished on M1; the ring A4 B5 C6 D1
// E2 F3 cannot be solved. An exhaustive search over Legal() checks it.
func TestAloneSolver(t *testing.T) {
	best := func(setup string) int {
		s := newAlone(t, map[string]string{"setup": setup}, 1)
		seen := map[uint64]int{}
		var search func(st engine.State) int
		search = func(st engine.State) int {
			x := st.(*state)
			key := x.hash() ^ uint64(x.lastRot+2)<<60
			if v, ok := seen[key]; ok {
				return v
			}
			top := 0
			if x.Result().Over {
				top = x.Result().Scores[0]
			}
			for _, m := range st.Legal() {
				c := st.Clone()
				if _, err := c.Play(m); err != nil {
					t.Fatalf("legal %s refused: %v", m, err)
				}
				top = max(top, search(c))
			}
			seen[key] = top
			return top
		}
		return search(s)
	}
	if got := best("M1,M2,M3,M4,M5,M6,A4"); got != 3 {
		t.Errorf("M plus A4: best score %d, want 3", got)
	}
	if got := best("A4,B5,C6,D1,E2,F3"); got != 0 {
		t.Errorf("the ring: best score %d, want 0", got)
	}
}

func TestAloneResign(t *testing.T) {
	s := newAlone(t, nil, 3)
	if err := s.Resign(0); err != nil {
		t.Fatal(err)
	}
	if r := s.Result(); !r.Over || len(r.Winners) != 0 || r.Scores[0] != 0 {
		t.Errorf("Alone resigned: %+v", r)
	}
	if err := s.Resign(0); err == nil {
		t.Error("second resignation accepted")
	}
}
