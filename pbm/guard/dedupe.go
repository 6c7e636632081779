package guard

import (
	"time"

	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/store"
)

// Exactly once, with a table that does not grow for ever.
//
// A mail handled is recorded under its Key (pbm/mail): a digest of
// its Message-ID, its sender and what it says, so that a copy of it
// delivered again (the intake died between the commit and the
// acknowledgement, the MTA retried) is a duplicate, while another mail
// that carries an old Message-ID is read for what it is.
//
// The record is dropped once it is older than the window (the
// server's dedupe window), counted from the mail's date or from when
// it was first seen, whichever is later. A copy that comes back after
// that is itself dated longer ago than the window and is refused as
// stale (Unfit), so no record can expire while a copy of its mail
// could still be applied. A mail dated more than MaxSkew ahead is
// refused too: its record would outlive the window by as much. A mail
// without any date (no Date field and no Received field, which every
// MTA adds: RFC 5321 section 4.4) is kept for good.
const (
	DefaultDedupeWindow = 30 * 24 * time.Hour
	MaxSkew             = 24 * time.Hour
	// expireEach is how many old records, of each table, are dropped
	// with each mail handled: more than each mail adds, so the tables
	// shrink back after a burst.
	expireEach = 4
)

// Seen reports whether the mail was handled before: under its key, or
// under its Message-ID alone in a store written before keys.
func Seen(tx *store.Tx, m *mail.Message) (bool, error) {
	if _, done, err := tx.Processed(m.Key); err != nil || done {
		return done, err
	}
	_, done, err := tx.Processed(store.IDDigest(m.ID))
	return done, err
}

// KeepFrom is the time the record of m counts its window from; zero
// keeps it for good.
func KeepFrom(m *mail.Message, now time.Time) time.Time {
	switch {
	case m.Date.IsZero():
		return time.Time{}
	case m.Date.After(now):
		return m.Date
	}
	return now
}

// Done records mail m as handled under key at now, with its outcome:
// a copy of it is a duplicate from now on.
func Done(tx *store.Tx, m *mail.Message, key store.Digest, now time.Time, outcome string) error {
	return tx.MarkProcessed(key, store.Processed{At: now, Keep: KeepFrom(m, now), Outcome: outcome})
}

// Expire drops the oldest processed records past window, and the rate
// counters past rateWindow, a few of each per call.
func Expire(tx *store.Tx, now time.Time, window, rateWindow time.Duration) error {
	if _, err := tx.ExpireProcessed(now.Add(-window), expireEach); err != nil {
		return err
	}
	_, err := tx.ExpireRates(now.Add(-rateWindow), expireEach)
	return err
}

// Unfit tells why a mail is refused before its commands are read, or
// nothing: it could not be read, or its date is out of the window.
func Unfit(m *mail.Message, now time.Time, window time.Duration) []lang.Msg {
	switch {
	case m.Unread != "":
		// Why is the parser's, in English.
		return []lang.Msg{lang.M("GuardUnread", "Why", oneLine(m.Unread))}
	case !m.Date.IsZero() && now.Sub(m.Date) > window:
		days := int(window / (24 * time.Hour))
		return []lang.Msg{lang.N("GuardStale", days, "Date", m.Date.UTC(), "Days", days)}
	case m.Date.After(now.Add(MaxSkew)):
		return []lang.Msg{lang.M("GuardAhead", "Date", m.Date.UTC(), "Now", now.UTC())}
	}
	return nil
}

// oneLine is s on one line, cut at 200 characters, as the core quotes
// what a mail said.
func oneLine(s string) string {
	s = mail.OneLine(s)
	if r := []rune(s); len(r) > 200 {
		s = string(r[:200]) + "..."
	}
	return s
}
