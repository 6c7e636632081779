package board

import "github.com/pbmgo/pbm/store"

// VacationLeft is how many of the allowed vacation days a calendar
// year u has left in the year y (VacationDaysIn).
func VacationLeft(u store.User, y, allowed int) int {
	return allowed - VacationDaysIn(u, y)
}
