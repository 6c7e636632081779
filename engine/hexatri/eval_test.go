package hexatri

import (
	"math"
	"math/rand/v2"
	"testing"
)

// leaderOf is the index of seat q's first leader.
func (s *state) leaderOf(q int) int {
	for i, p := range s.pieces {
		if p.owner == q && p.leader {
			return i
		}
	}
	return -1
}

// The evaluation sees a leader that the combat would remove: two pieces
// against a leader alone on its hexagon, or a leader on an entry
// triangle whose hexagon the enemy holds.
func TestEvaluateLeaderInDanger(t *testing.T) {
	calm := build(t, 2, nil, "D4:R2 A1:R* G4:B*")
	if d := calm.danger(1, calm.pieces[calm.leaderOf(1)].at); d != 0 {
		t.Errorf("danger of B's leader alone on G4: %.2f", d)
	}
	for _, spec := range []string{
		"D4:R2B* A1:R*",      // outnumbered on its hexagon
		"G1SW:B G1:R2 A1:R*", // encircled on an entry triangle
	} {
		s := build(t, 2, nil, spec)
		if d := s.danger(1, s.pieces[s.leaderOf(1)].at); d != evFalls {
			t.Errorf("%s: danger of B's leader %.2f, want %.2f", spec, d, evFalls)
		}
		if got, was := s.Evaluate()[0], calm.Evaluate()[0]; got < was+0.15 {
			t.Errorf("%s: R's value %.3f, in the calm position %.3f", spec, got, was)
		}
	}
}

// Pieces nearer the enemy leader, points, production and pieces on the
// board count for a seat.
func TestEvaluateProgress(t *testing.T) {
	for _, c := range []struct{ worse, better string }{
		{"A1:R* A2:R1 G4:B*", "A1:R* G3:R1 G4:B*"}, // a piece next to the enemy leader
		{"A1:R* G4:B*", "A1:R* G4:B* A1=3"},        // points to spend
		{"A1N:R G4:B*", "A1:R* G4:B*"},             // a hexagon that produces
		{"A1:R* G4:B*", "A1:R* A1N:r G4:B*"},       // a piece entered
	} {
		w, b := build(t, 2, nil, c.worse), build(t, 2, nil, c.better)
		if w.Evaluate()[0] >= b.Evaluate()[0] {
			t.Errorf("R's value %.3f in %q is not below %.3f in %q", w.Evaluate()[0], c.worse, b.Evaluate()[0], c.better)
		}
	}
}

// Two leaders alone on one hexagon with no points anywhere can never
// move again: the position is dead and scores below a draw for both.
// A hexagon held alone, a leader with a piece beside it or a leader on
// a triangle keeps a game alive.
func TestEvaluateDead(t *testing.T) {
	s := build(t, 2, nil, "G1:R*B* G2SE:b E3N:r")
	if !s.dead() {
		t.Fatal("two pinned leaders and no points: not dead")
	}
	for q, v := range s.Evaluate() {
		if want := 0.5 - evDead; math.Abs(v-want) > 1e-9 {
			t.Errorf("seat %d: %.3f in a dead position, want %.3f", q, v, want)
		}
	}
	for _, spec := range []string{"G1:R*B* E3:R1", "G1:R1*B*", "G1SW:R G1:B*"} {
		if build(t, 2, nil, spec).dead() {
			t.Errorf("%s: dead", spec)
		}
	}
}

// Along random games the values lie in [0, 1] and add up to 1 (less
// twice evDead in a dead position).
func TestEvaluateRange(t *testing.T) {
	for _, players := range []int{2, 3} {
		for seed := uint64(1); seed <= 4; seed++ {
			es, err := Game{}.New(players, nil, seed)
			if err != nil {
				t.Fatal(err)
			}
			s := es.(*state)
			r := rand.New(rand.NewPCG(seed, 3))
			for ply := 0; !s.res.Over && ply < 3000; ply++ {
				v := s.Evaluate()
				sum := 0.0
				for _, x := range v {
					if x < 0 || x > 1 || math.IsNaN(x) {
						t.Fatalf("%d players, seed %d, ply %d: value %v", players, seed, ply, v)
					}
					sum += x
				}
				want := 1.0
				if s.dead() {
					want -= float64(s.active()) * evDead
				}
				if math.Abs(sum-want) > 1e-9 {
					t.Fatalf("%d players, seed %d, ply %d: values %v add up to %.6f, want %.6f", players, seed, ply, v, sum, want)
				}
				l := s.Legal()
				if _, err := s.Play(l[r.IntN(len(l))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
