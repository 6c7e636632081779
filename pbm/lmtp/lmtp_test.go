package lmtp

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

const mail = "From: alice@example.org\r\nTo: pbm@example.org\r\nSubject: list\r\nMessage-ID: <1@example.org>\r\n\r\nhello\r\n"

// recorder is a handler that keeps what it was given.
type recorder struct {
	mu   sync.Mutex
	got  []string
	fail error
}

func (r *recorder) handle(_ context.Context, raw []byte) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.fail != nil {
		return r.fail
	}
	r.got = append(r.got, string(raw))
	return nil
}

func start(t *testing.T, cfg Config) *Server {
	t.Helper()
	if cfg.Listen == "" {
		cfg.Listen = filepath.Join(t.TempDir(), "lmtp.sock")
	}
	s, err := Listen(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// send delivers one mail to the given recipients and returns the
// per-recipient replies.
func send(t *testing.T, addr string, body string, rcpts ...string) map[string]*smtp.SMTPError {
	t.Helper()
	network := "tcp"
	if IsUnix(addr) {
		network = "unix"
	}
	conn, err := net.Dial(network, addr)
	if err != nil {
		t.Fatal(err)
	}
	c := smtp.NewClientLMTP(conn)
	defer c.Close()
	if err := c.Hello("test.example"); err != nil {
		t.Fatal(err)
	}
	if err := c.Mail("alice@example.org", nil); err != nil {
		t.Fatal(err)
	}
	for _, r := range rcpts {
		if err := c.Rcpt(r, nil); err != nil {
			t.Fatal(err)
		}
	}
	w, err := c.Data()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write([]byte(body)); err != nil {
		t.Fatal(err)
	}
	out := map[string]*smtp.SMTPError{}
	resps, err := w.CloseWithLMTPResponse()
	for r := range resps {
		out[r] = nil
	}
	var lerr smtp.LMTPDataError
	if errors.As(err, &lerr) {
		for r, e := range lerr {
			out[r] = e
		}
	} else if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestCommitted(t *testing.T) {
	rec := &recorder{}
	s := start(t, Config{Handler: rec.handle})
	replies := send(t, s.Addr(), mail, "pbm@example.org", "pbm+x@example.org")
	if len(replies) != 2 {
		t.Fatalf("replies %v, want one per recipient", replies)
	}
	for r, e := range replies {
		if e != nil {
			t.Errorf("%s: %v, want 250", r, e)
		}
	}
	if len(rec.got) != 1 || rec.got[0] != mail {
		t.Errorf("handler got %q, want the mail once", rec.got)
	}
	fi, err := os.Stat(s.Addr())
	if err != nil || fi.Mode().Perm() != 0o666 {
		t.Errorf("socket mode %v (%v), want 0666", fi.Mode(), err)
	}
}

func TestTransientFailure(t *testing.T) {
	rec := &recorder{fail: errors.New("disk full")}
	s := start(t, Config{Handler: rec.handle})
	for r, e := range send(t, s.Addr(), mail, "pbm@example.org", "other@example.org") {
		if e == nil || e.Code != 451 || !e.Temporary() {
			t.Errorf("%s: %v, want 451", r, e)
		}
		if e != nil && strings.Contains(e.Message, "disk full") {
			t.Errorf("%s: the reply tells the internal error: %q", r, e.Message)
		}
	}
}

func TestOversize(t *testing.T) {
	rec := &recorder{}
	s := start(t, Config{Handler: rec.handle, MaxSize: 1000})
	big := mail + strings.Repeat("x", 70) + "\r\n"
	big += strings.Repeat(strings.Repeat("y", 70)+"\r\n", 20)
	for r, e := range send(t, s.Addr(), big, "pbm@example.org") {
		if e == nil || e.Code != 552 {
			t.Errorf("%s: %v, want 552", r, e)
		}
	}
	if len(rec.got) != 0 {
		t.Errorf("an oversize mail reached the handler")
	}
	// The server still works afterwards.
	for r, e := range send(t, s.Addr(), mail, "pbm@example.org") {
		if e != nil {
			t.Errorf("after an oversize mail, %s: %v", r, e)
		}
	}
}

func TestUnreadable(t *testing.T) {
	rec := &recorder{}
	s := start(t, Config{Handler: rec.handle, Check: func(raw []byte) error {
		if !strings.Contains(string(raw), "\r\n\r\n") {
			return errors.New("no header\nat all")
		}
		return nil
	}})
	for r, e := range send(t, s.Addr(), "garbage", "pbm@example.org") {
		if e == nil || e.Code != 550 || !strings.Contains(e.Message, "no header at all") {
			t.Errorf("%s: %v, want 550 with the reason", r, e)
		}
	}
	if len(rec.got) != 0 {
		t.Errorf("an unreadable mail reached the handler")
	}
}

func TestLoopbackOnly(t *testing.T) {
	rec := &recorder{}
	for _, addr := range []string{"0.0.0.0:0", "192.0.2.1:24", ":0", "nonsense"} {
		if s, err := Listen(Config{Listen: addr, Handler: rec.handle}); err == nil {
			s.Close()
			t.Errorf("Listen(%q) accepted", addr)
		}
	}
	s := start(t, Config{Listen: "127.0.0.1:0", Handler: rec.handle})
	for r, e := range send(t, s.Addr(), mail, "pbm@example.org") {
		if e != nil {
			t.Errorf("over TCP, %s: %v", r, e)
		}
	}
}

func TestStaleSocket(t *testing.T) {
	rec := &recorder{}
	path := filepath.Join(t.TempDir(), "lmtp.sock")
	// A socket left behind by a killed server.
	ln, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	ln.(*net.UnixListener).SetUnlinkOnClose(false)
	ln.Close()
	s := start(t, Config{Listen: path, Handler: rec.handle})
	// A second server on a live socket is refused.
	if s2, err := Listen(Config{Listen: path, Handler: rec.handle}); err == nil {
		s2.Close()
		t.Fatal("a second server took a live socket")
	}
	if r := send(t, s.Addr(), mail, "pbm@example.org"); r["pbm@example.org"] != nil {
		t.Errorf("reply %v", r)
	}
}

// TestCloseWaits checks that Close returns only after the mail being
// handled is finished, so the store is not closed under it.
func TestCloseWaits(t *testing.T) {
	entered, release := make(chan struct{}), make(chan struct{})
	var finished bool
	s, err := Listen(Config{Listen: filepath.Join(t.TempDir(), "s"), Handler: func(ctx context.Context, raw []byte) error {
		close(entered)
		<-release
		finished = true
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		conn, err := net.Dial("unix", s.Addr())
		if err != nil {
			return
		}
		c := smtp.NewClientLMTP(conn)
		defer c.Close()
		c.SendMail("a@example.org", []string{"pbm@example.org"}, strings.NewReader(mail))
	}()
	<-entered
	closed := make(chan struct{})
	go func() { s.Close(); close(closed) }()
	select {
	case <-closed:
		t.Fatal("Close returned while a mail was being handled")
	case <-time.After(100 * time.Millisecond):
	}
	close(release)
	<-closed
	if !finished {
		t.Error("handler did not finish")
	}
}
