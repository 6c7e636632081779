package pbm

import (
	"fmt"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// zoneOf is the time zone of a user's account (account.Location): the
// server's when the account sets none or is gone.
func zoneOf(tx *store.Tx, id string) *time.Location {
	u, err := tx.User(id)
	if err != nil {
		return localZone()
	}
	return account.Location(u, localZone())
}

// localZone is the server's time zone.
func localZone() *time.Location { return time.Local }

// warn tells the player to move, once for the move, that less than a
// day is left before the clock forfeits it (board.Clock.WarnAt): the
// deadline in the player's language and zone, and the command to
// move.
func (c *call) warn(b store.Board, g engine.Game, st engine.State, act board.Action, now time.Time) error {
	board.MarkWarned(&b)
	b.Due = c.nextDue(b, st, now)
	if err := c.tx.PutBoard(b); err != nil {
		return err
	}
	who := b.Players[act.Seat]
	loc := zoneOf(c.tx, who)
	return c.tellAboutIn(b, who, lang.M("MailSubjectWarning", "Title", g.Title(), "Number", b.Number), func(p lang.Printer) string {
		return p.T("Warning", "Title", g.Title(), "Number", b.Number, "When", p.Stamp(act.Deadline.In(loc))) + "\n\n" +
			board.TextBoardIn(p, b, st) + "\n\n" +
			p.T("WarningHowTo") + fmt.Sprintf(" %s move %d %s <password> <move>#%d", g.Name(), b.Number, who, len(b.Log)+1)
	})
}
