// Package picturetest plays seeded positions for picture tests and
// compares descriptions with golden files.
package picturetest

import (
	"flag"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/enginetest"
	"github.com/pbmgo/pbm/engine/picture"
)

// The -update flag is enginetest's.
var _ = enginetest.Long

// Play starts a board and plays random legal moves drawn from seed until
// stop says so (after each move, and before the first), the game ends or
// plies moves are made. It returns the position and its move log.
func Play(t testing.TB, g engine.Game, players int, opts map[string]string, seed uint64, plies int, stop func(engine.State) bool) (engine.State, []string) {
	t.Helper()
	s, err := g.New(players, opts, seed)
	if err != nil {
		t.Fatalf("%s: new: %v", g.Name(), err)
	}
	r := rand.New(rand.NewPCG(seed, 7))
	var log []string
	for i := 0; i < plies && s.ToMove() >= 0; i++ {
		if stop != nil && stop(s) {
			break
		}
		legal := s.Legal()
		if len(legal) == 0 {
			break
		}
		m, err := s.Play(legal[r.IntN(len(legal))])
		if err != nil {
			t.Fatalf("%s: play: %v", g.Name(), err)
		}
		log = append(log, m)
	}
	return s, log
}

// Describe returns the picture of s, failing the test when the engine
// has none.
func Describe(t testing.TB, s engine.State) picture.Picture {
	t.Helper()
	src, ok := s.(picture.Source)
	if !ok {
		t.Fatalf("%T does not describe its position", s)
	}
	return src.Picture()
}

// Golden compares got with testdata/name, or rewrites it under -update.
func Golden(t testing.TB, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
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

// Check verifies what every picture owes its drawing: cells named once
// each, sizes positive, no two cells overlapping (their centres are at
// least the sum of their inner radii apart), every seat's colour in the
// palette and pieces owned by a seat or neutral.
func Check(t testing.TB, p picture.Picture) {
	t.Helper()
	seen := map[string]bool{}
	for i, c := range p.Cells {
		if c.Name == "" || seen[c.Name] {
			t.Errorf("cell %d: name %q empty or twice", i, c.Name)
		}
		seen[c.Name] = true
		if c.Size <= 0 {
			t.Errorf("cell %s: size %v", c.Name, c.Size)
		}
		for _, pc := range c.Pieces {
			if pc.Seat < -1 || pc.Seat >= len(p.Seats) || pc.Count < 1 {
				t.Errorf("cell %s: piece %+v", c.Name, pc)
			}
			if len(pc.Layers) > 0 && len(pc.Layers) != pc.Count {
				t.Errorf("cell %s: %d layers for %d men", c.Name, len(pc.Layers), pc.Count)
			}
		}
	}
	for i := range p.Cells {
		for j := i + 1; j < len(p.Cells); j++ {
			a, b := p.Cells[i], p.Cells[j]
			d := math.Hypot(a.Centre.X-b.Centre.X, a.Centre.Y-b.Centre.Y)
			if d < inner(a)+inner(b)-1e-6 {
				t.Errorf("cells %s and %s overlap: centres %.3f apart", a.Name, b.Name, d)
			}
		}
	}
	colours := map[string]bool{}
	for i, s := range p.Seats {
		if _, ok := picture.Palette[s.Colour]; !ok {
			t.Errorf("seat %d: colour %q not in the palette", i, s.Colour)
		}
		if colours[s.Colour] {
			t.Errorf("seat %d: colour %q used twice", i, s.Colour)
		}
		colours[s.Colour] = true
		if s.Letter == "" {
			t.Errorf("seat %d: no letter", i)
		}
	}
	if p.ToMove < -1 || p.ToMove >= len(p.Seats) {
		t.Errorf("to move %d of %d seats", p.ToMove, len(p.Seats))
	}
}

// inner is the radius of the circle inside a cell's outline.
func inner(c picture.Cell) float64 {
	if c.Shape == picture.TriUp || c.Shape == picture.TriDown {
		return c.Size / 2
	}
	return c.Size * math.Sqrt(3) / 2
}

// Messages verifies that a picture's words are its messages' English,
// so that a reader of another language is told the same: the status,
// every seat's note and colour word and every line of the key have a
// message whose Error is the text exactly.
func Messages(t testing.TB, p picture.Picture) {
	t.Helper()
	switch {
	case p.StatusMsg == nil:
		t.Errorf("status %q has no message", p.Status)
	case p.StatusMsg.Error() != p.Status:
		t.Errorf("status %q, its message %q", p.Status, p.StatusMsg.Error())
	}
	for i, s := range p.Seats {
		switch {
		case s.NoteMsg == nil:
			t.Errorf("seat %d: note %q has no message", i, s.Note)
		case s.NoteMsg.Error() != s.Note:
			t.Errorf("seat %d: note %q, its message %q", i, s.Note, s.NoteMsg.Error())
		}
		switch {
		case s.ColourMsg == nil:
			t.Errorf("seat %d: colour %q has no message", i, s.Colour)
		case s.ColourMsg.Error() != s.Colour:
			t.Errorf("seat %d: colour %q, its message %q", i, s.Colour, s.ColourMsg.Error())
		}
	}
	for _, k := range p.Key {
		switch {
		case k.Msg == nil:
			t.Errorf("key %s: %q has no message", k.Terrain, k.Name)
		case k.Msg.Error() != k.Name:
			t.Errorf("key %s: %q, its message %q", k.Terrain, k.Name, k.Msg.Error())
		}
	}
}

// PlayOut plays seeded games of g to their end, or plies moves,
// checking Messages on the picture before every move and after the
// last, and returns how many pictures it checked and how many of the
// games ended.
func PlayOut(t testing.TB, g engine.Game, players int, opts map[string]string, seeds []uint64, plies int) (pictures, ended int) {
	t.Helper()
	for _, seed := range seeds {
		st, _ := Play(t, g, players, opts, seed, plies, func(s engine.State) bool {
			Messages(t, Describe(t, s))
			pictures++
			return false
		})
		Messages(t, Describe(t, st))
		pictures++
		if st.Result().Over {
			ended++
		}
	}
	return pictures, ended
}

// Setup is one way to set up a game: its number of players and its
// options.
type Setup struct {
	Players int
	Opts    map[string]string
}

// WordsAreMessages checks, for each setup of g, that every word of
// every picture is its message's English (Messages) in seeded games
// played out, of which at least one must end, and after a resignation,
// whose end must have a message. A setup whose game has no seat to
// resign (a patience for one player) is played out only.
func WordsAreMessages(t *testing.T, g engine.Game, setups []Setup) {
	t.Helper()
	for _, run := range setups {
		pictures, ended := PlayOut(t, g, run.Players, run.Opts, []uint64{1, 2, 3}, 2000)
		if ended == 0 {
			t.Errorf("%d players %v: no game ended in %d pictures", run.Players, run.Opts, pictures)
		}
		if run.Players < 2 {
			continue
		}
		st, _ := Play(t, g, run.Players, run.Opts, 4, 6, nil)
		if err := st.Resign(st.ToMove()); err != nil {
			t.Fatalf("%d players %v: resign: %v", run.Players, run.Opts, err)
		}
		p := Describe(t, st)
		Messages(t, p)
		if st.Result().Over && p.StatusMsg == nil {
			t.Errorf("%d players %v: the end after a resignation has no message", run.Players, run.Opts)
		}
	}
}
