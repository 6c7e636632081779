package esagek

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/enginetest"
)

var names = []string{"alice", "bob", "carol", "dave", "erin", "frank"}

func render(s engine.State, n int) string {
	var b bytes.Buffer
	s.Board(&b, names[:n])
	return b.String()
}

// randomPlies plays k random legal moves from the seed.
func randomPlies(t *testing.T, s engine.State, seed uint64, k int) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 11))
	for i := 0; i < k && s.ToMove() >= 0; i++ {
		l := s.Legal()
		if _, err := s.Play(l[r.IntN(len(l))]); err != nil {
			t.Fatal(err)
		}
	}
}

// Rule book part 1, item 12 and section 2: the triangle drawing for
// every variant, with the status block.
func TestGoldenBoards(t *testing.T) {
	cases := []struct {
		name    string
		players int
		opts    map[string]string
		plies   int
	}{
		{"classic-start", 2, nil, 0},
		{"classic-home", 2, map[string]string{"home": ""}, 0},
		{"classic-midgame", 2, nil, 60},
		{"invasion2-start", 2, inv, 0},
		{"invasion3-start", 3, inv, 0},
		{"invasion4-start", 4, inv, 0},
		{"invasion5-start", 5, inv, 0},
		{"invasion6-start", 6, inv, 0},
		{"invasion4-midgame", 4, inv, 40},
		{"surrounder3-placing", 3, sur, 17},
		{"surrounder2-moving", 2, sur, 45},
		{"alone-start", 1, map[string]string{"alone": ""}, 0},
		{"alone-end", 1, map[string]string{"alone": "", "setup": "M1,M2,M3,M4,M5,M6,A4"}, 30},
	}
	for _, c := range cases {
		st, err := Game{}.New(c.players, c.opts, 7)
		if err != nil {
			t.Fatal(err)
		}
		randomPlies(t, st, 7, c.plies)
		enginetest.Golden(t, c.name+".golden", render(st, c.players))
	}
}

// A position built by hand with a frozen piece, a warning and a neutral.
func TestGoldenSpecial(t *testing.T) {
	s := build(t, nil, 2, 0, "B:C1,A1,A2,F5 R:C6,M4,M6,E5,E6,D4")
	mustPlay(t, s, "C1xD1", "M4-M5!")
	enginetest.Golden(t, "classic-frozen.golden", render(s, 2))
	s = build(t, sur, 2, 1, "B:A4,M2,M6 R:D4,D5,C3")
	placing(s, 2, 2)
	mustPlay(t, s, "M1", "F5")
	enginetest.Golden(t, "surrounder-neutral.golden", render(s, 2))
}

// Long names and every variant keep to 79 columns without trailing
// spaces, in every position of a few random games.
func TestBoardWidth(t *testing.T) {
	long := []string{strings.Repeat("x", 60), strings.Repeat("y", 70), "c", "d", "e", "f"}
	for _, c := range playoutCases {
		st, _ := Game{}.New(c.players, c.opts, 3)
		r := rand.New(rand.NewPCG(3, 3))
		for st.ToMove() >= 0 {
			var b bytes.Buffer
			st.Board(&b, long[:c.players])
			for i, line := range strings.Split(b.String(), "\n") {
				if len(line) > 79 || strings.HasSuffix(line, " ") {
					t.Fatalf("%s line %d: %q", c.name, i, line)
				}
			}
			l := st.Legal()
			st.Play(l[r.IntN(len(l))])
		}
	}
}

// Help and options keep to 79 columns.
func TestHelp(t *testing.T) {
	g := Game{}
	if g.Name() != "esagek" || g.Title() != "Esagek" {
		t.Errorf("name %q title %q", g.Name(), g.Title())
	}
	for i, line := range strings.Split(g.Help(), "\n") {
		if len(line) > 79 || strings.HasSuffix(line, " ") {
			t.Errorf("help line %d: %q", i+1, line)
		}
	}
	for _, o := range g.Options() {
		if len(o.Help) > 79 || o.Name == "" {
			t.Errorf("option %+v", o)
		}
		if o.Default != "" {
			opts := map[string]string{o.Name: o.Default}
			if o.Name == "pieces" {
				opts["alone"] = ""
			}
			players := 2
			if o.Name == "pieces" {
				players = 1
			}
			if _, err := g.New(players, opts, 1); err != nil {
				t.Errorf("option -%s=%s: %v", o.Name, o.Default, err)
			}
		}
	}
	if lo, hi := g.Players(); lo != 1 || hi != 6 {
		t.Errorf("players %d-%d", lo, hi)
	}
}
