package pbm

import (
	"context"
	"errors"
	"fmt"

	"github.com/pbmgo/pbm/pbm/mail"

	"github.com/pbmgo/pbm/pbm/killpoint"
	"github.com/pbmgo/pbm/store"
)

// MaxBatch bounds the mails of one group commit.
const MaxBatch = 64

// errBatch abandons a group commit: one of its mails failed.
var errBatch = errors.New("a mail of the batch failed")

// HandleBatch handles mails in arrival order with one transaction, one
// fsync, for the lot: the group commit. Each mail is still all or
// nothing. When any mail of the batch fails (an error, a panic, the
// guard's deadline), the whole transaction is rolled back and every
// mail is handled again alone with Handle, in order, so that the
// failing one is set aside or left for later exactly as Handle does,
// and the mails before it commit. errs[i] is Handle's error for mail i;
// after the first mail with an error, the later ones are not handled
// and carry an error too, so that the intake keeps them, in order, for
// later.
func (s *Server) HandleBatch(ctx context.Context, raws [][]byte) []error {
	errs := make([]error, len(raws))
	for start := 0; start < len(raws); start += MaxBatch {
		end := min(start+MaxBatch, len(raws))
		if !s.handleGroup(ctx, raws[start:end], errs[start:end]) {
			for i := end; i < len(raws); i++ {
				errs[i] = fmt.Errorf("handle mail: not handled after an earlier mail failed")
			}
			break
		}
	}
	return errs
}

// handleGroup handles one batch; it reports whether every mail of it
// was handled.
func (s *Server) handleGroup(ctx context.Context, raws [][]byte, errs []error) bool {
	msgs := make([]*mail.Message, len(raws))
	for i, raw := range raws {
		msgs[i] = readMail(raw)
	}
	ids := make([]string, len(msgs))
	for i, m := range msgs {
		ids[i] = m.ID
	}
	// A batch that holds a mail the guard suspects (the daemon died
	// with it in hand) is handed over one mail at a time, so that the
	// one that kills the daemon is alone in hand at the next death and
	// only it is charged (guard.go).
	if len(raws) > 1 && !s.tries.marked(ids) {
		s.prefetchCredentials(msgs)
		// The guard's mark holds every mail of the batch from here to
		// the end of the transaction, and its bound covers the batch.
		bctx, _, release := s.hold(ctx, ids, 0)
		outs := make([]Outcome, len(msgs))
		afters := make([][]func(), len(msgs))
		err := s.cfg.Store.Update(func(tx *store.Tx) error {
			later := &laterPictures{s: s}
			lctx := withLaterPictures(bctx, later)
			for i, m := range msgs {
				var aerr error
				if outs[i], afters[i], aerr = s.apply(lctx, tx, m, 1); aerr != nil {
					return errBatch
				}
			}
			if err := later.drawLater(tx); err != nil {
				return errBatch
			}
			// Every mail of the batch applied, nothing committed.
			killpoint.At("group-commit", len(msgs))
			return nil
		})
		// Committed, every mail is finished; rolled back, they are
		// handled alone below, each under its own mark.
		release(err == nil)
		if err == nil {
			for i, m := range msgs {
				for _, f := range afters[i] {
					f()
				}
				s.log.Info("mail", "id", m.ID, "from", m.From, "subject", s.Masked(m.Subject), "outcome", outs[i].String(), "queued", outs[i].Queued, "batch", len(msgs))
			}
			return true
		}
		if !errors.Is(err, errBatch) {
			s.log.Warn("group commit failed; handling the mails one by one", "mails", len(msgs), "error", err)
		}
	}
	for i, raw := range raws {
		if _, errs[i] = s.Handle(ctx, raw); errs[i] != nil {
			for j := i + 1; j < len(raws); j++ {
				errs[j] = fmt.Errorf("handle mail %s: not handled after an earlier mail failed", msgs[j].ID)
			}
			return false
		}
	}
	return true
}
