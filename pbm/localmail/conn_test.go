package localmail

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// countingConn counts the writes that reach the network.
type countingConn struct {
	net.Conn
	writes atomic.Int32
}

func (c *countingConn) Write(p []byte) (int, error) {
	c.writes.Add(1)
	return c.Conn.Write(p)
}

// heldPair is a heldConn on the server side of a real TCP connection,
// and the client side.
func heldPair(t *testing.T) (*heldConn, *countingConn, net.Conn) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	accepted := make(chan net.Conn, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			close(accepted)
			return
		}
		accepted <- c
	}()
	client, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	sc, ok := <-accepted
	if !ok {
		t.Fatal("accept failed")
	}
	cc := &countingConn{Conn: sc}
	h := &heldConn{Conn: cc}
	t.Cleanup(func() { h.Close(); client.Close() })
	return h, cc, client
}

// readLines reads n lines from c, failing after a generous wait.
func readLines(t *testing.T, r *bufio.Reader, c net.Conn, n int) []string {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(30 * time.Second))
	var lines []string
	for range n {
		l, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("after %q: %v", lines, err)
		}
		lines = append(lines, strings.TrimRight(l, "\r\n"))
	}
	return lines
}

// The answers to pipelined commands (RFC 2920 section 3) leave in one
// write, when the server next reads.
func TestHeldConnJoinsAnswers(t *testing.T) {
	h, cc, client := heldPair(t)
	for _, l := range []string{"250 2.0.0 Roger, accepting mail\r\n", "250 2.0.0 I'll make sure it gets there\r\n", "354 2.0.0 Go ahead. End your data with <CR><LF>.<CR><LF>\r\n"} {
		if _, err := h.Write([]byte(l)); err != nil {
			t.Fatal(err)
		}
	}
	if got := cc.writes.Load(); got != 0 {
		t.Fatalf("%d writes before the server read again, want 0", got)
	}
	got := make(chan []byte, 1)
	go func() {
		b := make([]byte, 64)
		n, _ := h.Read(b)
		got <- b[:n]
	}()
	lines := readLines(t, bufio.NewReader(client), client, 3)
	if lines[0] != "250 2.0.0 Roger, accepting mail" || !strings.HasPrefix(lines[2], "354 ") {
		t.Fatalf("client read %q", lines)
	}
	if n := cc.writes.Load(); n != 1 {
		t.Fatalf("three answers took %d writes, want 1", n)
	}
	client.Write([]byte("body\r\n"))
	select {
	case b := <-got:
		if string(b) != "body\r\n" {
			t.Fatalf("server read %q", b)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the server's read did not return")
	}
}

// A write made while the server waits for the client (an unsolicited
// EXISTS during IDLE, RFC 2177) is not held.
func TestHeldConnSendsWhileWaiting(t *testing.T) {
	h, _, client := heldPair(t)
	h.Write([]byte("+ idling\r\n"))
	done := make(chan string, 1)
	go func() {
		b := make([]byte, 64)
		n, _ := h.Read(b)
		done <- string(b[:n])
	}()
	r := bufio.NewReader(client)
	if l := readLines(t, r, client, 1); l[0] != "+ idling" {
		t.Fatalf("client read %q", l)
	}
	// The read is now blocked (its flush sent "+ idling").
	for start := time.Now(); ; time.Sleep(time.Millisecond) {
		if h.reading.Load() {
			break
		}
		if time.Since(start) > 30*time.Second {
			t.Fatal("the read never started")
		}
	}
	if _, err := h.Write([]byte("* 7 EXISTS\r\n")); err != nil {
		t.Fatal(err)
	}
	if l := readLines(t, r, client, 1); l[0] != "* 7 EXISTS" {
		t.Fatalf("client read %q", l)
	}
	client.Write([]byte("DONE\r\n"))
	if got := <-done; got != "DONE\r\n" {
		t.Fatalf("server read %q", got)
	}
}

// More than heldLimit goes out without waiting for a read.
func TestHeldConnLimit(t *testing.T) {
	h, _, client := heldPair(t)
	line := bytes.Repeat([]byte("x"), 1000)
	line = append(line, "\r\n"...)
	n := heldLimit/len(line) + 2
	go func() {
		for range n {
			if _, err := h.Write(line); err != nil {
				return
			}
		}
	}()
	client.SetReadDeadline(time.Now().Add(30 * time.Second))
	got, err := io.ReadAll(io.LimitReader(client, int64(heldLimit)))
	if err != nil || len(got) != heldLimit {
		t.Fatalf("client read %d bytes (%v) while the server wrote %d and never read", len(got), err, n*len(line))
	}
}

// Close sends what is held: SMTP's 221 reaches the client.
func TestHeldConnCloseSends(t *testing.T) {
	h, _, client := heldPair(t)
	h.Write([]byte("221 2.0.0 Bye\r\n"))
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}
	client.SetReadDeadline(time.Now().Add(30 * time.Second))
	got, err := io.ReadAll(client)
	if err != nil || string(got) != "221 2.0.0 Bye\r\n" {
		t.Fatalf("client read %q, %v", got, err)
	}
}

// A failed write is returned by every later call.
func TestHeldConnWriteErrorSticks(t *testing.T) {
	h, cc, _ := heldPair(t)
	h.Write([]byte("250 OK\r\n"))
	cc.Conn.Close()
	if _, err := h.Read(make([]byte, 8)); err == nil {
		t.Fatal("read after a failed flush succeeded")
	}
	if _, err := h.Write([]byte("250 OK\r\n")); err == nil {
		t.Fatal("write after a failed flush succeeded")
	}
}
