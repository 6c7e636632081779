// Package enginetest holds the checks every game engine owes the seam:
// seeded random play-outs that verify the State contract, and golden
// files for boards. Engine packages call it from their own tests.
package enginetest

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
)

var update = flag.Bool("update", false, "rewrite golden files")

// long is set by the -long test flag.
var long = flag.Bool("long", false, "run long random play-outs")

// Long reports whether the test run asked for long play-outs.
func Long() bool { return *long }

// Playout describes a run of random games of one game and seat count.
type Playout struct {
	Game    engine.Game
	Players int
	Opts    map[string]string
	// MaxPlies bounds one game; a game still running after it fails
	// the test. Every game must end by its own rules first.
	MaxPlies int
	// Invariant is checked after every move; nil checks nothing more.
	Invariant func(engine.State) error
	// NearMisses returns strings that look like moves but must be
	// refused now (legal is the sorted Legal() list). Optional.
	NearMisses func(s engine.State, legal []string, r *rand.Rand) []string
	// CheckAllLegal plays every move of Legal() on a clone, not just
	// the one chosen. It is slower; use it where Legal is short.
	CheckAllLegal bool
}

// Run plays games with seeds seed, seed+1, ... and returns the number
// of plies played. It checks after every move: Play accepts the chosen
// Legal move and returns it canonically; refused moves leave the board
// unchanged; Clone is independent; the same seed replays to the same
// board; the game ends within MaxPlies.
func (p Playout) Run(t testing.TB, seed uint64, games int) int {
	t.Helper()
	plies := 0
	for g := 0; g < games; g++ {
		n, err := p.one(seed + uint64(g))
		plies += n
		if err != nil {
			t.Fatalf("%s %d players seed %d: %v", p.Game.Name(), p.Players, seed+uint64(g), err)
		}
	}
	return plies
}

func render(s engine.State, players int) string {
	names := make([]string, players)
	for i := range names {
		names[i] = fmt.Sprintf("p%d", i+1)
	}
	var b bytes.Buffer
	s.Board(&b, names)
	return b.String()
}

func (p Playout) one(seed uint64) (int, error) {
	s, err := p.Game.New(p.Players, p.Opts, seed)
	if err != nil {
		return 0, fmt.Errorf("new: %w", err)
	}
	again, err := p.Game.New(p.Players, p.Opts, seed)
	if err != nil {
		return 0, fmt.Errorf("second new: %w", err)
	}
	if a, b := render(s, p.Players), render(again, p.Players); a != b {
		return 0, fmt.Errorf("same seed gave two boards:\n%s\n%s", a, b)
	}
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	var log []string
	for ply := 0; ; ply++ {
		if p.Invariant != nil {
			if err := p.Invariant(s); err != nil {
				return ply, fmt.Errorf("after %q: %w", log, err)
			}
		}
		res := s.Result()
		legal := s.Legal()
		if res.Over {
			if s.ToMove() != -1 {
				return ply, fmt.Errorf("game over but ToMove=%d", s.ToMove())
			}
			if len(legal) != 0 {
				return ply, fmt.Errorf("game over but %d legal moves", len(legal))
			}
			for _, w := range res.Winners {
				if w < 0 || w >= p.Players {
					return ply, fmt.Errorf("winner seat %d out of range", w)
				}
			}
			// Replaying the log from the seed gives the same board.
			re, _ := p.Game.New(p.Players, p.Opts, seed)
			for _, m := range log {
				if _, err := re.Play(m); err != nil {
					return ply, fmt.Errorf("replay of %q refused: %v", m, err)
				}
			}
			if a, b := render(s, p.Players), render(re, p.Players); a != b {
				return ply, fmt.Errorf("replay differs")
			}
			return ply, nil
		}
		if ply >= p.MaxPlies {
			return ply, fmt.Errorf("no end after %d plies", ply)
		}
		if s.ToMove() < 0 || s.ToMove() >= p.Players {
			return ply, fmt.Errorf("ToMove=%d while not over", s.ToMove())
		}
		if len(legal) == 0 {
			return ply, fmt.Errorf("no legal move while not over (seat %d)", s.ToMove())
		}
		if !slices.IsSorted(legal) {
			return ply, fmt.Errorf("Legal() not sorted")
		}
		before := render(s, p.Players)
		if p.CheckAllLegal {
			for _, m := range legal {
				c := s.Clone()
				if got, err := c.Play(m); err != nil || got != m {
					return ply, fmt.Errorf("legal %q: got %q, %v", m, got, err)
				}
			}
		}
		if p.NearMisses != nil {
			for _, m := range p.NearMisses(s, legal, r) {
				if _, found := slices.BinarySearch(legal, m); found {
					continue
				}
				if got, err := s.Play(m); err == nil {
					return ply, fmt.Errorf("near-miss %q accepted as %q; legal: %v", m, got, legal)
				}
				if after := render(s, p.Players); after != before {
					return ply, fmt.Errorf("refused %q changed the board", m)
				}
			}
		}
		m := legal[r.IntN(len(legal))]
		c := s.Clone()
		got, err := s.Play(m)
		if err != nil {
			return ply, fmt.Errorf("legal move %q refused: %v", m, err)
		}
		if got != m {
			return ply, fmt.Errorf("legal move %q came back as %q", m, got)
		}
		if render(c, p.Players) != before {
			return ply, fmt.Errorf("Play changed a clone")
		}
		log = append(log, m)
	}
}

// Golden compares got with the file testdata/<name>; with -update it
// writes the file instead. It also checks that no line is longer than
// 79 columns or ends in a space.
func Golden(t testing.TB, name, got string) {
	t.Helper()
	for i, line := range strings.Split(got, "\n") {
		if n := len([]rune(line)); n > 79 {
			t.Errorf("%s line %d has %d columns: %q", name, i+1, n, line)
		}
		if strings.HasSuffix(line, " ") {
			t.Errorf("%s line %d ends in a space: %q", name, i+1, line)
		}
	}
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the golden file:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}
