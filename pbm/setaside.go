package pbm

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/pbm/mail"

	"github.com/pbmgo/pbm/store"
)

// Set-aside mail: a mail the core gave up on (a panic, the deadline,
// or the guard's count of deaths, see guard.go) is kept whole in the
// store with why and how often, its sender and the admins are told,
// and it is replayed alone: once at a later start of the daemon
// (StartUp), and whenever an admin asks ("admin ... retry <id>"). A
// replay that is handled removes the mail from the set-aside ones; one
// that fails again sets it aside again and tells the admins again.

// metaStarts is the store's count of the daemon's starts.
const metaStarts = "daemon.starts"

// setAside records m (its processed record under key) as set aside
// for why, or adds to its record when it is already there.
func (s *Server) setAside(tx *store.Tx, m *mail.Message, key store.Digest, raw []byte, why string, deaths int) (store.SetAside, error) {
	rec, err := tx.SetAsideByKey(key)
	if errors.Is(err, store.ErrNotFound) {
		rec = store.SetAside{MessageID: m.ID, Key: key, From: m.From, Subject: s.Masked(m.Subject), Raw: raw}
	} else if err != nil {
		return rec, err
	}
	rec.Reason, rec.Deaths, rec.At, rec.Start = why, deaths, s.now(), s.start
	rec.Failures++
	if rec.Seq, err = tx.PutSetAside(rec); err != nil {
		return rec, err
	}
	return rec, nil
}

// reportSetAside tells the admins what became of a set-aside mail.
func (s *Server) reportSetAside(tx *store.Tx, rec store.SetAside, what string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Set-aside mail %d, from %s (Message-ID %s, subject %q), %s:\n\n%s\n\n", rec.Seq, rec.From, rec.MessageID, rec.Subject, what, rec.Reason)
	fmt.Fprintf(&b, "It was set aside %d times", rec.Failures)
	if rec.Deaths > 0 {
		fmt.Fprintf(&b, "; the daemon died or hung with it alone in hand (count %d, a hang counts %d)", rec.Deaths, hangWeight)
	}
	b.WriteString(".\n")
	if !rec.Retried {
		b.WriteString("It is replayed once by itself at a later start of the daemon.\n")
	}
	fmt.Fprintf(&b, "To replay it now: admin <userid> <password> retry %d\n", rec.Seq)
	for _, a := range s.adminAddresses(tx) {
		if err := s.enqueue(tx, outMail{To: a, Subject: fmt.Sprintf("pbm: set-aside mail %d", rec.Seq), Text: b.String(), Report: true}); err != nil {
			return err
		}
	}
	s.log.Warn("set-aside mail", "set_aside", rec.Seq, "id", rec.MessageID, "from", rec.From, "failures", rec.Failures, "deaths", rec.Deaths, "what", what)
	return nil
}

// StartUp is called once at each start of the daemon, before any mail
// is taken in: it counts the start, records the replays of set-aside
// mails that died in the process before (and tells the admins), and
// replays once, by itself, every mail set aside at an earlier start
// that was not replayed so yet.
func (s *Server) StartUp(ctx context.Context) error {
	var due []uint64
	var recorded []uint64
	err := s.cfg.Store.Update(func(tx *store.Tx) error {
		due, recorded = nil, nil
		n, _ := strconv.Atoi(tx.Meta(metaStarts))
		n++
		if err := tx.PutMeta(metaStarts, strconv.Itoa(n)); err != nil {
			return err
		}
		s.start = n
		for _, d := range s.tries.died() {
			recorded = append(recorded, d.Seq)
			rec, err := tx.SetAsideMail(d.Seq)
			if errors.Is(err, store.ErrNotFound) {
				continue
			} else if err != nil {
				return err
			}
			rec.Reason = "the daemon died or hung while replaying it"
			rec.Deaths += d.N
			rec.Failures++
			rec.At, rec.Start, rec.Retried = s.now(), n, true
			if _, err := tx.PutSetAside(rec); err != nil {
				return err
			}
			if err := s.reportSetAside(tx, rec, "killed the daemon again when it was replayed"); err != nil {
				return err
			}
		}
		recs, err := tx.SetAsideMails()
		if err != nil {
			return err
		}
		for _, r := range recs {
			if !r.Retried && r.Start < n {
				due = append(due, r.Seq)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("start: %w", err)
	}
	for _, seq := range recorded {
		s.tries.recorded(seq)
	}
	for _, seq := range due {
		if ctx.Err() != nil {
			return nil
		}
		if _, err := s.Replay(ctx, seq, true); err != nil {
			s.log.Error("replay of a set-aside mail", "set_aside", seq, "error", err)
		}
	}
	return nil
}

// Replay handles set-aside mail seq again, alone, as if it came now
// (auto: the one replay at a later start, noted before it runs). A
// mail that is handled leaves the set-aside mails and the admins get
// its outcome; one that fails again is set aside again.
func (s *Server) Replay(ctx context.Context, seq uint64, auto bool) (Outcome, error) {
	var rec store.SetAside
	err := s.cfg.Store.Update(func(tx *store.Tx) (err error) {
		if rec, err = tx.SetAsideMail(seq); err != nil || !auto {
			return err
		}
		rec.Retried = true
		_, err = tx.PutSetAside(rec)
		return err
	})
	if err != nil {
		return Outcome{}, fmt.Errorf("replay set-aside mail %d: %w", seq, err)
	}
	how := "by an admin"
	if auto {
		how = "at a later start of the daemon"
	}
	m := readMail(rec.Raw)
	var out Outcome
	var after []func()
	err = s.cfg.Store.Update(func(tx *store.Tx) (err error) {
		hctx, _, release := s.hold(ctx, []string{m.ID}, seq)
		defer func() { release(err == nil) }()
		if err := tx.ForgetProcessed(rec.Key); err != nil {
			return err
		}
		if out, after, err = s.apply(hctx, tx, m, 1); err != nil {
			return err
		}
		if out.Duplicate {
			return fmt.Errorf("the mail is recorded as processed under a key other than %x", rec.Key[:8])
		}
		if err := tx.DeleteSetAside(seq); err != nil {
			return err
		}
		rec.Reason = "outcome: " + out.String()
		return s.reportSetAside(tx, rec, "was replayed "+how+" and handled")
	})
	var bug *brokenError
	if errors.As(err, &bug) {
		s.log.Error("replay of a set-aside mail", "set_aside", seq, "id", m.ID, "error", err)
		out, after = Outcome{ID: m.ID, From: m.From, Ignored: "internal error"}, nil
		err = s.cfg.Store.Update(func(tx *store.Tx) error {
			now := s.now()
			if err := tx.MarkProcessed(rec.Key, store.Processed{At: now, Keep: s.keepFrom(m, now), Outcome: "internal error"}); err != nil {
				return err
			}
			again, err := s.setAside(tx, m, rec.Key, rec.Raw, bug.Error(), 0)
			if err != nil {
				return err
			}
			return s.reportSetAside(tx, again, "failed again when it was replayed "+how)
		})
	}
	if err != nil {
		return out, fmt.Errorf("replay set-aside mail %d: %w", seq, err)
	}
	for _, f := range after {
		f()
	}
	s.log.Info("set-aside mail replayed", "set_aside", seq, "id", m.ID, "from", m.From, "outcome", out.String(), "queued", out.Queued)
	return out, nil
}
