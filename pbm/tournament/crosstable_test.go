package tournament

import (
	"strconv"
	"testing"
)

// The crosstable of a round robin holds, in standings order, every
// pair's board once from each side, with the points each scored; a
// double round robin twice.
func TestCrosstableRoundRobin(t *testing.T) {
	for _, double := range []bool{false, true} {
		tr := &Tournament{Name: "x", Format: RoundRobin, Seats: 2, Double: double}
		entrants(tr, 5)
		// The higher entrant number wins: p4 first, p0 last.
		play(t, tr, func(p Pairing) []float64 {
			a, _ := strconv.Atoi(p.Seats[0][1:])
			b, _ := strconv.Atoi(p.Seats[1][1:])
			if a > b {
				return []float64{1, 0}
			}
			return []float64{0, 1}
		})
		order, cells := tr.Crosstable()
		want := []string{"p4", "p3", "p2", "p1", "p0"}
		meetings := 1
		if double {
			meetings = 2
		}
		for i, st := range order {
			if st.ID != want[i] {
				t.Fatalf("double %v: row %d is %s, want %s", double, i, st.ID, want[i])
			}
			for j := range order {
				ms := cells[i][j]
				if i == j {
					if len(ms) != 0 {
						t.Errorf("the diagonal holds %v", ms)
					}
					continue
				}
				if len(ms) != meetings {
					t.Fatalf("double %v: %s against %s: %d meetings, want %d", double, order[i].ID, order[j].ID, len(ms), meetings)
				}
				for _, m := range ms {
					won := i < j // the row ranks higher: it won
					if !m.Done || m.Board == 0 || m.Round != 1 || (won && (m.Points != 1 || m.Against != 0)) || (!won && (m.Points != 0 || m.Against != 1)) {
						t.Errorf("%s against %s: %+v", order[i].ID, order[j].ID, m)
					}
					// The same board from the other side.
					found := false
					for _, back := range cells[j][i] {
						found = found || (back.Board == m.Board && back.Points == m.Against && back.Against == m.Points)
					}
					if !found {
						t.Errorf("board %d is not in the cell of %s against %s", m.Board, order[j].ID, order[i].ID)
					}
				}
			}
		}
	}
}

// A bye is in no cell; a board still running is, not done.
func TestCrosstableByeAndRunning(t *testing.T) {
	tr := &Tournament{Name: "x", Format: Swiss, Seats: 2, Rounds: 2}
	entrants(tr, 3)
	if err := tr.Start(); err != nil {
		t.Fatal(err)
	}
	for _, ri := range tr.Pending() {
		tr.SetBoard(ri[0], ri[1], 100+ri[1])
	}
	order, cells := tr.Crosstable()
	n := 0
	for i := range order {
		for j := range order {
			for _, m := range cells[i][j] {
				n++
				if m.Done || m.Board < 100 {
					t.Errorf("a running board: %+v", m)
				}
			}
		}
	}
	if n != 2 {
		t.Errorf("%d meetings of one board and a bye, want 2 (one from each side)", n)
	}
}
