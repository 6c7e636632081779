package notice

import (
	"errors"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/store"
)

// TestQueueDroppedAndVoteCarried: the notice of a dropped queued move
// goes to the queue's owner and names the move, the board and the
// reason; a carried vote says what it did, one not carried nothing.
func TestQueueDroppedAndVoteCarried(t *testing.T) {
	p := printer(t, "en")
	b := store.Board{Game: "hexemergo", Number: 7, Players: []string{"alice", "bob"}}
	n := QueueDropped(b, board.Ahead{Kind: board.AheadDropped, Seat: 1, Move: "C3", Err: errors.New("occupied")})
	body := p.Join(n.Body)
	if n.User != "bob" || !strings.Contains(body, `"C3"`) || !strings.Contains(body, "hexemergo board 7") || !strings.Contains(body, "occupied") || !strings.Contains(p.Render(n.Subject), "board 7") {
		t.Errorf("dropped: %s: %q", n.User, body)
	}

	if got := VoteCarried(b, board.Decision{Kind: "draw"}); got != nil {
		t.Errorf("not carried: %v", got)
	}
	if got := p.Join(VoteCarried(b, board.Decision{Kind: "draw", Carried: true})); !strings.Contains(got, "drawn by agreement") {
		t.Errorf("draw carried: %q", got)
	}
	got := p.Join(VoteCarried(b, board.Decision{Kind: "undo", Carried: true, Undone: store.Entry{Seat: 0, Move: "A1"}}))
	if !strings.Contains(got, "alice's move A1 is taken back") {
		t.Errorf("undo carried: %q", got)
	}
}
