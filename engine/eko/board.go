package eko

import (
	"fmt"
	"math/rand/v2"
	"sort"

	"github.com/pbmgo/pbm/engine"
)

// terrain is the kind of one hexagonal cell. Rule book part 2, section
// 2.2.
type terrain uint8

const (
	sand     terrain = iota // movement space: discs stand and move here
	chasm                   // impassable, no use
	reg                     // construction space: camp
	ravine                  // construction space: camp, tower
	mountain                // construction space: camp, tower, castle
	capital                 // construction space: camp, tower; needed to win
)

// maxLevel is the highest building the terrain allows (1 camp, 2 tower,
// 3 castle); 0 where nothing is built. Rule book part 1, item 5.
func (t terrain) maxLevel() int8 {
	switch t {
	case reg:
		return 1
	case ravine, capital:
		return 2
	case mountain:
		return 3
	}
	return 0
}

func (t terrain) construction() bool { return t >= reg }

func (t terrain) String() string {
	return [...]string{"sand", "chasm", "reg", "ravine", "mountain", "capital"}[t]
}

// A tile is a seven-cell flower: centre, then the petals E, NE, NW, W,
// SW, SE. Legend: '.' movement, 'C' capital, 'M' mountain, 'V' ravine,
// 'R' reg, 'X' chasm. Rule book part 2, section 4.
type tile struct {
	name  string
	cells string
}

var tiles = []tile{
	// grey, 2 players and more
	{"G1", "C.R.V.."}, {"G2", ".M..R.X"}, {"G3", ".MV..R."}, {"G4", "V.X.R.."},
	{"G5", ".V...R."}, {"G6", "..R..X."}, {"G7", "...X..."},
	// blue, 3 players and more
	{"B1", "C...X.."}, {"B2", ".M..V.."}, {"B3", "...R..."},
	// red, 4 players
	{"R1", "C..X..."}, {"R2", ".V..M.."}, {"R3", "..R...."},
}

// tileCount is the number of tiles used for 2, 3 and 4 players.
var tileCount = [5]int{2: 7, 3: 10, 4: 13}

// slots holds the axial centres of the tiles in the order tiles are
// assigned to them, per player count. Rule book part 2, section 4.
var slots = [5][][2]int{
	2: {{0, 0}, {2, 1}, {-1, 3}, {-3, 2}, {-2, -1}, {1, -3}, {3, -2}},
	3: {{0, 0}, {2, 1}, {-1, 3}, {-3, 2}, {-2, -1}, {1, -3}, {3, -2},
		{1, 4}, {-5, 1}, {4, -5}},
	4: {{0, 0}, {2, 1}, {-1, 3}, {-3, 2}, {-2, -1}, {1, -3}, {3, -2},
		{1, 4}, {-4, 5}, {-5, 1}, {-1, -4}, {4, -5}, {5, -1}},
}

// dirs are the axial steps E, NE, NW, W, SW, SE; r grows downwards.
var dirs = [6][2]int{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}

// maxCells is the number of cells of the largest map (13 tiles).
const maxCells = 91

// discsPerPlayer counts the discs of a player, the Emperor included.
const discsPerPlayer = 16

// board is the geometry of one seeded map. It never changes during a
// game and is shared by clones.
type board struct {
	players int
	n       int         // number of cells
	ter     []terrain   // per cell
	row     []int       // 0 = row A
	col     []int       // 1-based column of the notation
	x       []int       // horizontal position in half cells, from 0
	nb      [][]int     // neighbours
	name    []string    // "E7"
	rfmt    [][5]string // reinforcements in notation: rfmt[c][n] is "R:E7:n"
	rows    int
	cols    int
	width   int         // largest x plus one
	grid    [][]int     // [row][col] cell id, -1 where none
	layout  []placement // tiles as placed, in slot order
	tries   int         // draws needed for a valid map
}

// placement records one tile on the map.
type placement struct {
	tile     string
	q, r     int
	rotation int
}

// newBoard draws the map for the player count from rng: the tiles are
// shuffled onto the slots with random rotations, re-drawn until every
// movement space is connected and every construction space touches at
// least two movement spaces. Rule book part 1, item 1; part 2,
// section 4, steps 1-2.
func newBoard(players int, rng *rand.Rand) (*board, error) {
	set := append([]tile(nil), tiles[:tileCount[players]]...)
	for try := 1; try <= 1000; try++ {
		rng.Shuffle(len(set), func(i, j int) { set[i], set[j] = set[j], set[i] })
		layout := make([]placement, len(set))
		for i, t := range set {
			s := slots[players][i]
			layout[i] = placement{tile: t.name, q: s[0], r: s[1], rotation: rng.IntN(6)}
		}
		b := buildBoard(players, layout)
		if b.valid() {
			b.tries = try
			return b, nil
		}
	}
	return nil, msgNoMap.New("N", players)
}

// rawCell is a cell in axial coordinates before numbering.
type rawCell struct {
	q, r int
	t    terrain
}

// buildBoard lays out the cells of the placed tiles.
func buildBoard(players int, layout []placement) *board {
	var cells []rawCell
	for _, p := range layout {
		var cs string
		for _, t := range tiles {
			if t.name == p.tile {
				cs = t.cells
			}
		}
		cells = append(cells, rawCell{p.q, p.r, code(cs[0])})
		for i := 0; i < 6; i++ {
			d := dirs[(i+p.rotation)%6]
			cells = append(cells, rawCell{p.q + d[0], p.r + d[1], code(cs[1+i])})
		}
	}
	b := makeBoard(players, cells)
	b.layout = layout
	return b
}

// makeBoard numbers the cells in reading order (rows top to bottom,
// left to right) and works out names and neighbours.
func makeBoard(players int, cells []rawCell) *board {
	sort.Slice(cells, func(i, j int) bool {
		a, b := cells[i], cells[j]
		if a.r != b.r {
			return a.r < b.r
		}
		return 2*a.q+a.r < 2*b.q+b.r
	})
	b := &board{players: players, n: len(cells)}
	rmin, dmin := cells[0].r, 1<<30
	for _, c := range cells {
		if d := 2*c.q + c.r; d < dmin {
			dmin = d
		}
	}
	at := map[[2]int]int{}
	for i, c := range cells {
		at[[2]int{c.q, c.r}] = i
		b.ter = append(b.ter, c.t)
		x := 2*c.q + c.r - dmin
		b.x = append(b.x, x)
		b.row = append(b.row, c.r-rmin)
		b.col = append(b.col, x/2+1)
		if c.r-rmin+1 > b.rows {
			b.rows = c.r - rmin + 1
		}
		if x/2+1 > b.cols {
			b.cols = x/2 + 1
		}
		if x+1 > b.width {
			b.width = x + 1
		}
	}
	b.grid = make([][]int, b.rows)
	for r := range b.grid {
		b.grid[r] = make([]int, b.cols+1)
		for c := range b.grid[r] {
			b.grid[r][c] = -1
		}
	}
	b.nb = make([][]int, len(cells))
	b.name = make([]string, len(cells))
	b.rfmt = make([][5]string, len(cells))
	for i, c := range cells {
		b.grid[b.row[i]][b.col[i]] = i
		b.name[i] = fmt.Sprintf("%c%d", 'A'+b.row[i], b.col[i])
		for n := 1; n < len(b.rfmt[i]); n++ {
			b.rfmt[i][n] = fmt.Sprintf("R:%s:%d", b.name[i], n)
		}
		for _, d := range dirs {
			if j, ok := at[[2]int{c.q + d[0], c.r + d[1]}]; ok {
				b.nb[i] = append(b.nb[i], j)
			}
		}
	}
	return b
}

func code(c byte) terrain {
	switch c {
	case 'X':
		return chasm
	case 'R':
		return reg
	case 'V':
		return ravine
	case 'M':
		return mountain
	case 'C':
		return capital
	}
	return sand
}

// valid checks the two conditions of rule book part 1, item 1.
func (b *board) valid() bool {
	first, count := -1, 0
	for i, t := range b.ter {
		if t == sand {
			count++
			if first < 0 {
				first = i
			}
		}
		if t.construction() {
			m := 0
			for _, j := range b.nb[i] {
				if b.ter[j] == sand {
					m++
				}
			}
			if m < 2 {
				return false
			}
		}
	}
	if first < 0 {
		return false
	}
	seen := make([]bool, b.n)
	seen[first] = true
	stack, reached := []int{first}, 1
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, j := range b.nb[c] {
			if !seen[j] && b.ter[j] == sand {
				seen[j] = true
				reached++
				stack = append(stack, j)
			}
		}
	}
	return reached == count
}

// cell finds a cell by its name ("E7", upper case), or -1.
func (b *board) cell(s string) int {
	if len(s) < 2 || len(s) > 3 || s[0] < 'A' || int(s[0]-'A') >= b.rows {
		return -1
	}
	c := 0
	for _, ch := range s[1:] {
		if ch < '0' || ch > '9' {
			return -1
		}
		c = c*10 + int(ch-'0')
	}
	if s[1] == '0' || c < 1 || c > b.cols {
		return -1
	}
	return b.grid[s[0]-'A'][c]
}

// adjacent reports whether cells i and j touch.
func (b *board) adjacent(i, j int) bool {
	for _, k := range b.nb[i] {
		if k == j {
			return true
		}
	}
	return false
}

var msgNoMap = engine.Define("RefuseEkoNoMap", "no valid map for {{.N}} players after 1000 draws")
