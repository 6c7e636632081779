package localmail

import (
	"net"
	"sync"
	"sync/atomic"
	"time"
)

// heldLimit is how many bytes of replies a heldConn holds before it
// writes them without waiting for the next read.
const heldLimit = 32 << 10

// heldConn holds a server's writes until the server next reads from
// the client, then sends them in one write. Both IMAP and SMTP servers
// answer each command with one or more flushed lines; a client that
// pipelines (RFC 2920 for SMTP, RFC 9051 section 5.5 for IMAP) gets
// all the answers to what it sent in one segment rather than one
// segment (and one system call on each side) per line.
//
// A reply is never held while the server waits: every Read first
// sends what is held, and a write made while a Read is blocked (an
// IMAP server's unsolicited EXISTS during IDLE, RFC 2177) goes out at
// once. The server's own write deadlines still apply, since the held
// bytes are written on the same connection.
type heldConn struct {
	net.Conn
	mu      sync.Mutex // held and err, and the writes to the network
	held    []byte
	err     error       // the first failed write, returned by every later call
	reading atomic.Bool // a Read waits on the network
}

func (c *heldConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return 0, c.err
	}
	if !c.reading.Load() && len(c.held)+len(p) <= heldLimit {
		c.held = append(c.held, p...)
		return len(p), nil
	}
	if err := c.flushLocked(); err != nil {
		return 0, err
	}
	n, err := c.Conn.Write(p)
	if err != nil {
		c.err = err
	}
	return n, err
}

// Read sends what is held, then reads. The flag it sets is read by
// Write under mu, so a write either joins what this flush sends or sees
// the flag and goes out itself; clearing it takes no lock, so a read
// that returns never waits for a write that is under way (an IMAP
// server's IDLE goroutine writing to a client that is slow to read).
func (c *heldConn) Read(p []byte) (int, error) {
	c.mu.Lock()
	err := c.flushLocked()
	if err == nil {
		c.reading.Store(true)
	}
	c.mu.Unlock()
	if err != nil {
		return 0, err
	}
	n, err := c.Conn.Read(p)
	c.reading.Store(false)
	return n, err
}

// Close sends what is held (a server's last reply, SMTP's 221 say),
// waiting at most closeFlush for a client that does not read, and
// closes the connection. A Close while a write is under way (from
// another goroutine, DropIMAPConnections say) closes at once, which
// ends that write.
func (c *heldConn) Close() error {
	if c.mu.TryLock() {
		if len(c.held) > 0 {
			c.Conn.SetWriteDeadline(time.Now().Add(closeFlush))
			c.flushLocked()
		}
		c.mu.Unlock()
	}
	return c.Conn.Close()
}

// closeFlush bounds how long Close waits to send what is held.
const closeFlush = time.Second

func (c *heldConn) flushLocked() error {
	if c.err != nil {
		return c.err
	}
	if len(c.held) == 0 {
		return nil
	}
	_, err := c.Conn.Write(c.held)
	c.held = c.held[:0]
	if cap(c.held) > heldLimit {
		c.held = nil
	}
	if err != nil {
		c.err = err
	}
	return err
}

// heldListener hands out heldConns. Its accepting channel is closed
// when the server first waits for a connection.
type heldListener struct {
	net.Listener
	accepting chan struct{}
	once      sync.Once
}

func newHeldListener(ln net.Listener) *heldListener {
	return &heldListener{Listener: ln, accepting: make(chan struct{})}
}

func (l *heldListener) Accept() (net.Conn, error) {
	l.once.Do(func() { close(l.accepting) })
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &heldConn{Conn: c}, nil
}
