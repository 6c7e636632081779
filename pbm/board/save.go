package board

import (
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/store"
)

// Save writes b and keeps the index of boards waiting for the computer
// in step with it, in the one transaction: w is the index entry when
// the computer is to move on b, nil when it is not (a finished board
// never waits).
func Save(tx *store.Tx, b store.Board, w *store.Waiting) error {
	if err := tx.PutBoard(b); err != nil {
		return err
	}
	if w != nil && !b.Over {
		return tx.PutWaiting(*w)
	}
	return tx.DeleteWaiting(b.Game, b.Number)
}

// DropWaiting removes a board that no longer waits from the index of
// boards waiting for the computer, if the index still holds the same
// entry w (a later change may have put another).
func DropWaiting(tx *store.Tx, w store.Waiting) error {
	ws, err := tx.WaitingBoards()
	if err != nil {
		return err
	}
	for _, x := range ws {
		if x == w {
			return tx.DeleteWaiting(w.Game, w.Number)
		}
	}
	return nil
}

// Ended tells, once per board, that b's game has ended: the first
// time it is called on a finished board it marks b rated and drops its
// open vote, queued and submitted moves, and returns true; the caller
// then rates the board and tells its result. It changes nothing on a
// running board or one already ended.
func Ended(b *store.Board) bool {
	if !b.Over || b.Rated {
		return false
	}
	b.Rated = true
	b.Vote, b.Queued, b.Submitted = nil, nil, nil
	return true
}

// Mover is the seat to move on b and its account, nil when it has
// none (the computer, or an account gone).
func Mover(tx *store.Tx, b store.Board, st engine.State) (int, *store.User) {
	seat := st.ToMove()
	if seat < 0 || seat >= len(b.Players) {
		return seat, nil
	}
	u, err := tx.User(b.Players[seat])
	if err != nil {
		return seat, nil
	}
	return seat, &u
}

// DueOf is when the clock must next look at b at now under clock
// (Clock.Due), its mover's account read from tx; zero for a finished
// board.
func DueOf(tx *store.Tx, b store.Board, st engine.State, clock Clock, now time.Time) time.Time {
	if b.Over {
		return time.Time{}
	}
	seat, u := Mover(tx, b, st)
	return clock.Due(b, seat, u, now)
}

// Reschedule sets b's Due and writes b when it changed: the clock
// looked at b and did nothing else to it.
func Reschedule(tx *store.Tx, b *store.Board, due time.Time) error {
	if due.Equal(b.Due) {
		return nil
	}
	b.Due = due
	return tx.PutBoard(*b)
}

// Nagged records that the player to move on b was reminded at now,
// and the clock's next look at due (which counts from the reminder).
func Nagged(tx *store.Tx, b *store.Board, now time.Time, due func(store.Board) time.Time) error {
	b.LastNag = now
	b.Due = due(*b)
	return tx.PutBoard(*b)
}

// Warned records that the player to move on b was warned of the
// coming forfeit of this move (MarkWarned), and the clock's next look
// at due.
func Warned(tx *store.Tx, b *store.Board, due func(store.Board) time.Time) error {
	MarkWarned(b)
	b.Due = due(*b)
	return tx.PutBoard(*b)
}

// Hold puts off the clock of a running board until until (a failure
// of its last look); a board gone or finished is left alone.
func Hold(tx *store.Tx, game string, number int, until time.Time) error {
	b, err := tx.Board(game, number)
	if err != nil || b.Over {
		return err
	}
	b.Due = until
	return tx.PutBoard(b)
}

// SpendVacationDay spends a day of u's vacation allowance instead of a
// forfeit at now (SpendAutoDay) and writes u. ok is false, and nothing
// is written, when the forfeit is to happen.
func SpendVacationDay(tx *store.Tx, u *store.User, now time.Time, allowed int) (left int, ok bool, err error) {
	left, ok = SpendAutoDay(u, now, allowed)
	if !ok {
		return 0, false, nil
	}
	return left, true, tx.PutUser(*u)
}

// SerialForfeit decides whether a forfeit of u's on b at now is rated
// (SerialTimeout) and writes u when it changed; b is marked, not
// written (the forfeit's commit writes it).
func SerialForfeit(tx *store.Tx, b *store.Board, u *store.User, now time.Time) error {
	if u == nil || !SerialTimeout(b, u, now) {
		return nil
	}
	return tx.PutUser(*u)
}
