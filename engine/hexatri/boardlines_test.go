package hexatri

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
)

// proseRE is a run of three lower-case words of two letters or more:
// a piece of an English sentence, which no line of the drawing has.
var proseRE = regexp.MustCompile(`(^|\s)[a-z]{2,}[,.;:]?\s+[a-z]{2,}[,.;:]?\s+[a-z]{2,}([,.;:]|\s|$)`)

// checkLines checks the lines of a text board: Board writes exactly
// their English, a text line holds no sentence, and every message (and
// every message inside one) is defined, with data that is data.
func checkLines(t *testing.T, what string, s engine.State, names []string) {
	t.Helper()
	tb, ok := s.(engine.TextBoard)
	if !ok {
		t.Fatalf("%T is no engine.TextBoard", s)
	}
	lines := tb.BoardLines(names)
	var board, written bytes.Buffer
	s.Board(&board, names)
	engine.WriteLines(&written, lines)
	if board.String() != written.String() {
		t.Fatalf("%s: Board writes\n%s\nWriteLines(BoardLines) writes\n%s", what, board.String(), written.String())
	}
	defs := engine.Defined()
	var checkMsg func(r *engine.Refusal)
	checkMsg = func(r *engine.Refusal) {
		if _, ok := defs[r.Code]; !ok {
			t.Fatalf("%s: message %s is not defined", what, r.Code)
		}
		for k, v := range r.Args {
			switch v := v.(type) {
			case string, int, engine.List:
			case *engine.Refusal:
				checkMsg(v)
			default:
				t.Fatalf("%s: %s.%s is a %T", what, r.Code, k, v)
			}
		}
	}
	for _, l := range lines {
		if l.Msg != nil {
			if l.Text != "" {
				t.Fatalf("%s: a line with both a message and a text %q", what, l.Text)
			}
			checkMsg(l.Msg)
			continue
		}
		if proseRE.MatchString(l.Text) {
			t.Fatalf("%s: the text line %q holds a sentence", what, l.Text)
		}
	}
}

// TestBoardLines plays random games of several variants, with a seat
// resigning now and then, and checks the text board's lines at every
// position (shots, regroupings, blockades, captures and battles among
// them), with names, a long name and none.
func TestBoardLines(t *testing.T) {
	sets := append(append([]map[string]string{}, variantSets...),
		map[string]string{"shoot": "", "regroup": "", "blockade": "", "capture": "", "firstblood": "", "rounds": "12"},
		map[string]string{"size": "2", "shoot1hex": "", "regroup": "", "cloner": "", "capture": "", "rounds": "12", "startpoints": ""})
	games := 4
	if testing.Short() {
		games = 2
	}
	seen := map[string]bool{}
	for si, o := range sets {
		for g := range games {
			players := 2 + (g+si)%5
			r := rand.New(rand.NewPCG(uint64(g), uint64(si)))
			st, err := Game{}.New(players, o, uint64(g+1))
			if err != nil {
				t.Fatal(err)
			}
			names := make([]string, players)
			for i := range names {
				names[i] = fmt.Sprintf("p%d", i+1)
			}
			if g%3 == 1 {
				names[0] = strings.Repeat("averylongname", 3)
			}
			if g%3 == 2 {
				names = nil
			}
			for ply := 0; ply < 2000; ply++ {
				what := fmt.Sprintf("options %v, %d players, game %d, ply %d", o, players, g, ply)
				checkLines(t, what, st, names)
				for _, l := range st.(engine.TextBoard).BoardLines(names) {
					if l.Msg != nil {
						seen[l.Msg.Code] = true
					}
				}
				if st.ToMove() < 0 {
					break
				}
				if r.IntN(300) == 0 {
					_ = st.Resign(r.IntN(players))
					continue
				}
				if _, err := st.Play(eagerPick(st.Legal(), r)); err != nil {
					t.Fatalf("%s: %v", what, err)
				}
			}
		}
	}
	t.Logf("%d messages of lines seen", len(seen))
}
