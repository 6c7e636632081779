package daemon

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/lmtp"
	"github.com/pbmgo/pbm/pbm/localmail"
	"github.com/pbmgo/pbm/pbm/player"
	"github.com/pbmgo/pbm/store"
)

// TestLMTPBesideIMAP runs the LMTP intake and the IMAP intake of the
// embedded servers together: alice mails through the embedded SMTP
// server (read by the daemon over IMAP), bob's mail is handed over
// LMTP; both get their replies, a mail handed over twice is applied
// once, and an unreadable mail is refused with 550 and not recorded.
func TestLMTPBesideIMAP(t *testing.T) {
	cfg := testConfig(t)
	cfg.LMTP.Listen = filepath.Join(t.TempDir(), "lmtp.sock")
	d, err := Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	h := &harness{t: t, mail: d.Local, d: d, cfg: cfg}
	if d.LMTPAddr() != cfg.LMTP.Listen {
		t.Fatalf("LMTP listens on %q", d.LMTPAddr())
	}
	alice := h.signup("alice")
	bob := h.player("bob")
	viaLMTP := func(id, subject string) {
		t.Helper()
		raw := fmt.Sprintf("From: %s\r\nTo: pbm@localhost\r\nSubject: %s\r\nMessage-ID: <%s>\r\n\r\n", bob.Address, subject, id)
		if err := lmtp.Deliver(d.LMTPAddr(), bob.Address, "pbm@localhost", []byte(raw), 10*time.Second); err != nil {
			t.Fatalf("%s: %v", subject, err)
		}
	}
	viaLMTP("b1@example.test", "signup bob pw-bob")
	if _, err := bob.Reply("b1@example.test", wait); err != nil {
		t.Fatal(err)
	}
	h.command(alice, "nim challenge alice pw-alice alice bob", "")
	h.command(alice, "nim move 101 alice pw-alice take1#1", "")
	viaLMTP("b2@example.test", "nim move 101 bob pw-bob take1#2")
	viaLMTP("b2@example.test", "nim move 101 bob pw-bob take1#2")
	viaLMTP("b3@example.test", "help")
	ms, err := bob.Await(wait, func(ms []player.Mail) bool {
		for _, m := range ms {
			if m.InReplyTo == "b3@example.test" {
				return true
			}
		}
		return false
	})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range ms {
		if m.InReplyTo == "b2@example.test" {
			n++
		}
	}
	for _, m := range ms {
		if m.InReplyTo == "b2@example.test" && !strings.Contains(m.Text, "OK: ") {
			t.Errorf("move over LMTP: %s", m.Text)
		}
	}
	if n != 1 {
		t.Errorf("%d replies to the mail handed over twice, want 1", n)
	}
	if b := h.board(101); len(b.Log) != 2 {
		t.Errorf("board log %v, want two moves", b.Log)
	}

	err = lmtp.Deliver(d.LMTPAddr(), "", "pbm@localhost", []byte("no header here\x00"), 10*time.Second)
	var ref *lmtp.Refusal
	if !errors.As(err, &ref) || ref.Code != 550 || !strings.Contains(ref.Message, "unreadable") {
		t.Errorf("unreadable mail: %v, want 550", err)
	}
	var processed int
	d.Close()
	st, err := store.Open(store.Config{Path: cfg.Data})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	st.View(func(tx *store.Tx) error { processed = tx.ProcessedCount(); return nil })
	// alice: signup, challenge, move; bob: signup, move, help.
	if processed != 6 {
		t.Errorf("%d mails recorded, want 6", processed)
	}
}

// TestLMTPOnly runs the daemon with no IMAP server: mail comes over
// LMTP and replies go out through the configured SMTP server; no
// embedded server starts.
func TestLMTPOnly(t *testing.T) {
	mail, err := localmail.Start(localmail.Config{
		IMAPAddr: "127.0.0.1:0", SMTPAddr: "127.0.0.1:0", ServerAddress: "pbm@localhost", Logger: quiet(),
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mail.Close() })
	cfg := testConfig(t)
	cfg.SMTP.Host, cfg.SMTP.Port = splitAddr(t, mail.SMTPAddr())
	cfg.SMTP.TLS = "none"
	cfg.LMTP.Listen = "127.0.0.1:0"
	d, err := Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	if d.Local != nil {
		t.Error("the embedded servers started beside LMTP and a configured SMTP server")
	}
	bob := &player.Player{Address: "bob@example.test", Server: "pbm@localhost",
		SMTP: mail.SMTPAddr(), IMAP: mail.IMAPAddr(), Password: localmail.DefaultPassword}
	raw := "From: bob@example.test\r\nTo: pbm@localhost\r\nSubject: signup bob pw-bob\r\nMessage-ID: <only-1@example.test>\r\n\r\n"
	if err := lmtp.Deliver(d.LMTPAddr(), bob.Address, "pbm@localhost", []byte(raw), 10*time.Second); err != nil {
		t.Fatal(err)
	}
	r, err := bob.Reply("only-1@example.test", wait)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Text, "OK: Welcome") {
		t.Errorf("reply: %s", r.Text)
	}
	// Mail to the server's address on the SMTP server is not read.
	if ms, _ := mail.Messages("pbm@localhost", "INBOX"); len(ms) != 0 {
		t.Errorf("%d mails in the server's IMAP mailbox", len(ms))
	}
}
