package guard

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/store"
)

// Set-aside mail: a mail the core gave up on (a panic, the deadline,
// or the count of deaths the Mark keeps) is kept whole in the store
// with why and how often, its sender and the admins are told (by the
// core), and it is replayed alone: once at a later start of the daemon
// (Start lists it), and whenever an admin asks. A replay that is
// handled removes the mail from the set-aside ones (Replayed); one
// that fails again sets it aside again (SetAside) and the admins are
// told again.

// metaStarts is the store's count of the daemon's starts.
const metaStarts = "daemon.starts"

// SetAside records the mail of rec (its processed record under
// rec.Key, its whole text in rec.Raw, why in rec.Reason, the deaths
// charged to it in rec.Deaths, when in rec.At and rec.Start) as set
// aside, or adds to its record when it is already there: the record
// keeps the mail it first held and counts the failure. It returns the
// record as written, with its number.
func SetAside(tx *store.Tx, rec store.SetAside) (store.SetAside, error) {
	old, err := tx.SetAsideByKey(rec.Key)
	switch {
	case errors.Is(err, store.ErrNotFound):
		old = store.SetAside{MessageID: rec.MessageID, Key: rec.Key, From: rec.From, Subject: rec.Subject, Raw: rec.Raw}
	case err != nil:
		return old, fmt.Errorf("set aside mail %s: %w", rec.MessageID, err)
	}
	old.Reason, old.Deaths, old.At, old.Start = rec.Reason, rec.Deaths, rec.At, rec.Start
	old.Failures++
	if old.Seq, err = tx.PutSetAside(old); err != nil {
		return old, fmt.Errorf("set aside mail %s: %w", rec.MessageID, err)
	}
	return old, nil
}

// Started is what Start found.
type Started struct {
	// N is the number of this start of the daemon, from 1.
	N int
	// Again are the set-aside mails whose replay killed the daemon
	// in the process before, as now recorded; the admins are to be
	// told.
	Again []store.SetAside
	// Recorded are the numbers of the replays of died that the store
	// now holds (Mark.Recorded forgets them once tx commits).
	Recorded []uint64
	// Due are the set-aside mails set aside at an earlier start and
	// not replayed since: each is replayed once, by itself.
	Due []uint64
}

// Start counts a start of the daemon in tx at now, and records the
// replays of set-aside mails that died in the process before (died,
// from Mark.Died).
func Start(tx *store.Tx, died []Count, now time.Time) (Started, error) {
	var st Started
	n, _ := strconv.Atoi(tx.Meta(metaStarts))
	n++
	if err := tx.PutMeta(metaStarts, strconv.Itoa(n)); err != nil {
		return st, fmt.Errorf("count the start: %w", err)
	}
	st.N = n
	for _, d := range died {
		st.Recorded = append(st.Recorded, d.Seq)
		rec, err := tx.SetAsideMail(d.Seq)
		if errors.Is(err, store.ErrNotFound) {
			continue
		} else if err != nil {
			return st, fmt.Errorf("set-aside mail %d: %w", d.Seq, err)
		}
		rec.Reason = "the daemon died or hung while replaying it"
		rec.Deaths += d.N
		rec.Failures++
		rec.At, rec.Start, rec.Retried = now, n, true
		if _, err := tx.PutSetAside(rec); err != nil {
			return st, fmt.Errorf("set-aside mail %d: %w", d.Seq, err)
		}
		st.Again = append(st.Again, rec)
	}
	recs, err := tx.SetAsideMails()
	if err != nil {
		return st, fmt.Errorf("set-aside mails: %w", err)
	}
	for _, r := range recs {
		if !r.Retried && r.Start < n {
			st.Due = append(st.Due, r.Seq)
		}
	}
	return st, nil
}

// TakeForReplay reads set-aside mail seq for a replay; auto notes the
// one replay at a later start, before it runs, so that it is not
// made twice.
func TakeForReplay(tx *store.Tx, seq uint64, auto bool) (store.SetAside, error) {
	rec, err := tx.SetAsideMail(seq)
	if err != nil || !auto {
		return rec, err
	}
	rec.Retried = true
	_, err = tx.PutSetAside(rec)
	return rec, err
}

// Reopen forgets that the mail of rec was handled, for its replay in
// the same transaction.
func Reopen(tx *store.Tx, rec store.SetAside) error {
	return tx.ForgetProcessed(rec.Key)
}

// Replayed removes set-aside mail seq: its replay was handled.
func Replayed(tx *store.Tx, seq uint64) error {
	return tx.DeleteSetAside(seq)
}

// GiveUp records the mail m as handled, with the outcome "internal
// error", under rec.Key at rec.At, and sets it aside with rec (see
// SetAside): the core gave up on it, and a copy of it is a duplicate.
func GiveUp(tx *store.Tx, m *mail.Message, rec store.SetAside) (store.SetAside, error) {
	if err := Done(tx, m, rec.Key, rec.At, "internal error"); err != nil {
		return rec, fmt.Errorf("give up mail %s: %w", m.ID, err)
	}
	return SetAside(tx, rec)
}
