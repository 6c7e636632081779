package board

import (
	"testing"
	"time"

	"github.com/pbmgo/pbm/store"
)

func TestParseDaysOff(t *testing.T) {
	if d, ok := ParseDaysOff("Sun,sat"); !ok || DaysOffText(d) != "sat,sun" {
		t.Errorf("sun,sat: %v %v", d, ok)
	}
	if d, ok := ParseDaysOff("none"); !ok || d != nil {
		t.Errorf("none: %v %v", d, ok)
	}
	for _, bad := range []string{"", "mon,tue,wed,thu", "someday", "sat,"} {
		if _, ok := ParseDaysOff(bad); ok {
			t.Errorf("%q taken", bad)
		}
	}
}

// TestDaysOffInZone: the days off are counted in the player's zone,
// and the forfeit and a bank's end move past them; a vacation still
// counts.
func TestDaysOffInZone(t *testing.T) {
	u := store.User{TimeZone: "Europe/Budapest", DaysOff: []int{int(time.Saturday), int(time.Sunday)}}
	// Friday 2026-12-04 12:00 UTC = 13:00 in Budapest.
	fri := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	// To Monday 12:00 UTC: Friday 11h (to 23:00 UTC), the weekend
	// not, Monday 13h (from 23:00 UTC Sunday).
	if got := Spent(u, fri, fri.Add(3*Day)); got != 24*time.Hour {
		t.Errorf("spent over a weekend %v, want 24h", got)
	}
	if got := ForfeitAt(u, fri, Day); !got.Equal(fri.Add(3 * Day)) {
		t.Errorf("a day from Friday noon ends %v, want Monday noon", got)
	}
	u.Vacations = []store.Vacation{{From: time.Date(2026, 12, 7, 0, 0, 0, 0, time.UTC), To: time.Date(2026, 12, 7, 0, 0, 0, 0, time.UTC)}}
	if got := ForfeitAt(u, fri, Day); !got.Equal(time.Date(2026, 12, 8, 12, 0, 0, 0, time.UTC)) {
		t.Errorf("with Monday (UTC) away, %v", got)
	}
	if !OnDayOff(u, time.Date(2026, 12, 5, 23, 30, 0, 0, time.UTC)) || OnDayOff(u, time.Date(2026, 12, 6, 23, 30, 0, 0, time.UTC)) {
		t.Error("days off not in the player's zone")
	}
}
