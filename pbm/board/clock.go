package board

import (
	"time"

	"github.com/pbmgo/pbm/store"
)

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
		d := to.Sub(from)
		for _, v := range u.Vacations {
			vs, ve := v.From, v.To.Add(Day)
			if vs.Before(from) {
				vs = from
			}
			if ve.After(to) {
				ve = to
			}
			if ve.After(vs) {
				d -= ve.Sub(vs)
			}
		}
		used += max(d, 0)
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

// TotalLeft is the thinking time the seat to move has left of the
// board's budget; ok is false when the board has none.
func TotalLeft(b store.Board, u store.User, seat int, now time.Time) (left time.Duration, ok bool) {
	if b.TotalDays <= 0 {
		return 0, false
	}
	return time.Duration(b.TotalDays)*Day - Thinking(b, u, seat, now), true
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
