package tournament

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/pbmgo/pbm/engine"
)

// Points scores a finished board for each seat: the share of the
// other seats it finished ahead of, a tie counting half. With two
// seats that is 1 for a win, ½ for a draw and 0 for a loss; with more,
// a winner alone scores 1, the last 0, and places between score
// between. Winners finish ahead of everyone else; among the rest (and
// among several winners) a game that keeps a score orders them by it;
// a drawn game ties every seat.
func Points(res engine.Result, seats int) []float64 {
	pts := make([]float64, seats)
	if seats < 2 {
		return pts
	}
	key := make([][2]int, seats)
	for s := range seats {
		if res.Draw() {
			continue
		}
		if slices.Contains(res.Winners, s) {
			key[s][0] = 1
		}
		if s < len(res.Scores) {
			key[s][1] = res.Scores[s]
		}
	}
	for s := range seats {
		for o := range seats {
			if o == s {
				continue
			}
			switch c := cmp.Or(cmp.Compare(key[s][0], key[o][0]), cmp.Compare(key[s][1], key[o][1])); {
			case c > 0:
				pts[s]++
			case c == 0:
				pts[s] += 0.5
			}
		}
		pts[s] /= float64(seats - 1)
	}
	return pts
}

// Standing is one line of the table.
type Standing struct {
	Rank   int
	ID     string
	Points float64
	// TieBreaks in the order they decide: Sonneborn-Berger for a round
	// robin; Buchholz, then median Buchholz, for Swiss; none otherwise.
	TieBreaks []float64
	Played    int // boards finished (byes not counted)
	Byes      int
}

// TieBreakNames names the tie-breaks of the format, in order.
func (t *Tournament) TieBreakNames() []string {
	switch t.Format {
	case RoundRobin:
		return []string{"SB"}
	case Swiss:
		return []string{"Buchholz", "Median"}
	}
	return nil
}

// Standings ranks the entrants by points, then by the format's
// tie-breaks, then by seed. Entrants level on all of them share a
// rank.
//
// Sonneborn-Berger: for each opponent met, the opponent's points times
// the result against them (1 beaten, ½ tied, 0 lost; at a board of
// more seats, divided by the other seats). Buchholz: the sum of the
// points of every opponent met (at a board of more seats, their mean),
// a bye counting 0; median Buchholz leaves out the highest and lowest
// of those, with three boards or more (FIDE Handbook C.07, 2.1 and
// 2.2, without the virtual opponent of byes).
func (t *Tournament) Standings() []Standing {
	total := map[string]float64{}
	played := map[string]int{}
	byes := map[string]int{}
	for _, rd := range t.Played {
		for _, p := range rd.Pairings {
			if !p.Done {
				continue
			}
			for s, id := range p.Seats {
				total[id] += p.Points[s]
				if p.Bye() {
					byes[id]++
				} else {
					played[id]++
				}
			}
		}
	}
	sb := map[string]float64{}
	opp := map[string][]float64{}
	for _, rd := range t.Played {
		for _, p := range rd.Pairings {
			if !p.Done || p.Bye() {
				continue
			}
			others := float64(len(p.Seats) - 1)
			for s, id := range p.Seats {
				var sum float64
				for o, oid := range p.Seats {
					if o == s {
						continue
					}
					sum += total[oid]
					switch {
					case p.Points[s] > p.Points[o]:
						sb[id] += total[oid] / others
					case p.Points[s] == p.Points[o]:
						sb[id] += total[oid] / others / 2
					}
				}
				opp[id] = append(opp[id], sum/others)
			}
		}
	}
	out := make([]Standing, len(t.Entrants))
	for i, e := range t.Entrants {
		st := Standing{ID: e.ID, Points: total[e.ID], Played: played[e.ID], Byes: byes[e.ID]}
		switch t.Format {
		case RoundRobin:
			st.TieBreaks = []float64{sb[e.ID]}
		case Swiss:
			o := slices.Clone(opp[e.ID])
			var bh, med float64
			for _, v := range o {
				bh += v
			}
			med = bh
			if len(o) >= 3 {
				med -= slices.Max(o) + slices.Min(o)
			}
			st.TieBreaks = []float64{bh, med}
		}
		out[i] = st
	}
	seed := func(id string) int { return t.seed(id) }
	order := func(a, b Standing) int {
		if c := cmp.Compare(b.Points, a.Points); c != 0 {
			return c
		}
		for k := range a.TieBreaks {
			if c := cmp.Compare(b.TieBreaks[k], a.TieBreaks[k]); c != 0 {
				return c
			}
		}
		return 0
	}
	slices.SortStableFunc(out, func(a, b Standing) int {
		return cmp.Or(order(a, b), cmp.Compare(seed(a.ID), seed(b.ID)))
	})
	for i := range out {
		out[i].Rank = i + 1
		if i > 0 && order(out[i-1], out[i]) == 0 {
			out[i].Rank = out[i-1].Rank
		}
	}
	return out
}

// met reports whether a and b sat at one board already.
func (t *Tournament) met(a, b string) bool {
	for _, rd := range t.Played {
		for _, p := range rd.Pairings {
			if slices.Contains(p.Seats, a) && slices.Contains(p.Seats, b) {
				return true
			}
		}
	}
	return false
}

// FormatPoints writes points as players read them: 1½, not 1.5.
func FormatPoints(v float64) string {
	whole := int(v)
	rest := v - float64(whole)
	switch {
	case rest < 0.001:
		return strconv.Itoa(whole)
	case rest > 0.499 && rest < 0.501:
		if whole == 0 {
			return "½"
		}
		return strconv.Itoa(whole) + "½"
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}
