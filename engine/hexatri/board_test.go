package hexatri

import (
	"slices"
	"strings"
	"testing"
)

// Rule book section 2.1: the table of hexagon and triangle counts.
func TestBoardCounts(t *testing.T) {
	want := map[int][5]int{ // hexagons, triangles, inner, rim, outer
		2: {19, 54, 24, 12, 18},
		3: {37, 96, 54, 18, 24},
		4: {61, 150, 96, 24, 30},
	}
	for R, w := range want {
		g := geoms[R]
		var by [4]int
		for i := 0; i < g.nTri; i++ {
			by[len(g.triHex[i])]++
		}
		got := [5]int{g.nHex, g.nTri, by[3], by[2], by[1]}
		if got != w {
			t.Errorf("radius %d: hexagons, triangles, inner, rim, outer = %v, want %v", R, got, w)
		}
		// Every hexagon is surrounded by six distinct triangles.
		for h := 0; h < g.nHex; h++ {
			seen := map[int]bool{}
			for _, tr := range g.hexTri[h] {
				if seen[tr] || g.isHex(tr) {
					t.Fatalf("radius %d: %s has a bad triangle ring %v", R, g.name[h], g.hexTri[h])
				}
				seen[tr] = true
			}
		}
	}
}

// Rule book part 1, item 1: production = R + 1 - ring.
func TestProductionNumbers(t *testing.T) {
	cases := []struct {
		R    int
		hex  string
		want int
	}{
		{3, "D4", 4}, {3, "C3", 3}, {3, "E4", 3}, {3, "B2", 2}, {3, "F4", 2},
		{3, "A1", 1}, {3, "D7", 1}, {3, "G4", 1}, {3, "C1", 1},
		{4, "E5", 5}, {4, "A1", 1}, {4, "D4", 4}, {4, "I5", 1},
		{2, "C3", 3}, {2, "A1", 1}, {2, "B2", 2},
	}
	for _, c := range cases {
		g := geoms[c.R]
		h, err := g.hexagon(c.hex)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.prod(h); got != c.want {
			t.Errorf("radius %d %s produces %d, want %d", c.R, c.hex, got, c.want)
		}
	}
	// The rim produces 1 and the centre R+1, on every size.
	for R, g := range geoms {
		for h := 0; h < g.nHex; h++ {
			if g.ring[h] == R && g.prod(h) != 1 {
				t.Errorf("radius %d rim %s produces %d", R, g.name[h], g.prod(h))
			}
		}
		if g.prod(g.centre) != R+1 {
			t.Errorf("radius %d centre %s produces %d", R, g.name[g.centre], g.prod(g.centre))
		}
	}
	// With the cloner the centre produces at most 1 (section 3).
	s := build(t, 2, map[string]string{"cloner": ""}, "")
	if s.prodNumber(s.g.centre) != 1 {
		t.Errorf("cloner centre produces %d", s.prodNumber(s.g.centre))
	}
}

// Rule book section 4: the entry triangles of the radius 3 board.
func TestEntryTriangles(t *testing.T) {
	want := strings.Fields("A1N A1NW A2N A3N A4N A4NE B1NW B5NE C1NW C6NE D1NW D1SW D7NE D7SE E1SW E6SE F1SW F5SE G1S G1SW G2S G3S G4S G4SE")
	g := geoms[3]
	var got []string
	for i := 0; i < g.nTri; i++ {
		if g.outer[i] {
			got = append(got, g.name[g.nHex+i])
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("entry triangles\n got %v\nwant %v", got, want)
	}
}

// Rule book section 4: every name of a triangle is the same field, and
// the canonical name is the N/S form where it exists.
func TestTriangleNames(t *testing.T) {
	g := geoms[3]
	same := [][]string{
		{"D4N", "C3SE", "C4SW"},
		{"D4NE", "C4S", "D5NW"},
		{"E4N", "D4SE", "D5SW"},
		{"A1NE", "A2NW"},
		{"G4S"},
	}
	for _, names := range same {
		f0, err := g.field(names[0])
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range names[1:] {
			if f, err := g.field(n); err != nil || f != f0 {
				t.Errorf("%s is field %d (%v), %s is %d", n, f, err, names[0], f0)
			}
		}
	}
	canon := map[string]string{"C3SE": "D4N", "D5NW": "C4S", "A2NW": "A1NE", "d1nw": "D1NW", "b5ne": "B5NE"}
	for in, want := range canon {
		f, err := g.field(strings.ToUpper(in))
		if err != nil || g.name[f] != want {
			t.Errorf("%s is named %q (%v), want %s", in, g.name[f], err, want)
		}
	}
	// Each triangle: every hexagon it touches names it, from the
	// direction in which the hexagon sees it, and the name resolves.
	ns := 0
	for R, g := range geoms {
		names := 0
		for i := 0; i < g.nTri; i++ {
			f := g.nHex + i
			for c, h := range g.triHex[i] {
				nm := g.name[h] + dirNames[g.triDirs[i][c]]
				if got, ok := g.lookup(nm); !ok || got != f {
					t.Errorf("radius %d: %s does not resolve to %s", R, nm, g.name[f])
				}
				if g.hexTri[h][g.triDirs[i][c]] != f {
					t.Errorf("radius %d: %s ring disagrees", R, nm)
				}
				names++
			}
			if R == 3 && (strings.HasSuffix(g.name[f], "N") || strings.HasSuffix(g.name[f], "S")) {
				ns++
			}
		}
		if names != 6*g.nHex {
			t.Errorf("radius %d: %d triangle names, want %d", R, names, 6*g.nHex)
		}
	}
	if ns != 74 {
		t.Errorf("%d triangles with an N/S name on radius 3, want 74", ns)
	}
	// Off-board names are refused.
	for _, bad := range []string{"A0", "A5", "H1", "D8", "A1X", "D4NN", "", "4D"} {
		if _, err := g.field(bad); err == nil {
			t.Errorf("%q accepted as a field", bad)
		}
	}
}

// The static map matches the one printed in section 5 of the rule book.
func TestStaticMap(t *testing.T) {
	want := `                   o    o    .    o    .    o    .    o    o
A                     A1(1)     A2(1)     A3(1)     A4(1)
              o    .    .    .    .    .    .    .    .    .    o
B                B1(1)     B2(2)     B3(2)     B4(2)     B5(1)
         o    .    .    .    .    .    .    .    .    .    .    .    o
C           C1(1)     C2(2)     C3(3)     C4(3)     C5(2)     C6(1)
    o    .    .    .    .    .    .    .    .    .    .    .    .    .    o
D      D1(1)     D2(2)     D3(3)     D4(4)     D5(3)     D6(2)     D7(1)
    o    .    .    .    .    .    .    .    .    .    .    .    .    .    o
E           E1(1)     E2(2)     E3(3)     E4(3)     E5(2)     E6(1)
         o    .    .    .    .    .    .    .    .    .    .    .    o
F                F1(1)     F2(2)     F3(2)     F4(2)     F5(1)
              o    .    .    .    .    .    .    .    .    .    o
G                     G1(1)     G2(1)     G3(1)     G4(1)
                   o    o    .    o    .    o    .    o    o`
	if got := strings.Join(staticMap(geoms[3], false), "\n"); got != want {
		t.Errorf("static map:\n%s", got)
	}
	for R, g := range geoms {
		for _, l := range staticMap(g, false) {
			if len(l) > 79 {
				t.Errorf("radius %d map line of %d columns", R, len(l))
			}
		}
	}
}

// The board mail names every field: each hexagon is written where it
// stands; each triangle is written out, or drawn as '.' straight under
// the hexagon it is the S triangle of or straight over the one it is
// the N triangle of. Lines fit in 79 columns.
func TestNameMapNamesEveryField(t *testing.T) {
	for r := 2; r <= 4; r++ {
		g := geoms[r]
		m := nameMap(g)
		at := func(line, col int) string {
			if line < 0 || line >= len(m) || col >= len(m[line]) {
				return ""
			}
			return m[line][col:]
		}
		for i, l := range m {
			if len(l) > 79 {
				t.Errorf("radius %d line %d has %d columns", r, i, len(l))
			}
		}
		for h := 0; h < g.nHex; h++ {
			if !strings.HasPrefix(at(g.line[h], g.col[h]-len(g.name[h])/2), g.name[h]) {
				t.Errorf("radius %d: %s not written at its place", r, g.name[h])
			}
		}
		for ti := 0; ti < g.nTri; ti++ {
			f := g.nHex + ti
			nm := g.name[f]
			hex, dir := nm[:len(nm)-1], nm[len(nm)-1:]
			h, ok := g.lookup(hex)
			if ok && (dir == "N" || dir == "S") {
				want := g.line[h] - 1
				if dir == "S" {
					want = g.line[h] + 1
				}
				if g.line[f] != want || g.col[f] != g.col[h] || !strings.HasPrefix(at(g.line[f], g.col[f]), ".") {
					t.Errorf("radius %d: %s is not a '.' next to %s", r, nm, hex)
				}
				continue
			}
			if !strings.HasPrefix(at(g.line[f], g.col[f]-len(nm)/2), nm) {
				t.Errorf("radius %d: %s not written at its place", r, nm)
			}
		}
	}
}
