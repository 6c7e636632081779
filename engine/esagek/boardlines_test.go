package esagek

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

// TestBoardLines plays random games of every variant, with a seat
// resigning now and then, and checks the text board's lines at every
// position, with names and without.
func TestBoardLines(t *testing.T) {
	games := 3
	if testing.Short() {
		games = 1
	}
	for _, c := range playoutCases {
		t.Run(c.name, func(t *testing.T) {
			for g := range games {
				r := rand.New(rand.NewPCG(uint64(g), 29))
				st, err := Game{}.New(c.players, c.opts, uint64(g+1))
				if err != nil {
					t.Fatal(err)
				}
				names := make([]string, c.players)
				for i := range names {
					names[i] = fmt.Sprintf("p%d", i+1)
				}
				if g%3 == 1 {
					names[0] = strings.Repeat("averylongname", 3)
				}
				if g%3 == 2 {
					names = nil
				}
				for ply := 0; ply < defaultMaxTurns+10; ply++ {
					checkLines(t, fmt.Sprintf("game %d ply %d", g, ply), st, names)
					if st.ToMove() < 0 {
						break
					}
					if c.players > 1 && r.IntN(150) == 0 {
						_ = st.Resign(r.IntN(c.players))
						continue
					}
					legal := st.Legal()
					if _, err := st.Play(legal[r.IntN(len(legal))]); err != nil {
						t.Fatal(err)
					}
				}
			}
		})
	}
}
