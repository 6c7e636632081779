package hexatri

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// FuzzPlay starts a game, plays legal actions chosen by the fuzz bytes
// and then feeds an arbitrary string to Play: no panic, an unchanged
// board on a refusal, and an accepted action that Legal listed.
func FuzzPlay(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3}, "D4-D4N@D4")
	f.Add([]byte{1, 9, 9, 9, 9, 9, 9}, "L:IN:A1N!")
	f.Add([]byte{2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, "in:g4s")
	f.Add([]byte{3, 5, 4, 3, 2, 1, 0, 7, 7, 7}, "BLOCK:C3@D4,D4,E2")
	f.Add([]byte{4, 200, 100, 50, 25}, "SHOOT:D4N:B")
	f.Add([]byte{5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, "SHIFT:D4>C3")
	f.Add([]byte{6}, "C3N-C3-C3NE@C3")
	f.Add([]byte{7, 3, 3}, "L:D4-D4N@D4!")
	f.Add([]byte{0}, "@@@--::!!")
	f.Add([]byte{1, 2}, "SHOOT::")
	f.Add([]byte{2, 2}, "CLONE")
	f.Add([]byte{1, 0}, "L:IN:A1N!;PASS")
	f.Add([]byte{3, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7}, "BLOCK:D4@D4,D4,E2,PASS")
	f.Add([]byte{0, 5}, "PASS;PASS")
	f.Fuzz(func(t *testing.T, choices []byte, move string) {
		variants := []map[string]string{
			nil, opt("blockade", "startpoints"), opt("shoot", "regroup", "startpoints"),
			opt("capture", "freemove", "startpoints"), opt("cloner", "shoot1hex", "startpoints", "size=2"),
			opt("firstblood", "startpoints"), opt("startpoints", "pieces=2"), opt("size=4"),
		}
		k := 0
		if len(choices) > 0 {
			k = int(choices[0])
			choices = choices[1:]
		}
		players := 2 + k%5
		o := variants[k%len(variants)]
		if _, fb := o["firstblood"]; fb && players == 2 {
			players = 3
		}
		es, err := Game{}.New(players, o, uint64(k))
		if err != nil {
			t.Fatal(err)
		}
		s := es.(*state)
		for _, c := range choices {
			if s.res.Over {
				break
			}
			legal := s.Legal()
			if _, err := s.Play(legal[int(c)%len(legal)]); err != nil {
				t.Fatal(err)
			}
		}
		if s.res.Over {
			if _, err := s.Play(move); err == nil {
				t.Fatal("a move accepted after the end")
			}
			return
		}
		before := show(s)
		c := s.clone()
		legal := s.Legal()
		got, err := s.Play(move)
		if err != nil {
			if !sameState(c, s) || show(s) != before {
				t.Fatalf("refused %q changed the board", move)
			}
			return
		}
		// Each action accepted was listed by Legal at its place in the
		// turn, and the actions one by one in one turn give the same
		// board.
		if got == "PASS" {
			c.pass()
		} else {
			for _, part := range strings.Split(got, ";") {
				if part == "PASS" {
					break
				}
				if _, found := slices.BinarySearch(legal, part); !found {
					t.Fatalf("%q accepted as %q, and Legal did not list %s", move, got, part)
				}
				if _, err := c.act(part, c); err != nil {
					t.Fatalf("%q accepted as %q, but %s alone is refused: %v", move, got, part, err)
				}
				legal = c.Legal()
			}
			c.endTurn()
		}
		if show(c) != show(s) {
			t.Fatalf("%q and its parts %q give different boards", move, got)
		}
		if err := invariant(s); err != nil {
			t.Fatal(err)
		}
	})
}

// referenceSplit is splitActions as it reads in the rule book: each
// piece after a comma that can only be more of a payment list is
// joined to the action before it, one at a time. It costs n² on long
// turns; the fuzz target checks splitActions against it.
func referenceSplit(move string) ([]string, error) {
	if !strings.ContainsAny(move, ";, \t\r\n") {
		return []string{move}, nil
	}
	var raw []string
	var cur strings.Builder
	hard := true
	empty := fmt.Errorf("an empty action between separators in %q", shorten(move))
	flush := func() {
		if cur.Len() > 0 {
			raw = append(raw, cur.String())
			cur.Reset()
		}
	}
	for _, r := range move {
		switch {
		case r == ';' || r == ',':
			if cur.Len() == 0 && hard {
				return nil, empty
			}
			flush()
			hard = true
		case unicode.IsSpace(r):
			flush()
		default:
			cur.WriteRune(r)
			hard = false
		}
	}
	flush()
	if len(raw) == 0 {
		return []string{""}, nil
	}
	if hard {
		return nil, empty
	}
	parts := raw[:0]
	for _, p := range raw {
		if n := len(parts); n > 0 && !strings.ContainsAny(p, "-:@!") &&
			!strings.EqualFold(p, "PASS") && !strings.EqualFold(p, "CLONE") {
			u := strings.ToUpper(parts[n-1])
			if (strings.HasPrefix(u, "BLOCK:") || strings.HasPrefix(u, "SHOOT:")) && strings.Contains(u, "@") {
				parts[n-1] += "," + p
				continue
			}
		}
		parts = append(parts, p)
	}
	return parts, nil
}

// FuzzSplitActions: a turn is cut into the same actions as by joining
// each piece after a comma to a payment list one at a time, and a long
// payment list stays one action.
func FuzzSplitActions(f *testing.F) {
	f.Add("BLOCK:C3@D4,D4,E2")
	f.Add("SHOOT:C3:B@D4*4,E4*2 D4-D4N@D4")
	f.Add("BLOCK:C3@D4,D4, E2;PASS")
	f.Add("block:c3@d4,pass")
	f.Add("ſhoot:c3@d4,d4,clone")
	f.Add("x,,y")
	f.Add(" , ")
	f.Fuzz(func(t *testing.T, move string) {
		got, gerr := splitActions(move)
		want, werr := referenceSplit(move)
		if (gerr == nil) != (werr == nil) || !slices.Equal(got, want) {
			t.Fatalf("%q: split as %q (%v), want %q (%v)", move, got, gerr, want, werr)
		}
	})
}
