package inbox

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"net"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"

	"github.com/pbmgo/pbm/pbm/localmail"
)

const serverAddr = "pbm@localhost"

func testLogger(t *testing.T) *slog.Logger {
	if os.Getenv("INBOX_TEST_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

func startLocal(t *testing.T) *localmail.Server {
	t.Helper()
	s, err := localmail.Start(localmail.Config{
		IMAPAddr:      "127.0.0.1:0",
		SMTPAddr:      "127.0.0.1:0",
		ServerAddress: serverAddr,
		Logger:        testLogger(t),
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func mail(id string, size int) []byte {
	h := fmt.Sprintf("From: alice@example.org\r\nTo: pbm@localhost\r\nSubject: move\r\nMessage-ID: <%s>\r\n\r\n", id)
	body := "e2e4\r\n"
	if pad := size - len(h) - len(body); pad > 0 {
		body = strings.Repeat("x", pad) + "\r\n" + body
	}
	return []byte(h + body)
}

// msgID extracts the Message-ID value of a raw test mail.
func msgID(raw []byte) string {
	_, rest, ok := bytes.Cut(raw, []byte("Message-ID: <"))
	if !ok {
		return ""
	}
	id, _, _ := bytes.Cut(rest, []byte(">"))
	return string(id)
}

// recorder is a Handler that records Message-IDs and can be told to fail.
type recorder struct {
	mu    sync.Mutex
	calls []string
	fail  func(id string) error
}

func (r *recorder) handle(_ context.Context, raw []byte) error {
	id := msgID(raw)
	r.mu.Lock()
	r.calls = append(r.calls, id)
	f := r.fail
	r.mu.Unlock()
	if f != nil {
		return f(id)
	}
	return nil
}

func (r *recorder) got() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.calls)
}

func (r *recorder) count(id string) int {
	n := 0
	for _, c := range r.got() {
		if c == id {
			n++
		}
	}
	return n
}

// run starts Run in the background and stops it at the end of the test,
// checking that it returns nil promptly.
func run(t *testing.T, cfg Config) (*Inbox, context.CancelFunc) {
	t.Helper()
	if cfg.Logger == nil {
		cfg.Logger = testLogger(t)
	}
	in, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- in.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Run returned %v", err)
			}
		case <-time.After(5 * time.Second):
			t.Error("Run did not return after cancel")
		}
	})
	return in, cancel
}

func localConfig(s *localmail.Server, h Handler) Config {
	return Config{
		Addr:           s.IMAPAddr(),
		TLS:            TLSNone,
		Username:       serverAddr,
		Password:       localmail.DefaultPassword,
		Poll:           time.Hour,
		CommandTimeout: 5 * time.Second,
		MinBackoff:     10 * time.Millisecond,
		MaxBackoff:     100 * time.Millisecond,
		RetryBackoff:   10 * time.Millisecond,
		Handler:        h,
	}
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func countIn(t *testing.T, s *localmail.Server, mailbox string) func() int {
	return func() int {
		msgs, err := s.Messages(serverAddr, mailbox)
		if err != nil {
			return -1
		}
		return len(msgs)
	}
}

type flagged struct {
	id    string
	flags []imap.Flag
}

// listMailbox reads Message-IDs and flags of a mailbox without changing them.
func listMailbox(t *testing.T, addr, user, password, mailbox string) []flagged {
	t.Helper()
	c, err := imapclient.DialInsecure(addr, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Login(user, password).Wait(); err != nil {
		t.Fatal(err)
	}
	sel, err := c.Select(mailbox, &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		t.Fatal(err)
	}
	if sel.NumMessages == 0 {
		return nil
	}
	body := &imap.FetchItemBodySection{Peek: true}
	msgs, err := c.Fetch(imap.SeqSet{{Start: 1, Stop: 0}}, &imap.FetchOptions{
		UID: true, Flags: true, BodySection: []*imap.FetchItemBodySection{body},
	}).Collect()
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(msgs, func(a, b *imapclient.FetchMessageBuffer) int { return int(a.UID) - int(b.UID) })
	var out []flagged
	for _, m := range msgs {
		out = append(out, flagged{id: msgID(m.FindBodySection(body)), flags: m.Flags})
	}
	return out
}

func TestProcessedInOrderAndMoved(t *testing.T) {
	s := startLocal(t)
	for _, id := range []string{"m1@x", "m2@x", "m3@x"} {
		if err := s.Deliver(serverAddr, mail(id, 0)); err != nil {
			t.Fatal(err)
		}
	}
	var rec recorder
	run(t, localConfig(s, rec.handle))
	waitFor(t, "3 mails in Processed", func() bool { return countIn(t, s, DefaultProcessed)() == 3 })

	if got, want := rec.got(), []string{"m1@x", "m2@x", "m3@x"}; !slices.Equal(got, want) {
		t.Errorf("handler calls %v, want %v", got, want)
	}
	if n := countIn(t, s, "INBOX")(); n != 0 {
		t.Errorf("INBOX still has %d mails", n)
	}
	for _, m := range listMailbox(t, s.IMAPAddr(), serverAddr, localmail.DefaultPassword, DefaultProcessed) {
		if !slices.Contains(m.flags, imap.FlagSeen) {
			t.Errorf("%s in Processed lacks \\Seen: %v", m.id, m.flags)
		}
	}
}

func TestHandlerErrorRetried(t *testing.T) {
	s := startLocal(t)
	var allow atomic.Bool
	rec := recorder{fail: func(id string) error {
		if id == "bad@x" && !allow.Load() {
			return errors.New("database busy")
		}
		return nil
	}}
	cfg := localConfig(s, rec.handle)
	cfg.Poll = 20 * time.Millisecond
	run(t, cfg)
	if err := s.Deliver(serverAddr, mail("bad@x", 0)); err != nil {
		t.Fatal(err)
	}
	if err := s.Deliver(serverAddr, mail("good@x", 0)); err != nil {
		t.Fatal(err)
	}

	// The failing mail is retried, and holds back the one after it:
	// mail is handled in the order it arrived.
	waitFor(t, "3 attempts at the failing mail", func() bool { return rec.count("bad@x") >= 3 })
	if n := rec.count("good@x"); n != 0 {
		t.Fatalf("the mail after a failing one was handled first (%d times)", n)
	}
	inbox := listMailbox(t, s.IMAPAddr(), serverAddr, localmail.DefaultPassword, "INBOX")
	if len(inbox) != 2 || inbox[0].id != "bad@x" || slices.Contains(inbox[0].flags, imap.FlagSeen) {
		t.Fatalf("INBOX = %+v, want bad@x and good@x without \\Seen", inbox)
	}

	allow.Store(true)
	waitFor(t, "both acknowledged once the handler succeeds", func() bool {
		return countIn(t, s, DefaultProcessed)() == 2 && countIn(t, s, "INBOX")() == 0
	})
	got := rec.got()
	if n := rec.count("good@x"); n != 1 || got[len(got)-1] != "good@x" || got[len(got)-2] != "bad@x" {
		t.Errorf("handler calls %v: want bad@x retried, then good@x once", got)
	}
}

func TestRetryBackoff(t *testing.T) {
	in := &Inbox{cfg: Config{RetryBackoff: time.Minute}}
	for n, want := range map[int]time.Duration{1: time.Minute, 2: 2 * time.Minute, 3: 4 * time.Minute, 7: time.Hour, 100: time.Hour} {
		if got := in.retryDelay(n); got != want {
			t.Errorf("retryDelay(%d) = %v, want %v", n, got, want)
		}
	}
}

func TestIdleWakeup(t *testing.T) {
	s := startLocal(t)
	var rec recorder
	cfg := localConfig(s, rec.handle) // Poll is an hour: only IDLE can wake it
	run(t, cfg)
	if err := s.Deliver(serverAddr, mail("first@x", 0)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "first mail", func() bool { return countIn(t, s, DefaultProcessed)() == 1 })
	time.Sleep(50 * time.Millisecond) // let it settle into IDLE
	start := time.Now()
	if err := s.Deliver(serverAddr, mail("second@x", 0)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "second mail", func() bool { return countIn(t, s, DefaultProcessed)() == 2 })
	t.Logf("woken and processed in %v", time.Since(start))
}

func TestPoke(t *testing.T) {
	// A server without IDLE: only Poll or Poke wake the poller.
	addr, user := startBareServer(t, imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapMove: {}})
	var rec recorder
	cfg := bareConfig(addr, rec.handle)
	in, _ := run(t, cfg)
	time.Sleep(50 * time.Millisecond)
	appendMail(t, user, mail("poked@x", 0), nil)
	in.Poke()
	waitFor(t, "poked mail", func() bool { return rec.count("poked@x") == 1 })
}

func TestReconnectAfterDrop(t *testing.T) {
	s := startLocal(t)
	var rec recorder
	run(t, localConfig(s, rec.handle))
	if err := s.Deliver(serverAddr, mail("before@x", 0)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "first mail", func() bool { return countIn(t, s, DefaultProcessed)() == 1 })
	time.Sleep(50 * time.Millisecond) // in IDLE now
	s.DropIMAPConnections()
	if err := s.Deliver(serverAddr, mail("after@x", 0)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "mail after reconnect", func() bool { return countIn(t, s, DefaultProcessed)() == 2 })
	if got := rec.got(); !slices.Equal(got, []string{"before@x", "after@x"}) {
		t.Errorf("handler calls %v", got)
	}
}

func TestWatchdogAbandonsSilentServer(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	var accepted atomic.Int32
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted.Add(1)
			go func() {
				defer c.Close()
				io.WriteString(c, "* OK [CAPABILITY IMAP4rev1 IDLE] silent server ready\r\n")
				io.Copy(io.Discard, c) // read commands, never answer
			}()
		}
	}()
	var logs syncBuffer
	cfg := Config{
		Addr:           ln.Addr().String(),
		TLS:            TLSNone,
		Username:       "u",
		Password:       "p",
		CommandTimeout: 100 * time.Millisecond,
		MinBackoff:     10 * time.Millisecond,
		MaxBackoff:     20 * time.Millisecond,
		Handler:        func(context.Context, []byte) error { return nil },
		Logger:         slog.New(slog.NewTextHandler(&logs, nil)),
	}
	run(t, cfg) // its cleanup checks that cancel returns promptly
	waitFor(t, "3 connection attempts", func() bool { return accepted.Load() >= 3 })
	if out := logs.String(); !strings.Contains(out, `msg="imap command timed out; closing connection" component=inbox addr=`+cfg.Addr+` mailbox=INBOX cmd=LOGIN`) {
		t.Errorf("no watchdog log line for LOGIN:\n%s", out)
	}
}

// syncBuffer is a bytes.Buffer safe for concurrent use by a logger.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func TestCancelReturnsPromptly(t *testing.T) {
	s := startLocal(t)
	var rec recorder
	cfg := localConfig(s, rec.handle)
	cfg.CommandTimeout = time.Hour
	cfg.Logger = testLogger(t)
	in, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- in.Run(ctx) }()
	if err := s.Deliver(serverAddr, mail("one@x", 0)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "first mail", func() bool { return countIn(t, s, DefaultProcessed)() == 1 })
	time.Sleep(20 * time.Millisecond)
	start := time.Now()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run = %v", err)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("Run took %v to return", d)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return")
	}
}

func TestOversizeRejected(t *testing.T) {
	for _, batch := range []bool{false, true} {
		t.Run(fmt.Sprintf("batch=%v", batch), func(t *testing.T) { testOversizeRejected(t, batch) })
	}
}

// The header of a mail moved aside unread goes to the UnreadHandler,
// with the reason, so that its sender can be told.
func testOversizeRejected(t *testing.T, batch bool) {
	s := startLocal(t)
	var rec recorder
	cfg := localConfig(s, rec.handle)
	if batch {
		cfg.Handler, cfg.BatchHandler = nil, func(ctx context.Context, raws [][]byte) []error {
			errs := make([]error, len(raws))
			for i, raw := range raws {
				errs[i] = rec.handle(ctx, raw)
			}
			return errs
		}
	}
	var mu sync.Mutex
	var unread []string
	cfg.UnreadHandler = func(_ context.Context, header []byte, reason string) error {
		mu.Lock()
		defer mu.Unlock()
		unread = append(unread, string(header)+"|"+reason)
		return nil
	}
	cfg.MaxSize = 500
	run(t, cfg)
	if err := s.Deliver(serverAddr, mail("big@x", 2000)); err != nil {
		t.Fatal(err)
	}
	if err := s.Deliver(serverAddr, mail("small@x", 0)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "small mail processed", func() bool { return countIn(t, s, DefaultProcessed)() == 1 })
	waitFor(t, "big mail rejected", func() bool { return countIn(t, s, DefaultRejected)() == 1 })
	if got := rec.got(); !slices.Equal(got, []string{"small@x"}) {
		t.Errorf("handler calls %v, want only small@x", got)
	}
	rej := listMailbox(t, s.IMAPAddr(), serverAddr, localmail.DefaultPassword, DefaultRejected)
	if len(rej) != 1 || rej[0].id != "big@x" {
		t.Errorf("Rejected = %+v", rej)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(unread) != 1 || !strings.Contains(unread[0], "From: alice@example.org") || !strings.Contains(unread[0], "<big@x>") ||
		strings.Contains(unread[0], "e2e4") || !strings.Contains(unread[0], "larger than") {
		t.Errorf("unread handler calls %q, want the big mail's header with the reason", unread)
	}
}

// startBareServer runs an imapmemserver with the given capabilities (and
// STARTTLS / implicit TLS listeners) and returns its plain address and user.
func startBareServer(t *testing.T, caps imap.CapSet) (string, *imapmemserver.User) {
	addr, _, _, user := startBareServerTLS(t, caps)
	return addr, user
}

func startBareServerTLS(t *testing.T, caps imap.CapSet) (plain, implicit string, pool *x509.CertPool, user *imapmemserver.User) {
	t.Helper()
	cert, pool := selfSigned(t)
	tlsCfg := &tls.Config{Certificates: []tls.Certificate{cert}}
	mem := imapmemserver.New()
	user = imapmemserver.NewUser("game", "secret")
	if err := user.Create("INBOX", nil); err != nil {
		t.Fatal(err)
	}
	mem.AddUser(user)
	srv := imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return mem.NewSession(), nil, nil
		},
		Caps:         caps,
		TLSConfig:    tlsCfg,
		InsecureAuth: true,
		Logger:       slog.NewLogLogger(testLogger(t).Handler(), slog.LevelWarn),
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	lnTLS, err := tls.Listen("tcp", "127.0.0.1:0", tlsCfg)
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	go srv.Serve(lnTLS)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String(), lnTLS.Addr().String(), pool, user
}

func bareConfig(addr string, h Handler) Config {
	return Config{
		Addr:           addr,
		TLS:            TLSNone,
		Username:       "game",
		Password:       "secret",
		Poll:           time.Hour,
		CommandTimeout: 5 * time.Second,
		MinBackoff:     10 * time.Millisecond,
		MaxBackoff:     100 * time.Millisecond,
		RetryBackoff:   10 * time.Millisecond,
		Handler:        h,
	}
}

func appendMail(t *testing.T, u *imapmemserver.User, raw []byte, flags []imap.Flag) {
	t.Helper()
	if _, err := u.Append("INBOX", bytes.NewReader(raw), &imap.AppendOptions{Flags: flags}); err != nil {
		t.Fatal(err)
	}
}

// On a server with neither MOVE nor UIDPLUS (and no IDLE), mail is only
// marked \Seen, and nobody's \Deleted mail is expunged.
func TestNoMoveServerOnlyMarksSeen(t *testing.T) {
	addr, user := startBareServer(t, imap.CapSet{imap.CapIMAP4rev1: {}})
	appendMail(t, user, mail("deleted-by-other@x", 0), []imap.Flag{imap.FlagDeleted, imap.FlagSeen})
	appendMail(t, user, mail("a@x", 0), nil)
	var rec recorder
	cfg := bareConfig(addr, rec.handle)
	cfg.Poll = 20 * time.Millisecond
	run(t, cfg)
	waitFor(t, "a@x handled", func() bool { return rec.count("a@x") == 1 })
	appendMail(t, user, mail("b@x", 0), nil)
	waitFor(t, "b@x handled by polling", func() bool { return rec.count("b@x") == 1 })
	waitFor(t, "both \\Seen", func() bool {
		box := listMailbox(t, addr, "game", "secret", "INBOX")
		return len(box) == 3 && slices.Contains(box[1].flags, imap.FlagSeen) && slices.Contains(box[2].flags, imap.FlagSeen)
	})
	time.Sleep(60 * time.Millisecond) // a few more polls: no re-delivery
	if got := rec.got(); !slices.Equal(got, []string{"a@x", "b@x"}) {
		t.Errorf("handler calls %v", got)
	}
	box := listMailbox(t, addr, "game", "secret", "INBOX")
	if len(box) != 3 || box[0].id != "deleted-by-other@x" {
		t.Errorf("INBOX = %+v: another client's \\Deleted mail must stay", box)
	}
}

func TestTLSModes(t *testing.T) {
	plain, implicit, pool, user := startBareServerTLS(t, imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}})
	for _, tc := range []struct{ mode, addr string }{{TLSStartTLS, plain}, {TLSImplicit, implicit}} {
		t.Run(tc.mode, func(t *testing.T) {
			id := tc.mode + "@x"
			appendMail(t, user, mail(id, 0), nil)
			var rec recorder
			cfg := bareConfig(tc.addr, rec.handle)
			cfg.TLS = tc.mode
			cfg.TLSConfig = &tls.Config{RootCAs: pool}
			run(t, cfg)
			waitFor(t, "mail over "+tc.mode, func() bool { return rec.count(id) == 1 })
		})
	}
	// Without the test CA the certificate is refused, and nothing is handled.
	appendMail(t, user, mail("untrusted@x", 0), nil)
	var rec recorder
	cfg := bareConfig(implicit, rec.handle)
	cfg.TLS = TLSImplicit
	run(t, cfg)
	time.Sleep(100 * time.Millisecond)
	if n := len(rec.got()); n != 0 {
		t.Errorf("handled %d mails over an untrusted TLS connection", n)
	}
}

func selfSigned(t *testing.T) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "127.0.0.1"},
		IPAddresses:           []net.IP{net.ParseIP("127.0.0.1")},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, pool
}

func TestNewValidates(t *testing.T) {
	h := func(context.Context, []byte) error { return nil }
	for name, cfg := range map[string]Config{
		"no addr":    {Handler: h},
		"bad addr":   {Addr: "nohost", Handler: h},
		"no handler": {Addr: "127.0.0.1:1"},
		"bad tls":    {Addr: "127.0.0.1:1", TLS: "ssl", Handler: h},
		"same box":   {Addr: "127.0.0.1:1", Handler: h, Processed: "INBOX"},
	} {
		if _, err := New(cfg); err == nil {
			t.Errorf("%s: New accepted %+v", name, cfg)
		}
	}
	in, err := New(Config{Addr: "imap.example.org:993", Handler: h})
	if err != nil {
		t.Fatal(err)
	}
	if in.cfg.TLS != TLSImplicit || in.cfg.Poll != DefaultPoll || in.cfg.MaxSize != DefaultMaxSize || in.cfg.Processed != DefaultProcessed {
		t.Errorf("defaults not applied: %+v", in.cfg)
	}
}

// A mail another client already marked \Seen (a webmail preview) is
// handled all the same: the move to Processed is the acknowledgement.
// Mail another client marked \Deleted is left alone.
func TestSeenMailHandled(t *testing.T) {
	addr, user := startBareServer(t, imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapMove: {}})
	appendMail(t, user, mail("read-elsewhere@x", 0), []imap.Flag{imap.FlagSeen})
	appendMail(t, user, mail("deleted-by-other@x", 0), []imap.Flag{imap.FlagDeleted})
	appendMail(t, user, mail("new@x", 0), nil)
	var rec recorder
	run(t, bareConfig(addr, rec.handle))
	waitFor(t, "both mails handled", func() bool { return rec.count("new@x") == 1 })
	if got := rec.got(); !slices.Equal(got, []string{"read-elsewhere@x", "new@x"}) {
		t.Errorf("handler calls %v, want the \\Seen mail and the new one in order", got)
	}
	waitFor(t, "both moved", func() bool { return len(listMailbox(t, addr, "game", "secret", DefaultProcessed)) == 2 })
	if box := listMailbox(t, addr, "game", "secret", "INBOX"); len(box) != 1 || box[0].id != "deleted-by-other@x" {
		t.Errorf("INBOX = %+v, want only the other client's \\Deleted mail", box)
	}
}
