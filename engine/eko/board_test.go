package eko

import (
	"fmt"
	"testing"

	"github.com/pbmgo/pbm/engine/enginetest"
)

// Rule book part 2, section 4: cells, movement spaces and terrain per
// player count.
var totals = map[int]map[terrain]int{
	2: {sand: 32, capital: 1, mountain: 2, ravine: 4, reg: 6, chasm: 4},
	3: {sand: 48, capital: 2, mountain: 3, ravine: 5, reg: 7, chasm: 5},
	4: {sand: 64, capital: 3, mountain: 4, ravine: 6, reg: 8, chasm: 6},
}

func TestMapForManySeeds(t *testing.T) {
	seeds := 200
	if enginetest.Long() {
		seeds = 5000
	}
	maxTries := 0
	for _, n := range []int{2, 3, 4} {
		for seed := uint64(0); seed < uint64(seeds); seed++ {
			es, err := Game{}.New(n, nil, seed)
			if err != nil {
				t.Fatal(err)
			}
			s := es.(*state)
			b := s.b
			if len(b.layout) != tileCount[n] || b.n != 7*tileCount[n] {
				t.Fatalf("%d players seed %d: %d tiles, %d cells", n, seed, len(b.layout), b.n)
			}
			count := map[terrain]int{}
			for _, ter := range b.ter {
				count[ter]++
			}
			if fmt.Sprint(count) != fmt.Sprint(totals[n]) {
				t.Fatalf("%d players seed %d: terrain %v", n, seed, count)
			}
			if !b.valid() {
				t.Fatalf("%d players seed %d: invalid map", n, seed)
			}
			checkConnected(t, s)
			// Every movement space holds one disc; each player has 16,
			// one of them the Emperor, and nothing in reserve.
			discs, emps := make([]int, n), make([]int, n)
			for c := 0; c < b.n; c++ {
				st := s.p.st[c]
				if (b.ter[c] == sand) != (st.owner >= 0) || st.owner >= 0 && st.height != 1 {
					t.Fatalf("%d players seed %d: %s holds %v", n, seed, b.name[c], st)
				}
				if st.owner >= 0 {
					discs[st.owner]++
					if st.emp {
						emps[st.owner]++
					}
				}
			}
			for seat := range n {
				if discs[seat] != 16 || emps[seat] != 1 || s.p.reserve[seat] != 0 {
					t.Fatalf("%d players seed %d: seat %d has %d discs, %d Emperors", n, seed, seat, discs[seat], emps[seat])
				}
			}
			if err := conservation(s); err != nil {
				t.Fatal(err)
			}
			maxTries = max(maxTries, b.tries)
		}
	}
	t.Logf("at most %d draws for a valid map", maxTries)
}

// checkConnected checks both map conditions directly: the movement
// spaces form one network and every construction space touches two of
// them. Rule book part 1, item 1.
func checkConnected(t *testing.T, s *state) {
	t.Helper()
	b := s.b
	var all []int
	for c := 0; c < b.n; c++ {
		if b.ter[c] == sand {
			all = append(all, c)
		}
		if b.ter[c].construction() {
			m := 0
			for _, j := range b.nb[c] {
				if b.ter[j] == sand {
					m++
				}
			}
			if m < 2 {
				t.Fatalf("construction space %s touches %d movement spaces", b.name[c], m)
			}
		}
	}
	// On an empty board one stack reaches every movement space.
	var empty pos
	for i := range empty.st {
		empty.st[i] = stack{owner: -1}
	}
	r := reach(b, &empty, all[0])
	for _, c := range all {
		if !r.has(c) {
			t.Fatalf("movement space %s is cut off from %s", b.name[c], b.name[all[0]])
		}
	}
}

func TestSameSeedSameMap(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		a, _ := Game{}.New(n, nil, 99)
		b, _ := Game{}.New(n, nil, 99)
		c, _ := Game{}.New(n, nil, 100)
		sa, sb, sc := a.(*state), b.(*state), c.(*state)
		if sa.render() != sb.render() || fmt.Sprint(sa.b.layout) != fmt.Sprint(sb.b.layout) || sa.p != sb.p {
			t.Errorf("%d players: seed 99 gave two games", n)
		}
		if sa.render() == sc.render() {
			t.Errorf("%d players: seeds 99 and 100 gave the same game", n)
		}
	}
}

func TestCellNames(t *testing.T) {
	es, _ := Game{}.New(4, nil, 5)
	b := es.(*state).b
	for c := 0; c < b.n; c++ {
		if got := b.cell(b.name[c]); got != c {
			t.Errorf("%s reads back as %d, not %d", b.name[c], got, c)
		}
		for _, j := range b.nb[c] {
			if dx, dr := b.x[j]-b.x[c], b.row[j]-b.row[c]; dr == 0 && dx != 2 && dx != -2 || dr != 0 && dx != 1 && dx != -1 {
				t.Errorf("%s and %s are not neighbours on the display", b.name[c], b.name[j])
			}
		}
	}
	for _, bad := range []string{"", "A", "A0", "A01", "N1", "a1", "A99", "A-1", "A1X", "Z3"} {
		if b.cell(bad) >= 0 {
			t.Errorf("%q read as a cell", bad)
		}
	}
}
