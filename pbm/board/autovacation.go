package board

import (
	"time"

	"github.com/pbmgo/pbm/store"
)

// ForfeitAt is when a wait that began at since reaches limit, the time
// stopped after since (vacations, days off) not counted: a day of
// automatic vacation stops the clock without starting the wait again.
func ForfeitAt(u store.User, since time.Time, limit time.Duration) time.Time {
	return addCounted(u, since, limit)
}

// VacationDaysIn counts the vacation days of u in the calendar year y
// (UTC), days of automatic vacation among them.
func VacationDaysIn(u store.User, y int) int {
	n := 0
	for _, v := range u.Vacations {
		if v.Auto {
			if v.From.UTC().Year() == y {
				n++
			}
			continue
		}
		n += DaysIn(v.From, v.To, y)
	}
	return n
}

// SpendAutoDay spends a day of u's vacation allowance (allowed days a
// calendar year) instead of a forfeit at now, when u has automatic
// vacation on and a day left this year: a day away from now, for every
// board of u at once. It returns the days left this year after it;
// ok is false when no day was spent (the forfeit happens).
func SpendAutoDay(u *store.User, now time.Time, allowed int) (left int, ok bool) {
	if !u.AutoVacation {
		return 0, false
	}
	y := now.UTC().Year()
	used := VacationDaysIn(*u, y)
	if used+1 > allowed {
		return 0, false
	}
	u.Vacations = append(u.Vacations, store.Vacation{From: now, To: now, Auto: true})
	return allowed - used - 1, true
}
