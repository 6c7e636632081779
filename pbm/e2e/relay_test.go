package e2e

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-smtp"
)

// relay is an SMTP server in the test binary that stands for the
// mail system between the players and the daemon: it accepts a mail,
// queues it, and delivers it into each recipient's Dovecot INBOX by
// IMAP APPEND. Delivery keeps the order of acceptance and retries until
// Dovecot takes the mail, like an MTA's queue (RFC 5321 section 4.5.4),
// so a Dovecot outage delays mail but loses none.
type relay struct {
	t    *testing.T
	name string
	d    *dovecot
	srv  *smtp.Server
	ln   net.Listener
	addr string

	mu        sync.Mutex
	cond      *sync.Cond
	queue     []delivery
	busy      bool // a delivery is in progress
	closed    bool
	policy    func(from, rcpt string) *smtp.SMTPError
	accepted  int
	delivered map[string]int // per recipient
	refused   map[int]int    // per SMTP code
	conns     map[string]*imapclient.Client
}

type delivery struct {
	rcpt string
	raw  []byte
}

// startRelay listens on a free loopback port. STARTTLS is offered with
// the test certificate (RFC 3207).
func startRelay(t *testing.T, name string, d *dovecot) *relay {
	t.Helper()
	r := &relay{t: t, name: name, d: d, delivered: map[string]int{}, refused: map[int]int{},
		conns: map[string]*imapclient.Client{}}
	r.cond = sync.NewCond(&r.mu)
	srv := smtp.NewServer(relayBackend{r})
	srv.Domain = name + ".e2e.test"
	srv.ReadTimeout, srv.WriteTimeout = time.Minute, time.Minute
	srv.MaxMessageBytes = 16 << 20
	srv.MaxRecipients = 50
	// A client that hangs up (a daemon killed mid-session) is not news.
	srv.ErrorLog = log.New(io.Discard, "", 0)
	tlsCfg, err := d.serverTLS()
	if err != nil {
		t.Fatal(err)
	}
	srv.TLSConfig = tlsCfg
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r.srv, r.ln, r.addr = srv, ln, ln.Addr().String()
	go srv.Serve(ln)
	go r.deliverLoop()
	t.Cleanup(r.close)
	return r
}

func (r *relay) close() {
	r.srv.Close()
	r.mu.Lock()
	r.closed = true
	r.cond.Broadcast()
	for _, c := range r.conns {
		c.Close()
	}
	r.mu.Unlock()
}

// setPolicy installs a refusal rule applied at RCPT; nil accepts all.
func (r *relay) setPolicy(p func(from, rcpt string) *smtp.SMTPError) {
	r.mu.Lock()
	r.policy = p
	r.mu.Unlock()
}

// refusals returns how many recipients were refused with code.
func (r *relay) refusals(code int) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.refused[code]
}

// deliveredTo returns how many mails reached rcpt.
func (r *relay) deliveredTo(rcpt string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.delivered[strings.ToLower(rcpt)]
}

// settled waits until the queue is empty.
func (r *relay) settled(timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		r.mu.Lock()
		n, busy := len(r.queue), r.busy
		r.mu.Unlock()
		if n == 0 && !busy {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("relay %s: %d mails still queued after %v", r.name, n, timeout)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (r *relay) deliverLoop() {
	for {
		r.mu.Lock()
		for len(r.queue) == 0 && !r.closed {
			r.cond.Wait()
		}
		if r.closed {
			r.mu.Unlock()
			return
		}
		m := r.queue[0]
		r.busy = true
		r.mu.Unlock()
		err := r.deliver(m)
		r.mu.Lock()
		if err == nil {
			r.queue = r.queue[1:]
			r.delivered[m.rcpt]++
		}
		r.busy = false
		r.mu.Unlock()
		if err != nil {
			// Dovecot is down or restarting: keep the order, try again.
			time.Sleep(100 * time.Millisecond)
		}
	}
}

// deliver appends one mail to the recipient's INBOX over a cached
// connection, reconnecting once if the cached one has gone stale.
func (r *relay) deliver(m delivery) error {
	for attempt := 0; attempt < 2; attempt++ {
		r.mu.Lock()
		c := r.conns[m.rcpt]
		r.mu.Unlock()
		if c == nil {
			var err error
			if c, err = r.d.dialPlain(m.rcpt); err != nil {
				return err
			}
			r.mu.Lock()
			r.conns[m.rcpt] = c
			r.mu.Unlock()
		}
		err := appendTo(c, "INBOX", m.raw)
		if err == nil {
			return nil
		}
		c.Close()
		r.mu.Lock()
		delete(r.conns, m.rcpt)
		r.mu.Unlock()
		if attempt == 1 {
			return fmt.Errorf("relay %s: deliver to %s: %w", r.name, m.rcpt, err)
		}
	}
	return nil
}

type relayBackend struct{ r *relay }

func (b relayBackend) NewSession(*smtp.Conn) (smtp.Session, error) {
	return &relaySession{r: b.r}, nil
}

type relaySession struct {
	r     *relay
	from  string
	rcpts []string
}

func (s *relaySession) Mail(from string, _ *smtp.MailOptions) error {
	s.from = from
	return nil
}

// Rcpt applies the policy: RFC 5321 section 4.2.1, a 4yz reply is a
// transient failure (the client keeps the mail and tries later), a 5yz
// reply a permanent one.
func (s *relaySession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.r.mu.Lock()
	defer s.r.mu.Unlock()
	if s.r.policy != nil {
		if err := s.r.policy(s.from, to); err != nil {
			s.r.refused[err.Code]++
			return err
		}
	}
	s.rcpts = append(s.rcpts, strings.ToLower(to))
	return nil
}

func (s *relaySession) Data(rd io.Reader) error {
	raw, err := io.ReadAll(rd)
	if err != nil {
		return err
	}
	s.r.mu.Lock()
	defer s.r.mu.Unlock()
	for _, rcpt := range s.rcpts {
		// RFC 5321 section 4.4: the delivering server adds Return-Path
		// and a Received trace field.
		var b bytes.Buffer
		fmt.Fprintf(&b, "Return-Path: <%s>\r\nReceived: from pbm-e2e by %s.e2e.test with ESMTP for <%s>; %s\r\n",
			s.from, s.r.name, rcpt, time.Now().Format(time.RFC1123Z))
		b.Write(raw)
		s.r.queue = append(s.r.queue, delivery{rcpt: rcpt, raw: b.Bytes()})
	}
	s.r.accepted++
	s.r.cond.Broadcast()
	return nil
}

func (s *relaySession) Reset()        { s.from, s.rcpts = "", nil }
func (s *relaySession) Logout() error { return nil }
