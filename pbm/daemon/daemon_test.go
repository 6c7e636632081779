package daemon

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
	"golang.org/x/crypto/bcrypt"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/enginetest"
	"github.com/pbmgo/pbm/pbm/localmail"
	"github.com/pbmgo/pbm/pbm/player"
	"github.com/pbmgo/pbm/store"
)

const wait = 20 * time.Second

// harness runs a daemon against mail servers on loopback. With
// external mail, the mail servers run apart from the daemon, and the
// daemon reaches SMTP through a proxy the test can cut.
type harness struct {
	t     *testing.T
	mail  *localmail.Server
	d     *Daemon
	proxy *proxy
	cfg   Config
}

// quiet is the tests' logger: silent, or the daemon's log on stderr
// when PBM_TEST_LOG is set.
func quiet() *slog.Logger {
	if os.Getenv("PBM_TEST_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

func testConfig(t *testing.T) Config {
	var cfg Config
	cfg.Data = filepath.Join(t.TempDir(), "pbm.db")
	cfg.BackupDir = t.TempDir()
	cfg.Server.Address = "pbm@localhost"
	cfg.Server.Name = "Test Server"
	cfg.Admins = []string{"root"}
	cfg.Claim = map[string][]string{"root": {"root@example.test"}}
	cfg.IMAP.Poll = 200 * time.Millisecond
	cfg.SMTP.Poll = 100 * time.Millisecond
	cfg.Embedded.IMAP, cfg.Embedded.SMTP = "127.0.0.1:0", "127.0.0.1:0"
	cfg.Games = engine.NewRegistry(enginetest.Nim{})
	cfg.Logger = quiet()
	cfg.BcryptCost = bcrypt.MinCost
	cfg.Retry = []time.Duration{50 * time.Millisecond}
	cfg.Backoff = 50 * time.Millisecond
	cfg.RateLimit = 10000
	return cfg
}

func startEmbedded(t *testing.T) *harness {
	t.Helper()
	cfg := testConfig(t)
	d, err := Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return &harness{t: t, mail: d.Local, d: d, cfg: cfg}
}

func startExternal(t *testing.T) *harness {
	t.Helper()
	mail, err := localmail.Start(localmail.Config{
		IMAPAddr: "127.0.0.1:0", SMTPAddr: "127.0.0.1:0", ServerAddress: "pbm@localhost", Logger: quiet(),
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mail.Close() })
	p := newProxy(t, mail.SMTPAddr())
	cfg := testConfig(t)
	host, port := splitAddr(t, mail.IMAPAddr())
	cfg.IMAP.Host, cfg.IMAP.Port, cfg.IMAP.TLS = host, port, "none"
	cfg.IMAP.Username, cfg.IMAP.Password = "pbm@localhost", localmail.DefaultPassword
	cfg.SMTP.Host, cfg.SMTP.Port = splitAddr(t, p.addr)
	cfg.SMTP.TLS = "none"
	h := &harness{t: t, mail: mail, proxy: p, cfg: cfg}
	h.d, err = Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.d.Close() })
	return h
}

func splitAddr(t *testing.T, addr string) (string, int) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		t.Fatal(err)
	}
	var n int
	fmt.Sscan(port, &n)
	return host, n
}

func (h *harness) player(name string) *player.Player {
	return &player.Player{Address: name + "@example.test", Server: "pbm@localhost",
		SMTP: h.mail.SMTPAddr(), IMAP: h.mail.IMAPAddr(), Password: localmail.DefaultPassword}
}

// command sends a command and waits for its reply.
func (h *harness) command(p *player.Player, subject, body string, headers ...string) player.Mail {
	h.t.Helper()
	id, err := p.Send(subject, body, headers...)
	if err != nil {
		h.t.Fatal(err)
	}
	r, err := p.Reply(id, wait)
	if err != nil {
		h.t.Fatalf("%s: no reply: %v", subject, err)
	}
	return r
}

func (h *harness) signup(name string) *player.Player {
	h.t.Helper()
	p := h.player(name)
	r := h.command(p, "signup "+name+" pw-"+name, "")
	if !strings.Contains(r.Text, "OK: Welcome") {
		h.t.Fatalf("signup %s: %s", name, r.Text)
	}
	if reply := r.Header.Get("Reply-To"); strings.Contains(reply, "+confirm.") {
		// An admin claim: a reply from the address confirms it.
		if c := h.command(p, "Re: "+r.Subject, "yes", "Cc: "+reply); !strings.Contains(c.Text, "OK: Confirmed") {
			h.t.Fatalf("confirm %s: %s", name, c.Text)
		}
	}
	return p
}

func (h *harness) board(n int) store.Board {
	var b store.Board
	h.d.Store.View(func(tx *store.Tx) error {
		var err error
		b, err = tx.Board("nim", n)
		return err
	})
	return b
}

func TestGameByMail(t *testing.T) {
	h := startEmbedded(t)
	alice, bob := h.signup("alice"), h.signup("bob")
	r := h.command(alice, "change password alice pw-alice secret2", "")
	if !strings.Contains(r.Text, "OK: The password of alice is changed") {
		t.Fatal(r.Text)
	}
	if r := h.command(bob, "help", ""); !strings.Contains(r.Text, "signup <userid> <password>") {
		t.Errorf("help: %s", r.Text)
	}
	if r := h.command(bob, "list", ""); !strings.Contains(r.Text, "nim") {
		t.Errorf("list: %s", r.Text)
	}
	h.command(alice, "nim challenge alice secret2 alice bob -stones=6", "Shall we?")
	if _, err := bob.Await(wait, player.Count("New Nim Board 101 alice", 1)); err != nil {
		t.Fatal(err)
	}
	moves := []struct {
		p   *player.Player
		cmd string
	}{
		{alice, "nim move 101 alice secret2 take2#1"},
		{bob, "nim move 101 bob pw-bob take3#2"},
		{alice, "nim move 101 alice secret2 take1#3"},
	}
	for _, m := range moves {
		if r := h.command(m.p, m.cmd, ""); !strings.Contains(r.Text, "OK: ") {
			t.Fatalf("%s: %s", m.cmd, r.Text)
		}
	}
	// An illegal move is answered with the reason; nothing changes.
	if r := h.command(bob, "nim move 101 bob pw-bob take3", ""); !strings.Contains(r.Text, "It is not your move") &&
		!strings.Contains(r.Text, "has ended") {
		t.Errorf("move after the end: %s", r.Text)
	}
	for _, p := range []*player.Player{alice, bob} {
		ms, err := p.Await(wait, func(ms []player.Mail) bool {
			for _, m := range ms {
				if m.Subject == "Nim Board 101" && strings.Contains(m.Text, "Game won by alice") {
					return true
				}
			}
			return false
		})
		if err != nil {
			t.Fatalf("%s has no final board: %v", p.Address, err)
		}
		for _, m := range ms {
			if !strings.Contains(m.HTML, "<pre") {
				t.Errorf("%q has no <pre> part", m.Subject)
			}
		}
	}
	if b := h.board(101); len(b.Log) != 3 || !b.Over {
		t.Errorf("board %+v", b)
	}
}

func TestDuplicateDeliveryAppliedOnce(t *testing.T) {
	h := startEmbedded(t)
	alice := h.signup("alice")
	h.signup("bob")
	h.command(alice, "nim challenge alice pw-alice alice bob", "")
	raw := []byte("From: alice@example.test\r\nTo: pbm@localhost\r\nSubject: nim move 101 alice pw-alice take1\r\nMessage-ID: <dup-1@example.test>\r\n\r\n")
	for i := 0; i < 2; i++ {
		if err := h.mail.Deliver("pbm@localhost", raw); err != nil {
			t.Fatal(err)
		}
	}
	marker := h.command(alice, "help", "") // processed after both copies
	_ = marker
	ms, err := alice.Mails()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range ms {
		if m.InReplyTo == "dup-1@example.test" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d replies to a mail delivered twice", n)
	}
	if b := h.board(101); len(b.Log) != 1 {
		t.Errorf("log %v", b.Log)
	}
}

func TestAutomaticMailNotAnswered(t *testing.T) {
	h := startEmbedded(t)
	alice := h.player("alice")
	sends := [][]string{
		{"Auto-Submitted: auto-replied"},
		{"Precedence: junk"},
	}
	for _, hdr := range sends {
		if _, err := alice.Send("help", "", hdr...); err != nil {
			t.Fatal(err)
		}
	}
	// A bounce: null envelope sender.
	bounce := []byte("From: MAILER-DAEMON@example.test\r\nTo: pbm@localhost\r\nSubject: Undelivered Mail\r\nMessage-ID: <b1@example.test>\r\n\r\nhelp\r\n")
	if err := h.mail.Deliver("pbm@localhost", bounce); err != nil {
		t.Fatal(err)
	}
	// Our own address.
	own := &player.Player{Address: "pbm@localhost", Server: "pbm@localhost", SMTP: h.mail.SMTPAddr()}
	if _, err := own.Send("help", ""); err != nil {
		t.Fatal(err)
	}
	h.command(alice, "list", "") // processed after the others
	ms, _ := alice.Mails()
	if len(ms) != 1 {
		t.Errorf("alice has %d mails, want only the reply to list", len(ms))
	}
	mb, _ := h.mail.Messages("mailer-daemon@example.test", "INBOX")
	if len(mb) != 0 {
		t.Errorf("the bounce was answered")
	}
}

func TestIMAPDroppedDuringIdle(t *testing.T) {
	h := startEmbedded(t)
	alice := h.signup("alice")
	for i := 0; i < 3; i++ {
		time.Sleep(100 * time.Millisecond) // let the intake settle into IDLE
		h.mail.DropIMAPConnections()
		if r := h.command(alice, "list", ""); !strings.Contains(r.Text, "nim") {
			t.Fatalf("after drop %d: %s", i, r.Text)
		}
	}
}

func TestSMTPDownAndBack(t *testing.T) {
	h := startExternal(t)
	alice, bob := h.signup("alice"), h.signup("bob")
	h.proxy.down()
	for _, c := range []struct {
		p   *player.Player
		cmd string
	}{
		{alice, "nim challenge alice pw-alice alice bob -stones=3"},
		{alice, "nim move 101 alice pw-alice take1#1"},
		{bob, "nim move 101 bob pw-bob take2#2"},
	} {
		if _, err := c.p.Send(c.cmd, ""); err != nil {
			t.Fatal(err)
		}
	}
	// All three are applied while nothing can be delivered.
	deadline := time.Now().Add(wait)
	for len(h.board(101).Log) < 2 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if b := h.board(101); !b.Over {
		t.Fatalf("moves not applied while SMTP was down: %+v", b)
	}
	var queued int
	h.d.Store.View(func(tx *store.Tx) error { queued = tx.OutboxLen(); return nil })
	if queued != 6 { // 2 boards x 3 changes, the mover's board also the answer
		t.Errorf("outbox holds %d mails, want 6", queued)
	}
	time.Sleep(300 * time.Millisecond) // several failed attempts
	h.proxy.up()
	for _, p := range []*player.Player{alice, bob} {
		_, err := p.Await(wait, func(ms []player.Mail) bool {
			return len(player.WithSubject(ms, "New Nim Board 101")) == 1 && len(player.WithSubject(ms, "Nim Board 101")) == 2
		})
		if err != nil {
			t.Errorf("%s: boards not delivered after SMTP came back: %v", p.Address, err)
		}
	}
	deadline = time.Now().Add(wait)
	for queued > 0 && time.Now().Before(deadline) {
		h.d.Store.View(func(tx *store.Tx) error { queued = tx.OutboxLen(); return nil })
		time.Sleep(20 * time.Millisecond)
	}
	if queued != 0 {
		t.Errorf("outbox still holds %d", queued)
	}
}

func TestSMTPRefusals(t *testing.T) {
	h := startExternal(t)
	root, alice := h.signup("root"), h.signup("alice")
	h.signup("bob")
	var mu sync.Mutex
	tempFail := true
	h.mail.SetSMTPFault(func(rcpt string) error {
		mu.Lock()
		defer mu.Unlock()
		switch {
		case rcpt == "pbm@localhost":
			return nil
		case rcpt == "bob@example.test":
			return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"}
		case tempFail:
			return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try later"}
		}
		return nil
	})
	if _, err := alice.Send("nim challenge alice pw-alice alice bob", ""); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	if ms, _ := alice.Mails(); len(player.WithSubject(ms, "New Nim Board")) != 0 {
		t.Fatal("delivered during a 4xx refusal")
	}
	mu.Lock()
	tempFail = false
	mu.Unlock()
	if _, err := alice.Await(wait, player.Count("New Nim Board 101", 1)); err != nil {
		t.Fatal(err)
	}
	ms, err := root.Await(wait, player.Count("pbm: undeliverable mail to bob@example.test", 1))
	if err != nil {
		t.Fatal(err)
	}
	if r := player.WithSubject(ms, "pbm: undeliverable")[0]; !strings.Contains(r.Text, "550") {
		t.Errorf("report: %s", r.Text)
	}
	var failed []store.Mail
	h.d.Store.View(func(tx *store.Tx) error { failed, _ = tx.FailedMail(); return nil })
	if len(failed) != 1 || failed[0].To != "bob@example.test" {
		t.Errorf("failed mails: %+v", failed)
	}
}

// proxy forwards TCP to a target and can be cut.
type proxy struct {
	t      *testing.T
	addr   string
	target string
	mu     sync.Mutex
	ln     net.Listener
	conns  []net.Conn
}

func newProxy(t *testing.T, target string) *proxy {
	p := &proxy{t: t, target: target}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p.addr = ln.Addr().String()
	p.serve(ln)
	t.Cleanup(p.down)
	return p
}

func (p *proxy) serve(ln net.Listener) {
	p.mu.Lock()
	p.ln = ln
	p.mu.Unlock()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			u, err := net.Dial("tcp", p.target)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, u)
			p.mu.Unlock()
			go func() { io.Copy(u, c); u.Close() }()
			go func() { io.Copy(c, u); c.Close() }()
		}
	}()
}

// down closes the listener and every connection: the port refuses.
func (p *proxy) down() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ln != nil {
		p.ln.Close()
		p.ln = nil
	}
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// up listens again on the same port.
func (p *proxy) up() {
	var ln net.Listener
	var err error
	for i := 0; i < 50; i++ {
		if ln, err = net.Listen("tcp", p.addr); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		p.t.Fatal(errors.Join(errors.New("proxy up"), err))
	}
	p.serve(ln)
}
