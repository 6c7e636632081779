package esagek

import (
	"testing"
)

// fuzzSetups are the games FuzzPlay starts, picked by the first byte.
var fuzzSetups = []struct {
	players int
	opts    map[string]string
}{
	{2, nil},
	{2, map[string]string{"home": ""}},
	{2, map[string]string{"invasion": ""}},
	{5, map[string]string{"invasion": ""}},
	{3, map[string]string{"surrounder": ""}},
	{6, map[string]string{"surrounder": ""}},
	{1, map[string]string{"alone": ""}},
	{1, map[string]string{"alone": "", "setup": "M1,M2,M3,M4,M5,M6,A4"}},
}

// FuzzPlay plays legal moves chosen by the fuzz bytes, then feeds an
// arbitrary string to Play: no panic, and a refusal changes nothing.
func FuzzPlay(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3}, "M1xA1xM4")
	f.Add([]byte{2, 9, 9, 9, 9, 9}, "a4~m1")
	f.Add([]byte{4, 0, 0, 0, 0}, "M1")
	f.Add([]byte{6, 1}, "m1x")
	f.Add([]byte{7}, "A+!")
	f.Add([]byte{1, 5, 5}, "x\x00-")
	f.Add([]byte{3, 200, 100, 50, 25}, "B4-C1!!")
	f.Fuzz(func(t *testing.T, picks []byte, in string) {
		if len(picks) == 0 {
			return
		}
		c := fuzzSetups[int(picks[0])%len(fuzzSetups)]
		st, err := Game{}.New(c.players, c.opts, uint64(picks[0]))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*state)
		for _, p := range picks[1:] {
			l := s.Legal()
			if len(l) == 0 {
				break
			}
			if _, err := s.Play(l[int(p)%len(l)]); err != nil {
				t.Fatalf("legal move refused: %v", err)
			}
		}
		before := snapshot(s)
		got, err := s.Play(in)
		if err != nil {
			if snapshot(s) != before {
				t.Fatalf("refused %q changed the state", in)
			}
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		if got == "" {
			t.Fatalf("%q accepted as an empty move", in)
		}
	})
}
