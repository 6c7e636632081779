package daemon

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/enginetest"
	"github.com/pbmgo/pbm/pbm/lmtp"
	"github.com/pbmgo/pbm/pbm/localmail"
	"github.com/pbmgo/pbm/pbm/player"
)

// BenchmarkLatency measures, side by side in one daemon with both
// intakes, how long a mail takes from the moment the mail system has
// it to the moment its reply is queued in the outbox (the daemon logs
// each mail's outcome right after the transaction that queued its
// reply committed):
//
//   - LMTP: from the start of the MTA's LMTP transaction (it has the
//     mail and hands it over at once, as Postfix's qmgr does) to the
//     commit. The MTA's 250 comes only after the commit (RFC 2033
//     section 4.2), so from the MTA's 250 the reply is already queued;
//     the time to that 250 is reported too (lmtp-250).
//   - IMAPIdle: from the embedded SMTP server's 250 to the end of DATA
//     (the mail is in the daemon's INBOX by then) to the commit, the
//     daemon learning of the mail by IMAP IDLE (RFC 2177). The periodic
//     poll is 5 s: a mail that took over a second was not announced
//     during IDLE and waited for it; those are counted (missed-idle)
//     and stay in the percentiles.
//
// Each reports p50 and p99 in microseconds:
//
//	go test -run XXX -bench Latency -benchtime 200x ./pbm/daemon
func BenchmarkLatency(b *testing.B) {
	watch := &commitWatch{waiting: map[string]chan time.Time{}}
	var cfg Config
	cfg.Data = filepath.Join(b.TempDir(), "pbm.db")
	cfg.BackupDir = b.TempDir()
	cfg.Server.Address, cfg.Server.Name = "pbm@localhost", "Bench"
	// The periodic poll only catches what IDLE missed; the mails it
	// caught are counted (missed-idle).
	cfg.IMAP.Poll = 5 * time.Second
	cfg.SMTP.Poll = 100 * time.Millisecond
	cfg.Embedded.IMAP, cfg.Embedded.SMTP = "127.0.0.1:0", "127.0.0.1:0"
	cfg.LMTP.Listen = filepath.Join(b.TempDir(), "lmtp.sock")
	cfg.Games = engine.NewRegistry(enginetest.Nim{})
	cfg.Logger = slog.New(watchHandler{watch})
	cfg.BcryptCost = bcrypt.MinCost
	cfg.RateLimit = 1 << 30
	d, err := Start(context.Background(), cfg)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { d.Close() })
	const from = "bench@example.test"
	mail := func(id, subject string) []byte {
		return fmt.Appendf(nil, "From: %s\r\nTo: pbm@localhost\r\nSubject: %s\r\nMessage-ID: <%s>\r\n\r\n", from, subject, id)
	}
	ch := watch.expect("signup@example.test")
	if err := lmtp.Deliver(d.LMTPAddr(), from, cfg.Server.Address, mail("signup@example.test", "signup bench pw"), 10*time.Second); err != nil {
		b.Fatal(err)
	}
	<-ch
	commit := func(ch chan time.Time) time.Time {
		select {
		case t := <-ch:
			return t
		case <-time.After(time.Minute):
			b.Fatal("no commit logged within a minute")
			return time.Time{}
		}
	}
	n := 0
	report := func(b *testing.B, name string, ds []time.Duration) {
		b.ReportMetric(float64(percentile(ds, 50).Microseconds()), name+"-p50-µs")
		b.ReportMetric(float64(percentile(ds, 99).Microseconds()), name+"-p99-µs")
	}

	b.Run("LMTP", func(b *testing.B) {
		var queued, answered []time.Duration
		for i := 0; i < b.N; i++ {
			n++
			id := fmt.Sprintf("lmtp-%d@example.test", n)
			ch := watch.expect(id)
			t0 := time.Now()
			if err := lmtp.Deliver(d.LMTPAddr(), from, cfg.Server.Address, mail(id, "list"), 10*time.Second); err != nil {
				b.Fatal(err)
			}
			t250 := time.Now()
			tq := commit(ch)
			if tq.After(t250) {
				b.Fatalf("mail %s: the MTA got its 250 before the commit", id)
			}
			queued = append(queued, tq.Sub(t0))
			answered = append(answered, t250.Sub(t0))
		}
		report(b, "queued", queued)
		report(b, "lmtp-250", answered)
	})
	b.Run("IMAPIdle", func(b *testing.B) {
		p := &player.Player{Address: from, Server: cfg.Server.Address, SMTP: d.Local.SMTPAddr(), IMAP: d.Local.IMAPAddr(), Password: localmail.DefaultPassword}
		var queued []time.Duration
		for i := 0; i < b.N; i++ {
			n++
			id := fmt.Sprintf("imap-%d@example.test", n)
			ch := watch.expect(id)
			if err := p.SendRaw(mail(id, "list")); err != nil {
				b.Fatal(err)
			}
			// SendRaw returns after the 250 to DATA and QUIT; the mail
			// is in the INBOX since before that 250.
			accepted := time.Now()
			queued = append(queued, max(0, commit(ch).Sub(accepted)))
		}
		report(b, "queued", queued)
		missed := 0
		for _, d := range queued {
			if d > time.Second {
				missed++
			}
		}
		b.ReportMetric(float64(missed), "missed-idle")
	})
}

// commitWatch hands the time a mail's outcome was logged, which is
// right after its transaction committed, to whoever waits for it.
type commitWatch struct {
	mu      sync.Mutex
	waiting map[string]chan time.Time
}

func (w *commitWatch) expect(id string) chan time.Time {
	ch := make(chan time.Time, 1)
	w.mu.Lock()
	w.waiting[id] = ch
	w.mu.Unlock()
	return ch
}

// watchHandler is a slog.Handler that writes nothing and reports
// the "mail" records that carry an outcome.
type watchHandler struct{ w *commitWatch }

func (h watchHandler) Enabled(context.Context, slog.Level) bool { return true }
func (h watchHandler) WithAttrs([]slog.Attr) slog.Handler       { return h }
func (h watchHandler) WithGroup(string) slog.Handler            { return h }
func (h watchHandler) Handle(_ context.Context, r slog.Record) error {
	if r.Message != "mail" {
		return nil
	}
	var id string
	outcome := false
	r.Attrs(func(a slog.Attr) bool {
		switch a.Key {
		case "id":
			id = strings.Trim(a.Value.String(), "<>")
		case "outcome":
			outcome = true
		}
		return true
	})
	if !outcome {
		return nil
	}
	h.w.mu.Lock()
	ch := h.w.waiting[id]
	delete(h.w.waiting, id)
	h.w.mu.Unlock()
	if ch != nil {
		ch <- r.Time
	}
	return nil
}

func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[int(float64(len(s)-1)*p/100)]
}
