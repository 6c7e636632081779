package tournament

import "strings"

// Meeting is one board two entrants shared, as a crosstable shows it
// from the side of one of them.
type Meeting struct {
	Round   int     // from 1
	Board   int     // 0 while the board is not started
	Done    bool    // the board ended
	Points  float64 // what this entrant scored at the board, once done
	Against float64 // what the other scored there, once done
}

// Crosstable is the table of who scored what against whom: the
// entrants in the order of Standings, and for each pair (row i,
// column j) the boards they shared, in the order they were paired,
// seen from row i's side; the diagonal is empty. It is the table of a
// round robin, where every cell off the diagonal holds one meeting
// (two with Double); it can be made of any format.
func (t *Tournament) Crosstable() ([]Standing, [][][]Meeting) {
	order := t.Standings()
	at := make(map[string]int, len(order))
	for i, st := range order {
		at[strings.ToLower(st.ID)] = i
	}
	cells := make([][][]Meeting, len(order))
	for i := range cells {
		cells[i] = make([][]Meeting, len(order))
	}
	for r, rd := range t.Played {
		for _, p := range rd.Pairings {
			if p.Bye() {
				continue
			}
			for s, a := range p.Seats {
				i, ok := at[strings.ToLower(a)]
				if !ok {
					continue
				}
				for o, b := range p.Seats {
					j, ok := at[strings.ToLower(b)]
					if o == s || !ok {
						continue
					}
					m := Meeting{Round: r + 1, Board: p.Board, Done: p.Done}
					if p.Done && s < len(p.Points) && o < len(p.Points) {
						m.Points, m.Against = p.Points[s], p.Points[o]
					}
					cells[i][j] = append(cells[i][j], m)
				}
			}
		}
	}
	return order, cells
}
