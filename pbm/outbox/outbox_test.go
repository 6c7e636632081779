package outbox

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"github.com/pbmgo/pbm/pbm/localmail"
	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

func setup(t *testing.T) (*localmail.Server, *store.Store, *time.Time) {
	t.Helper()
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	mail, err := localmail.Start(localmail.Config{IMAPAddr: "127.0.0.1:0", SMTPAddr: "127.0.0.1:0", ServerAddress: "pbm@localhost", Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mail.Close() })
	st := storetest.Open(t)
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	return mail, st, &now
}

func queue(t *testing.T, st *store.Store, to string, at time.Time) {
	t.Helper()
	err := st.Update(func(tx *store.Tx) error {
		_, err := tx.Enqueue(store.Mail{MessageID: "m@x", From: "pbm@localhost", To: to, Subject: "hi", Queued: at,
			Raw: []byte("From: pbm@localhost\r\nTo: " + to + "\r\nSubject: hi\r\nMessage-ID: <m@x>\r\n\r\nhello\r\n")})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestRetryScheduleAndGiveUp(t *testing.T) {
	mail, st, now := setup(t)
	mail.SetSMTPFault(func(string) error { return &smtp.SMTPError{Code: 451, Message: "later"} })
	var failed []store.Mail
	s, err := New(Config{Store: st, Addr: mail.SMTPAddr(), TLS: "none",
		Retry: []time.Duration{time.Minute, time.Hour}, GiveUp: 3 * time.Hour,
		Now: func() time.Time { return *now }, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		OnFailure: func(tx *store.Tx, m store.Mail) error { failed = append(failed, m); return nil }})
	if err != nil {
		t.Fatal(err)
	}
	queue(t, st, "alice@example.test", *now)
	ctx := context.Background()
	next := func() store.Mail {
		var ms []store.Mail
		st.View(func(tx *store.Tx) error { ms, _ = tx.Outbox(); return nil })
		if len(ms) != 1 {
			t.Fatalf("outbox holds %d", len(ms))
		}
		return ms[0]
	}
	s.Flush(ctx)
	if m := next(); m.Attempts != 1 || !m.NextTry.Equal(now.Add(time.Minute)) {
		t.Fatalf("after a 451: %+v", m)
	}
	// Not due yet: not tried.
	*now = now.Add(30 * time.Second)
	s.Flush(ctx)
	if m := next(); m.Attempts != 1 {
		t.Errorf("tried before it was due: %d", m.Attempts)
	}
	*now = now.Add(31 * time.Second)
	s.Flush(ctx)
	if m := next(); m.Attempts != 2 || !m.NextTry.Equal(now.Add(time.Hour)) {
		t.Errorf("second wait: %+v", m)
	}
	*now = now.Add(3 * time.Hour)
	s.Flush(ctx)
	var left int
	st.View(func(tx *store.Tx) error { left = tx.OutboxLen(); return nil })
	if left != 0 || len(failed) != 1 || failed[0].To != "alice@example.test" {
		t.Errorf("after the give-up time: outbox %d, failed %+v", left, failed)
	}
	// Accepted mail leaves the outbox and reaches the mailbox.
	mail.SetSMTPFault(nil)
	queue(t, st, "bob@example.test", *now)
	if n, err := s.Flush(ctx); n != 1 || err != nil {
		t.Fatalf("flush: %d %v", n, err)
	}
	if ms, _ := mail.Messages("bob@example.test", "INBOX"); len(ms) != 1 {
		t.Errorf("bob has %d mails", len(ms))
	}
}

func TestServerDownDefersEverything(t *testing.T) {
	_, st, now := setup(t)
	s, _ := New(Config{Store: st, Addr: "127.0.0.1:1", TLS: "none", Now: func() time.Time { return *now },
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	queue(t, st, "a@example.test", *now)
	queue(t, st, "b@example.test", *now)
	if _, err := s.Flush(context.Background()); err == nil {
		t.Error("no error with the server down")
	}
	st.View(func(tx *store.Tx) error {
		ms, _ := tx.Outbox()
		for _, m := range ms {
			if m.Attempts != 1 || m.NextTry.IsZero() {
				t.Errorf("not deferred: %+v", m)
			}
		}
		if len(ms) != 2 {
			t.Errorf("outbox %d", len(ms))
		}
		return nil
	})
}
