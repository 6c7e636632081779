package tournament

// roundRobin pairs every board of a round robin at once, as
// correspondence events do (ICCF): every entrant plays all boards of
// the event side by side.
//
// Two seats: every pair once; the lower seed of a pair moves first
// when the sum of their seed numbers is odd, so that each entrant moves
// first in half the boards (with an odd number of entrants exactly
// half, with an even number half rounded up or down). Double swaps the
// seats of a second board of every pair.
//
// More seats: entrant i sits at boards i-Seats+1 … i of the cycle
// 0 … N-1 (board b seats entrants b, b+1, … b+Seats-1, modulo N), in
// seat (i-b) mod N: every entrant plays Seats boards, once in each
// seat. Double adds the same boards with the seat order reversed.
func (t *Tournament) roundRobin() Round {
	var r Round
	n := len(t.Entrants)
	id := func(i int) string { return t.Entrants[i%n].ID }
	if t.Seats == 2 {
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				a, b := id(i), id(j)
				if (i+j)%2 == 0 {
					a, b = b, a
				}
				r.Pairings = append(r.Pairings, Pairing{Seats: []string{a, b}})
				if t.Double {
					r.Pairings = append(r.Pairings, Pairing{Seats: []string{b, a}})
				}
			}
		}
		return r
	}
	for b := 0; b < n; b++ {
		seats := make([]string, t.Seats)
		for s := range seats {
			seats[s] = id(b + s)
		}
		r.Pairings = append(r.Pairings, Pairing{Seats: seats})
		if t.Double {
			rev := make([]string, len(seats))
			for s := range seats {
				rev[s] = seats[len(seats)-1-s]
			}
			r.Pairings = append(r.Pairings, Pairing{Seats: rev})
		}
	}
	return r
}
