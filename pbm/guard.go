package pbm

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pbmgo/pbm/pbm/guard"
	"github.com/pbmgo/pbm/pbm/killpoint"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/store"
)

// The guard (package guard): no single mail holds the intake for
// longer than a bound, and no mail that kills the daemon holds it back
// for good. The core keeps its side of it: the deadline looked at
// between the commands of a mail (checkDeadline), the bound of an
// outgoing mail's text (boundText), the notices to the admins of mail
// set aside (notice.Writer.SetAside), and the entry points of the daemon's
// start (StartUp) and of a replay (Replay).
const (
	defaultMailTimeout = 30 * time.Second
	maxMailText        = 512 << 10
)

// testHang, set only by tests, runs at each command of a mail with the
// mail's context: it makes one mail hang.
var testHang func(ctx context.Context, m *mail.Message)

// checkDeadline is called between the commands of a mail.
func (r *run) checkDeadline() error {
	if r.ctx == nil {
		return nil
	}
	if testHang != nil {
		testHang(r.ctx, r.msg)
	}
	killpoint.Mail(r.msg.Subject)
	switch err := r.ctx.Err(); {
	case errors.Is(err, context.DeadlineExceeded):
		return broken(fmt.Errorf("the mail took longer than %v", r.s.cfg.MailTimeout))
	case err != nil:
		// The daemon stops: the mail is rolled back and offered again
		// at the next start, as if it had not come yet; it is not the
		// mail's fault.
		return fmt.Errorf("the mail was not finished: %w", err)
	}
	return nil
}

// boundText cuts the text of an outgoing mail at maxMailText bytes,
// and says so in the reader's language (p).
func boundText(p lang.Printer, text string) string {
	if len(text) <= maxMailText {
		return text
	}
	cut := strings.LastIndexByte(text[:maxMailText], '\n')
	if cut < 0 {
		cut = maxMailText
	}
	return strings.ToValidUTF8(text[:cut], "") + "\n\n" + p.T("MailCut", "Bytes", len(text)-cut, "Max", maxMailText) + "\n"
}

// StartUp is called once at each start of the daemon, before any mail
// is taken in: it counts the start, records the replays of set-aside
// mails that died in the process before (and tells the admins), and
// replays once, by itself, every mail set aside at an earlier start
// that was not replayed so yet.
func (s *Server) StartUp(ctx context.Context) error {
	var st guard.Started
	err := s.cfg.Store.Update(func(tx *store.Tx) (err error) {
		if st, err = guard.Start(tx, s.tries.Died(), s.now()); err != nil {
			return err
		}
		for _, rec := range st.Again {
			if err := s.notices.SetAside(tx, s.cfg.Admins, rec, lang.M("GuardWhatKilledAgain")); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("start: %w", err)
	}
	s.start = st.N
	for _, seq := range st.Recorded {
		s.tries.Recorded(seq)
	}
	for _, seq := range st.Due {
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
		rec, err = guard.TakeForReplay(tx, seq, auto)
		return err
	})
	if err != nil {
		return Outcome{}, fmt.Errorf("replay set-aside mail %d: %w", seq, err)
	}
	handled, failed := lang.M("GuardWhatHandledAdmin"), lang.M("GuardWhatFailedAdmin")
	if auto {
		handled, failed = lang.M("GuardWhatHandledStart"), lang.M("GuardWhatFailedStart")
	}
	m := readMail(rec.Raw)
	var out Outcome
	var after []func()
	err = s.cfg.Store.Update(func(tx *store.Tx) (err error) {
		hctx, _, release := s.tries.Guard(ctx, []string{m.ID}, seq, s.cfg.MailTimeout, s.cfg.OnHang)
		defer func() { release(err == nil) }()
		if err := guard.Reopen(tx, rec); err != nil {
			return err
		}
		if out, after, err = s.apply(hctx, tx, m, 1); err != nil {
			return err
		}
		if out.Duplicate {
			return fmt.Errorf("the mail is recorded as processed under a key other than %x", rec.Key[:8])
		}
		if err := guard.Replayed(tx, seq); err != nil {
			return err
		}
		rec.Reason = "outcome: " + out.String()
		return s.notices.SetAside(tx, s.cfg.Admins, rec, handled)
	})
	if bug, ok := asBroken(err); ok {
		s.log.Error("replay of a set-aside mail", "set_aside", seq, "id", m.ID, "error", err)
		out, after = Outcome{ID: m.ID, From: m.From, Ignored: "internal error"}, nil
		err = s.cfg.Store.Update(func(tx *store.Tx) error {
			again, err := guard.GiveUp(tx, m, store.SetAside{MessageID: m.ID, Key: rec.Key, From: m.From, Subject: lineReader(s).Masked(m.Subject), Raw: rec.Raw,
				Reason: bug.Error(), At: s.now(), Start: s.start})
			if err != nil {
				return err
			}
			return s.notices.SetAside(tx, s.cfg.Admins, again, failed)
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
