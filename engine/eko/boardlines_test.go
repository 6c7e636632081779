package eko

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

// TestBoardLines plays random games of every size, with and without
// -direct, with marches and resignations, and checks at every position
// that the board's lines write what Board writes, that the lines of
// the map hold no English words and that every sentence is a defined
// message whose data fill its placeholders.
func TestBoardLines(t *testing.T) {
	games := 3
	if testing.Short() {
		games = 1
	}
	seen := map[string]bool{}
	for players := 2; players <= 4; players++ {
		for g := range 2 * games {
			opts := map[string]string{}
			if g%2 == 1 {
				opts["direct"] = ""
			}
			seed := uint64(100*players + g)
			st, err := Game{}.New(players, opts, seed)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*state)
			r := rand.New(rand.NewPCG(seed, 29))
			names := [][]string{{"alice", "bob", "carol", "dave"}, nil, {"a very long userid indeed", ""}}[g%3]
			for ply := 0; ; ply++ {
				checkBoardLines(t, s, names, seen)
				if s.over {
					break
				}
				switch {
				case r.IntN(150) == 0:
					if err := s.Resign(s.toMove); err != nil {
						t.Fatal(err)
					}
				case len(s.swaps) == 0 && r.IntN(2) == 0:
					m, _ := randomTurn(t, s, r)
					if _, err := s.Play(m); err != nil {
						t.Fatalf("%d players game %d ply %d: %s: %v", players, g, ply, m, err)
					}
				default:
					s.PlayRandom(r.IntN)
				}
			}
		}
	}
	for _, code := range engine.DefinedCodes() {
		if strings.HasPrefix(code, "BoardEko") && !seen[code] {
			t.Errorf("message %s never seen", code)
		}
	}
}

// word is a run of three letters or more: no line of the map has one
// (tokens are a letter or two and digits: a3, [b1r], {C}, ##).
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
