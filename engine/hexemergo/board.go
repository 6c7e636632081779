package hexemergo

// Geometry of the 37-cell board (rule book part 1, item 1, and part 2,
// section 1.1). Rows are lettered A (top) to G (bottom); the number of
// a cell is the oblique line, running from upper right to lower left,
// on which it lies. Cell Xn is where row X crosses line n.

// numCells is the number of cells of the board.
const numCells = 37

// cell is the index of a cell, 0 to 36, in reading order A1 ... G7;
// noCell marks a step off the board.
type cell int8

const noCell cell = -1

// The six directions as (Δrow, Δline), ordered so that the opposite of
// direction d is (d+3)%6. Part 2, section 1.1.
const (
	dirE = iota
	dirSE
	dirSW
	dirW
	dirNW
	dirNE
	numDirs
)

var dirDelta = [numDirs][2]int{
	dirE:  {0, +1},
	dirSE: {+1, +1},
	dirSW: {+1, 0},
	dirW:  {0, -1},
	dirNW: {-1, -1},
	dirNE: {-1, 0},
}

// opposite returns the direction turned through 180°.
func opposite(d int) int { return (d + 3) % numDirs }

var (
	cellRow  [numCells]int8 // 0 = A ... 6 = G
	cellLine [numCells]int8 // 1 ... 7
	cellName [numCells]string
	// cellAt maps (row, line) to the cell, noCell off the board.
	cellAt [7][8]cell
	// neighbour[c][d] is the adjacent cell in direction d, or noCell.
	neighbour [numCells][numDirs]cell
	// landing[c][d] is the cell two steps away in direction d, where a
	// piece on c lands when it jumps the neighbour in direction d.
	landing [numCells][numDirs]cell
	// jumped[a][b] is the cell between a and b when b is a landing cell
	// of a, else noCell.
	jumped [numCells][numCells]cell
	// adjacent[a][b] tells whether a and b are neighbours.
	adjacent [numCells][numCells]bool
)

// onBoard tells whether row r (0-6) and line n (1-7) name a cell: with
// R = r-3 and N = n-4 the cell exists iff max(|R|, |N|, |N-R|) <= 3.
func onBoard(r, n int) bool {
	if r < 0 || r > 6 || n < 1 || n > 7 {
		return false
	}
	R, N := r-3, n-4
	return abs(R) <= 3 && abs(N) <= 3 && abs(N-R) <= 3
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func init() {
	for r := range cellAt {
		for n := range cellAt[r] {
			cellAt[r][n] = noCell
		}
	}
	i := 0
	for r := 0; r <= 6; r++ {
		for n := 1; n <= 7; n++ {
			if !onBoard(r, n) {
				continue
			}
			c := cell(i)
			cellRow[c], cellLine[c] = int8(r), int8(n)
			cellName[c] = string(rune('A'+r)) + string(rune('0'+n))
			cellAt[r][n] = c
			i++
		}
	}
	if i != numCells {
		panic("hexemergo: board geometry is not 37 cells")
	}
	centre = cellAt[3][4]
	at := func(r, n int) cell {
		if !onBoard(r, n) {
			return noCell
		}
		return cellAt[r][n]
	}
	for a := range jumped {
		for b := range jumped[a] {
			jumped[a][b] = noCell
		}
	}
	for c := cell(0); c < numCells; c++ {
		r, n := int(cellRow[c]), int(cellLine[c])
		for d, dd := range dirDelta {
			nb := at(r+dd[0], n+dd[1])
			ld := at(r+2*dd[0], n+2*dd[1])
			neighbour[c][d] = nb
			landing[c][d] = ld
			if nb != noCell {
				adjacent[c][nb] = true
			}
			if ld != noCell {
				jumped[c][ld] = nb
			}
		}
	}
}

// parseCell reads a cell name such as "D4" or "d4".
func parseCell(s string) (cell, bool) {
	if len(s) != 2 {
		return noCell, false
	}
	l, d := s[0]|0x20, s[1]
	if l < 'a' || l > 'g' || d < '1' || d > '7' {
		return noCell, false
	}
	r, n := int(l-'a'), int(d-'0')
	if !onBoard(r, n) {
		return noCell, false
	}
	return cellAt[r][n], true
}

func (c cell) String() string {
	if c < 0 || c >= numCells {
		return "??"
	}
	return cellName[c]
}

// centre is D4, barred to White's very first entry (part 1, item 4).
// It is set by init.
var centre cell
