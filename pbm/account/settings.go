package account

import (
	"errors"
	"strings"
	"time"

	"github.com/pbmgo/pbm/store"
)

// The settings of an account that its commands change: language,
// limits of challenges, time zone, digest, days off, pictures and
// automatic vacation. Each operation checks the word it is given,
// writes the account, and returns it, or a typed error and no change.

// The refusals of the settings.
var (
	ErrBadLimit        = errors.New("not a limit: a number, 0, reject, accept, all or inf")
	ErrUnknownZone     = errors.New("not a time zone")
	ErrUnknownDigest   = errors.New("not a digest: daily, weekly or off")
	ErrPicturesWord    = errors.New("pictures are on or off")
	ErrAutoVacationArg = errors.New("automatic vacation is on or off")
)

// SetLanguage sets the language of the account's mail; code is one the
// server speaks, "" for the server's own.
func SetLanguage(tx *store.Tx, u store.User, code string) (store.User, error) {
	u.Language = code
	return u, put(tx, u)
}

// ChangeLimit sets the account's limit of challenges to a game from a
// word (ParseLimit).
func ChangeLimit(tx *store.Tx, u store.User, game, word string) (store.User, error) {
	n, ok := ParseLimit(word)
	if !ok {
		return u, ErrBadLimit
	}
	return PutLimit(tx, u, game, n)
}

// PutLimit sets the account's limit of challenges to a game: n < 0
// accepts all, 0 rejects all (SetLimit).
func PutLimit(tx *store.Tx, u store.User, game string, n int) (store.User, error) {
	SetLimit(&u, game, n)
	return u, put(tx, u)
}

// SetZone sets the zone the account's deadlines are written in, from
// an IANA zone name or "server" (Zone).
func SetZone(tx *store.Tx, u store.User, word string) (store.User, error) {
	name, ok := Zone(word)
	if !ok {
		return u, ErrUnknownZone
	}
	u.TimeZone = name
	return u, put(tx, u)
}

// SetDigest sets the account's digest from a word (DigestMode) and
// when the next is due, in the account's zone (server's zone when it
// has none), after now.
func SetDigest(tx *store.Tx, u store.User, word string, server *time.Location, now time.Time) (store.User, error) {
	mode, ok := DigestMode(word)
	if !ok {
		return u, ErrUnknownDigest
	}
	old := u.DigestNext
	u.Digest, u.DigestNext = mode, NextDigest(mode, Location(u, server), now)
	return u, putDigest(tx, u, old)
}

// DigestSent sets when the account's next digest is due, its digest
// of now sent.
func DigestSent(tx *store.Tx, u store.User, server *time.Location, now time.Time) error {
	old := u.DigestNext
	u.DigestNext = NextDigest(u.Digest, Location(u, server), now)
	return putDigest(tx, u, old)
}

// HoldDigest puts the account's next digest off until a time: the
// clock leaves a failing digest alone until then. An account with no
// digest is left as it is.
func HoldDigest(tx *store.Tx, id string, until time.Time) error {
	u, err := tx.User(id)
	if err != nil || u.DigestNext.IsZero() {
		return err
	}
	old := u.DigestNext
	u.DigestNext = until
	return putDigest(tx, u, old)
}

// putDigest writes the account and moves it in the index of digests
// due from old to its next.
func putDigest(tx *store.Tx, u store.User, old time.Time) error {
	if err := put(tx, u); err != nil {
		return err
	}
	return tx.SetDigestDue(u.ID, old, u.DigestNext)
}

// SetDaysOff sets the weekdays (0 Sunday) on which no clock of the
// account's runs; the days are checked by the board's rules of days
// off.
func SetDaysOff(tx *store.Tx, u store.User, days []int) (store.User, error) {
	u.DaysOff = days
	return u, put(tx, u)
}

// SetPictures turns the pictures of the account's board mails on or
// off.
func SetPictures(tx *store.Tx, u store.User, word string) (store.User, error) {
	switch strings.ToLower(word) {
	case "on":
		u.NoPictures = false
	case "off":
		u.NoPictures = true
	default:
		return u, ErrPicturesWord
	}
	return u, put(tx, u)
}

// SetAutoVacation turns the account's automatic vacation on or off:
// with it on, a clock that would forfeit the player spends a day of
// the year's vacation days instead.
func SetAutoVacation(tx *store.Tx, u store.User, word string) (store.User, error) {
	switch strings.ToLower(word) {
	case "on":
		u.AutoVacation = true
	case "off":
		u.AutoVacation = false
	default:
		return u, ErrAutoVacationArg
	}
	return u, put(tx, u)
}
