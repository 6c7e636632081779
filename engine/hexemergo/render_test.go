package hexemergo

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/enginetest"
)

func render(s engine.State, names ...string) string {
	var b bytes.Buffer
	s.Board(&b, names)
	return b.String()
}

func TestGoldenStart(t *testing.T) {
	s, _ := Game{}.New(2, nil, 1)
	enginetest.Golden(t, "start.golden", render(s, "alice", "bob"))
}

func TestGoldenAlternate(t *testing.T) {
	s, _ := Game{}.New(2, map[string]string{"alternate": ""}, 1)
	enginetest.Golden(t, "alternate.golden", render(s, "alice", "bob"))
}

func TestGoldenMidgame(t *testing.T) {
	// Forty random plies from a fixed seed: entries, captures, columns.
	s, _ := Game{}.New(2, nil, 1)
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 40 && !s.Result().Over; i++ {
		legal := s.Legal()
		if _, err := s.Play(legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	got := render(s, "alice", "bob")
	if !strings.Contains(got, ": ") {
		t.Fatalf("no column taller than 1 in the mid-game board:\n%s", got)
	}
	enginetest.Golden(t, "midgame.golden", got)
}

func TestGoldenTallColumns(t *testing.T) {
	// Tall columns at the right ends of rows A to D, next to the line
	// labels, keep the grid aligned.
	s := setup(t, black, 0, 0,
		"A4:XOOOOOOOOOOO B5:OXXXXXXXXXX C6:XX D7:OX C5:O G4:X")
	enginetest.Golden(t, "tall.golden", render(s, "alice", "bob"))
}

func TestGoldenOver(t *testing.T) {
	s := setup(t, white, 0, 0, "D2:O D3:XO E6:OXX")
	mustPlay(t, s, "D2xD4")
	enginetest.Golden(t, "over.golden", render(s, "alice", "bob"))
	s = setup(t, white, 0, 0, "A1:O G7:X")
	s.Resign(white)
	enginetest.Golden(t, "resigned.golden", render(s, "alice", "bob"))
}

func TestBoardLongNames(t *testing.T) {
	s, _ := Game{}.New(2, nil, 1)
	got := render(s, strings.Repeat("w", 200), "b\x1b[31m")
	for _, line := range strings.Split(got, "\n") {
		if len([]rune(line)) > 79 || strings.HasSuffix(line, " ") {
			t.Errorf("line %q", line)
		}
	}
	if strings.Contains(got, "\x1b") {
		t.Error("control character in the board")
	}
	// Missing names do not panic.
	if got := render(s); !strings.Contains(got, "Ohs (?)") {
		t.Errorf("no names:\n%s", got)
	}
}
