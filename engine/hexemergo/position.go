package hexemergo

// Colours of men; a colour is also the seat of its player (part 1,
// item 2: the first player is White).
const (
	white = 0
	black = 1
)

var colourName = [2]string{"Ohs", "Eks"}
var colourLetter = [2]byte{'O', 'X'}

// column is the stack of men on one cell (part 2, section 2). Bit i of
// men is the colour of the i-th man counted from the bottom (1 = black);
// h is the number of men, 0 for an empty cell. The top man decides who
// owns the column.
type column struct {
	men uint32
	h   uint8
}

func (c column) empty() bool { return c.h == 0 }

// top is the colour of the top man; only for a non-empty column.
func (c column) top() int { return int(c.men>>(c.h-1)) & 1 }

// owned tells whether the column is non-empty and capped by colour.
func (c column) owned(colour int) bool { return c.h > 0 && c.top() == colour }

// man returns the colour of the i-th man counted from the top.
func (c column) man(i int) int { return int(c.men>>(int(c.h)-1-i)) & 1 }

// solid returns a column of k men of one colour.
func solid(colour, k int) column {
	var men uint32
	if colour == black {
		men = 1<<k - 1
	}
	return column{men: men, h: uint8(k)}
}

// position is everything the rules look at: every column, both hands
// and the side to move. It is comparable, which the repetition rule
// uses (part 1, item 6).
type position struct {
	cells [numCells]column
	hand  [2]int8
	turn  int8
}

// hash returns a 64-bit digest of the position, used to find candidate
// repetitions before comparing positions exactly.
func (p *position) hash() uint64 {
	h := mix(uint64(p.turn) | uint64(uint8(p.hand[0]))<<8 | uint64(uint8(p.hand[1]))<<16)
	for c := range p.cells {
		col := p.cells[c]
		if col.h == 0 {
			continue
		}
		h ^= mix(uint64(c)<<40 | uint64(col.h)<<32 | uint64(col.men))
	}
	return h
}

// mix is the splitmix64 finaliser.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// jump moves the column on from over the neighbour jumped onto to: the
// top man of the jumped column goes under the capturing column (part 2,
// section 4). It returns what undo needs.
func (p *position) jump(from, over, to cell) (saveFrom, saveOver column) {
	m, v := p.cells[from], p.cells[over]
	p.cells[to] = column{men: m.men<<1 | uint32(v.top()), h: m.h + 1}
	p.cells[from] = column{}
	nv := v
	nv.h--
	nv.men &^= 1 << nv.h
	p.cells[over] = nv
	return m, v
}

// unjump reverses jump.
func (p *position) unjump(from, over, to cell, saveFrom, saveOver column) {
	p.cells[to] = column{}
	p.cells[over] = saveOver
	p.cells[from] = saveFrom
}
