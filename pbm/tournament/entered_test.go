package tournament

import "testing"

func TestEntered(t *testing.T) {
	tr := &Tournament{Entrants: []Entrant{{ID: "Alice"}, {ID: "bob", Withdrawn: true}}}
	for id, want := range map[string]bool{"alice": true, "ALICE": true, "bob": true, "carol": false, "": false} {
		if got := tr.Entered(id); got != want {
			t.Errorf("Entered(%q) = %v, want %v", id, got, want)
		}
	}
}
