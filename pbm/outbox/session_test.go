package outbox

import (
	"context"
	"io"
	"log/slog"
	"net"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// counter forwards TCP connections to target and counts them; drop
// closes the ones open, as a server ending idle sessions would.
type counter struct {
	ln    net.Listener
	n     atomic.Int32
	mu    sync.Mutex
	conns []net.Conn
}

func countConns(t *testing.T, target string) *counter {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	c := &counter{ln: ln}
	t.Cleanup(func() { ln.Close(); c.drop() })
	go func() {
		for {
			in, err := ln.Accept()
			if err != nil {
				return
			}
			out, err := net.Dial("tcp", target)
			if err != nil {
				in.Close()
				continue
			}
			c.n.Add(1)
			c.mu.Lock()
			c.conns = append(c.conns, in, out)
			c.mu.Unlock()
			go func() { io.Copy(out, in); out.Close() }()
			go func() { io.Copy(in, out); in.Close() }()
		}
	}()
	return c
}

func (c *counter) drop() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, x := range c.conns {
		x.Close()
	}
	c.conns = nil
}

// A session is kept from one pass to the next; one the server closed
// meanwhile is replaced without deferring a mail.
func TestSessionKeptBetweenPasses(t *testing.T) {
	mail, st, now := setup(t)
	proxy := countConns(t, mail.SMTPAddr())
	s, err := New(Config{Store: st, Addr: proxy.ln.Addr().String(), TLS: "none",
		Now: func() time.Time { return *now }, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	ctx := context.Background()
	for i, to := range []string{"a@example.test", "b@example.test", "c@example.test"} {
		queue(t, st, to, *now)
		if n, err := s.Flush(ctx); n != 1 || err != nil {
			t.Fatalf("pass %d: %d delivered, %v", i, n, err)
		}
	}
	if n := proxy.n.Load(); n != 1 {
		t.Errorf("three passes opened %d sessions, want 1", n)
	}
	proxy.drop()
	queue(t, st, "d@example.test", *now)
	if n, err := s.Flush(ctx); n != 1 || err != nil {
		t.Fatalf("after the server closed the session: %d delivered, %v", n, err)
	}
	if n := proxy.n.Load(); n != 2 {
		t.Errorf("%d sessions after the drop, want 2", n)
	}
	for _, to := range []string{"a@example.test", "b@example.test", "c@example.test", "d@example.test"} {
		if ms, _ := mail.Messages(to, "INBOX"); len(ms) != 1 {
			t.Errorf("%s has %d mails", to, len(ms))
		}
	}
}
