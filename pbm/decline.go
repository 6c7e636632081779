package pbm

import (
	"fmt"
	"strings"

	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// Declining a challenge (pbmserv): a challenge names its players
// without asking them, so a player who leaves a board before every
// seat still in it has made a move (by resigning, closing the account,
// or letting the clock run out) declines it rather than loses it. The
// log records a "decline" entry, which the engine takes as a
// resignation. Where the game goes on without the seat it does so,
// and the seat is left out of the ratings; where it would end, the
// board is removed: it ends without a result and unrated.

// leave takes a player off a board: a resignation (or a forfeit) once
// every seat has moved, a decline before. why is the event for a
// resignation, declined the one for a decline.
func (c *call) leave(b store.Board, seat int, kind string, why, declined lang.Msg) (bool, error) {
	if board.AllMoved(b) {
		return false, c.resignSeat(b, seat, kind, why)
	}
	return true, c.decline(b, seat, declined)
}

// decline records a seat's decline and mails the board, which tells
// whether it goes on or is removed.
func (c *call) decline(b store.Board, seat int, event lang.Msg) error {
	g, st, err := c.s.replay(b, -1)
	if err != nil {
		return err
	}
	if err := st.Resign(seat); err != nil {
		return &Refusal{Board: b.Number, Text: fmt.Sprintf("%s cannot leave board %d: %v", b.Players[seat], b.Number, err)}
	}
	b.Log = append(b.Log, store.Entry{Seat: seat, Kind: "decline", At: c.s.now()})
	b.Vote = nil
	delete(b.Queued, strings.ToLower(b.Players[seat]))
	delete(b.Submitted, strings.ToLower(b.Players[seat]))
	said := []lang.Msg{event, lang.M("DeclineGoesOn", "Who", b.Players[seat])}
	if st.Result().Over {
		said[1] = lang.M("DeclineRemoved", "Title", g.Title(), "Number", b.Number)
	}
	return c.commit(&b, g, st, change{Event: lang.English().Join(said), Said: said, Comment: c.comment, By: b.Players[seat]})
}
