package esagek

// Board geometry, rule book part 2, sections 2, 3 and 5.
//
// A field is numbered h*6 + (k-1), where h is the hexagon (0 = M, then
// A-F = 1-6 clockwise from the top) and k the field digit 1-6, clockwise
// from the top of the hexagon.

const (
	numHex    = 7
	numFields = 42
	noField   = -1
)

// hexLetters names the hexagons by index.
const hexLetters = "MABCDEF"

// gridRows and gridCols size the "brick grid" of rule book section 3:
// six strips of 3/9/9/9/9/3 triangles, their centres in 9 columns.
const (
	gridRows = 6
	gridCols = 9
)

// blockOrigin is the top-left cell of each hexagon's 2x3 block on the
// brick grid (section 3).
var blockOrigin = [numHex][2]int{
	{2, 3}, // M
	{0, 3}, // A
	{1, 6}, // B
	{3, 6}, // C
	{4, 3}, // D
	{3, 0}, // E
	{1, 0}, // F
}

// digitOffset places field digit k (index k-1) inside its block: top row
// [6,1,2], bottom row [5,4,3].
var digitOffset = [6][2]int{
	{0, 1}, // 1
	{0, 2}, // 2
	{1, 2}, // 3
	{1, 1}, // 4
	{1, 0}, // 5
	{0, 0}, // 6
}

// geometry holds every table derived from the brick grid.
type geometry struct {
	name   [numFields]string
	row    [numFields]int
	col    [numFields]int
	grid   [gridRows][gridCols]int8
	adj    [numFields][]int8 // side-adjacent fields, ascending
	adjSet [numFields][numFields]bool
	jumps  [numFields][]jump // jumps with a landing field on the board
	// over[a][l] is the victim of the jump from a to l, or noField.
	over [numFields][numFields]int8
	// rot[h][0] maps each field of hexagon h to its field after a
	// clockwise turn, rot[h][1] after a counter-clockwise one.
	rot [numHex][2][6]int8
}

// jump is one capture geometry: from its attacker field over victim to
// landing (section 5.1).
type jump struct {
	victim, landing int8
}

var geo = buildGeometry()

func buildGeometry() *geometry {
	g := &geometry{}
	for r := range g.grid {
		for c := range g.grid[r] {
			g.grid[r][c] = noField
		}
	}
	for f := 0; f < numFields; f++ {
		h, k := f/6, f%6
		g.name[f] = string([]byte{hexLetters[h], byte('1' + k)})
		g.row[f] = blockOrigin[h][0] + digitOffset[k][0]
		g.col[f] = blockOrigin[h][1] + digitOffset[k][1]
		g.grid[g.row[f]][g.col[f]] = int8(f)
	}
	for a := range g.over {
		for l := range g.over[a] {
			g.over[a][l] = noField
		}
	}
	for f := 0; f < numFields; f++ {
		r, c := g.row[f], g.col[f]
		up := isUp(r, c)
		// Section 3: the horizontal neighbours, plus the one below a
		// up-pointing field or above a down-pointing one.
		vr := r - 1
		if up {
			vr = r + 1
		}
		for _, n := range [][2]int{{r, c - 1}, {r, c + 1}, {vr, c}} {
			v := g.at(n[0], n[1])
			if v == noField {
				continue
			}
			g.adj[f] = append(g.adj[f], int8(v))
			g.adjSet[f][v] = true
			if l := g.landing(f, v); l != noField {
				g.jumps[f] = append(g.jumps[f], jump{int8(v), int8(l)})
				g.over[f][l] = int8(v)
			}
		}
		sortInt8(g.adj[f])
	}
	for h := 0; h < numHex; h++ {
		for k := 0; k < 6; k++ {
			g.rot[h][0][k] = int8(h*6 + (k+1)%6)
			g.rot[h][1][k] = int8(h*6 + (k+5)%6)
		}
	}
	return g
}

// isUp reports whether the field at (r,c) points up: r+c odd (section 3).
func isUp(r, c int) bool { return (r+c)%2 == 1 }

// at is the field at grid cell (r,c), or noField.
func (g *geometry) at(r, c int) int {
	if r < 0 || r >= gridRows || c < 0 || c >= gridCols {
		return noField
	}
	return int(g.grid[r][c])
}

// landing is the field where a piece on a lands after jumping the
// side-adjacent field v, or noField: the reflection of v through its
// corner opposite the shared side (rule book section 5.1).
func (g *geometry) landing(a, v int) int {
	r, c := g.row[a], g.col[a]
	up := isUp(r, c)
	if g.row[v] == r {
		d := g.col[v] - c
		if up {
			return g.at(r-1, c+3*d)
		}
		return g.at(r+1, c+3*d)
	}
	if up {
		return g.at(r+2, c)
	}
	return g.at(r-2, c)
}

// hexOf is the hexagon of field f.
func hexOf(f int) int { return f / 6 }

// isRim reports whether f is one of the 18 rim fields with only two
// neighbours (section 3).
func isRim(f int) bool { return len(geo.adj[f]) == 2 }

// parseField reads an upper-case field name such as "M1".
func parseField(s string) (int, bool) {
	if len(s) != 2 {
		return noField, false
	}
	h := indexByte(hexLetters, s[0])
	if h < 0 || s[1] < '1' || s[1] > '6' {
		return noField, false
	}
	return h*6 + int(s[1]-'1'), true
}

func indexByte(s string, b byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			return i
		}
	}
	return -1
}

func sortInt8(a []int8) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}
