package board

import (
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/pbmgo/pbm/store"
)

// MaxDaysOff bounds a player's days off a week: a clock must run.
const MaxDaysOff = 3

var dayNames = map[string]time.Weekday{
	"sun": time.Sunday, "sunday": time.Sunday, "mon": time.Monday, "monday": time.Monday,
	"tue": time.Tuesday, "tuesday": time.Tuesday, "wed": time.Wednesday, "wednesday": time.Wednesday,
	"thu": time.Thursday, "thursday": time.Thursday, "fri": time.Friday, "friday": time.Friday,
	"sat": time.Saturday, "saturday": time.Saturday,
}

// ParseDaysOff reads the days of the daysoff command: English day
// names or their first three letters, separated by commas ("sat,sun"),
// at most MaxDaysOff, or "none". ok is false for anything else.
func ParseDaysOff(s string) (days []int, ok bool) {
	if strings.EqualFold(s, "none") {
		return nil, true
	}
	seen := map[time.Weekday]bool{}
	for _, w := range strings.Split(strings.ToLower(s), ",") {
		d, found := dayNames[strings.TrimSpace(w)]
		if !found {
			return nil, false
		}
		if !seen[d] {
			seen[d] = true
			days = append(days, int(d))
		}
	}
	if len(days) == 0 || len(days) > MaxDaysOff {
		return nil, false
	}
	sort.Ints(days)
	return days, true
}

// DaysOffText writes days off as the command takes them: "sat,sun",
// Monday first.
func DaysOffText(days []int) string {
	var out []string
	for _, d := range []time.Weekday{time.Monday, time.Tuesday, time.Wednesday, time.Thursday, time.Friday, time.Saturday, time.Sunday} {
		for _, x := range days {
			if x == int(d) {
				out = append(out, strings.ToLower(d.String()[:3]))
			}
		}
	}
	return strings.Join(out, ",")
}

var zones sync.Map // zone name -> *time.Location

// Zone is the time zone of an account: its own, else the server's
// (time.Local). Zones are loaded once.
func Zone(u store.User) *time.Location {
	if u.TimeZone == "" {
		return time.Local
	}
	if loc, ok := zones.Load(u.TimeZone); ok {
		return loc.(*time.Location)
	}
	loc, err := time.LoadLocation(u.TimeZone)
	if err != nil {
		return time.Local
	}
	zones.Store(u.TimeZone, loc)
	return loc
}

func dayOff(u store.User, d time.Weekday) bool {
	for _, x := range u.DaysOff {
		if x == int(d) {
			return true
		}
	}
	return false
}

// vacationIn is the time of u's vacations within [from, to).
func vacationIn(u store.User, from, to time.Time) time.Duration {
	var d time.Duration
	for _, v := range u.Vacations {
		vs, ve := v.From, v.To.Add(Day)
		if vs.Before(from) {
			vs = from
		}
		if ve.After(to) {
			ve = to
		}
		if ve.After(vs) {
			d += ve.Sub(vs)
		}
	}
	return d
}

// stoppedIn is the time within [from, to) when no clock of u runs: its
// vacations, and its days off in its zone.
func stoppedIn(u store.User, from, to time.Time) time.Duration {
	if len(u.DaysOff) == 0 {
		return vacationIn(u, from, to)
	}
	loc := Zone(u)
	var d time.Duration
	for a := from; a.Before(to); {
		l := a.In(loc)
		next := time.Date(l.Year(), l.Month(), l.Day()+1, 0, 0, 0, 0, loc)
		b := next
		if b.After(to) {
			b = to
		}
		if dayOff(u, l.Weekday()) {
			d += b.Sub(a)
		} else {
			d += vacationIn(u, a, b)
		}
		a = b
	}
	return d
}

// OnDayOff reports whether t falls on one of u's days off.
func OnDayOff(u store.User, t time.Time) bool {
	return len(u.DaysOff) > 0 && dayOff(u, t.In(Zone(u)).Weekday())
}

// addCounted is the first time t with Spent(u, from, t) >= d: d of
// clock time counted from from, the time stopped (vacations, days off)
// not counted.
func addCounted(u store.User, from time.Time, d time.Duration) time.Time {
	if d <= 0 {
		return from
	}
	lo, hi := from.Add(d), from.Add(d)
	if Spent(u, from, hi) >= d {
		return hi
	}
	// A week has at least 7-MaxDaysOff days that count; vacations add
	// their length.
	for i := 0; i < 64 && Spent(u, from, hi) < d; i++ {
		hi = hi.Add(hi.Sub(from))
	}
	for hi.Sub(lo) > time.Minute {
		mid := lo.Add(hi.Sub(lo) / 2)
		if Spent(u, from, mid) >= d {
			hi = mid
		} else {
			lo = mid
		}
	}
	// Within the last minute the clock runs or stops throughout, but
	// for an edge: the time counted from lo on is exact when it runs.
	if exact := lo.Add(d - Spent(u, from, lo)); exact.Before(hi) && Spent(u, from, exact) >= d {
		return exact
	}
	return hi
}
