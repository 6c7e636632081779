package tournament

import (
	"cmp"
	"slices"
)

// swiss pairs the next Swiss round by a simplification of the FIDE
// Dutch system (FIDE Handbook C.04.3), as small correspondence
// events use it:
//
//   - Entrants are ranked by points, then by seed (their pairing
//     number: rating at the start).
//   - With an odd number, the lowest-ranked entrant who has had no bye
//     gets it, scored as a win (C.04.1 c, d).
//   - The rest are paired from the top: the highest-ranked unpaired
//     entrant meets, among those he has not met (C.04.1 b), the one
//     that the Dutch system's S1-S2 split of his score group would
//     give him (the entrant half a score group below), or, failing
//     that, the nearest in score and then in rank; the pairing
//     backtracks when a later entrant would be left with no one new
//     to meet. Only when no such pairing exists are rematches allowed.
//   - Seats (colours, C.04.3 A.6): the one who moved first less often
//     moves first; on equal counts, the one who moved second in his
//     last board; then the higher-ranked.
func (t *Tournament) swiss() (Round, error) {
	st := t.Standings()
	rank := make([]string, len(st))
	points := map[string]float64{}
	for i, s := range st {
		rank[i] = s.ID
		points[s.ID] = s.Points
	}
	// Standings sort by tie-breaks; the Dutch order is points, then
	// pairing number.
	slices.SortStableFunc(rank, func(a, b string) int {
		return cmp.Or(cmp.Compare(points[b], points[a]), cmp.Compare(t.seed(a), t.seed(b)))
	})
	// Who withdrew is paired no more.
	rank = slices.DeleteFunc(rank, t.Withdrawn)
	var r Round
	if len(rank)%2 == 1 {
		bye := -1
		for i := len(rank) - 1; i >= 0; i-- {
			if !t.hadBye(rank[i]) {
				bye = i
				break
			}
		}
		if bye < 0 {
			bye = len(rank) - 1
		}
		r.Pairings = append(r.Pairings, Pairing{Seats: []string{rank[bye]}})
		rank = slices.Delete(rank, bye, bye+1)
	}
	pairs, ok := t.match(rank, points, false)
	if !ok {
		pairs, ok = t.match(rank, points, true)
	}
	if !ok {
		return r, refuse("TournRuleNoPairing")
	}
	for _, p := range pairs {
		r.Pairings = append(r.Pairings, Pairing{Seats: t.seatPair(p[0], p[1])})
	}
	return r, nil
}

// match pairs the ranked entrants, avoiding rematches unless
// rematch is set. The search is depth first with the Dutch preference
// at each step, bounded so that a large event cannot make it run long.
func (t *Tournament) match(rank []string, points map[string]float64, rematch bool) ([][2]string, bool) {
	budget := 200000
	used := make([]bool, len(rank))
	var pairs [][2]string
	var try func() bool
	try = func() bool {
		budget--
		if budget < 0 {
			return false
		}
		first := slices.Index(used, false)
		if first < 0 {
			return true
		}
		used[first] = true
		// The score group of first among the unpaired, for the S1-S2
		// split.
		var group []int
		for j := first; j < len(rank); j++ {
			if !used[j] && points[rank[j]] == points[rank[first]] {
				group = append(group, j)
			}
		}
		ideal := first
		if len(group) > 1 {
			ideal = group[len(group)/2]
		}
		var cand []int
		for j := first + 1; j < len(rank); j++ {
			if !used[j] && (rematch || !t.met(rank[first], rank[j])) {
				cand = append(cand, j)
			}
		}
		abs := func(x int) int { return max(x, -x) }
		slices.SortStableFunc(cand, func(a, b int) int {
			da, db := points[rank[first]]-points[rank[a]], points[rank[first]]-points[rank[b]]
			return cmp.Or(cmp.Compare(da, db), cmp.Compare(abs(a-ideal), abs(b-ideal)), cmp.Compare(a, b))
		})
		for _, j := range cand {
			used[j] = true
			pairs = append(pairs, [2]string{rank[first], rank[j]})
			if try() {
				return true
			}
			pairs = pairs[:len(pairs)-1]
			used[j] = false
		}
		used[first] = false
		return false
	}
	return pairs, try()
}

// hadBye reports whether id was given a bye already.
func (t *Tournament) hadBye(id string) bool {
	for _, rd := range t.Played {
		for _, p := range rd.Pairings {
			if p.Bye() && p.Seats[0] == id {
				return true
			}
		}
	}
	return false
}

// seatPair orders a pair by the colour rules above; a is the
// higher-ranked.
func (t *Tournament) seatPair(a, b string) []string {
	fa, la := t.firsts(a)
	fb, lb := t.firsts(b)
	switch {
	case fa < fb:
		return []string{a, b}
	case fb < fa:
		return []string{b, a}
	case la == 2 && lb != 2:
		return []string{a, b}
	case lb == 2 && la != 2:
		return []string{b, a}
	case la == 1 && lb == 1:
		// Both moved first last time: the higher-ranked alternates.
		return []string{b, a}
	}
	return []string{a, b}
}

// firsts counts the boards id moved first at, less those he moved
// second at, and tells the seat of his last board (1 first, 2 second,
// 0 none).
func (t *Tournament) firsts(id string) (diff, last int) {
	for _, rd := range t.Played {
		for _, p := range rd.Pairings {
			if p.Bye() {
				continue
			}
			switch id {
			case p.Seats[0]:
				diff, last = diff+1, 1
			case p.Seats[1]:
				diff, last = diff-1, 2
			}
		}
	}
	return diff, last
}
