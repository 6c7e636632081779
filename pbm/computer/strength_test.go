package computer

import (
	"os"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
)

func only(v variant) bool {
	f := os.Getenv("COMPUTER_ONLY")
	return f == "" || strings.Contains(v.name, f)
}

// games is how many games each match of the strength tests plays:
// few in the normal run, many with -computer.long.
func games(short, long_ int) int {
	if *long {
		return long_
	}
	return short
}

// TestStrength plays normal against a uniformly random player and
// against a one-ply greedy player in every game and variant for two,
// changing seats each game: normal must score at least 90% against
// random and 70% against greedy. The short run plays 4 games of each
// (2 could only show 0, 50 or 100%).
func TestStrength(t *testing.T) {
	if testing.Short() {
		t.Skip("strength matches are slow; run without -short")
	}
	for _, v := range twoSeat {
		if !only(v) {
			continue
		}
		t.Run(v.name, func(t *testing.T) {
			n := games(4, 20)
			got, line := duel(t, v, bot{Normal}, random{}, n, 11)
			t.Log(line)
			if got < 0.9 {
				t.Errorf("%s", line)
			}
			got, line = duel(t, v, bot{Normal}, greedy{}, n, 23)
			t.Log(line)
			if got < 0.7 {
				t.Errorf("%s", line)
			}
		})
	}
}

// TestHardBeatsNormal: hard scores more than half against normal.
func TestHardBeatsNormal(t *testing.T) {
	if testing.Short() || !*long {
		t.Skip("hard against normal runs with -computer.long")
	}
	for _, v := range twoSeat {
		if !only(v) {
			continue
		}
		got, line := duel(t, v, bot{Hard}, bot{Normal}, games(2, 10), 37)
		t.Log(line)
		if got <= 0.5 {
			t.Errorf("%s", line)
		}
	}
}

// TestMultiSeat: the computer in one seat against random players
// finishes first in most games.
func TestMultiSeat(t *testing.T) {
	if testing.Short() {
		t.Skip("strength matches are slow; run without -short")
	}
	for _, v := range multiSeat {
		if !only(v) {
			continue
		}
		n := games(2, 12)
		first := 0.0
		for g := range n {
			seats := make([]policy, v.players)
			for i := range seats {
				seats[i] = random{}
			}
			me := g % v.players
			seats[me] = bot{Normal}
			first += score(play(t, v, seats, 51+uint64(g)), me, v.players)
		}
		t.Logf("%s: normal in one seat against %d random players: first in %.1f of %d games", v.name, v.players-1, first, n)
		if first <= float64(n)/2 {
			t.Errorf("%s: first in %.1f of %d games", v.name, first, n)
		}
	}
}

// TestAlone: in Esagek Alone the computer's mean score beats random
// play's clearly.
func TestAlone(t *testing.T) {
	if testing.Short() {
		t.Skip("strength matches are slow; run without -short")
	}
	n := games(2, 10)
	var mine, theirs float64
	for g := range n {
		mine += aloneScore(play(t, alone, []policy{bot{Normal}}, 71+uint64(g)))
		theirs += aloneScore(play(t, alone, []policy{random{}}, 71+uint64(g)))
	}
	t.Logf("esagek-alone: mean score %.1f for normal, %.1f for random play over %d games", mine/float64(n), theirs/float64(n), n)
	if mine <= theirs*1.2 {
		t.Errorf("normal's mean score %.1f is not clearly above random's %.1f", mine/float64(n), theirs/float64(n))
	}
}

// aloneScore is the score of a finished game for one.
func aloneScore(r engine.Result) float64 {
	if len(r.Scores) == 0 {
		return 0
	}
	return float64(r.Scores[0])
}
