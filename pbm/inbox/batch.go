package inbox

import (
	"context"
	"fmt"
	"io"
	"runtime/debug"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"github.com/pbmgo/pbm/pbm/killpoint"
)

// drainBatches handles the mails of uids (sorted, in arrival order)
// Batch at a time: one UID FETCH of the sizes and one of the bodies for
// a set, the batch handler, then one UID STORE and one UID MOVE for
// the mails it committed. A mail waiting for its retry holds back the
// ones after it, as in drain.
func (s *session) drainBatches(ctx context.Context, uids []imap.UID, now time.Time) error {
	for len(uids) > 0 {
		if ctx.Err() != nil {
			return nil
		}
		n, stop := 0, false
		for n < len(uids) && n < s.in.cfg.Batch {
			if f := s.in.failures[uids[n]]; f != nil && now.Before(f.retryAt) {
				stop = true
				break
			}
			n++
		}
		if n > 0 {
			if err := s.processBatch(ctx, uids[:n]); err == errHandler {
				return nil
			} else if err != nil {
				return err
			}
		}
		if stop {
			return nil
		}
		uids = uids[n:]
	}
	return nil
}

func (s *session) processBatch(ctx context.Context, uids []imap.UID) error {
	set := imap.UIDSetNum(uids...)
	// RFC 9051 section 6.4.5: RFC822.SIZE first, so that an oversize
	// mail is never downloaded.
	var sizes []*imapclient.FetchMessageBuffer
	if err := s.guard("UID FETCH RFC822.SIZE", func() (err error) {
		sizes, err = s.c.Fetch(set, &imap.FetchOptions{UID: true, RFC822Size: true}).Collect()
		return err
	}); err != nil {
		return fmt.Errorf("uid fetch %s size: %w", set, err)
	}
	size := map[imap.UID]int64{}
	for _, m := range sizes {
		size[m.UID] = m.RFC822Size
	}
	var wanted, rejected []imap.UID
	for _, uid := range uids {
		switch sz, ok := size[uid]; {
		case !ok:
			s.in.log.Info("mail vanished before fetch", "uid", uid)
		case sz > s.in.cfg.MaxSize:
			s.in.log.Warn("mail too large; moving it without downloading", "uid", uid, "size", sz, "max", s.in.cfg.MaxSize, "to", s.in.cfg.Rejected)
			if err := s.tellUnread(ctx, uid, nil, sz); err != nil {
				return err
			}
			rejected = append(rejected, uid)
		default:
			wanted = append(wanted, uid)
		}
	}
	bodies := map[imap.UID][]byte{}
	if len(wanted) > 0 {
		if err := s.guard("UID FETCH BODY.PEEK[]", func() error {
			// BODY.PEEK[] does not set \Seen (RFC 9051 section 6.4.5). At
			// most MaxSize+1 bytes of each mail are kept.
			cmd := s.c.Fetch(imap.UIDSetNum(wanted...), &imap.FetchOptions{
				UID: true, BodySection: []*imap.FetchItemBodySection{{Peek: true}},
			})
			defer cmd.Close()
			for msg := cmd.Next(); msg != nil; msg = cmd.Next() {
				var uid imap.UID
				var raw []byte
				for item := msg.Next(); item != nil; item = msg.Next() {
					switch it := item.(type) {
					case imapclient.FetchItemDataUID:
						uid = it.UID
					case imapclient.FetchItemDataBodySection:
						if it.Literal == nil || raw != nil {
							continue
						}
						b, err := io.ReadAll(io.LimitReader(it.Literal, s.in.cfg.MaxSize+1))
						if err != nil {
							return err
						}
						raw = append([]byte{}, b...)
					}
				}
				if uid != 0 && raw != nil {
					bodies[uid] = raw
				}
			}
			return cmd.Close()
		}); err != nil {
			return fmt.Errorf("uid fetch %s body: %w", set, err)
		}
	}
	var handled []imap.UID
	var raws [][]byte
	for _, uid := range wanted {
		raw, ok := bodies[uid]
		switch {
		case !ok:
			s.in.log.Info("mail vanished before fetch", "uid", uid)
		case int64(len(raw)) > s.in.cfg.MaxSize:
			s.in.log.Warn("mail body larger than announced; moving it", "uid", uid, "max", s.in.cfg.MaxSize, "to", s.in.cfg.Rejected)
			if err := s.tellUnread(ctx, uid, raw, int64(len(raw))); err != nil {
				return err
			}
			rejected = append(rejected, uid)
		default:
			handled = append(handled, uid)
			raws = append(raws, raw)
		}
	}
	if err := s.ackSet(rejected, s.in.cfg.Rejected); err != nil {
		return err
	}
	if len(raws) == 0 {
		return nil
	}
	start := time.Now()
	errs := s.in.callBatch(ctx, raws)
	done := 0
	for done < len(handled) && errs[done] == nil {
		delete(s.in.failures, handled[done])
		done++
	}
	// The committed mails are acknowledged together, before anything
	// else: a crash between commit and acknowledgement only offers
	// them again, and the handler dedupes them.
	if done > 1 {
		killpoint.At("ack", done)
	}
	if err := s.ackSet(handled[:done], s.in.cfg.Processed); err != nil {
		return err
	}
	s.in.log.Debug("mails processed", "mails", done, "took", time.Since(start).Round(time.Millisecond))
	if done < len(handled) {
		uid := handled[done]
		f := s.in.failures[uid]
		if f == nil {
			f = &failure{}
			s.in.failures[uid] = f
		}
		f.attempts++
		delay := s.in.retryDelay(f.attempts)
		f.retryAt = time.Now().Add(delay)
		s.in.log.Warn("mail handler failed; leaving mail in the mailbox", "uid", uid, "size", len(raws[done]), "attempt", f.attempts, "retry_in", delay, "err", errs[done])
		return errHandler
	}
	return nil
}

// callBatch calls the batch handler; a panic fails every mail, which
// are then offered again (one at a time after the first retry: the
// handler's own fallback sets the bad one aside).
func (in *Inbox) callBatch(ctx context.Context, raws [][]byte) (errs []error) {
	defer func() {
		if v := recover(); v != nil {
			in.log.Error("mail handler panicked", "panic", v, "stack", string(debug.Stack()))
			errs = make([]error, len(raws))
			for i := range errs {
				errs[i] = fmt.Errorf("handler panic: %v", v)
			}
		}
	}()
	errs = in.cfg.BatchHandler(ctx, raws)
	if len(errs) != len(raws) {
		panic(fmt.Sprintf("inbox: batch handler returned %d results for %d mails", len(errs), len(raws)))
	}
	return errs
}
