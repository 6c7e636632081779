// Package lmtp takes mail straight from the operator's MTA: an LMTP
// server (RFC 2033) on a unix socket or a loopback address that hands
// each message to the same handler as the IMAP intake.
//
// The reply to the end of DATA is the whole contract with the MTA,
// which keeps the mail in its queue until it hears a final answer:
//
//   - 250 only once the handler returned nil, that is once the mail's
//     transaction committed (RFC 2033 section 4.2: a 2xx reply means
//     the server has taken responsibility for the message);
//   - 451 when the handler failed for a reason that may pass (the
//     store could not be written, the daemon is stopping): the MTA
//     keeps the mail and tries again (RFC 5321 section 4.2.1, 4yz is a
//     transient negative completion);
//   - 552 for a mail over the size limit and 550 for one that cannot
//     be read as a mail at all, with the reason: the MTA returns it to
//     its sender (RFC 5321 section 4.2.1, 5yz is permanent).
//
// LMTP gives one reply per accepted recipient (RFC 2033 section 4.2);
// a mail is handled once whatever its number of recipients, and each
// recipient gets the mail's one outcome. A connection lost before the
// reply (a crash, a kill) leaves the mail in the MTA's queue; when it
// comes again the handler recognises it by its Message-ID, so it is
// applied once.
package lmtp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-smtp"
	"golang.org/x/net/netutil"
)

// Handler takes one raw mail (RFC 5322) and returns nil once it is
// committed; an error means nothing of it was kept and it may be
// offered again. It is the function the IMAP intake calls.
type Handler func(ctx context.Context, raw []byte) error

// Config configures a Server.
type Config struct {
	// Listen is a unix socket path (anything with a "/") or a loopback
	// host:port. LMTP has no authentication and is meant for the local
	// MTA only (RFC 2033 section 1), so other addresses are refused.
	Listen string
	// Handler handles each mail.
	Handler Handler
	// Check, if set, is asked first; an error says the mail can never
	// be read, and it is refused for good with the error as reason.
	Check func(raw []byte) error
	// MaxSize is the largest mail accepted, in bytes (0: 10 MiB); it is
	// announced in LHLO as SIZE (RFC 1870).
	MaxSize int64
	// Domain is the name in the greeting (default "localhost").
	Domain string
	// MaxConnections is the most connections open at once (0:
	// DefaultMaxConnections); see tracker.
	MaxConnections int
	// IdleTimeout closes a connection that waits that long for its
	// next command, and bounds the reading of a mail after DATA (0:
	// DefaultIdleTimeout).
	IdleTimeout time.Duration
	Logger      *slog.Logger
}

// DefaultMaxSize is the size limit when Config.MaxSize is zero.
const DefaultMaxSize = 10 << 20

// DefaultMaxConnections is the connection cap when
// Config.MaxConnections is zero.
const DefaultMaxConnections = 100

// DefaultIdleTimeout is the idle timeout when Config.IdleTimeout is
// zero: RFC 5321 section 4.5.3.2.7 asks a server to wait at least 5
// minutes for the next command, and LMTP is SMTP there (RFC 2033
// section 4). A local MTA that finds its connection closed opens a
// new one for its next mail.
const DefaultIdleTimeout = 5 * time.Minute

// Server is a running LMTP listener.
type Server struct {
	cfg    Config
	log    *slog.Logger
	ln     net.Listener
	srv    *smtp.Server
	ctx    context.Context
	cancel context.CancelFunc
	served chan struct{}
	conns  *tracker
	// handling counts Handler calls in progress, so that Close returns
	// only after each has finished (and the store may be closed).
	handling sync.WaitGroup
}

// IsUnix reports whether listen names a unix socket rather than a
// host:port.
func IsUnix(listen string) bool { return strings.Contains(listen, "/") }

// Listen opens the socket and starts serving on it.
func Listen(cfg Config) (*Server, error) {
	if cfg.Handler == nil {
		return nil, errors.New("lmtp: no handler")
	}
	if cfg.MaxSize <= 0 {
		cfg.MaxSize = DefaultMaxSize
	}
	if cfg.Domain == "" {
		cfg.Domain = "localhost"
	}
	if cfg.MaxConnections <= 0 {
		cfg.MaxConnections = DefaultMaxConnections
	}
	if cfg.IdleTimeout <= 0 {
		cfg.IdleTimeout = DefaultIdleTimeout
	}
	log := cfg.Logger
	if log == nil {
		log = slog.Default()
	}
	ln, err := listen(cfg.Listen)
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, log: log, ln: ln, served: make(chan struct{}), conns: newTracker(cfg.MaxConnections, log)}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		tc, _ := c.Conn().(*trackedConn)
		return &session{s: s, conn: tc}, nil
	}))
	srv.LMTP = true
	srv.Domain = cfg.Domain
	srv.MaxMessageBytes = cfg.MaxSize
	srv.MaxRecipients = 100
	// go-smtp sets ReadTimeout before reading each command, so it is
	// the idle timeout (RFC 5321 section 4.5.3.2.7: 5 minutes at
	// least by default); it also bounds the reading of the mail after
	// DATA, which a local MTA sends at once.
	srv.ReadTimeout = cfg.IdleTimeout
	srv.WriteTimeout = 5 * time.Minute
	srv.ErrorLog = slogPrinter{log}
	s.srv = srv
	go func() {
		defer close(s.served)
		srv.Serve(trackListener{Listener: netutil.LimitListener(ln, cfg.MaxConnections), t: s.conns})
	}()
	log.Info("lmtp listening", "listen", ln.Addr().String(), "max_connections", cfg.MaxConnections, "idle_timeout", cfg.IdleTimeout)
	return s, nil
}

// listen opens a unix socket or a loopback TCP port.
func listen(addr string) (net.Listener, error) {
	if addr == "" {
		return nil, errors.New("lmtp: listen address is empty")
	}
	if IsUnix(addr) {
		// A socket left by a daemon that was killed is removed, unless
		// something still answers on it.
		if fi, err := os.Lstat(addr); err == nil && fi.Mode()&os.ModeSocket != 0 {
			if c, err := net.DialTimeout("unix", addr, time.Second); err == nil {
				c.Close()
				return nil, fmt.Errorf("lmtp: %s: another server listens on it", addr)
			}
			os.Remove(addr)
		}
		ln, err := net.Listen("unix", addr)
		if err != nil {
			return nil, fmt.Errorf("lmtp: %w", err)
		}
		// Postfix's lmtp(8) runs as its own user and a pipe from
		// /etc/aliases as nobody: anyone local may connect, as anyone
		// local may mail through the MTA. The directory's permissions
		// restrict it further where wanted.
		if err := os.Chmod(addr, 0o666); err != nil {
			ln.Close()
			return nil, fmt.Errorf("lmtp: %w", err)
		}
		return ln, nil
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("lmtp: listen %q: not a socket path or host:port: %w", addr, err)
	}
	if !loopback(host) {
		return nil, fmt.Errorf("lmtp: listen %q: not a loopback address (LMTP is for the local MTA only, RFC 2033 section 1)", addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("lmtp: %w", err)
	}
	return ln, nil
}

func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Addr is the address listened on (a socket path, or host:port).
func (s *Server) Addr() string { return s.ln.Addr().String() }

// Stats is what the connection cap has done so far.
func (s *Server) Stats() Stats { return s.conns.stats() }

// Close stops listening, drops the connections and waits for the
// mails being handled. A mail whose reply was not sent stays in the
// MTA's queue.
func (s *Server) Close() error {
	err := s.srv.Close()
	if errors.Is(err, smtp.ErrServerClosed) {
		err = nil
	}
	<-s.served
	s.cancel()
	s.handling.Wait()
	if IsUnix(s.cfg.Listen) {
		os.Remove(s.cfg.Listen)
	}
	return err
}

// session is one LMTP transaction after another on one connection.
type session struct {
	s     *Server
	conn  *trackedConn // nil only if go-smtp wrapped the connection
	from  string
	rcpts int
}

// Reset ends the transaction: the connection is idle until the next
// MAIL.
func (ss *session) Reset() {
	ss.from, ss.rcpts = "", 0
	if ss.conn != nil {
		ss.conn.setBusy(false)
	}
}

func (ss *session) Logout() error { return nil }

// Mail starts a transaction: the connection is not closed to make room
// until it ends.
func (ss *session) Mail(from string, _ *smtp.MailOptions) error {
	if ss.conn != nil {
		ss.conn.setBusy(true)
	}
	ss.from = from
	return nil
}

// Rcpt accepts every recipient: the MTA chose to hand the mail to
// pbm (its transport_maps or alias), as a mailbox on the IMAP server
// takes whatever is delivered to it.
func (ss *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	ss.rcpts++
	return nil
}

// Data is not used in LMTP mode (LMTPData is); it answers the same.
func (ss *session) Data(r io.Reader) error { return ss.deliver(r) }

// LMTPData handles the mail once and gives every recipient its outcome
// (RFC 2033 section 4.2).
func (ss *session) LMTPData(r io.Reader, _ smtp.StatusCollector) error {
	return ss.deliver(r)
}

func (ss *session) deliver(r io.Reader) error {
	s := ss.s
	raw, err := io.ReadAll(r)
	if err != nil {
		var serr *smtp.SMTPError
		switch {
		case errors.As(err, &serr):
			// Over the size limit: 552 (RFC 5321 section 4.2.2;
			// RFC 1870 section 6.2).
			s.log.Warn("lmtp refused", "from", ss.from, "reason", serr.Message, "code", serr.Code)
			return serr
		case errors.Is(err, smtp.ErrTooLongLine):
			// RFC 5321 section 4.5.3.1.6 limits a line to 1000 octets;
			// this server takes up to 2000.
			s.log.Warn("lmtp refused", "from", ss.from, "reason", "line too long")
			return &smtp.SMTPError{Code: 552, EnhancedCode: smtp.EnhancedCode{5, 6, 0}, Message: "a line is longer than 2000 characters"}
		}
		// The connection broke in the middle: nothing is kept.
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 4, 2}, Message: "could not read the mail"}
	}
	if s.cfg.Check != nil {
		if err := s.cfg.Check(raw); err != nil {
			// RFC 3463 section 3.7: 5.6.0, other or undefined media
			// error.
			s.log.Warn("lmtp refused", "from", ss.from, "reason", err.Error(), "code", 550)
			return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 6, 0}, Message: "unreadable mail: " + oneLine(err.Error())}
		}
	}
	s.handling.Add(1)
	defer s.handling.Done()
	if s.ctx.Err() != nil {
		return stopping
	}
	if err := s.cfg.Handler(s.ctx, raw); err != nil {
		// RFC 5321 section 4.2.3: 451, local error in processing; the
		// MTA retries (RFC 5321 section 4.5.4.1).
		s.log.Warn("lmtp deferred", "from", ss.from, "error", err)
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "not stored, try again later"}
	}
	// go-smtp writes an SMTPError's code as it is, so a 250 carries
	// our own text (a nil error would say "queued").
	return committed
}

// stopping is the answer while the server shuts down: 451 with
// 4.3.2, system not accepting network messages (RFC 3463 section 3.4).
var stopping = &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 2}, Message: "shutting down, try again later"}

var committed = &smtp.SMTPError{Code: 250, EnhancedCode: smtp.EnhancedCode{2, 0, 0}, Message: "committed"}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 200 {
		s = s[:200]
	}
	return s
}

// slogPrinter passes go-smtp's internal errors to the log.
type slogPrinter struct{ log *slog.Logger }

func (p slogPrinter) Printf(format string, v ...any) {
	p.log.Warn("lmtp", "error", strings.TrimSpace(fmt.Sprintf(format, v...)))
}
func (p slogPrinter) Println(v ...any) {
	p.log.Warn("lmtp", "error", strings.TrimSpace(fmt.Sprintln(v...)))
}
