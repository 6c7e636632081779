package tournament

// knockout pairs the next round of single elimination. The first
// round places the seeds in the usual bracket order (1 meets the
// lowest seed, and 1 and 2 can meet only in the final), the bracket
// filled to a power of two with byes for the highest seeds; each later
// round pairs the winners of neighbouring matches, the higher seed
// moving first.
func (t *Tournament) knockout() Round {
	var r Round
	if len(t.Played) == 0 {
		size := 1
		for size < len(t.Entrants) {
			size *= 2
		}
		order := []int{0}
		for len(order) < size {
			next := make([]int, 0, 2*len(order))
			for _, s := range order {
				next = append(next, s, 2*len(order)-1-s)
			}
			order = next
		}
		for i := 0; i < size; i += 2 {
			a, b := order[i], order[i+1]
			if b >= len(t.Entrants) {
				r.Pairings = append(r.Pairings, Pairing{Seats: []string{t.Entrants[a].ID}})
				continue
			}
			r.Pairings = append(r.Pairings, Pairing{Seats: []string{t.Entrants[a].ID, t.Entrants[b].ID}})
		}
		return r
	}
	alive := t.survivors()
	for i := 0; i+1 < len(alive); i += 2 {
		a, b := alive[i], alive[i+1]
		if t.seed(b) < t.seed(a) {
			a, b = b, a
		}
		r.Pairings = append(r.Pairings, Pairing{Seats: []string{a, b}})
	}
	if len(alive)%2 == 1 {
		r.Pairings = append(r.Pairings, Pairing{Seats: []string{alive[len(alive)-1]}})
	}
	return r
}

// survivors lists, in bracket (or table) order, who goes on from the
// last round: for a knockout the winner of each match (a drawn match
// decided by its replay, a drawn replay by the higher seed), for pools
// the best of each table. Before the first round, every entrant.
func (t *Tournament) survivors() []string {
	if len(t.Played) == 0 {
		ids := make([]string, len(t.Entrants))
		for i, e := range t.Entrants {
			ids[i] = e.ID
		}
		return ids
	}
	last := t.Played[len(t.Played)-1].Pairings
	var out []string
	for _, p := range last {
		if p.Replay {
			continue
		}
		best := p
		if t.Format == Knockout && !p.Bye() && p.Points[0] == p.Points[1] {
			// The replay, seats swapped, is the pairing after it with
			// the same entrants.
			for _, q := range last {
				if q.Replay && q.Seats[0] == p.Seats[1] && q.Seats[1] == p.Seats[0] {
					best = q
				}
			}
		}
		out = append(out, t.best(best))
	}
	// Who withdrew goes on no further, unless no one else is left.
	return t.active(out)
}

// best is the entrant who goes on from a finished pairing: the most
// points, the higher seed on a tie.
func (t *Tournament) best(p Pairing) string {
	win := 0
	for s := 1; s < len(p.Seats); s++ {
		if p.Points[s] > p.Points[win] || (p.Points[s] == p.Points[win] && t.seed(p.Seats[s]) < t.seed(p.Seats[win])) {
			win = s
		}
	}
	return p.Seats[win]
}
