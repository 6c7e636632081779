package notice

import (
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/store"
)

// TestVoteAndConditionalTexts: the vote line names the proposer, what
// the vote is about and who is still to answer, and is empty without a
// vote; the notices of a tree the moves left or voided, and of an
// answer held by a vote, go to the tree's owner and say what happened
// on which board.
func TestVoteAndConditionalTexts(t *testing.T) {
	p := printer(t, "en")
	g := hexemergo.Game{}
	b := store.Board{Game: "hexemergo", Number: 7, Players: []string{"alice", "bob", "carol"}}
	if got := VoteLine(p, b); got != "" {
		t.Errorf("vote line without a vote: %q", got)
	}
	b.Vote = &store.Vote{Kind: "undo", By: 1, Accepted: []int{1}}
	if got, want := VoteLine(p, b), "bob has proposed taking back the last move. Still to accept or reject: alice, carol."; got != want {
		t.Errorf("vote line %q, want %q", got, want)
	}

	n := Synced(b, g, board.Ahead{Kind: board.AheadSynced, User: "alice", Sync: board.Synced{Kind: board.SyncDeviated, Move: "C3", Lines: [][]string{{"A1", "B2"}}}, UnplayedAt: 4})
	body := p.Join(n.Body)
	if n.User != "alice" || !strings.Contains(p.Render(n.Subject), "board 7") || !strings.Contains(body, "C3 was played") || !strings.Contains(body, "at move 5") || !strings.Contains(body, "A1") {
		t.Errorf("deviated: %s: %q", n.User, body)
	}
	n = Synced(b, g, board.Ahead{Kind: board.AheadSynced, User: "alice", Sync: board.Synced{Kind: board.SyncVoided, Lines: [][]string{{"A1", "B2"}}}})
	if body := p.Join(n.Body); !strings.Contains(body, "taken back") || !strings.Contains(body, "void") {
		t.Errorf("voided: %q", body)
	}

	n = Held(b, g, "carol", "D4", false)
	if body := p.Join(n.Body); n.User != "carol" || !strings.Contains(body, "D4") || !strings.Contains(body, "taking back the last move") {
		t.Errorf("held by the undo: %s: %q", n.User, body)
	}
	// A draw offer the move lapsed is what held the answer.
	if body := p.Join(Held(b, g, "carol", "D4", true).Body); !strings.Contains(body, "a draw") {
		t.Errorf("held by a lapsed draw offer: %q", body)
	}
}
