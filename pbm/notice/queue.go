package notice

import (
	"fmt"

	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// QueueDropped is the notice to the player whose queued move a.Move on
// b was illegal when its turn came (board.AheadDropped): the move, the
// engine's reason (board.Why), and that the queue is cleared.
func QueueDropped(b store.Board, a board.Ahead) Notice {
	text := lang.M("PlayQueuedIllegal", "Move", fmt.Sprintf("%q", a.Move), "Game", b.Game, "Number", b.Number, "Why", board.Why(a.Err))
	subject := lang.M("PlayQueuedRefusedSubject", "Number", b.Number)
	return Notice{User: b.Players[a.Seat], Subject: subject, Body: []lang.Msg{text}}
}

// VoteCarried tells what a vote's decision d on b did, when it was
// carried out: the draw agreed, or whose move was taken back; nothing
// for a vote not carried.
func VoteCarried(b store.Board, d board.Decision) []lang.Msg {
	switch {
	case !d.Carried:
		return nil
	case d.Kind == "draw":
		return []lang.Msg{lang.M("VoteDrawCarried")}
	}
	return []lang.Msg{lang.M("VoteUndoCarried", "Who", b.Players[d.Undone.Seat], "Move", d.Undone.Move)}
}
