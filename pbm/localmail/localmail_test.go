package localmail

import (
	"bytes"
	"errors"
	"io"
	"log/slog"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

func start(t *testing.T) *Server {
	t.Helper()
	s, err := Start(Config{
		IMAPAddr:      "127.0.0.1:0",
		SMTPAddr:      "127.0.0.1:0",
		ServerAddress: "pbm@localhost",
		Logger:        slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("close: %v", err)
		}
	})
	return s
}

func mailText(id, body string) string {
	return "From: alice@example.org\r\nTo: pbm@localhost\r\nSubject: test\r\nMessage-ID: <" + id + ">\r\n\r\n" + body + "\r\n"
}

// send delivers one mail through the SMTP server with a go-smtp client.
func send(t *testing.T, addr, from string, to []string, msg string) error {
	t.Helper()
	c, err := smtp.Dial(addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Hello("client.test"); err != nil {
		t.Fatal(err)
	}
	return c.SendMail(from, to, strings.NewReader(msg))
}

func dialIMAP(t *testing.T, s *Server, user string) *imapclient.Client {
	t.Helper()
	c, err := imapclient.DialInsecure(s.IMAPAddr(), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if err := c.Login(user, "pbm").Wait(); err != nil {
		t.Fatalf("login %s: %v", user, err)
	}
	return c
}

func TestSMTPRoutingAndIMAPReadBack(t *testing.T) {
	s := start(t)
	if err := send(t, s.SMTPAddr(), "alice@example.org", []string{"pbm@localhost"}, mailText("1@x", "one")); err != nil {
		t.Fatal(err)
	}
	if err := send(t, s.SMTPAddr(), "alice@example.org", []string{"PBM+game42@LocalHost"}, mailText("2@x", "two")); err != nil {
		t.Fatal(err)
	}
	if err := send(t, s.SMTPAddr(), "pbm@localhost", []string{"Bob@Example.org"}, mailText("3@x", "three")); err != nil {
		t.Fatal(err)
	}
	if err := send(t, s.SMTPAddr(), "", []string{"pbm@localhost"}, mailText("4@x", "bounce")); err != nil {
		t.Fatal(err)
	}

	// Server mailbox, read over IMAP with imapclient.
	c := dialIMAP(t, s, "PBM@localhost")
	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	body := &imap.FetchItemBodySection{Peek: true}
	msgs, err := c.Fetch(imap.SeqSet{{Start: 1, Stop: 0}}, &imap.FetchOptions{
		UID: true, BodySection: []*imap.FetchItemBodySection{body},
	}).Collect()
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 3 {
		t.Fatalf("server INBOX has %d mails, want 3", len(msgs))
	}
	for i, want := range []string{"one", "two", "bounce"} {
		raw := string(msgs[i].FindBodySection(body))
		if !strings.HasSuffix(raw, want+"\r\n") {
			t.Errorf("mail %d = %q, want body %q", i, raw, want)
		}
		if !strings.HasPrefix(raw, "Return-Path: <") || !strings.Contains(raw, "\r\nReceived: from client.test") {
			t.Errorf("mail %d lacks trace header fields: %q", i, raw)
		}
	}
	if raw := string(msgs[0].FindBodySection(body)); !strings.HasPrefix(raw, "Return-Path: <alice@example.org>\r\n") {
		t.Errorf("return path: %q", raw)
	}
	if raw := string(msgs[2].FindBodySection(body)); !strings.HasPrefix(raw, "Return-Path: <>\r\n") {
		t.Errorf("bounce return path: %q", raw)
	}

	// The player's own mailbox, through the test helper (case-insensitive).
	got, err := s.Messages("bob@EXAMPLE.org", "INBOX")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || !bytes.Contains(got[0], []byte("three")) {
		t.Fatalf("bob's INBOX = %q", got)
	}
	if got, err := s.Messages("pbm@localhost", ProcessedMailbox); err != nil || len(got) != 0 {
		t.Fatalf("Processed = %q, %v", got, err)
	}
	if _, err := s.Messages("nobody@example.org", "INBOX"); err == nil {
		t.Error("Messages of an unknown user succeeded")
	}
}

func TestSMTPAuthAccepted(t *testing.T) {
	s := start(t)
	c, err := smtp.Dial(s.SMTPAddr())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if ok, _ := c.Extension("AUTH"); !ok {
		t.Fatal("AUTH not offered on plain connection")
	}
	if err := c.Auth(sasl.NewPlainClient("", "whoever", "whatever")); err != nil {
		t.Fatalf("auth: %v", err)
	}
	if err := c.SendMail("carol@example.org", []string{"pbm@localhost"}, strings.NewReader("Subject: x\n\nbare LF body\n")); err != nil {
		t.Fatal(err)
	}
	got, err := s.Messages("pbm@localhost", "INBOX")
	if err != nil || len(got) != 1 {
		t.Fatalf("got %q, %v", got, err)
	}
	if bytes.Contains(bytes.ReplaceAll(got[0], []byte("\r\n"), nil), []byte("\n")) {
		t.Errorf("bare LF stored: %q", got[0])
	}
}

func TestLoginCreatesUser(t *testing.T) {
	s := start(t)
	c := dialIMAP(t, s, "Newbie@Example.org")
	sel, err := c.Select("INBOX", nil).Wait()
	if err != nil {
		t.Fatal(err)
	}
	if sel.NumMessages != 0 {
		t.Fatalf("new INBOX has %d messages", sel.NumMessages)
	}
	if err := s.Deliver("newbie@example.org", []byte("Subject: hi\n\nhello\n")); err != nil {
		t.Fatal(err)
	}
	got, err := s.Messages("NEWBIE@example.org", "INBOX")
	if err != nil || len(got) != 1 {
		t.Fatalf("got %q, %v", got, err)
	}

	// Wrong password: refused, and no user is created.
	c2, err := imapclient.DialInsecure(s.IMAPAddr(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	err = c2.Login("intruder@example.org", "wrong").Wait()
	var ierr *imap.Error
	if !errors.As(err, &ierr) || ierr.Code != imap.ResponseCodeAuthenticationFailed {
		t.Fatalf("wrong password: %v", err)
	}
	if _, err := s.Messages("intruder@example.org", "INBOX"); err == nil {
		t.Fatal("user created by a failed login")
	}

	caps := c.Caps()
	for _, cp := range []imap.Cap{imap.CapIdle, imap.CapMove, imap.CapUIDPlus} {
		if !caps.Has(cp) {
			t.Errorf("capability %s not advertised", cp)
		}
	}
}

func TestSMTPFault(t *testing.T) {
	s := start(t)
	s.SetSMTPFault(func(rcpt string) error {
		switch {
		case strings.HasPrefix(rcpt, "temp"):
			return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try later"}
		case strings.HasPrefix(rcpt, "perm"):
			return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"}
		}
		return nil
	})
	for rcpt, code := range map[string]int{"temp@example.org": 451, "perm@example.org": 550} {
		err := send(t, s.SMTPAddr(), "pbm@localhost", []string{rcpt}, mailText("f@x", "x"))
		var serr *smtp.SMTPError
		if !errors.As(err, &serr) || serr.Code != code {
			t.Errorf("%s: err = %v, want code %d", rcpt, err, code)
		}
		if code == 451 && !serr.Temporary() {
			t.Errorf("%s: not temporary", rcpt)
		}
	}
	if err := send(t, s.SMTPAddr(), "pbm@localhost", []string{"ok@example.org"}, mailText("ok@x", "x")); err != nil {
		t.Fatal(err)
	}

	// A fault that starts between RCPT and DATA refuses DATA.
	s.SetSMTPFault(nil)
	c, err := smtp.Dial(s.SMTPAddr())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Mail("pbm@localhost", nil); err != nil {
		t.Fatal(err)
	}
	if err := c.Rcpt("late@example.org", nil); err != nil {
		t.Fatal(err)
	}
	s.SetSMTPFault(func(string) error {
		return &smtp.SMTPError{Code: 452, EnhancedCode: smtp.EnhancedCode{4, 2, 2}, Message: "mailbox full"}
	})
	w, err := c.Data()
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(w, mailText("late@x", "x"))
	err = w.Close()
	var serr *smtp.SMTPError
	if !errors.As(err, &serr) || serr.Code != 452 {
		t.Fatalf("DATA err = %v, want 452", err)
	}
	if _, err := s.Messages("late@example.org", "INBOX"); err == nil {
		t.Fatal("refused mail was delivered")
	}
	if got, err := s.Messages("ok@example.org", "INBOX"); err != nil || len(got) != 1 {
		t.Fatalf("ok: %q, %v", got, err)
	}
}

func TestDropIMAPConnections(t *testing.T) {
	s := start(t)
	c := dialIMAP(t, s, "pbm@localhost")
	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	s.DropIMAPConnections()
	select {
	case <-c.Closed():
	case <-time.After(10 * time.Second):
		t.Fatal("client connection not closed")
	}
	// The server keeps running.
	c2 := dialIMAP(t, s, "pbm@localhost")
	if err := c2.Noop().Wait(); err != nil {
		t.Fatal(err)
	}
}

func TestRoute(t *testing.T) {
	s := &Server{serverUser: "pbm@localhost"}
	for in, want := range map[string]string{
		"pbm@localhost":       "pbm@localhost",
		"<PBM+g1@LOCALHOST>":  "pbm@localhost",
		"pbm+@localhost":      "pbm@localhost",
		"pbmx@localhost":      "pbmx@localhost",
		"pbm+g1@elsewhere":    "pbm+g1@elsewhere",
		"Alice+x@Example.org": "alice+x@example.org",
		"postmaster":          "postmaster",
	} {
		if got := s.route(in); got != want {
			t.Errorf("route(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestStartCloseImmediately(t *testing.T) {
	for range 20 {
		s, err := Start(Config{IMAPAddr: "127.0.0.1:0", SMTPAddr: "127.0.0.1:0", ServerAddress: "pbm@localhost",
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		if err != nil {
			t.Fatal(err)
		}
		addr := s.IMAPAddr()
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			t.Fatalf("port still bound after Close: %v", err)
		}
		ln.Close()
	}
}

// A reply address carries a token in its subaddress: the log never
// shows it.
func TestSubaddressNotLogged(t *testing.T) {
	var logs bytes.Buffer
	s, err := Start(Config{
		IMAPAddr: "127.0.0.1:0", SMTPAddr: "127.0.0.1:0", ServerAddress: "pbm@localhost",
		Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
	})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := send(t, s.SMTPAddr(), "alice@example.org", []string{"pbm+nim.101.tokensecret42@localhost"}, mailText("1@x", "take1")); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Messages("pbm@localhost", "INBOX"); len(got) != 1 {
		t.Fatalf("%d mails delivered", len(got))
	}
	if !strings.Contains(logs.String(), "pbm+********@localhost") {
		t.Errorf("no delivery logged:\n%s", logs.String())
	}
	if strings.Contains(logs.String(), "tokensecret42") {
		t.Errorf("the token is in the log:\n%s", logs.String())
	}
}

// A mail delivered after the client's last command and before its
// IDLE is announced as soon as IDLE begins, not with the next delivery.
func TestIdleAnnouncesMailDeliveredBeforeIt(t *testing.T) {
	s := start(t)
	exists := make(chan uint32, 16)
	c, err := imapclient.DialInsecure(s.IMAPAddr(), &imapclient.Options{
		UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			Mailbox: func(d *imapclient.UnilateralDataMailbox) {
				if d.NumMessages != nil {
					exists <- *d.NumMessages
				}
			},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if err := c.Login("pbm@localhost", "pbm").Wait(); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	if err := c.Noop().Wait(); err != nil {
		t.Fatal(err)
	}
	if err := send(t, s.SMTPAddr(), "alice@example.org", []string{"pbm@localhost"}, mailText("idle@x", "one")); err != nil {
		t.Fatal(err)
	}
	cmd, err := c.Idle()
	if err != nil {
		t.Fatal(err)
	}
	// Without the flush at the start of IDLE the EXISTS would never come
	// (no further mail is delivered); a generous cap for a busy machine.
	select {
	case n := <-exists:
		if n != 1 {
			t.Errorf("EXISTS %d, want 1", n)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("no EXISTS during IDLE for the mail delivered before it")
	}
	if err := cmd.Close(); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
}
