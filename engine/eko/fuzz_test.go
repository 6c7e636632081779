package eko

import (
	"strings"
	"testing"
)

func FuzzPlay(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4}, "G4-E7;R:E7:3")
	f.Add([]byte{1, 9, 9, 9, 200, 17}, "B:E4:T:F5;MARCH;A1-A2;R:NONE")
	f.Add([]byte{2, 0, 0, 0, 0}, "SWAP:A1:A1")
	f.Add([]byte{0}, "noswap")
	f.Add([]byte{1, 5, 5, 5, 5, 5, 5, 5}, "R:NONE;;;")
	f.Add([]byte{2, 3, 1, 4, 1, 5, 9, 2, 6}, "B:A1:K:Z99")
	f.Add([]byte{0, 7, 7}, "A1-A1-A1;MARCH;MARCH")
	f.Add([]byte{1, 2, 2, 2, 2, 2, 2}, "r:b3:9\x00é#")
	f.Fuzz(func(t *testing.T, choices []byte, move string) {
		players := 2
		if len(choices) > 0 {
			players = 2 + int(choices[0])%3
			choices = choices[1:]
		}
		es, err := Game{}.New(players, nil, uint64(len(choices)))
		if err != nil {
			t.Fatal(err)
		}
		s := es.(*state)
		for _, c := range choices {
			if s.Result().Over {
				break
			}
			l := s.Legal()
			if _, err := s.Play(l[int(c)%len(l)]); err != nil {
				t.Fatal(err)
			}
		}
		before, p := s.render(), s.p
		clone := s.Clone().(*state)
		got, err := s.Play(move)
		if err != nil {
			if s.render() != before || s.p != p {
				t.Fatalf("refused %q changed the state", move)
			}
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		if strings.ContainsAny(got, " #") {
			t.Fatalf("canonical %q has a space or #", got)
		}
		// The canonical form is accepted and does the same.
		again, err := clone.Play(got)
		if err != nil || again != got || clone.render() != s.render() {
			t.Fatalf("%q: canonical %q replays as %q, %v", move, got, again, err)
		}
		if err := conservation(s); err != nil {
			t.Fatal(err)
		}
	})
}
