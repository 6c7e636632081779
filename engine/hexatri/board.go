package hexatri

import (
	"fmt"
	"sort"
)

// Directions of the six triangles around a flat-topped hexagon, in the
// order used everywhere in the package. Rule book part 2, section 4.
const (
	dirN = iota
	dirNE
	dirSE
	dirS
	dirSW
	dirNW
)

var dirNames = [6]string{"N", "NE", "SE", "S", "SW", "NW"}

// geom is the fixed board of one size: a hex-of-hexagons of radius R
// with every hexagon surrounded by its six triangles (the trihexagonal
// tiling). Rule book part 1, item 1, and part 2, section 2.1.
//
// Fields are numbered hexagons first (0..nHex-1, reading order) and then
// triangles (nHex.., band by band, left to right).
type geom struct {
	R      int
	nHex   int
	nTri   int
	centre int // field of the centre hexagon

	hexQ, hexR []int    // axial coordinates of each hexagon
	hexName    []string // "D4"
	ring       []int    // distance from the centre
	hexTri     [][6]int // field of the triangle in each direction
	triHex     [][]int  // on-board hexagons touching each triangle
	triDirs    [][]int  // direction of the triangle seen from triHex[i]
	outer      []bool   // triangle touching exactly one hexagon (entry)
	name       []string // canonical name of every field
	names      map[string]int
	dist       []uint8 // steps from field to field, row by row (distances)

	// Display: column of every field's centre and its text line.
	step  int
	col   []int
	line  []int
	lines int
}

// triKey identifies a triangle by its type and anchor hexagon: type 0 is
// the N triangle of (q,r), type 1 the NE triangle of (q,r).
type triKey struct{ t, q, r int }

func (g *geom) onBoard(q, r int) bool {
	s := -q - r
	return abs(q) <= g.R && abs(r) <= g.R && abs(s) <= g.R
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// triOf returns the key of the triangle in direction d of hexagon (q,r).
func triOf(q, r, d int) triKey {
	switch d {
	case dirN:
		return triKey{0, q, r}
	case dirNE:
		return triKey{1, q, r}
	case dirSE:
		return triKey{0, q, r + 1}
	case dirS:
		return triKey{1, q - 1, r + 1}
	case dirSW:
		return triKey{0, q - 1, r + 1}
	default: // dirNW
		return triKey{1, q - 1, r}
	}
}

// corners lists the three lattice hexagons around a triangle, with the
// direction in which each of them sees it.
func (k triKey) corners() (qs, rs, ds [3]int) {
	if k.t == 0 {
		// N of (q,r), SE of (q,r-1), SW of (q+1,r-1).
		return [3]int{k.q, k.q, k.q + 1}, [3]int{k.r, k.r - 1, k.r - 1}, [3]int{dirN, dirSE, dirSW}
	}
	// NE of (q,r), S of (q+1,r-1), NW of (q+1,r).
	return [3]int{k.q, k.q + 1, k.q + 1}, [3]int{k.r, k.r - 1, k.r}, [3]int{dirNE, dirS, dirNW}
}

// band and x place a triangle on the display: band b lies between hexagon
// rows b-1 and b; x is in half hexagon steps.
func (k triKey) band() int { return k.r }
func (k triKey) x() int {
	if k.t == 0 {
		return 2*k.q + k.r
	}
	return 2*k.q + k.r + 1
}

var geoms = map[int]*geom{}

func init() {
	for r := 2; r <= 4; r++ {
		geoms[r] = newGeom(r)
	}
}

func newGeom(R int) *geom {
	g := &geom{R: R, names: map[string]int{}}
	hexAt := map[[2]int]int{}
	for r := -R; r <= R; r++ {
		idx := 0
		for q := -R; q <= R; q++ {
			if !g.onBoard(q, r) {
				continue
			}
			idx++
			h := len(g.hexQ)
			hexAt[[2]int{q, r}] = h
			g.hexQ = append(g.hexQ, q)
			g.hexR = append(g.hexR, r)
			g.hexName = append(g.hexName, fmt.Sprintf("%c%d", 'A'+r+R, idx))
			g.ring = append(g.ring, (abs(q)+abs(r)+abs(q+r))/2)
			if q == 0 && r == 0 {
				g.centre = h
			}
		}
	}
	g.nHex = len(g.hexQ)

	// Collect the triangles around the hexagons, in display order.
	seen := map[triKey]bool{}
	var keys []triKey
	for h := 0; h < g.nHex; h++ {
		for d := 0; d < 6; d++ {
			k := triOf(g.hexQ[h], g.hexR[h], d)
			if !seen[k] {
				seen[k] = true
				keys = append(keys, k)
			}
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].band() != keys[j].band() {
			return keys[i].band() < keys[j].band()
		}
		return keys[i].x() < keys[j].x()
	})
	g.nTri = len(keys)
	triAt := map[triKey]int{}
	for i, k := range keys {
		triAt[k] = g.nHex + i
	}
	g.hexTri = make([][6]int, g.nHex)
	for h := 0; h < g.nHex; h++ {
		for d := 0; d < 6; d++ {
			g.hexTri[h][d] = triAt[triOf(g.hexQ[h], g.hexR[h], d)]
		}
	}
	g.triHex = make([][]int, g.nTri)
	g.triDirs = make([][]int, g.nTri)
	g.outer = make([]bool, g.nTri)
	g.name = make([]string, g.nHex+g.nTri)
	copy(g.name, g.hexName)
	for i, k := range keys {
		qs, rs, ds := k.corners()
		for c := 0; c < 3; c++ {
			if h, ok := hexAt[[2]int{qs[c], rs[c]}]; ok {
				g.triHex[i] = append(g.triHex[i], h)
				g.triDirs[i] = append(g.triDirs[i], ds[c])
			}
		}
		// Reading order of the touching hexagons.
		sort.Sort(byFirst{g.triHex[i], g.triDirs[i]})
		g.outer[i] = len(g.triHex[i]) == 1
		// Canonical name: the N or S form when that hexagon is on the
		// board, else the first touching hexagon with its direction.
		// Rule book part 2, section 4.
		nm := ""
		for c := range g.triHex[i] {
			if d := g.triDirs[i][c]; d == dirN || d == dirS {
				nm = g.hexName[g.triHex[i][c]] + dirNames[d]
			}
		}
		if nm == "" {
			nm = g.hexName[g.triHex[i][0]] + dirNames[g.triDirs[i][0]]
		}
		g.name[g.nHex+i] = nm
		for c := range g.triHex[i] {
			g.names[g.hexName[g.triHex[i][c]]+dirNames[g.triDirs[i][c]]] = g.nHex + i
		}
	}
	for h := 0; h < g.nHex; h++ {
		g.names[g.hexName[h]] = h
	}

	// Display: lattice step 10 columns, 8 for radius 4 so that the board
	// fits in 79 columns. Rule book part 2, section 5.
	g.step = 10
	if R >= 4 {
		g.step = 8
	}
	half := g.step / 2
	c0 := 4 + half*(2*R+1)
	g.col = make([]int, g.nHex+g.nTri)
	g.line = make([]int, g.nHex+g.nTri)
	for h := 0; h < g.nHex; h++ {
		g.col[h] = c0 + half*(2*g.hexQ[h]+g.hexR[h])
		g.line[h] = 2*(g.hexR[h]+R) + 1
	}
	for i, k := range keys {
		g.col[g.nHex+i] = c0 + half*k.x()
		g.line[g.nHex+i] = 2 * (k.band() + R)
	}
	g.lines = 2*(2*R+1) + 1
	g.dist = distances(g)
	return g
}

type byFirst struct{ a, b []int }

func (s byFirst) Len() int           { return len(s.a) }
func (s byFirst) Less(i, j int) bool { return s.a[i] < s.a[j] }
func (s byFirst) Swap(i, j int) {
	s.a[i], s.a[j] = s.a[j], s.a[i]
	s.b[i], s.b[j] = s.b[j], s.b[i]
}

// isHex tells whether field f is a hexagon.
func (g *geom) isHex(f int) bool { return f < g.nHex }

// prod is the printed production number of hexagon h: R+1 minus its ring.
// Rule book part 1, item 1.
func (g *geom) prod(h int) int { return g.R + 1 - g.ring[h] }

// neighbours lists the fields next to field f: the six triangles of a
// hexagon, or the one to three hexagons of a triangle.
func (g *geom) neighbours(f int) []int {
	if g.isHex(f) {
		return g.hexTri[f][:]
	}
	return g.triHex[f-g.nHex]
}

// lookup resolves a field name (upper case) to its field.
func (g *geom) lookup(s string) (int, bool) {
	f, ok := g.names[s]
	return f, ok
}
