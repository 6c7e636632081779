package hexemergo

import (
	"bytes"
	"math/rand/v2"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"text/template/parse"

	"github.com/pbmgo/pbm/engine"
)

// TestBoardLines plays random games and checks at every position that
// the board's lines write what Board writes, that the lines of the
// drawing hold no English words and that every sentence is a defined
// message whose data fill its placeholders.
func TestBoardLines(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 8
	}
	seen := map[string]bool{}
	for g := range games {
		r := rand.New(rand.NewPCG(uint64(g), 29))
		s := newState(g%2 == 1)
		names := [][]string{{"alice", "bob"}, nil, {"jana", ""}}[g%3]
		for ply := 0; ; ply++ {
			checkBoardLines(t, s, names, seen)
			if s.over {
				break
			}
			if r.IntN(200) == 0 {
				s.Resign(r.IntN(2))
				continue
			}
			if _, err := s.Play(s.legal[r.IntN(len(s.legal))]); err != nil {
				t.Fatalf("game %d ply %d: %v", g, ply, err)
			}
		}
	}
	// A draw by repetition.
	s := setup(t, white, 0, 0, "A1:O G7:X")
	for range 2 {
		for _, m := range []string{"A1-A2", "G7-G6", "A2-A1", "G6-G7"} {
			checkBoardLines(t, s, []string{"jana", "petr"}, seen)
			mustPlay(t, s, m)
		}
	}
	checkBoardLines(t, s, []string{"jana", "petr"}, seen)
	if !s.over || len(s.winners) != 0 {
		t.Fatalf("no draw: %v", s.Result())
	}
	for _, code := range []string{"BoardHexemergoInHand", "BoardHexemergoLastMove", "BoardHexemergoToMove", "BoardHexemergoOver", "BoardHexemergoWon"} {
		if !seen[code] {
			t.Errorf("message %s never seen", code)
		}
	}
}

// word is a run of three letters or more: no line of the drawing has
// one (cells, columns and line labels are a letter and digits).
var word = regexp.MustCompile(`[A-Za-z]{3,}`)

func checkBoardLines(t *testing.T, s *state, names []string, seen map[string]bool) {
	t.Helper()
	lines := s.BoardLines(names)
	var want, got bytes.Buffer
	s.Board(&want, names)
	engine.WriteLines(&got, lines)
	if got.String() != want.String() {
		t.Fatalf("WriteLines(BoardLines) differs from Board:\n%s\nwant:\n%s", got.String(), want.String())
	}
	defs := engine.Defined()
	for _, l := range lines {
		if l.Msg == nil {
			if w := word.FindString(l.Text); w != "" {
				t.Fatalf("the drawing's line %q has the word %q", l.Text, w)
			}
			continue
		}
		checkMsg(t, defs, l.Msg, seen)
	}
}

// checkMsg: the message is defined, its data fill exactly its
// placeholders, and the data are notation, numbers or messages.
func checkMsg(t *testing.T, defs map[string][2]string, r *engine.Refusal, seen map[string]bool) {
	t.Helper()
	d, ok := defs[r.Code]
	if !ok {
		t.Fatalf("message %s is not defined", r.Code)
	}
	seen[r.Code] = true
	var keys []string
	for k, v := range r.Args {
		keys = append(keys, k)
		switch v := v.(type) {
		case string, int, engine.List:
		case *engine.Refusal:
			checkMsg(t, defs, v, seen)
		default:
			t.Fatalf("%s.%s is a %T", r.Code, k, v)
		}
	}
	sort.Strings(keys)
	if want := placeholders(t, d[1]); !slices.Equal(keys, want) {
		t.Fatalf("%s has data %v, its text the placeholders %v", r.Code, keys, want)
	}
	if e := r.Error(); strings.Contains(e, "<no value>") || strings.Contains(e, "%!") {
		t.Fatalf("%s written %q", r.Code, e)
	}
}

// placeholders are the fields of a message's text, sorted, each once.
func placeholders(t *testing.T, text string) []string {
	t.Helper()
	trees, err := parse.Parse("m", text, "{{", "}}")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	var walk func(parse.Node)
	walk = func(n parse.Node) {
		switch n := n.(type) {
		case *parse.ListNode:
			for _, c := range n.Nodes {
				walk(c)
			}
		case *parse.ActionNode:
			walk(n.Pipe)
		case *parse.PipeNode:
			for _, c := range n.Cmds {
				walk(c)
			}
		case *parse.CommandNode:
			for _, a := range n.Args {
				walk(a)
			}
		case *parse.FieldNode:
			out = append(out, strings.Join(n.Ident, "."))
		}
	}
	for _, tr := range trees {
		walk(tr.Root)
	}
	sort.Strings(out)
	return slices.Compact(out)
}
