package account

import (
	"strings"
	"time"
)

// The digest modes of an account (store.User.Digest).
const (
	DigestDaily  = "daily"
	DigestWeekly = "weekly"
)

// DigestHour is the quiet hour of the player's zone the digest goes
// out at; a weekly digest goes on Mondays.
const DigestHour = 6

// DigestMode reads the word of the digest command: daily, weekly, or
// off (""); ok is false for any other word.
func DigestMode(word string) (mode string, ok bool) {
	switch strings.ToLower(word) {
	case DigestDaily:
		return DigestDaily, true
	case DigestWeekly:
		return DigestWeekly, true
	case "off", "none":
		return "", true
	}
	return "", false
}

// NextDigest is when the next digest of mode is due after after: the
// next DigestHour of loc (on a Monday for weekly); zero for none.
func NextDigest(mode string, loc *time.Location, after time.Time) time.Time {
	if mode != DigestDaily && mode != DigestWeekly {
		return time.Time{}
	}
	t := after.In(loc)
	at := time.Date(t.Year(), t.Month(), t.Day(), DigestHour, 0, 0, 0, loc)
	for !at.After(after) || (mode == DigestWeekly && at.Weekday() != time.Monday) {
		at = time.Date(at.Year(), at.Month(), at.Day()+1, DigestHour, 0, 0, 0, loc)
	}
	return at
}
