package inbox

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"runtime/debug"
	"slices"
	"sync/atomic"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"github.com/pbmgo/pbm/pbm/killpoint"
)

// session is one IMAP connection.
type session struct {
	in      *Inbox
	c       *imapclient.Client
	wake    chan struct{} // signalled by the unilateral data handler on EXISTS
	canMove bool
	warned  bool // the "no MOVE" warning was logged
}

// session runs one connection until an error or ctx is done. established
// reports whether it got as far as selecting the mailbox, which resets the
// reconnect backoff.
func (in *Inbox) session(ctx context.Context) (established bool, err error) {
	s := &session{in: in, wake: make(chan struct{}, 1)}
	start := time.Now()
	c, err := s.connect(ctx)
	if err != nil {
		return false, err
	}
	s.c = c
	defer c.Close()
	// Shutdown: closing the connection unblocks whatever command is pending.
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	in.log.Info("imap connected", "tls", in.cfg.TLS, "took", time.Since(start).Round(time.Millisecond))

	if err := s.guard("LOGIN", func() error { return c.Login(in.cfg.Username, in.cfg.Password).Wait() }); err != nil {
		var ierr *imap.Error
		if errors.As(err, &ierr) {
			in.log.Error("imap login failed", "user", in.cfg.Username, "err", err)
		}
		return false, fmt.Errorf("login %s: %w", in.cfg.Username, err)
	}

	var caps imap.CapSet
	if err := s.guard("CAPABILITY", func() error {
		if caps = c.Caps(); caps == nil {
			return errors.New("no capabilities")
		}
		return nil
	}); err != nil {
		return false, fmt.Errorf("capability: %w", err)
	}
	// Moving is safe with MOVE (RFC 6851), or with UIDPLUS (RFC 4315 section
	// 2.1, UID EXPUNGE), which go-imap uses for its COPY + STORE \Deleted +
	// EXPUNGE fallback. Without either, the fallback's plain EXPUNGE (RFC 9051
	// section 6.4.3) would remove every \Deleted mail in the mailbox,
	// including other clients' mail, so then we only set \Seen.
	s.canMove = caps.Has(imap.CapMove) || caps.Has(imap.CapUIDPlus)
	// IDLE is RFC 2177, and part of IMAP4rev2 (RFC 9051 section 6.3.13).
	canIdle := caps.Has(imap.CapIdle)

	if err := s.create(in.cfg.Processed); err != nil {
		return false, err
	}

	var sel *imap.SelectData
	if err := s.guard("SELECT", func() (err error) {
		sel, err = c.Select(in.cfg.Mailbox, nil).Wait()
		return err
	}); err != nil {
		return false, fmt.Errorf("select %s: %w", in.cfg.Mailbox, err)
	}
	if sel.UIDValidity != in.uidValidity {
		// RFC 9051 section 2.3.1.1: UIDs from before are meaningless now.
		if in.uidValidity != 0 {
			in.log.Warn("UIDVALIDITY changed; forgetting failed mails", "old", in.uidValidity, "new", sel.UIDValidity)
		}
		in.uidValidity = sel.UIDValidity
		clear(in.failures)
		clear(in.kept)
	}
	in.log.Info("imap mailbox selected", "messages", sel.NumMessages, "uidvalidity", sel.UIDValidity,
		"idle", canIdle, "move", s.canMove)

	for {
		if err := s.drain(ctx); err != nil {
			return true, err
		}
		if ctx.Err() != nil {
			return true, nil
		}
		wait := in.cfg.Poll
		if t := in.nextRetry(); !t.IsZero() {
			wait = max(min(wait, time.Until(t)), time.Millisecond)
		}
		if canIdle {
			err = s.idle(ctx, wait)
		} else {
			err = s.sleep(ctx, wait)
		}
		if err != nil {
			return true, err
		}
	}
}

// connect dials Addr and waits for the greeting, with the watchdog on the
// raw connection: TLS handshake, STARTTLS and the greeting are covered too.
func (s *session) connect(ctx context.Context) (*imapclient.Client, error) {
	cfg := s.in.cfg
	host, _, _ := net.SplitHostPort(cfg.Addr)
	dialer := &net.Dialer{
		Timeout: min(maxDialTimeout, cfg.CommandTimeout),
		// TCP keepalive finds a dead peer during a long IDLE in about 2 min.
		KeepAliveConfig: net.KeepAliveConfig{Enable: true, Idle: time.Minute, Interval: 15 * time.Second, Count: 4},
	}
	conn, err := dialer.DialContext(ctx, "tcp", cfg.Addr)
	if err != nil {
		return nil, fmt.Errorf("dial %s: %w", cfg.Addr, err)
	}
	var fired atomic.Bool
	watchdog := time.AfterFunc(cfg.CommandTimeout, func() {
		fired.Store(true)
		conn.Close()
	})
	defer watchdog.Stop()
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()

	tlsConfig := &tls.Config{}
	if cfg.TLSConfig != nil {
		tlsConfig = cfg.TLSConfig.Clone()
	}
	if tlsConfig.ServerName == "" {
		tlsConfig.ServerName = host
	}
	opts := &imapclient.Options{
		TLSConfig: tlsConfig,
		UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			// Runs on the client's reader goroutine: never issue commands
			// here, only signal. An EXISTS response (RFC 9051 section
			// 7.4.1) means new mail.
			Mailbox: func(d *imapclient.UnilateralDataMailbox) {
				if d.NumMessages != nil {
					select {
					case s.wake <- struct{}{}:
					default:
					}
				}
			},
		},
	}

	var c *imapclient.Client
	switch cfg.TLS {
	case TLSNone:
		c = imapclient.New(conn, opts)
	case TLSImplicit:
		if tlsConfig.NextProtos == nil {
			tlsConfig.NextProtos = []string{"imap"}
		}
		tc := tls.Client(conn, tlsConfig)
		if err := tc.HandshakeContext(ctx); err != nil {
			conn.Close()
			return nil, s.timeoutErr(fmt.Errorf("tls handshake %s: %w", cfg.Addr, err), fired.Load())
		}
		c = imapclient.New(tc, opts)
	case TLSStartTLS:
		// NewStartTLS refuses PREAUTH before TLS (RFC 9051 section 7.1.4).
		c, err = imapclient.NewStartTLS(conn, opts)
		if err != nil {
			conn.Close()
			return nil, s.timeoutErr(fmt.Errorf("starttls %s: %w", cfg.Addr, err), fired.Load())
		}
	}
	if err := c.WaitGreeting(); err != nil {
		c.Close()
		return nil, s.timeoutErr(fmt.Errorf("greeting %s: %w", cfg.Addr, err), fired.Load())
	}
	if !watchdog.Stop() && fired.Load() {
		c.Close()
		return nil, fmt.Errorf("connect %s: timed out after %v", cfg.Addr, cfg.CommandTimeout)
	}
	return c, nil
}

func (s *session) timeoutErr(err error, fired bool) error {
	if fired {
		return fmt.Errorf("timed out after %v: %w", s.in.cfg.CommandTimeout, err)
	}
	return err
}

// guard runs f, which sends one IMAP command and waits for its reply, under
// the watchdog: imapclient has no response timeout, so a server that stops
// answering would block f forever. When CommandTimeout passes, the
// connection is closed, which fails f and ends the session.
func (s *session) guard(what string, f func() error) error {
	var fired atomic.Bool
	t := time.AfterFunc(s.in.cfg.CommandTimeout, func() {
		fired.Store(true)
		s.in.log.Warn("imap command timed out; closing connection", "cmd", what, "timeout", s.in.cfg.CommandTimeout)
		s.c.Close()
	})
	err := f()
	t.Stop()
	if err != nil && fired.Load() {
		return fmt.Errorf("%s: timed out after %v: %w", what, s.in.cfg.CommandTimeout, err)
	}
	return err
}

// create makes sure a mailbox exists. ALREADYEXISTS (RFC 9051 section
// 7.1) is success; another NO is logged and tolerated (a later MOVE then
// fails and the mail stays \Seen in the inbox).
func (s *session) create(name string) error {
	err := s.guard("CREATE", func() error { return s.c.Create(name, nil).Wait() })
	var ierr *imap.Error
	switch {
	case err == nil:
		s.in.log.Info("imap mailbox created", "name", name)
		return nil
	case errors.As(err, &ierr) && ierr.Code == imap.ResponseCodeAlreadyExists:
		return nil
	case errors.As(err, &ierr):
		s.in.log.Warn("imap create refused", "name", name, "err", err)
		return nil
	default:
		return fmt.Errorf("create %s: %w", name, err)
	}
}

// drain handles every mail in the mailbox that is not waiting for a retry, in UID
// order (the order of arrival).
func (s *session) drain(ctx context.Context) error {
	// Consume a pending wake-up first: EXISTS that arrives from now on
	// triggers another drain.
	select {
	case <-s.wake:
	default:
	}
	var sd *imap.SearchData
	// RFC 9051 section 6.4.4: UID SEARCH NOT DELETED. The move to the
	// processed mailbox is the acknowledgement, so every mail still in
	// the mailbox is offered, \Seen or not: another client or a webmail
	// preview may have set \Seen on a mail never handled (RFC 9051
	// section 2.3.2), and the handler dedupes what was handled before
	// a move failed. Mail another client marked \Deleted is not ours.
	// Without MOVE or UIDPLUS, \Seen is the only acknowledgement there
	// is, so there UID SEARCH NOT DELETED UNSEEN.
	crit := &imap.SearchCriteria{NotFlag: []imap.Flag{imap.FlagDeleted}}
	if !s.canMove {
		crit.NotFlag = append(crit.NotFlag, imap.FlagSeen)
	}
	if err := s.guard("UID SEARCH", func() (err error) {
		sd, err = s.c.UIDSearch(crit, nil).Wait()
		return err
	}); err != nil {
		return fmt.Errorf("uid search: %w", err)
	}
	uids := sd.AllUIDs()
	slices.Sort(uids)
	for uid := range s.in.failures {
		if _, found := slices.BinarySearch(uids, uid); !found {
			delete(s.in.failures, uid) // gone, or acknowledged by someone else
		}
	}
	for uid := range s.in.kept {
		if _, found := slices.BinarySearch(uids, uid); !found {
			delete(s.in.kept, uid)
		}
	}
	uids = slices.DeleteFunc(uids, func(uid imap.UID) bool { return s.in.kept[uid] })
	now := time.Now()
	if s.in.cfg.BatchHandler != nil {
		return s.drainBatches(ctx, uids, now)
	}
	for _, uid := range uids {
		if ctx.Err() != nil {
			return nil
		}
		// Mail is handled in the order it arrived: moves depend on the
		// moves before them. A mail whose handler failed holds back
		// the ones after it until it is retried.
		if f := s.in.failures[uid]; f != nil && now.Before(f.retryAt) {
			return nil
		}
		if err := s.process(ctx, uid); errors.Is(err, errHandler) {
			return nil
		} else if err != nil {
			return err
		}
	}
	return nil
}

// errHandler reports that the handler failed on a mail, which stays
// unseen for a later attempt.
var errHandler = errors.New("handler failed")

// process handles one mail: size check, download, handler, acknowledge.
func (s *session) process(ctx context.Context, uid imap.UID) error {
	log := s.in.log.With("uid", uid)
	set := imap.UIDSetNum(uid)

	// RFC 9051 section 6.4.5: RFC822.SIZE first, so that an oversize mail
	// is never downloaded.
	var msgs []*imapclient.FetchMessageBuffer
	if err := s.guard("UID FETCH RFC822.SIZE", func() (err error) {
		msgs, err = s.c.Fetch(set, &imap.FetchOptions{UID: true, RFC822Size: true}).Collect()
		return err
	}); err != nil {
		return fmt.Errorf("uid fetch %d size: %w", uid, err)
	}
	if len(msgs) == 0 {
		log.Info("mail vanished before fetch")
		return nil
	}
	size := msgs[0].RFC822Size
	if size > s.in.cfg.MaxSize {
		log.Warn("mail too large; moving it without downloading", "size", size, "max", s.in.cfg.MaxSize, "to", s.in.cfg.Rejected)
		if err := s.tellUnread(ctx, uid, nil, size); err != nil {
			return err
		}
		return s.ack(uid, s.in.cfg.Rejected)
	}

	raw, err := s.fetchBody(uid)
	if err != nil {
		return err
	}
	if raw == nil {
		log.Info("mail vanished before fetch")
		return nil
	}
	if int64(len(raw)) > s.in.cfg.MaxSize {
		log.Warn("mail body larger than announced; moving it", "size", size, "max", s.in.cfg.MaxSize, "to", s.in.cfg.Rejected)
		if err := s.tellUnread(ctx, uid, raw, int64(len(raw))); err != nil {
			return err
		}
		return s.ack(uid, s.in.cfg.Rejected)
	}

	start := time.Now()
	if herr := s.in.callHandler(ctx, raw); herr != nil {
		f := s.in.failures[uid]
		if f == nil {
			f = &failure{}
			s.in.failures[uid] = f
		}
		f.attempts++
		delay := s.in.retryDelay(f.attempts)
		f.retryAt = time.Now().Add(delay)
		log.Warn("mail handler failed; leaving mail unseen", "size", len(raw), "attempt", f.attempts, "retry_in", delay, "err", herr)
		return errHandler
	}
	delete(s.in.failures, uid)
	if err := s.ack(uid, s.in.cfg.Processed); err != nil {
		return err
	}
	log.Debug("mail processed", "size", len(raw), "took", time.Since(start).Round(time.Millisecond))
	return nil
}

// maxUnreadHeader bounds what is fetched of the header of a mail too
// large to download.
const maxUnreadHeader = 64 << 10

// tellUnread passes the header of a mail too large to read to the
// UnreadHandler: raw when the mail was downloaded, else fetched with
// BODY.PEEK[HEADER]<0.64K> (RFC 9051 section 6.4.5: HEADER is the
// header block, a partial fetch bounds it, PEEK leaves \Seen). An error
// leaves the mail where it is, for the next round.
func (s *session) tellUnread(ctx context.Context, uid imap.UID, raw []byte, size int64) error {
	if s.in.cfg.UnreadHandler == nil {
		return nil
	}
	header := raw
	if header == nil {
		err := s.guard("UID FETCH BODY.PEEK[HEADER]", func() error {
			cmd := s.c.Fetch(imap.UIDSetNum(uid), &imap.FetchOptions{
				UID: true,
				BodySection: []*imap.FetchItemBodySection{{Specifier: imap.PartSpecifierHeader, Peek: true,
					Partial: &imap.SectionPartial{Offset: 0, Size: maxUnreadHeader}}},
			})
			defer cmd.Close()
			for msg := cmd.Next(); msg != nil; msg = cmd.Next() {
				for item := msg.Next(); item != nil; item = msg.Next() {
					if bs, ok := item.(imapclient.FetchItemDataBodySection); ok && bs.Literal != nil && header == nil {
						b, err := io.ReadAll(io.LimitReader(bs.Literal, maxUnreadHeader))
						if err != nil {
							return err
						}
						header = append([]byte{}, b...)
					}
				}
			}
			return cmd.Close()
		})
		if err != nil {
			return fmt.Errorf("uid fetch %d header: %w", uid, err)
		}
	}
	if len(header) > maxUnreadHeader {
		header = header[:maxUnreadHeader]
	}
	reason := fmt.Sprintf("it is larger than %d MiB (%d bytes)", s.in.cfg.MaxSize>>20, size)
	if err := s.in.cfg.UnreadHandler(ctx, header, reason); err != nil {
		s.in.log.Warn("telling the sender of a mail too large failed; leaving it", "uid", uid, "err", err)
		return errHandler
	}
	return nil
}

// fetchBody downloads one mail with BODY.PEEK[], which unlike BODY[] does
// not set \Seen (RFC 9051 section 6.4.5). At most MaxSize+1 bytes are kept.
// A nil slice with a nil error means the mail no longer exists.
func (s *session) fetchBody(uid imap.UID) ([]byte, error) {
	var raw []byte
	err := s.guard("UID FETCH BODY.PEEK[]", func() error {
		cmd := s.c.Fetch(imap.UIDSetNum(uid), &imap.FetchOptions{
			UID:         true,
			BodySection: []*imap.FetchItemBodySection{{Peek: true}},
		})
		defer cmd.Close()
		for msg := cmd.Next(); msg != nil; msg = cmd.Next() {
			for item := msg.Next(); item != nil; item = msg.Next() {
				bs, ok := item.(imapclient.FetchItemDataBodySection)
				if !ok || bs.Literal == nil || raw != nil {
					continue
				}
				b, err := io.ReadAll(io.LimitReader(bs.Literal, s.in.cfg.MaxSize+1))
				if err != nil {
					return err
				}
				raw = b
				if raw == nil {
					raw = []byte{}
				}
			}
		}
		return cmd.Close()
	})
	if err != nil {
		return nil, fmt.Errorf("uid fetch %d body: %w", uid, err)
	}
	return raw, nil
}

// callHandler calls the handler; a panic becomes an error, so that one
// poison mail cannot crash-loop the daemon.
func (in *Inbox) callHandler(ctx context.Context, raw []byte) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("handler panic: %v", v)
			in.log.Error("mail handler panicked", "panic", v, "stack", string(debug.Stack()))
		}
	}()
	return in.cfg.Handler(ctx, raw)
}

// ack acknowledges a mail: STORE +FLAGS.SILENT (\Seen) (RFC 9051 section
// 6.4.6), then, if the server can do it safely, UID MOVE to dest (RFC 6851
// section 3.1). The move is the durable marker and keeps the inbox small;
// on a server without MOVE or UIDPLUS, \Seen alone makes the next UID
// SEARCH skip the mail.
func (s *session) ack(uid imap.UID, dest string) error { return s.ackSet([]imap.UID{uid}, dest) }

// ackSet acknowledges several mails with one UID STORE and one UID
// MOVE for the set (RFC 9051 section 6.4.9: the UID commands take a
// set).
func (s *session) ackSet(uids []imap.UID, dest string) error {
	if len(uids) == 0 {
		return nil
	}
	set := imap.UIDSetNum(uids...)
	uid := set.String()
	if err := s.guard("UID STORE", func() error {
		return s.c.Store(set, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagSeen}}, nil).Close()
	}); err != nil {
		return fmt.Errorf("uid store %s +\\Seen: %w", uid, err)
	}
	if len(uids) > 1 && dest == s.in.cfg.Processed {
		// \Seen set, the set not yet moved.
		killpoint.At("ack-move", len(uids))
	}
	if !s.canMove {
		if !s.warned {
			s.warned = true
			s.in.log.Warn("server offers neither MOVE nor UIDPLUS; acknowledged mail stays in the mailbox, marked \\Seen")
		}
		return nil
	}
	err := s.move(set, dest)
	var ierr *imap.Error
	if errors.As(err, &ierr) && ierr.Code == imap.ResponseCodeTryCreate {
		// RFC 9051 section 6.4.7: TRYCREATE means the target is missing.
		if err := s.create(dest); err != nil {
			return err
		}
		err = s.move(set, dest)
	}
	if errors.As(err, &ierr) {
		// A refusal: the mail is \Seen and remembered as acknowledged
		// for as long as its UID is valid.
		s.in.log.Warn("imap move refused; mail stays \\Seen in the mailbox", "uid", uid, "to", dest, "err", err)
		for _, u := range uids {
			s.in.kept[u] = true
		}
		return nil
	}
	if err != nil {
		return fmt.Errorf("uid move %s to %s: %w", uid, dest, err)
	}
	return nil
}

func (s *session) move(set imap.UIDSet, dest string) error {
	return s.guard("UID MOVE", func() error {
		_, err := s.c.Move(set, dest).Wait()
		return err
	})
}

// idle waits in IDLE (RFC 2177) until new mail, Poke, ctx or wait. The wait
// is at most Poll; RFC 2177 section 3 asks clients to re-issue IDLE at least
// every 29 minutes, and go-imap restarts it by itself after 28 minutes if
// Poll is longer.
func (s *session) idle(ctx context.Context, wait time.Duration) error {
	var cmd *imapclient.IdleCommand
	if err := s.guard("IDLE", func() (err error) {
		cmd, err = s.c.Idle()
		return err
	}); err != nil {
		return fmt.Errorf("idle: %w", err)
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	reason := ""
	select {
	case <-s.wake:
		reason = "exists"
	case <-s.in.poke:
		reason = "poke"
	case <-t.C:
		reason = "poll"
	case <-ctx.Done():
		cmd.Close()
		return nil
	case <-s.c.Closed():
		return errors.New("connection closed during IDLE")
	}
	s.in.log.Debug("leaving IDLE", "reason", reason)
	if err := s.guard("DONE", func() error {
		if err := cmd.Close(); err != nil {
			return err
		}
		return cmd.Wait()
	}); err != nil {
		return fmt.Errorf("idle done: %w", err)
	}
	return nil
}

// sleep waits for the next poll on servers without IDLE.
func (s *session) sleep(ctx context.Context, wait time.Duration) error {
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-s.wake:
	case <-s.in.poke:
	case <-t.C:
	case <-ctx.Done():
	case <-s.c.Closed():
		return errors.New("connection closed")
	}
	return nil
}
