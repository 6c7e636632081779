package board

import (
	"time"

	"github.com/pbmgo/pbm/store"
)

// DueAt tells whether the running board b is due for its clock at now.
func DueAt(b store.Board, now time.Time) bool {
	return !b.Over && !b.Due.IsZero() && !b.Due.After(now)
}

// NextLook is when the clock looks at a board again after it looked at
// now, due being when its clock says (DueOf). A due that has come
// already (which DueOf should not give) is put an hour on, so that a
// board is not looked at on every tick; zero stays zero (never).
func NextLook(due, now time.Time) time.Time {
	if !due.IsZero() && !due.After(now) {
		return now.Add(time.Hour)
	}
	return due
}

// Late is the player the action is about on b: the player to move whom
// the clock warns, reminds or forfeits; "" for a vote's end or a wait.
func (a Action) Late(b store.Board) string {
	if a.Kind == VoteTimeout || a.Kind == Wait || a.Seat < 0 || a.Seat >= len(b.Players) {
		return ""
	}
	return b.Players[a.Seat]
}
