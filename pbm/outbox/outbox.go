// Package outbox delivers the mail queued in the store's outbox over
// SMTP (go-smtp). An entry leaves the outbox only when the server has
// accepted it; temporary failures are retried with backoff, permanent
// ones are recorded and reported.
package outbox

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"github.com/pbmgo/pbm/store"
)

// Config is what a Sender needs.
type Config struct {
	Store *store.Store
	Addr  string // host:port of the SMTP server
	// TLS is "none", "starttls" or "tls" (implicit, RFC 8314).
	TLS       string
	TLSConfig *tls.Config
	Username  string // empty: no AUTH
	Password  string
	// Helo is the name given in EHLO (RFC 5321 section 4.1.1.1); the
	// library's default, "localhost", is wrong for a real server.
	Helo string
	// Retry is the wait after the n-th temporary failure; the last
	// value repeats. Default: 1m, 5m, 15m, 30m, 1h, 2h, 4h.
	Retry []time.Duration
	// GiveUp is how long a mail may stay undelivered by temporary
	// failures before it counts as failed; default 5 days (RFC 5321
	// section 4.5.4.1 suggests 4-5 days).
	GiveUp time.Duration
	// Poll is how often the outbox is looked at without a Poke;
	// default 30s.
	Poll time.Duration
	// OnFailure runs inside the transaction that records a permanent
	// failure (to report it to the admins).
	OnFailure func(tx *store.Tx, m store.Mail) error
	Now       func() time.Time
	Logger    *slog.Logger
	// Timeout bounds one SMTP session; default 2m.
	Timeout time.Duration
}

// Sender drains the outbox.
type Sender struct {
	cfg  Config
	log  *slog.Logger
	poke chan struct{}

	mu   sync.Mutex
	idle []*session // open sessions between passes, at most lanes
}

// session is an SMTP session and its connection, kept open from one
// pass to the next so that a pass seldom pays for the connection,
// EHLO, STARTTLS and AUTH.
type session struct {
	c    *smtp.Client
	conn net.Conn
	used time.Time // when it last carried a mail
}

// idleLimit is how long a session is kept without a mail. RFC 5321
// section 4.5.3.2.7 lets a server close a session after five minutes
// without a command; ours is well inside that.
const idleLimit = 30 * time.Second

// New returns a sender.
func New(cfg Config) (*Sender, error) {
	if cfg.Store == nil || cfg.Addr == "" {
		return nil, errors.New("outbox: store and address are required")
	}
	if len(cfg.Retry) == 0 {
		cfg.Retry = []time.Duration{time.Minute, 5 * time.Minute, 15 * time.Minute, 30 * time.Minute, time.Hour, 2 * time.Hour, 4 * time.Hour}
	}
	if cfg.GiveUp == 0 {
		cfg.GiveUp = 5 * 24 * time.Hour
	}
	if cfg.Poll == 0 {
		cfg.Poll = 30 * time.Second
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = 2 * time.Minute
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Helo == "" {
		cfg.Helo = "localhost"
	}
	log := cfg.Logger
	if log == nil {
		log = slog.Default()
	}
	return &Sender{cfg: cfg, log: log, poke: make(chan struct{}, 1)}, nil
}

// Poke asks for an immediate pass over the outbox.
func (s *Sender) Poke() {
	select {
	case s.poke <- struct{}{}:
	default:
	}
}

// Run delivers until ctx is done.
func (s *Sender) Run(ctx context.Context) error {
	t := time.NewTicker(s.cfg.Poll)
	defer t.Stop()
	for {
		n, err := s.Flush(ctx)
		if err != nil {
			s.log.Warn("outbox", "error", err)
		}
		if n == flushBatch && ctx.Err() == nil {
			continue // more may be waiting
		}
		s.prune(time.Now())
		select {
		case <-ctx.Done():
			s.Close()
			return nil
		case <-t.C:
		case <-s.poke:
		}
	}
}

// take returns an open session: a kept one that still answers NOOP
// (RFC 5321 section 4.1.1.9), or a new one.
func (s *Sender) take(ctx context.Context) (*session, error) {
	for {
		s.mu.Lock()
		if len(s.idle) == 0 {
			s.mu.Unlock()
			return s.dial(ctx)
		}
		ss := s.idle[len(s.idle)-1]
		s.idle = s.idle[:len(s.idle)-1]
		s.mu.Unlock()
		if time.Since(ss.used) < idleLimit {
			ss.conn.SetDeadline(time.Now().Add(s.cfg.Timeout))
			if ss.c.Noop() == nil {
				return ss, nil
			}
		}
		ss.c.Close()
	}
}

// put keeps a session that ended its last transaction cleanly for the
// next pass, or ends it with QUIT when enough are kept.
func (s *Sender) put(ss *session) {
	ss.used = time.Now()
	s.mu.Lock()
	if len(s.idle) < lanes {
		s.idle = append(s.idle, ss)
		ss = nil
	}
	s.mu.Unlock()
	if ss != nil {
		ss.c.Quit()
	}
}

// prune ends the sessions idle for longer than idleLimit.
func (s *Sender) prune(now time.Time) {
	s.mu.Lock()
	var old []*session
	keep := s.idle[:0]
	for _, ss := range s.idle {
		if now.Sub(ss.used) >= idleLimit {
			old = append(old, ss)
		} else {
			keep = append(keep, ss)
		}
	}
	s.idle = keep
	s.mu.Unlock()
	for _, ss := range old {
		ss.conn.SetDeadline(time.Now().Add(5 * time.Second))
		ss.c.Quit()
	}
}

// Close ends the sessions kept between passes with QUIT. Run calls it
// when it returns; a caller of Flush alone calls it when done.
func (s *Sender) Close() {
	s.mu.Lock()
	idle := s.idle
	s.idle = nil
	s.mu.Unlock()
	for _, ss := range idle {
		ss.conn.SetDeadline(time.Now().Add(5 * time.Second))
		ss.c.Quit()
	}
}

// Flush makes one pass: every mail that is due is tried once. It
// returns the number delivered.
func (s *Sender) Flush(ctx context.Context) (int, error) {
	var due []store.Mail
	now := s.cfg.Now()
	// The outbox is read a batch at a time; Run flushes again while a
	// pass delivered a full batch.
	err := s.cfg.Store.View(func(tx *store.Tx) (err error) {
		due, err = tx.OutboxDue(now, flushBatch)
		return err
	})
	if err != nil || len(due) == 0 {
		return 0, err
	}
	// Several deliveries are in flight at once, one SMTP session per
	// lane; a recipient's mails all go by one lane, in the order they
	// were queued.
	nl := min(lanes, (len(due)+laneMails-1)/laneMails)
	byLane := make([][]store.Mail, nl)
	for _, m := range due {
		h := fnv.New32a()
		h.Write([]byte(strings.ToLower(m.To)))
		l := int(h.Sum32() % uint32(nl))
		byLane[l] = append(byLane[l], m)
	}
	// Deliveries are recorded together, in one transaction, after the
	// pass: a crash in between only sends those mails again, under the
	// same Message-ID.
	delivered := make([][]uint64, nl)
	errs := make([]error, nl)
	var wg sync.WaitGroup
	for l := range nl {
		wg.Add(1)
		go func() {
			defer wg.Done()
			delivered[l], errs[l] = s.deliver(ctx, byLane[l])
		}()
	}
	wg.Wait()
	var all []uint64
	for _, d := range delivered {
		all = append(all, d...)
	}
	if len(all) > 0 {
		err := s.cfg.Store.Update(func(tx *store.Tx) error {
			for _, seq := range all {
				if err := tx.Delivered(seq); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return 0, fmt.Errorf("outbox: record %d deliveries: %w", len(all), err)
		}
	}
	return len(all), errors.Join(errs...)
}

// deliver sends mails over one SMTP session, in order, and returns the
// ones the server accepted. Failures are recorded as they come.
func (s *Sender) deliver(ctx context.Context, due []store.Mail) ([]uint64, error) {
	ss, err := s.take(ctx)
	if err != nil {
		// The server is out of reach: every mail waits (a temporary
		// failure, RFC 5321 section 4.5.4.1).
		for _, m := range due {
			if derr := s.deferMail(m, err); derr != nil {
				return nil, derr
			}
		}
		return nil, fmt.Errorf("outbox: connect %s: %w", s.cfg.Addr, err)
	}
	c := ss.c
	healthy := false
	defer func() {
		if healthy {
			s.put(ss)
		} else {
			c.Close()
		}
	}()
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	var delivered []uint64
	for _, m := range due {
		if ctx.Err() != nil {
			break
		}
		err := c.SendMail(m.From, []string{m.To}, bytes.NewReader(m.Raw))
		if err == nil {
			delivered = append(delivered, m.Seq)
			s.log.Info("sent", "to", m.To, "subject", m.Subject, "message_id", m.MessageID)
			continue
		}
		var se *smtp.SMTPError
		if errors.As(err, &se) && !se.Temporary() {
			// RFC 5321 section 4.2.1: 5yz is a permanent failure.
			if err := s.failMail(m, err); err != nil {
				return delivered, err
			}
		} else if err := s.deferMail(m, err); err != nil {
			return delivered, err
		}
		if !errors.As(err, &se) {
			return delivered, fmt.Errorf("outbox: send to %s: %w", m.To, err) // the session is broken
		}
		// RFC 5321 section 4.1.1.5: RSET ends a failed transaction so
		// the session can carry the next one.
		if rerr := c.Reset(); rerr != nil {
			return delivered, fmt.Errorf("outbox: reset: %w", rerr)
		}
	}
	// The session ended its last transaction cleanly: it is kept for
	// the next pass unless the pass was cut short.
	healthy = ctx.Err() == nil && stop()
	return delivered, nil
}

// lanes is the most SMTP sessions one pass opens; laneMails the mails
// a pass needs for each session beyond the first.
const (
	lanes     = 4
	laneMails = 8
)

// flushBatch is the most mails one pass reads from the outbox.
const flushBatch = 256

func (s *Sender) dial(ctx context.Context) (*session, error) {
	d := &net.Dialer{Timeout: 30 * time.Second}
	conn, err := d.DialContext(ctx, "tcp", s.cfg.Addr)
	if err != nil {
		return nil, err
	}
	conn.SetDeadline(time.Now().Add(s.cfg.Timeout))
	tlsCfg := s.cfg.TLSConfig
	if tlsCfg == nil {
		host, _, _ := net.SplitHostPort(s.cfg.Addr)
		tlsCfg = &tls.Config{ServerName: host}
	}
	var c *smtp.Client
	switch s.cfg.TLS {
	case "tls":
		c = smtp.NewClient(tls.Client(conn, tlsCfg))
	case "starttls":
		c, err = smtp.NewClientStartTLS(conn, tlsCfg)
		if err != nil {
			conn.Close()
			return nil, err
		}
	default:
		c = smtp.NewClient(conn)
	}
	if err := c.Hello(s.cfg.Helo); err != nil {
		c.Close()
		return nil, err
	}
	if s.cfg.Username != "" {
		if err := c.Auth(sasl.NewPlainClient("", s.cfg.Username, s.cfg.Password)); err != nil {
			c.Close()
			return nil, fmt.Errorf("auth: %w", err)
		}
	}
	return &session{c: c, conn: conn, used: time.Now()}, nil
}

func (s *Sender) deferMail(m store.Mail, cause error) error {
	now := s.cfg.Now()
	if now.Sub(m.Queued) > s.cfg.GiveUp {
		return s.failMail(m, fmt.Errorf("undelivered for %s: %w", s.cfg.GiveUp, cause))
	}
	wait := s.cfg.Retry[min(m.Attempts, len(s.cfg.Retry)-1)]
	s.log.Info("deferred", "to", m.To, "subject", m.Subject, "attempt", m.Attempts+1, "retry_in", wait, "reason", cause)
	return s.cfg.Store.Update(func(tx *store.Tx) error {
		err := tx.Defer(m.Seq, now.Add(wait), cause.Error())
		if errors.Is(err, store.ErrNotFound) {
			return nil
		}
		return err
	})
}

func (s *Sender) failMail(m store.Mail, cause error) error {
	s.log.Warn("failed", "to", m.To, "subject", m.Subject, "reason", cause)
	return s.cfg.Store.Update(func(tx *store.Tx) error {
		fm, err := tx.Fail(m.Seq, cause.Error())
		if errors.Is(err, store.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		if s.cfg.OnFailure != nil {
			return s.cfg.OnFailure(tx, fm)
		}
		return nil
	})
}
