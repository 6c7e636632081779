package board

import (
	"time"

	"github.com/pbmgo/pbm/store"
)

// Day is a day of the clock: 24 hours, whatever the calendar says.
const Day = 24 * time.Hour

// OnVacation reports whether a user is away at t, and until when.
func OnVacation(u store.User, t time.Time) (bool, time.Time) {
	for _, v := range u.Vacations {
		if !t.Before(v.From) && t.Before(v.To.Add(Day)) {
			return true, v.To.Add(Day)
		}
	}
	return false, time.Time{}
}

// IdleSince is when the player to move started waiting: the last
// change of the board, or the end of a vacation that came after it.
func IdleSince(b store.Board, u store.User, now time.Time) time.Time {
	since := b.Updated
	if n := len(b.Log); n > 0 && b.Log[n-1].At.After(since) {
		since = b.Log[n-1].At
	}
	for _, v := range u.Vacations {
		if v.Auto {
			// A day spent instead of a forfeit stops the clock; it
			// does not start the wait again (idleAt).
			continue
		}
		end := v.To.Add(Day)
		if end.After(since) && !end.After(now) && !v.From.After(now) {
			since = end
		}
	}
	return since
}

// TimeUsed sums, per seat, the time the seat took for its moves: from
// the previous entry (or the board's start) to its own.
func TimeUsed(b store.Board, now time.Time, toMove int) []time.Duration {
	used := make([]time.Duration, len(b.Players))
	prev := b.Created
	for _, e := range b.Log {
		if e.Seat >= 0 && e.Seat < len(used) && e.Kind == "" {
			used[e.Seat] += e.At.Sub(prev)
		}
		prev = e.At
	}
	if !b.Over && toMove >= 0 && toMove < len(used) {
		used[toMove] += now.Sub(prev)
	}
	return used
}

// Thinking is the time a seat has taken for the whole game, as the
// total-time budget counts it (pbmserv's --totaltime): from each entry
// before one of the seat's moves to that move, and, while the seat is
// to move, from the last entry to now; the days of the player's
// vacations are not counted.
func Thinking(b store.Board, u store.User, seat int, now time.Time) time.Duration {
	var used time.Duration
	count := func(from, to time.Time) {
		if !to.After(from) {
			return
		}
		used += max(to.Sub(from)-vacationIn(u, from, to), 0)
	}
	prev := b.Created
	for _, e := range b.Log {
		if e.Seat == seat && e.Kind == "" {
			count(prev, e.At)
		}
		prev = e.At
	}
	count(prev, now)
	return used
}

// TotalLeft is the thinking time the seat to move has left in its
// bank (Bank.Left); ok is false when the board has none.
func TotalLeft(b store.Board, u store.User, seat int, now time.Time) (left time.Duration, ok bool) {
	k, ok := BankOf(b)
	if !ok {
		return 0, false
	}
	return k.Left(b, u, seat, seat, now), true
}

// DaysIn counts the days from from to to, both included, that fall in
// the calendar year y (UTC).
func DaysIn(from, to time.Time, y int) int {
	start := time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC)
	end := time.Date(y, 12, 31, 0, 0, 0, 0, time.UTC)
	if from.After(start) {
		start = from
	}
	if to.Before(end) {
		end = to
	}
	if end.Before(start) {
		return 0
	}
	return int(end.Sub(start)/Day) + 1
}

// Clock is a board's limits: the wait after which the player to move
// is reminded (again each day), and the one after which the player
// forfeits, as does an unanswered vote.
type Clock struct {
	Forfeit, Nag time.Duration
}

// Limits are the clock of b: its own --nag and --forfeit days, else
// the server's.
func Limits(b store.Board, nagDays, forfeitDays int) Clock {
	c := Clock{Forfeit: time.Duration(b.ForfeitDays) * Day, Nag: time.Duration(b.NagDays) * Day}
	if b.ForfeitDays == 0 {
		c.Forfeit = time.Duration(forfeitDays) * Day
	}
	if b.NagDays == 0 {
		c.Nag = time.Duration(nagDays) * Day
	}
	return c
}

// Due is when the clock must next look at a running board: the end of
// an unanswered vote, the reminder (again a day after the last) or the
// forfeit of the player to move, or the end of that player's vacation;
// zero when there is nothing to wait for (no account to move and no
// vote). mover is the account of the player to move, nil when there is
// none. It is never later than the time Check would act: a vacation or
// a move makes the wait longer, and Check, looking at the board too
// early, finds nothing to do.
func (c Clock) Due(b store.Board, seat int, mover *store.User, now time.Time) time.Time {
	if b.Over {
		return time.Time{}
	}
	var due time.Time
	earliest := func(t time.Time) {
		if due.IsZero() || t.Before(due) {
			due = t
		}
	}
	if b.Vote != nil {
		earliest(b.Vote.At.Add(c.Forfeit))
	}
	if mover == nil || seat < 0 || seat >= len(b.Players) {
		return due
	}
	u := *mover
	if away, until := OnVacation(u, now); away {
		earliest(until)
		return due
	}
	since := IdleSince(b, u, now)
	earliest(ForfeitAt(u, since, c.Forfeit))
	if left, ok := TotalLeft(b, u, seat, now); ok {
		earliest(now.Add(max(left, 0)))
	}
	if warn := c.WarnAt(b, seat, u, now); !warn.IsZero() {
		earliest(warn)
	}
	nagAt := since.Add(c.Nag)
	if again := b.LastNag.Add(Day); again.After(nagAt) {
		nagAt = again
	}
	earliest(nagAt)
	return due
}

// What the clock does to a board.
const (
	Wait         = iota // nothing yet
	VoteTimeout         // the vote's silent seats count as accepting
	ForfeitTotal        // the player to move used up the total time
	ForfeitIdle         // the player to move waited past the forfeit limit
	Nag                 // the player to move is reminded, the others told
	Warn                // the player to move is told less than a day is left
)

// Action is what the clock does to a board at a time.
type Action struct {
	Kind int
	// Seat is the player to move (ForfeitTotal, ForfeitIdle, Nag).
	Seat int
	// Silent are the seats that did not answer the vote (VoteTimeout).
	Silent []int
	// Days is how long the player has waited, in whole days; Left the
	// days to the forfeit, rounded up (Nag).
	Days, Left int
	// Deadline is when the player to move forfeits (Warn).
	Deadline time.Time
}

// Check is what the clock does to a running board at now. seat is the
// seat to move (or -1) and mover its account, nil when it has none.
// Players on vacation are neither reminded nor forfeited.
func (c Clock) Check(b store.Board, seat int, mover *store.User, now time.Time) Action {
	if b.Vote != nil && now.Sub(b.Vote.At) >= c.Forfeit {
		return Action{Kind: VoteTimeout, Silent: Silent(b)}
	}
	if seat < 0 || seat >= len(b.Players) || mover == nil {
		return Action{Kind: Wait}
	}
	u := *mover
	if away, _ := OnVacation(u, now); away {
		return Action{Kind: Wait}
	}
	idle := Spent(u, IdleSince(b, u, now), now)
	left, budget := TotalLeft(b, u, seat, now)
	switch {
	case budget && left <= 0:
		return Action{Kind: ForfeitTotal, Seat: seat}
	case idle >= c.Forfeit:
		return Action{Kind: ForfeitIdle, Seat: seat, Days: int(idle / Day)}
	case c.warnDue(b, seat, u, now):
		return Action{Kind: Warn, Seat: seat, Deadline: c.Deadline(b, seat, u, now)}
	case idle >= c.Nag && now.Sub(b.LastNag) >= Day:
		return Action{Kind: Nag, Seat: seat, Days: int(idle / Day), Left: int((c.Forfeit - idle + Day - 1) / Day)}
	}
	return Action{Kind: Wait}
}
