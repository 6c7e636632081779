// Package inbox is pbm's mail intake: it polls an IMAP mailbox (RFC 9051,
// with RFC 3501 servers in mind), hands each new mail as raw RFC 5322 bytes
// to a Handler, and acknowledges the mails the handler accepted by marking
// them \Seen and moving them to a "processed" mailbox.
//
// Delivery is at-least-once: a mail is acknowledged only after the handler
// returned nil, so a crash or a dropped connection between the two gives the
// same mail to the handler again. The handler must dedupe (pbm's core does,
// by Message-ID, in the same transaction that applies the mail).
//
// One session is: connect, LOGIN, SELECT, drain (UID SEARCH NOT DELETED, then one
// mail at a time: size check, BODY.PEEK[], handler, STORE \Seen, MOVE), then
// IDLE (RFC 2177) until the server announces new mail, the periodic poll
// timer fires or Poke is called, and drain again. Without IDLE it polls. Any
// connection error ends the session and Run reconnects with capped
// exponential backoff.
package inbox

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"time"

	"github.com/emersion/go-imap/v2"
)

// Handler receives one raw mail. It returns nil once the mail is committed
// (or recognised as a duplicate): the mail is then acknowledged on the
// server. An error leaves the mail unacknowledged; it is offered again later.
type Handler func(ctx context.Context, raw []byte) error

// BatchHandler receives several raw mails in arrival order and returns
// one error per mail, with Handler's meaning: the mails up to the first
// error are acknowledged together, the first failing one is retried
// later, and the ones after it are offered again after it.
type BatchHandler func(ctx context.Context, raws [][]byte) []error

// UnreadHandler receives the header (at most its first 64 KiB) of a
// mail that is moved aside unread, and why, so that its sender can be
// told; nil means it is done and the mail may be moved, as for
// Handler.
type UnreadHandler func(ctx context.Context, header []byte, reason string) error

// Defaults for Config.
const (
	DefaultMailbox        = "INBOX"
	DefaultProcessed      = "Processed"
	DefaultRejected       = "Rejected"
	DefaultPoll           = 5 * time.Minute
	DefaultCommandTimeout = 2 * time.Minute
	DefaultMaxSize        = 10 << 20
	DefaultMinBackoff     = time.Second
	DefaultMaxBackoff     = 5 * time.Minute
	DefaultRetryBackoff   = time.Minute

	// maxRetryBackoff caps the delay between two attempts at a mail whose
	// handler keeps failing.
	maxRetryBackoff = time.Hour
	// maxDialTimeout caps the TCP connect timeout.
	maxDialTimeout = 30 * time.Second
)

// TLS modes for Config.TLS.
const (
	TLSNone     = "none"     // plain TCP (loopback and tests only)
	TLSStartTLS = "starttls" // port 143, STARTTLS (RFC 9051 section 6.2.1)
	TLSImplicit = "tls"      // port 993, implicit TLS (RFC 8314)
)

// Config configures an Inbox. Zero values select the defaults.
type Config struct {
	Addr      string      // host:port
	TLS       string      // "none" | "starttls" | "tls" (default)
	TLSConfig *tls.Config // optional (e.g. a test CA); nil = system roots, ServerName from Addr

	Username, Password string

	Mailbox   string // default "INBOX"
	Processed string // default "Processed"; created if missing
	Rejected  string // default "Rejected"; created when first needed

	Poll           time.Duration // periodic poll, even with IDLE; default 5m
	CommandTimeout time.Duration // watchdog on every IMAP command; default 2m
	MaxSize        int64         // larger mails are not downloaded but moved to Rejected; default 10 MiB

	MinBackoff, MaxBackoff time.Duration // reconnect backoff; default 1s .. 5m
	RetryBackoff           time.Duration // first delay before a mail whose handler failed is retried, doubled per failure up to 1h; default 1m

	Handler Handler
	// BatchHandler, when set, is used instead of Handler: the mails
	// are fetched, handled and acknowledged up to Batch at a time.
	BatchHandler BatchHandler
	// UnreadHandler, when set, hears of each mail moved to Rejected
	// unread (too large) before it is moved.
	UnreadHandler UnreadHandler
	Batch         int // default 64
	Logger        *slog.Logger
}

// Inbox polls one IMAP mailbox. Create it with New and run it with Run.
type Inbox struct {
	cfg  Config
	log  *slog.Logger
	poke chan struct{}

	// State kept across sessions, owned by the Run goroutine: mails whose
	// handler failed, by UID, valid for one UIDVALIDITY of the mailbox
	// (RFC 9051 section 2.3.1.1).
	uidValidity uint32
	failures    map[imap.UID]*failure
	// kept are mails acknowledged with \Seen whose move was refused:
	// they stay in the mailbox and are not offered again.
	kept map[imap.UID]bool
}

type failure struct {
	attempts int
	retryAt  time.Time
}

// New checks cfg, fills in defaults and returns an Inbox ready to Run.
func New(cfg Config) (*Inbox, error) {
	if cfg.Addr == "" {
		return nil, errors.New("inbox: no IMAP address")
	}
	if _, _, err := net.SplitHostPort(cfg.Addr); err != nil {
		return nil, fmt.Errorf("inbox: address %q: %w", cfg.Addr, err)
	}
	if cfg.Handler == nil && cfg.BatchHandler != nil {
		cfg.Handler = func(ctx context.Context, raw []byte) error { return cfg.BatchHandler(ctx, [][]byte{raw})[0] }
	}
	setDefault(&cfg.Batch, 64)
	if cfg.Handler == nil {
		return nil, errors.New("inbox: no handler")
	}
	switch cfg.TLS {
	case "":
		cfg.TLS = TLSImplicit
	case TLSNone, TLSStartTLS, TLSImplicit:
	default:
		return nil, fmt.Errorf("inbox: TLS mode %q: want none, starttls or tls", cfg.TLS)
	}
	setDefault(&cfg.Mailbox, DefaultMailbox)
	setDefault(&cfg.Processed, DefaultProcessed)
	setDefault(&cfg.Rejected, DefaultRejected)
	setDefault(&cfg.Poll, DefaultPoll)
	setDefault(&cfg.CommandTimeout, DefaultCommandTimeout)
	setDefault(&cfg.MaxSize, DefaultMaxSize)
	setDefault(&cfg.MinBackoff, DefaultMinBackoff)
	setDefault(&cfg.MaxBackoff, DefaultMaxBackoff)
	setDefault(&cfg.RetryBackoff, DefaultRetryBackoff)
	if cfg.MaxBackoff < cfg.MinBackoff {
		cfg.MaxBackoff = cfg.MinBackoff
	}
	if cfg.Mailbox == cfg.Processed || cfg.Mailbox == cfg.Rejected {
		return nil, fmt.Errorf("inbox: mailbox %q is also the processed or rejected mailbox", cfg.Mailbox)
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return &Inbox{
		cfg:      cfg,
		log:      cfg.Logger.With("component", "inbox", "addr", cfg.Addr, "mailbox", cfg.Mailbox),
		poke:     make(chan struct{}, 1),
		failures: make(map[imap.UID]*failure),
		kept:     make(map[imap.UID]bool),
	}, nil
}

func setDefault[T comparable](v *T, def T) {
	var zero T
	if *v == zero {
		*v = def
	}
}

// Poke asks for an immediate poll. It never blocks.
func (in *Inbox) Poke() {
	select {
	case in.poke <- struct{}{}:
	default:
	}
}

// Run polls the mailbox until ctx is done, reconnecting after errors with
// exponential backoff between MinBackoff and MaxBackoff. It returns nil
// when ctx is done. Run must not be called twice at the same time.
func (in *Inbox) Run(ctx context.Context) error {
	backoff := in.cfg.MinBackoff
	for {
		established, err := in.session(ctx)
		if ctx.Err() != nil {
			return nil
		}
		if established {
			backoff = in.cfg.MinBackoff
		}
		in.log.Warn("imap session ended; reconnecting", "err", err, "backoff", backoff)
		t := time.NewTimer(backoff)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil
		case <-t.C:
		}
		backoff = min(2*backoff, in.cfg.MaxBackoff)
	}
}

// retryDelay is the delay after the n-th consecutive handler failure.
func (in *Inbox) retryDelay(n int) time.Duration {
	d := in.cfg.RetryBackoff
	limit := max(maxRetryBackoff, in.cfg.RetryBackoff)
	for i := 1; i < n && d < limit; i++ {
		d *= 2
	}
	return min(d, limit)
}

// nextRetry returns the earliest time a failed mail is due again, or the
// zero time.
func (in *Inbox) nextRetry() time.Time {
	var t time.Time
	for _, f := range in.failures {
		if t.IsZero() || f.retryAt.Before(t) {
			t = f.retryAt
		}
	}
	return t
}
