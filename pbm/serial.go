package pbm

import (
	"time"

	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/store"
)

// serialTimeout marks a forfeit of the mover's that comes within a day
// of an earlier rated one as not rated (board.SerialTimeout); the end
// of the board tells its players why.
func (c *call) serialTimeout(b *store.Board, u *store.User, now time.Time) error {
	if u == nil {
		return nil
	}
	if board.SerialTimeout(b, u, now) {
		return c.tx.PutUser(*u)
	}
	return nil
}
