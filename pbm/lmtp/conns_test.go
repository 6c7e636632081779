package lmtp

import (
	"bufio"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// idler opens a connection, reads the greeting and then waits for what
// the server says next; it reports that line ("" when the connection
// just closed) on the channel it returns.
func idler(t *testing.T, addr string) <-chan string {
	t.Helper()
	out := make(chan string, 1)
	conn, err := net.Dial("unix", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	go func() {
		// Generous: on a busy machine a connection past the cap may
		// wait in the backlog a while before its greeting.
		conn.SetReadDeadline(time.Now().Add(5 * time.Minute))
		r := bufio.NewReader(conn)
		if l, err := r.ReadString('\n'); err != nil || !strings.HasPrefix(l, "220 ") {
			out <- "no greeting: " + l
			return
		}
		l, _ := r.ReadString('\n')
		out <- strings.TrimSpace(l)
	}()
	return out
}

// TestIdleCrowdAtTheCap holds four times the cap of idle connections:
// a mail handed over a new connection is still answered 250, each idle
// connection closed to make room is told 421, a transaction under way
// is not cut, and no more than the cap are ever open.
func TestIdleCrowdAtTheCap(t *testing.T) {
	rec := &recorder{}
	const max = 10
	s := start(t, Config{Handler: rec.handle, MaxConnections: max, IdleTimeout: time.Hour})

	// A transaction under way before the crowd comes.
	conn, err := net.Dial("unix", s.Addr())
	if err != nil {
		t.Fatal(err)
	}
	busy := smtp.NewClientLMTP(conn)
	defer busy.Close()
	if err := busy.Hello("mta.example"); err != nil {
		t.Fatal(err)
	}
	if err := busy.Mail("bob@example.org", nil); err != nil {
		t.Fatal(err)
	}

	var crowd []<-chan string
	for range 4 * max {
		crowd = append(crowd, idler(t, s.Addr()))
	}
	// A new connection gets in and its mail is answered.
	if r := send(t, s.Addr(), mail, "pbm@example.org"); r["pbm@example.org"] != nil {
		t.Fatalf("with %d idle connections, the mail got %v, want 250", len(crowd), r)
	}
	// The transaction begun before goes on.
	if err := busy.Rcpt("pbm@example.org", nil); err != nil {
		t.Fatalf("the transaction under way was cut: %v", err)
	}
	w, err := busy.Data()
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte(mail))
	if _, err := w.CloseWithLMTPResponse(); err != nil {
		t.Fatalf("the transaction under way: %v", err)
	}
	// Every idle connection but the newest few (the cap less the
	// connection in a transaction) has been told 421 to make room.
	told, waiting := 0, crowd
	for deadline := time.Now().Add(time.Minute); told < len(crowd)-max && time.Now().Before(deadline); {
		var still []<-chan string
		for _, c := range waiting {
			select {
			case l := <-c:
				if !strings.HasPrefix(l, "421 ") {
					t.Errorf("an idle connection closed with %q, want a 421", l)
				}
				told++
			default:
				still = append(still, c)
			}
		}
		waiting = still
		time.Sleep(10 * time.Millisecond)
	}
	st := s.Stats()
	if told < len(crowd)-max || st.Evicted < len(crowd)-max {
		t.Errorf("%d idle connections told 421, %d evicted, want at least %d", told, st.Evicted, len(crowd)-max)
	}
	if st.Peak > max {
		t.Errorf("%d connections open at once, cap %d", st.Peak, max)
	}
	if len(rec.got) != 2 {
		t.Errorf("%d mails handled, want 2", len(rec.got))
	}
	t.Logf("cap %d, %d idle connections: peak %d open, %d closed to make room", max, len(crowd), st.Peak, st.Evicted)
}

// TestIdleTimeout: a connection that sends nothing is closed with 421
// after the idle timeout, also between two transactions.
func TestIdleTimeout(t *testing.T) {
	rec := &recorder{}
	s := start(t, Config{Handler: rec.handle, IdleTimeout: 300 * time.Millisecond})
	if l := <-idler(t, s.Addr()); !strings.HasPrefix(l, "421 4.4.2") {
		t.Errorf("after the idle timeout: %q, want 421 4.4.2", l)
	}
	conn, err := net.Dial("unix", s.Addr())
	if err != nil {
		t.Fatal(err)
	}
	c := smtp.NewClientLMTP(conn)
	defer c.Close()
	if err := c.SendMail("bob@example.org", []string{"pbm@example.org"}, strings.NewReader(mail)); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second)
	if err := c.Noop(); err == nil {
		t.Error("the connection was still open a second after its last mail, idle timeout 300 ms")
	}
	if st := s.Stats(); st.Open != 0 {
		t.Errorf("%d connections open, want 0", st.Open)
	}
}
