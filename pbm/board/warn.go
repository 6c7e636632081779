package board

import (
	"time"

	"github.com/pbmgo/pbm/store"
)

// WarnBefore is how long before the clock would forfeit the player to
// move the player is warned, once a turn.
const WarnBefore = Day

// Deadline is when the clock forfeits the seat to move if nothing
// changes: the forfeit limit counted from IdleSince, or the end of the
// seat's bank, whichever comes first. u is the seat's account.
func (c Clock) Deadline(b store.Board, seat int, u store.User, now time.Time) time.Time {
	at := ForfeitAt(u, IdleSince(b, u, now), c.Forfeit)
	if left, ok := TotalLeft(b, u, seat, now); ok {
		if end := addCounted(u, now, max(left, 0)); end.Before(at) {
			at = end
		}
	}
	return at
}

// turn is the number of the move the seat to move is to make, which
// Board.Warned records once the seat is warned.
func turn(b store.Board) int { return len(b.Log) + 1 }

// WarnAt is when the seat to move is to be warned that less than a
// day is left: a day before its Deadline; zero when it was warned for
// this move already, or when its turn began with a day or less left
// (a board with --forfeit=1 is not warned at every move).
func (c Clock) WarnAt(b store.Board, seat int, u store.User, now time.Time) time.Time {
	if b.Warned == turn(b) {
		return time.Time{}
	}
	deadline := c.Deadline(b, seat, u, now)
	at := deadline.Add(-WarnBefore)
	if !at.After(IdleSince(b, u, now)) {
		return time.Time{}
	}
	return at
}

// MarkWarned records on b that the seat to move was warned for this
// move.
func MarkWarned(b *store.Board) { b.Warned = turn(*b) }

// warnDue tells whether the seat to move is to be warned at now.
func (c Clock) warnDue(b store.Board, seat int, u store.User, now time.Time) bool {
	at := c.WarnAt(b, seat, u, now)
	return !at.IsZero() && !now.Before(at)
}
