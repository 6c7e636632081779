package lmtp

import (
	"log/slog"
	"net"
	"sync"
	"time"
)

// Each LMTP connection holds a file descriptor of the daemon, which
// the IMAP intake, the outbox and the store need too. So the open
// connections are capped (netutil.LimitListener: one past the cap
// waits in the kernel's listen backlog, holding no descriptor), each
// is closed after Config.IdleTimeout without a command, and, when the
// cap is reached, the connection idle the longest is closed at once so
// that the next one in the backlog gets in: a crowd of idle
// connections cannot keep the MTA's delivery out.
//
// Idle means waiting for a command outside a mail transaction: before
// MAIL, or after the reply to the end of DATA. A transaction under way
// is never cut short. The idle connection is closed by setting its
// read deadline to now: go-smtp's own goroutine then finds its read
// timed out, answers "421 4.4.2 Idle timeout" and closes, as at the
// idle timeout (and stays in the past when go-smtp sets the next read
// deadline: SetReadDeadline below). RFC 5321 section 3.8 lets a server close a connection
// with a 421 reply, sent even asynchronously from the commands; the
// client keeps its mail and tries again (RFC 5321 section 4.2.1).

// tracker keeps the open connections and which are idle.
type tracker struct {
	max int
	log *slog.Logger

	mu      sync.Mutex
	conns   map[*trackedConn]struct{}
	peak    int
	evicted int
	warned  time.Time // the last warning that the cap was reached
}

// trackedConn is one open connection.
type trackedConn struct {
	net.Conn
	t *tracker
	// Under t.mu: busy is a transaction under way; since the time the
	// connection last fell idle; closing that it was told to go.
	busy    bool
	since   time.Time
	closing bool
	once    sync.Once
}

func newTracker(max int, log *slog.Logger) *tracker {
	return &tracker{max: max, log: log, conns: map[*trackedConn]struct{}{}}
}

// trackListener wraps every connection accepted in a trackedConn.
type trackListener struct {
	net.Listener
	t *tracker
}

func (l trackListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return l.t.add(c), nil
}

// add registers a new connection; at the cap, it closes the one idle
// the longest, if any.
func (t *tracker) add(c net.Conn) *trackedConn {
	tc := &trackedConn{Conn: c, t: t, since: time.Now()}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.conns[tc] = struct{}{}
	t.peak = max(t.peak, len(t.conns))
	if len(t.conns) < t.max {
		return tc
	}
	var oldest *trackedConn
	for o := range t.conns {
		if o == tc || o.busy || o.closing {
			continue
		}
		if oldest == nil || o.since.Before(oldest.since) {
			oldest = o
		}
	}
	if oldest != nil {
		oldest.closing = true
		t.evicted++
		oldest.Conn.SetReadDeadline(time.Unix(1, 0))
	}
	if time.Since(t.warned) > time.Minute {
		t.warned = time.Now()
		t.log.Warn("lmtp at its connection cap: the connection idle the longest is closed to let the next one in",
			"max_connections", t.max, "closed_so_far", t.evicted)
	}
	return tc
}

// setBusy marks the start (true) or the end (false) of a transaction.
func (c *trackedConn) setBusy(busy bool) {
	c.t.mu.Lock()
	defer c.t.mu.Unlock()
	if c.busy && !busy {
		c.since = time.Now()
	}
	if busy {
		// A close for room that raced with this MAIL came too late:
		// the next read sets its own deadline. The connection may be
		// chosen again once idle.
		c.closing = false
	}
	c.busy = busy
}

// SetReadDeadline is go-smtp's, before each command: a connection told
// to go keeps its deadline in the past, lest go-smtp, not yet reading
// when it was told, push it back to the idle timeout.
func (c *trackedConn) SetReadDeadline(d time.Time) error {
	c.t.mu.Lock()
	if c.closing {
		d = time.Unix(1, 0)
	}
	c.t.mu.Unlock()
	return c.Conn.SetReadDeadline(d)
}

func (c *trackedConn) Close() error {
	c.once.Do(func() {
		c.t.mu.Lock()
		delete(c.t.conns, c)
		c.t.mu.Unlock()
	})
	return c.Conn.Close()
}

// Stats is what the connection cap has done so far.
type Stats struct {
	Open    int // connections open now
	Peak    int // the most open at once
	Evicted int // idle connections closed to make room at the cap
}

func (t *tracker) stats() Stats {
	t.mu.Lock()
	defer t.mu.Unlock()
	return Stats{Open: len(t.conns), Peak: t.peak, Evicted: t.evicted}
}
