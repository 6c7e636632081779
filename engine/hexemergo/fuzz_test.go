package hexemergo

import (
	"slices"
	"testing"
)

// FuzzPlay plays legal moves chosen by the fuzz bytes, then feeds an
// arbitrary string to Play: it must not panic, and a refused string
// must leave the board unchanged.
func FuzzPlay(f *testing.F) {
	f.Add([]byte{}, false, "D4")
	f.Add([]byte{0, 1, 2, 3}, false, "a1xa3")
	f.Add([]byte{5, 9, 200, 7, 7, 7, 1, 0, 3}, false, "E7xE5xE3")
	f.Add([]byte{1, 2, 3}, true, "e4-d4")
	f.Add([]byte{9, 9, 9, 9, 9, 9, 9, 9}, true, "D4--D5")
	f.Add([]byte{4}, true, "x-x-")
	f.Add([]byte{}, false, "\xff\xfe")
	f.Add([]byte{2, 2}, false, "G7xG7xG7xG7xG7xG7xG7xG7xG7xG7xG7xG7xG7xG7xG7xG7xG7")
	f.Fuzz(func(t *testing.T, choices []byte, alternate bool, input string) {
		opts := map[string]string{}
		if alternate {
			opts["alternate"] = ""
		}
		st, err := Game{}.New(2, opts, 1)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*state)
		for _, b := range choices {
			if s.over {
				break
			}
			legal := s.Legal()
			mustPlay(t, s, legal[int(b)%len(legal)])
		}
		before := boardText(s)
		beforeLegal := s.Legal()
		beforeHist := len(s.hist)
		got, err := s.Play(input)
		if err != nil {
			if err.Error() == "" {
				t.Error("empty error text")
			}
			if boardText(s) != before || len(s.hist) != beforeHist || len(s.Legal()) != len(beforeLegal) {
				t.Errorf("refused %q changed the state", input)
			}
			return
		}
		if !slices.Contains(beforeLegal, got) {
			t.Errorf("%q accepted as %q, not in %v", input, got, beforeLegal)
		}
	})
}
