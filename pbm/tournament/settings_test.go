package tournament

import (
	"errors"
	"testing"
	"time"
)

func TestAnnounceAndSet(t *testing.T) {
	tr := Announce("nim", "Spring", "org", Swiss, time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC))
	if tr.Seats != 2 || tr.Options["-nag"] != "1" || tr.Options["-forfeit"] != "7" || tr.Organiser != "org" || tr.Format != Swiss {
		t.Fatalf("announced %+v", tr)
	}
	for _, w := range []string{"--SIZE=8", "--rounds=5", "--seats=2", "--double", "--start=2026-02-01"} {
		if set, err := tr.Set(w); !set || err != nil {
			t.Errorf("Set(%q) = %v, %v", w, set, err)
		}
	}
	if tr.Size != 8 || tr.Rounds != 5 || !tr.Double || tr.StartOn.Format("2006-01-02") != "2026-02-01" {
		t.Errorf("after the settings: %+v", tr)
	}
	if set, err := tr.Set("-nag=3"); set || err != nil {
		t.Errorf("a board option taken for a setting: %v %v", set, err)
	}
	var rng *RangeError
	for w, hi := range map[string]int{"--size=1": 256, "--size=x": 256, "--rounds=65": 64, "--seats=7": 6} {
		if set, err := tr.Set(w); !set || !errors.As(err, &rng) || rng.Hi != hi {
			t.Errorf("Set(%q) = %v, %v; want a RangeError to %d", w, set, err, hi)
		}
	}
	var day *DayError
	if set, err := tr.Set("--start=2026-13-01"); !set || !errors.As(err, &day) {
		t.Errorf("a bad day: %v %v", set, err)
	}
	if tr.Size != 8 || tr.Rounds != 5 || tr.Seats != 2 || tr.StartOn.Format("2006-01-02") != "2026-02-01" {
		t.Errorf("a refused setting changed the tournament: %+v", tr)
	}
}
