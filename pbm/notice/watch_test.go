package notice

import (
	"testing"

	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
)

// TestWatched: the answer to subscribe and unsubscribe names the
// boards done, or none, and each argument refused with its reason.
func TestWatched(t *testing.T) {
	p := printer(t, "en")
	w := board.Watched{Done: []string{"3", "all"}, Failed: []board.WatchFailure{
		{Arg: "x", Err: board.ErrNotNumber}, {Arg: "9", Number: 9, Err: board.ErrNoBoard}, {Arg: "4", Number: 4, Err: board.ErrYouPlay}}}
	if got, want := p.Join(Watched("Hex", w, true)), "Subscribed to Hex boards: 3, all. Failed: x (not a board number), 9 (no such board), 4 (you play it)."; got != want {
		t.Errorf("subscribe: %q, want %q", got, want)
	}
	if got, want := p.Join(Watched("Hex", board.Watched{}, false)), "Unsubscribed from Hex boards: "+p.Render(lang.M("PlayNone"))+"."; got != want {
		t.Errorf("unsubscribe none: %q, want %q", got, want)
	}
}
