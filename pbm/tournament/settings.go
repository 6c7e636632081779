package tournament

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Tournament boards keep pbmserv's tournament clocks unless the
// tournament says otherwise.
const (
	NagDays     = 1
	ForfeitDays = 7
)

// Announce is a new tournament of game, before its settings (Set) and
// checks (CheckAnnounced): boards of two seats with the tournament
// clocks (NagDays, ForfeitDays).
func Announce(game, name, organiser string, format Format, created time.Time) *Tournament {
	return &Tournament{Game: game, Name: name, Organiser: organiser, Format: format, Seats: 2, Created: created,
		Options: map[string]string{"-nag": strconv.Itoa(NagDays), "-forfeit": strconv.Itoa(ForfeitDays)}}
}

// RangeError: a numeric setting is not a whole number from Lo to Hi.
type RangeError struct{ Lo, Hi int }

func (e *RangeError) Error() string { return fmt.Sprintf("not a number from %d to %d", e.Lo, e.Hi) }

// DayError: a --start setting is not a day written YYYY-MM-DD.
type DayError struct{ Err error }

func (e *DayError) Error() string { return "not a day (YYYY-MM-DD): " + e.Err.Error() }

func (e *DayError) Unwrap() error { return e.Err }

// Set applies one setting word of an announcement, in any case:
// --size=N (2-256), --rounds=N (1-64), --seats=N (2-6), --double,
// --start=YYYY-MM-DD. It reports false for a word that is no setting
// (an option of the boards, say), and a RangeError or DayError for a
// setting it cannot take, leaving t as it was.
func (t *Tournament) Set(word string) (bool, error) {
	key, val, _ := strings.Cut(strings.ToLower(word), "=")
	number := func(into *int, lo, hi int) (bool, error) {
		n, err := strconv.Atoi(val)
		if err != nil || n < lo || n > hi {
			return true, &RangeError{Lo: lo, Hi: hi}
		}
		*into = n
		return true, nil
	}
	switch key {
	case "--size":
		return number(&t.Size, 2, 256)
	case "--rounds":
		return number(&t.Rounds, 1, 64)
	case "--seats":
		return number(&t.Seats, 2, 6)
	case "--double":
		t.Double = true
		return true, nil
	case "--start":
		day, err := time.Parse("2006-01-02", val)
		if err != nil {
			return true, &DayError{err}
		}
		t.StartOn = day
		return true, nil
	}
	return false, nil
}
