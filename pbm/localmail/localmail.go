// Package localmail runs the embedded mail servers that pbm uses when no
// mail server is configured, and that the tests use as a real peer: an IMAP
// server (go-imap's imapserver over in-memory mailboxes) and an SMTP server
// (go-smtp), both on loopback.
//
// Everything is local: the SMTP server accepts any recipient and never relays
// to the outside. Mail to the game server's address, or to a subaddress of it
// (RFC 5233, "pbm+anything@localhost"), lands in the server user's INBOX;
// mail to any other address lands in that address's own INBOX. IMAP users
// log in with their full address (case-insensitive) and the shared password,
// and are created on first delivery or first successful login.
package localmail

import (
	"bytes"
	"crypto/subtle"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-smtp"
)

// Defaults for Config.
const (
	DefaultIMAPAddr = "127.0.0.1:1143"
	DefaultSMTPAddr = "127.0.0.1:2525"
	DefaultPassword = "pbm"
	DefaultDomain   = "localhost"

	// ProcessedMailbox is created for the server user, so that the inbox
	// poller finds it on first start.
	ProcessedMailbox = "Processed"

	maxMessageBytes = 25 << 20
	smtpTimeout     = 5 * time.Minute
)

// Config configures the embedded servers. The zero value of every field
// except ServerAddress selects a default.
type Config struct {
	IMAPAddr      string // default "127.0.0.1:1143"; "127.0.0.1:0" picks a free port
	SMTPAddr      string // default "127.0.0.1:2525"
	ServerAddress string // the game server's own address, e.g. "pbm@localhost"
	Password      string // IMAP password of every mailbox, default "pbm"
	Domain        string // SMTP greeting name, default "localhost"
	Logger        *slog.Logger
}

// Server is a running pair of embedded IMAP and SMTP servers.
type Server struct {
	cfg        Config
	log        *slog.Logger
	serverUser string // canonical ServerAddress

	imapSrv *imapserver.Server
	imapLn  *trackingListener
	smtpSrv *smtp.Server
	smtpLn  net.Listener

	mu    sync.Mutex
	users map[string]*imapmemserver.User // by canonical address
	fault func(rcpt string) error
	// delivered is told of each mail received over SMTP once it is in
	// the recipient's mailbox, before the 250 reply is written.
	delivered func(rcpt string)

	closing atomic.Bool
	wg      sync.WaitGroup
}

// Start listens on the configured addresses and serves IMAP and SMTP until
// Close is called.
func Start(cfg Config) (*Server, error) {
	if cfg.IMAPAddr == "" {
		cfg.IMAPAddr = DefaultIMAPAddr
	}
	if cfg.SMTPAddr == "" {
		cfg.SMTPAddr = DefaultSMTPAddr
	}
	if cfg.Password == "" {
		cfg.Password = DefaultPassword
	}
	if cfg.Domain == "" {
		cfg.Domain = DefaultDomain
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.ServerAddress == "" || !strings.Contains(cfg.ServerAddress, "@") {
		return nil, fmt.Errorf("localmail: ServerAddress %q is not an address", cfg.ServerAddress)
	}
	s := &Server{
		cfg:        cfg,
		log:        cfg.Logger.With("component", "localmail"),
		serverUser: canonical(cfg.ServerAddress),
		users:      make(map[string]*imapmemserver.User),
	}
	if _, err := s.user(s.serverUser); err != nil {
		return nil, err
	}

	ln, err := net.Listen("tcp", cfg.IMAPAddr)
	if err != nil {
		return nil, fmt.Errorf("localmail: imap listen %s: %w", cfg.IMAPAddr, err)
	}
	imapServing := newHeldListener(ln)
	s.imapLn = &trackingListener{Listener: imapServing, conns: make(map[net.Conn]struct{})}
	s.imapSrv = imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return &imapSession{srv: s}, nil, nil
		},
		// IMAP4rev2 (RFC 9051) includes IDLE, MOVE, UIDPLUS and NAMESPACE,
		// which the poller relies on; IMAP4rev1 keeps older clients working.
		Caps:   imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}},
		Logger: printfLogger{s.log.With("proto", "imap")},
		// Loopback only: LOGIN on plain TCP is acceptable here.
		InsecureAuth: true,
	})

	sln, err := net.Listen("tcp", cfg.SMTPAddr)
	if err != nil {
		ln.Close()
		return nil, fmt.Errorf("localmail: smtp listen %s: %w", cfg.SMTPAddr, err)
	}
	s.smtpLn = sln
	s.smtpSrv = smtp.NewServer(smtpBackend{s})
	s.smtpSrv.Domain = cfg.Domain
	s.smtpSrv.MaxMessageBytes = maxMessageBytes
	s.smtpSrv.MaxRecipients = 100
	s.smtpSrv.AllowInsecureAuth = true
	s.smtpSrv.ReadTimeout = smtpTimeout
	s.smtpSrv.WriteTimeout = smtpTimeout
	s.smtpSrv.ErrorLog = printfLogger{s.log.With("proto", "smtp")}

	smtpServing := newHeldListener(sln)
	s.wg.Add(2)
	imapDone, smtpDone := make(chan struct{}), make(chan struct{})
	go func() {
		defer s.wg.Done()
		defer close(imapDone)
		if err := s.imapSrv.Serve(s.imapLn); err != nil && !s.closing.Load() {
			s.log.Error("imap server stopped", "err", err)
		}
	}()
	go func() {
		defer s.wg.Done()
		defer close(smtpDone)
		if err := s.smtpSrv.Serve(smtpServing); err != nil && !s.closing.Load() {
			s.log.Error("smtp server stopped", "err", err)
		}
	}()
	// Both servers accept before Start returns: imapserver's Serve
	// registers itself with a WaitGroup that its Close waits on, and a
	// Close before that registration races with it.
	for _, w := range []struct{ accepting, done chan struct{} }{{imapServing.accepting, imapDone}, {smtpServing.accepting, smtpDone}} {
		select {
		case <-w.accepting:
		case <-w.done:
		}
	}
	s.log.Info("local mail servers started", "imap", s.IMAPAddr(), "smtp", s.SMTPAddr(), "server_address", s.serverUser)
	return s, nil
}

// IMAPAddr returns the address the IMAP server listens on.
func (s *Server) IMAPAddr() string { return s.imapLn.Addr().String() }

// SMTPAddr returns the address the SMTP server listens on.
func (s *Server) SMTPAddr() string { return s.smtpLn.Addr().String() }

// Close stops both servers and closes every connection.
func (s *Server) Close() error {
	s.closing.Store(true)
	err := errors.Join(s.imapSrv.Close(), s.smtpSrv.Close())
	// The servers only close listeners that Serve has registered; close
	// them here too in case Close comes first.
	s.imapLn.Close()
	s.smtpLn.Close()
	s.wg.Wait()
	if err != nil {
		return fmt.Errorf("localmail: close: %w", err)
	}
	return nil
}

// Deliver appends raw to the INBOX of the mailbox that rcpt routes to,
// creating the user on first use. Bare LF line ends are turned into CRLF,
// as IMAP requires (RFC 9051 section 2.3.1).
func (s *Server) Deliver(rcpt string, raw []byte) error {
	return s.deliver(rcpt, nil, raw)
}

func (s *Server) deliver(rcpt string, prefix, raw []byte) error {
	name := s.route(rcpt)
	u, err := s.user(name)
	if err != nil {
		return err
	}
	msg := append(append([]byte{}, prefix...), toCRLF(raw)...)
	ad, err := u.Append("INBOX", bytes.NewReader(msg), &imap.AppendOptions{Time: time.Now()})
	if err != nil {
		return fmt.Errorf("localmail: deliver to %s: %w", name, err)
	}
	s.log.Debug("delivered", "rcpt", logAddr(rcpt), "mailbox", name, "uid", ad.UID, "size", len(msg))
	return nil
}

// Messages returns the raw mails in a user's mailbox, in UID order. It reads
// them over IMAP like any client would, so it is meant for tests.
func (s *Server) Messages(user, mailbox string) ([][]byte, error) {
	name := canonical(user)
	s.mu.Lock()
	_, ok := s.users[name]
	s.mu.Unlock()
	if !ok {
		return nil, fmt.Errorf("localmail: no user %q", name)
	}
	return fetchAll(s.IMAPAddr(), name, s.cfg.Password, mailbox)
}

// SetSMTPFault installs a fault hook for tests: when f returns an error for
// a recipient, RCPT (and DATA, if the hook changed in between) is refused
// with that error, e.g. &smtp.SMTPError{Code: 451, ...}. nil removes it.
func (s *Server) SetSMTPFault(f func(rcpt string) error) {
	s.mu.Lock()
	s.fault = f
	s.mu.Unlock()
}

func (s *Server) checkFault(rcpt string) error {
	s.mu.Lock()
	f := s.fault
	s.mu.Unlock()
	if f == nil {
		return nil
	}
	return f(rcpt)
}

// SetSMTPDelivered installs a hook for tests, called for each recipient
// of a mail received over SMTP once it is stored, before the server's
// 250 reply to the end of DATA (RFC 5321 section 4.1.1.4) is written:
// a test can kill the client between the acceptance and its own record
// of it. nil removes it.
func (s *Server) SetSMTPDelivered(f func(rcpt string)) {
	s.mu.Lock()
	s.delivered = f
	s.mu.Unlock()
}

// DropIMAPConnections closes every open IMAP connection. The server keeps
// accepting new ones.
func (s *Server) DropIMAPConnections() {
	n := s.imapLn.closeAll()
	s.log.Info("dropped imap connections", "count", n)
}

// route maps an envelope recipient to the canonical name of the mailbox
// owner: the server user for its address and its subaddresses (RFC 5233
// section 1: "user+detail@domain"), otherwise the address itself.
func (s *Server) route(rcpt string) string {
	addr := canonical(rcpt)
	local, domain, ok := strings.Cut(addr, "@")
	if !ok {
		return addr
	}
	if base, _, plus := strings.Cut(local, "+"); plus && base+"@"+domain == s.serverUser {
		return s.serverUser
	}
	return addr
}

// user returns the mailbox owner name, creating it (with its INBOX, and
// for the server user also Processed) if needed.
func (s *Server) user(name string) (*imapmemserver.User, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if u, ok := s.users[name]; ok {
		return u, nil
	}
	u := imapmemserver.NewUser(name, s.cfg.Password)
	boxes := []string{"INBOX"}
	if name == s.serverUser {
		boxes = append(boxes, ProcessedMailbox)
	}
	for _, b := range boxes {
		if err := u.Create(b, nil); err != nil {
			return nil, fmt.Errorf("localmail: create %s for %s: %w", b, name, err)
		}
	}
	s.users[name] = u
	s.log.Info("mailbox created", "user", name)
	return u, nil
}

// login checks the shared password and returns the user, creating it on
// first login so that a player can log in before receiving mail.
func (s *Server) login(username, password string) (*imapmemserver.User, error) {
	if subtle.ConstantTimeCompare([]byte(password), []byte(s.cfg.Password)) != 1 || username == "" {
		s.log.Info("imap login failed", "user", username)
		return nil, imapserver.ErrAuthFailed
	}
	return s.user(canonical(username))
}

// canonical lower-cases an address and strips angle brackets and spaces.
// Treating the local part case-insensitively goes beyond RFC 5321 section
// 2.4, but it is what every real mail system does.
func canonical(addr string) string {
	addr = strings.TrimSpace(addr)
	addr = strings.TrimPrefix(addr, "<")
	addr = strings.TrimSuffix(addr, ">")
	return strings.ToLower(addr)
}

// toCRLF turns bare LF into CRLF and leaves existing CRLF alone.
func toCRLF(b []byte) []byte {
	if !bytes.Contains(b, []byte("\n")) {
		return b
	}
	out := make([]byte, 0, len(b)+bytes.Count(b, []byte("\n")))
	for i, c := range b {
		if c == '\n' && (i == 0 || b[i-1] != '\r') {
			out = append(out, '\r')
		}
		out = append(out, c)
	}
	return out
}

// imapSession is an in-memory IMAP session with our own Login.
type imapSession struct {
	*imapmemserver.UserSession // nil until logged in
	srv                        *Server
}

var _ imapserver.SessionIMAP4rev2 = (*imapSession)(nil)

func (sess *imapSession) Login(username, password string) error {
	u, err := sess.srv.login(username, password)
	if err != nil {
		return err
	}
	sess.UserSession = imapmemserver.NewUserSession(u)
	return nil
}

// idleRecheck bounds how long an update can wait in imapSession.Idle.
const idleRecheck = time.Second

// Idle writes the updates queued before IDLE began, then waits for new
// ones. imapmemserver's Idle writes only updates that arrive while it
// waits, so an EXISTS for mail delivered between the client's last
// command and its IDLE would wait for the next delivery (RFC 2177
// section 3 and RFC 9051 section 7.4.1: the server tells an idling
// client of new mail). A delivery in the instant between the flush and
// the wait is caught by the next flush, at most idleRecheck later.
func (sess *imapSession) Idle(w *imapserver.UpdateWriter, stop <-chan struct{}) error {
	if sess.UserSession == nil {
		return nil
	}
	for {
		if err := sess.UserSession.Poll(w, true); err != nil {
			return err
		}
		wait := make(chan struct{})
		time.AfterFunc(idleRecheck, func() { close(wait) })
		done := make(chan struct{})
		go func() {
			select {
			case <-stop:
			case <-wait:
			}
			close(done)
		}()
		// The timer is left to fire: it ends the goroutine above.
		err := sess.UserSession.Idle(w, done)
		if err != nil {
			return err
		}
		select {
		case <-stop:
			return nil
		default:
		}
	}
}

// trackingListener remembers accepted connections so that
// DropIMAPConnections can close them.
type trackingListener struct {
	net.Listener
	mu    sync.Mutex
	conns map[net.Conn]struct{}
}

func (l *trackingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	tc := &trackedConn{Conn: c, l: l}
	l.mu.Lock()
	l.conns[tc] = struct{}{}
	l.mu.Unlock()
	return tc, nil
}

func (l *trackingListener) closeAll() int {
	l.mu.Lock()
	conns := make([]net.Conn, 0, len(l.conns))
	for c := range l.conns {
		conns = append(conns, c)
	}
	l.mu.Unlock()
	for _, c := range conns {
		c.Close()
	}
	return len(conns)
}

type trackedConn struct {
	net.Conn
	l    *trackingListener
	once sync.Once
}

func (c *trackedConn) Close() error {
	c.once.Do(func() {
		c.l.mu.Lock()
		delete(c.l.conns, c)
		c.l.mu.Unlock()
	})
	return c.Conn.Close()
}

// printfLogger adapts slog to the Printf-style loggers of imapserver and
// go-smtp.
type printfLogger struct{ l *slog.Logger }

func (p printfLogger) Printf(format string, v ...any) { p.log(fmt.Sprintf(format, v...)) }
func (p printfLogger) Println(v ...any)               { p.log(strings.TrimSuffix(fmt.Sprintln(v...), "\n")) }

// log demotes the messages about connections that a client or
// DropIMAPConnections closed: they are routine.
func (p printfLogger) log(msg string) {
	if strings.Contains(msg, net.ErrClosed.Error()) || strings.Contains(msg, "connection reset by peer") {
		p.l.Debug(msg)
		return
	}
	p.l.Warn(msg)
}
