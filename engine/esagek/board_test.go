package esagek

import (
	"sort"
	"strings"
	"testing"
)

// jumpTable is rule book section 5.2, verbatim.
const jumpTable = `
M1: A4->A1, M2->C1, M6->E1      M2: B5->B2, M1->F2, M3->D2      M3: C6->C3, M2->A3, M4->E3
M4: D1->D4, M3->B4, M5->F4      M5: E2->E5, M4->C5, M6->A5      M6: F3->F6, M1->B6, M5->D6
A1: A2->B1, A6->F1              A2: A1->off, A3->M2             A3: A2->off, A4->F3, B6->B3
A4: A3->off, A5->off, M1->M4    A5: A4->B5, A6->off, F2->F5     A6: A1->off, A5->M6
B1: B2->off, B6->M1             B2: B1->A2, B3->C2              B3: B2->off, B4->M3
B4: B3->off, B5->A4, C1->C4     B5: B4->off, B6->off, M2->M5    B6: A3->A6, B1->off, B5->C6
C1: B4->B1, C2->off, C6->D1     C2: C1->M2, C3->off             C3: C2->B3, C4->D3
C4: C3->off, C5->M4             C5: C4->off, C6->B5, D2->D5     C6: C1->off, C5->off, M3->M6
D1: D2->off, D6->off, M4->M1    D2: C5->C2, D1->E2, D3->off     D3: D2->M3, D4->off
D4: D3->C4, D5->E4              D5: D4->off, D6->M5             D6: D1->C6, D5->off, E3->E6
E1: E2->D1, E6->off, F4->F1     E2: E1->off, E3->off, M5->M2    E3: D6->D3, E2->F3, E4->off
E4: E3->M4, E5->off             E5: E4->D5, E6->F5              E6: E1->M6, E5->off
F1: F2->M1, F6->off             F2: A5->A2, F1->off, F3->E2     F3: F2->off, F4->off, M6->M3
F4: E1->E4, F3->A4, F5->off     F5: F4->M5, F6->off             F6: F1->A6, F5->E6
`

// bookJumps reads jumpTable into "attacker: victim->landing" entries.
func bookJumps(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(jumpTable), "\n") {
		for _, cell := range strings.Split(line, "  ") {
			cell = strings.TrimSpace(cell)
			if cell == "" {
				continue
			}
			a, rest, ok := strings.Cut(cell, ": ")
			if !ok {
				t.Fatalf("bad cell %q", cell)
			}
			for _, e := range strings.Split(rest, ", ") {
				v, l, ok := strings.Cut(e, "->")
				if !ok {
					t.Fatalf("bad entry %q", e)
				}
				out[a+":"+v] = l
			}
		}
	}
	return out
}

// Rule book part 1, item 2 and section 5.2: the engine's jump table,
// derived from its adjacency and landing rule, equals the book's.
func TestJumpTableMatchesRuleBook(t *testing.T) {
	book := bookJumps(t)
	engine := map[string]string{}
	onBoard := 0
	for a := 0; a < numFields; a++ {
		for _, v := range geo.adj[a] {
			l := geo.landing(a, int(v))
			land := "off"
			if l != noField {
				land = geo.name[l]
				onBoard++
				if int(geo.over[a][l]) != int(v) {
					t.Errorf("over[%s][%s] = %d, want %s", geo.name[a], land, geo.over[a][l], geo.name[v])
				}
			}
			engine[geo.name[a]+":"+geo.name[v]] = land
		}
	}
	if len(book) != 108 || len(engine) != 108 {
		t.Errorf("book has %d (attacker, victim) pairs, engine %d; want 108", len(book), len(engine))
	}
	if onBoard != 72 {
		t.Errorf("%d jumps land on the board, want 72", onBoard)
	}
	keys := make([]string, 0, len(book))
	for k := range book {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if engine[k] != book[k] {
			t.Errorf("jump %s: engine %q, rule book %q", k, engine[k], book[k])
		}
	}
	for k := range engine {
		if _, ok := book[k]; !ok {
			t.Errorf("engine has jump %s -> %s the rule book lacks", k, engine[k])
		}
	}
}

// Section 3: 54 adjacent pairs, 42 inside hexagons and 12 across their
// borders; 18 rim fields with two neighbours, 24 with three.
func TestAdjacency(t *testing.T) {
	pairs, inside := 0, 0
	deg := map[int]int{}
	for a := 0; a < numFields; a++ {
		deg[len(geo.adj[a])]++
		for _, b := range geo.adj[a] {
			if !geo.adjSet[b][a] {
				t.Errorf("adjacency not symmetric: %s-%s", geo.name[a], geo.name[b])
			}
			if int(b) > a {
				pairs++
				if hexOf(a) == hexOf(int(b)) {
					inside++
				}
			}
		}
	}
	if pairs != 54 || inside != 42 {
		t.Errorf("%d pairs (%d inside hexagons), want 54 (42)", pairs, inside)
	}
	if deg[2] != 18 || deg[3] != 24 {
		t.Errorf("degrees %v, want 18 fields of 2 and 24 of 3", deg)
	}
	var rim []string
	for f := 0; f < numFields; f++ {
		if isRim(f) {
			rim = append(rim, geo.name[f])
		}
	}
	want := "A1 A2 A6 B1 B2 B3 C2 C3 C4 D3 D4 D5 E4 E5 E6 F1 F5 F6"
	if got := strings.Join(rim, " "); got != want {
		t.Errorf("rim fields %s, want %s", got, want)
	}
	// Section 3: the named cross-border pairs.
	for _, p := range strings.Fields("M1-A4 M2-B5 M3-C6 M4-D1 M5-E2 M6-F3 " +
		"A3-B6 B4-C1 C5-D2 D6-E3 E1-F4 F2-A5") {
		a, b, _ := strings.Cut(p, "-")
		if !geo.adjSet[at(t, a)][at(t, b)] {
			t.Errorf("%s and %s should share a side", a, b)
		}
	}
	// Inside a hexagon Hk touches H(k-1) and H(k+1), and not H(k+3).
	for h := 0; h < numHex; h++ {
		for k := 0; k < 6; k++ {
			f := h*6 + k
			if !geo.adjSet[f][h*6+(k+1)%6] || geo.adjSet[f][h*6+(k+3)%6] {
				t.Errorf("hexagon adjacency wrong at %s", geo.name[f])
			}
		}
	}
}

// Rule book item 3: a rotation moves the six pieces of one hexagon, Hk
// to H(k+1) clockwise, and nothing else.
func TestRotationMovesOneHexagon(t *testing.T) {
	var b [numFields]int8
	for f := range b {
		b[f] = int8(f%7) + 1
		if f%5 == 0 {
			b[f] = empty
		}
	}
	for h := 0; h < numHex; h++ {
		for _, cw := range []bool{true, false} {
			r := b
			rotate(&r, h, cw)
			for f := 0; f < numFields; f++ {
				if hexOf(f) != h {
					if r[f] != b[f] {
						t.Errorf("%c%v moved %s", hexLetters[h], cw, geo.name[f])
					}
					continue
				}
				k := f % 6
				src := h*6 + (k+5)%6 // clockwise: H(k-1) arrives on Hk
				if !cw {
					src = h*6 + (k+1)%6
				}
				if r[f] != b[src] {
					t.Errorf("%c cw=%v: %s holds %d, want %d from %s",
						hexLetters[h], cw, geo.name[f], r[f], b[src], geo.name[src])
				}
			}
			back := r
			rotate(&back, h, !cw)
			if back != b {
				t.Errorf("%c: turning back does not restore the board", hexLetters[h])
			}
		}
	}
}

// The legend of section 2 carries every field exactly once.
func TestLegendSlots(t *testing.T) {
	seen := map[[2]int]string{}
	for f := 0; f < numFields; f++ {
		p := slot[f]
		if legend[p[0]][p[1]:p[1]+2] != geo.name[f] {
			t.Errorf("slot of %s is wrong", geo.name[f])
		}
		if o, dup := seen[p]; dup {
			t.Errorf("%s and %s share a slot", o, geo.name[f])
		}
		seen[p] = geo.name[f]
	}
	// The drawing rule of section 2 meets the brick grid of section 3:
	// grid cell (r,c) carries its label on line 2+3r, column 2+3c.
	for f := 0; f < numFields; f++ {
		if want := [2]int{2 + 3*geo.row[f], 2 + 3*geo.col[f]}; slot[f] != want {
			t.Errorf("%s drawn at %v, grid says %v", geo.name[f], slot[f], want)
		}
	}
}
