package pbm

import (
	"fmt"
	"time"

	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/pbm/mail"

	"github.com/pbmgo/pbm/store"
)

// Exactly once, with a table that does not grow for ever.
//
// A mail handled is recorded under its Key (message.go): a digest of
// its Message-ID, its sender and what it says, so that a copy of it
// delivered again (the intake died between the commit and the
// acknowledgement, the MTA retried) is a duplicate, while another mail
// that carries an old Message-ID is read for what it is.
//
// The record is dropped once it is older than the window
// (Config.DedupeWindow), counted from the mail's date or from when it
// was first seen, whichever is later. A copy that comes back after
// that is itself dated longer ago than the window and is refused as
// stale (unfit), so no record can expire while a copy of its mail
// could still be applied. A mail dated more than maxSkew ahead is
// refused too: its record would outlive the window by as much. A mail
// without any date (no Date field and no Received field, which every
// MTA adds: RFC 5321 section 4.4) is kept for good.
const (
	defaultDedupeWindow = 30 * 24 * time.Hour
	maxSkew             = 24 * time.Hour
	// expireEach is how many old records, of each table, are dropped
	// with each mail handled: more than each mail adds, so the tables
	// shrink back after a burst.
	expireEach = 4
)

// seen reports whether the mail was handled before: under its key, or
// under its Message-ID alone in a store written before keys.
func seen(tx *store.Tx, m *mail.Message) (bool, error) {
	if _, done, err := tx.Processed(m.Key); err != nil || done {
		return done, err
	}
	_, done, err := tx.Processed(store.IDDigest(m.ID))
	return done, err
}

// keepFrom is the time the record of m counts its window from; zero
// keeps it for good.
func (s *Server) keepFrom(m *mail.Message, now time.Time) time.Time {
	switch {
	case m.Date.IsZero():
		return time.Time{}
	case m.Date.After(now):
		return m.Date
	}
	return now
}

// expire drops the oldest records past their window, and the rate
// counters past their hour.
func (s *Server) expire(tx *store.Tx, now time.Time) error {
	if _, err := tx.ExpireProcessed(now.Add(-s.cfg.DedupeWindow), expireEach); err != nil {
		return err
	}
	_, err := tx.ExpireRates(now.Add(-account.RateWindow), expireEach)
	return err
}

// unfit tells why a mail is refused before its commands are read, or
// "": it could not be read, or its date is out of the window.
func (s *Server) unfit(m *mail.Message, now time.Time) string {
	switch {
	case m.Unread != "":
		return fmt.Sprintf("Your mail could not be read (%s), so nothing of it was applied. Send your commands again in a plain text mail.", trimLine(m.Unread))
	case !m.Date.IsZero() && now.Sub(m.Date) > s.cfg.DedupeWindow:
		return fmt.Sprintf("Your mail is dated %s, more than %d days ago: it is refused as stale, and nothing of it was applied. Send your commands again in a new mail.",
			stamp(m.Date), int(s.cfg.DedupeWindow/(24*time.Hour)))
	case m.Date.After(now.Add(maxSkew)):
		return fmt.Sprintf("Your mail is dated %s, more than a day ahead of the server's clock (%s), so nothing of it was applied. Check the clock of your computer and send your commands again.",
			stamp(m.Date), stamp(now))
	}
	return ""
}
