package board

import (
	"errors"
	"fmt"
	"time"

	"github.com/pbmgo/pbm/store"
)

// The refusals of a vacation.
var (
	ErrVacationDates  = errors.New("vacation dates are YYYY-MM-DD")
	ErrVacationOrder  = errors.New("the vacation ends before it begins")
	ErrVacationOver   = errors.New("the vacation is over")
	ErrVacationLonger = errors.New("a vacation is shorter than a year")
)

// VacationTooLong refuses a vacation that uses more days of a calendar
// year than are allowed: it wants Want days of Year, Left are left of
// Allowed.
type VacationTooLong struct{ Want, Left, Allowed, Year int }

func (e *VacationTooLong) Error() string {
	return fmt.Sprintf("the vacation wants %d days of %d, %d of %d are left", e.Want, e.Year, e.Left, e.Allowed)
}

// YearLeft is how many vacation days of a year are left.
type YearLeft struct{ Year, Left int }

// Vacation is a vacation taken: its days, and the days left in each
// calendar year it falls in.
type Vacation struct {
	Days int
	Left []YearLeft
}

// TakeVacation adds a vacation to the account, the days from and to
// (YYYY-MM-DD, UTC, both included), when it ends no earlier than
// today, is shorter than a year, and the days it uses of each calendar
// year it falls in (a vacation over New Year uses days of both) fit in
// the allowed days per year; it writes the account.
func TakeVacation(tx *store.Tx, u store.User, fromWord, toWord string, today time.Time, allowed int) (store.User, Vacation, error) {
	from, err1 := time.Parse("2006-01-02", fromWord)
	to, err2 := time.Parse("2006-01-02", toWord)
	if err1 != nil || err2 != nil {
		return u, Vacation{}, ErrVacationDates
	}
	switch {
	case to.Before(from):
		return u, Vacation{}, ErrVacationOrder
	case to.Before(today):
		return u, Vacation{}, ErrVacationOver
	case to.Sub(from) >= 366*Day:
		return u, Vacation{}, ErrVacationLonger
	}
	v := Vacation{Days: int(to.Sub(from)/Day) + 1}
	for y := from.Year(); y <= to.Year(); y++ {
		used := 0
		for _, x := range u.Vacations {
			used += DaysIn(x.From, x.To, y)
		}
		want := DaysIn(from, to, y)
		if used+want > allowed {
			return u, Vacation{}, &VacationTooLong{Want: want, Left: allowed - used, Allowed: allowed, Year: y}
		}
		v.Left = append(v.Left, YearLeft{Year: y, Left: allowed - used - want})
	}
	u.Vacations = append(u.Vacations, store.Vacation{From: from, To: to})
	if err := tx.PutUser(u); err != nil {
		return u, Vacation{}, fmt.Errorf("write account %s: %w", u.ID, err)
	}
	return u, v, nil
}
