package notice

import (
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/seek"
)

// TestSeeking: a withdrawn seek says so and nothing more; a seek names
// the boards it started and against whom, and what it still asks for
// with the command that withdraws it.
func TestSeeking(t *testing.T) {
	p := printer(t, "en")
	g := hexemergo.Game{}
	if got := p.Join(Seeking(g, "alice", 0, nil, seek.Placed{})); !strings.Contains(got, "withdrawn") || strings.Contains(got, "Still") {
		t.Errorf("withdrawn: %q", got)
	}
	got := p.Join(Seeking(g, "alice", 3, map[string]string{}, seek.Placed{Started: []seek.Pairing{{Board: 4, Against: "bob"}, {Board: 5, Against: "carol"}}, Left: 1}))
	for _, want := range []string{"3 ", "boards", "Started: board 4 against bob, board 5 against carol.", `Still seeking 1; "hexemergo seek alice <password> 0" withdraws.`} {
		if !strings.Contains(got, want) {
			t.Errorf("seeking: %q lacks %q", got, want)
		}
	}
	if got := p.Join(Seeking(g, "alice", 1, map[string]string{}, seek.Placed{Left: 1})); strings.Contains(got, "Started") {
		t.Errorf("nothing started: %q", got)
	}
}
