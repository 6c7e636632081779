package pbm

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// hangOn makes every mail whose subject contains word hang at its
// first command: until its context ends (cooperative), or, with
// ignore, until release is closed.
func hangOn(t *testing.T, word string, ignore bool, release chan struct{}) {
	testHang = func(ctx context.Context, m *Message) {
		if !strings.Contains(m.Subject, word) {
			return
		}
		if ignore {
			<-release
			return
		}
		<-ctx.Done()
	}
	t.Cleanup(func() { testHang = nil })
}

// setAside asserts that the mails hold the apology to from and a
// report to the admin, and nothing else.
func setAside(t *testing.T, f *fixture, mails []sent, from, why string) {
	t.Helper()
	var apology, report bool
	for _, m := range mails {
		switch {
		case m.To == from && strings.Contains(m.Text, "nothing of it was applied"):
			apology = true
		case m.To == "root@players.test" && strings.Contains(m.Text, why):
			report = true
		default:
			t.Errorf("unexpected mail to %s: %s", m.To, m.Subject)
		}
	}
	if !apology || !report {
		t.Errorf("apology %v, report with %q %v: %+v", apology, why, report, mails)
	}
}

// TestMailPastItsBoundSetAside: a mail that takes longer than
// MailTimeout is rolled back and set aside, its sender and the admins
// are told, and the next mail is answered.
func TestMailPastItsBoundSetAside(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.MailTimeout = 200 * time.Millisecond
	f.signup("root")
	f.signup("alice")
	hangOn(t, "forever", false, nil)
	raw := f.raw("alice@players.test", "change password alice pw-alice forever", "")
	setAside(t, f, f.handle(raw), "alice@players.test", "took longer than")
	if mails := f.handle(raw); len(mails) != 0 {
		t.Errorf("the set-aside mail was handled again? %d mails", len(mails))
	}
	// Nothing of it was applied: the old password still works.
	r := f.only(f.send("alice@players.test", "change password alice pw-alice new", ""), "alice@players.test")
	if !strings.Contains(r.Text, "OK") {
		t.Errorf("next mail: %s", r.Text)
	}
}

// TestHangReported: a mail that never comes back to a command
// boundary is reported through OnHang (the daemon exits there), and
// once released it is set aside.
func TestHangReported(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.MailTimeout = 50 * time.Millisecond
	var hung atomic.Value
	f.s.cfg.OnHang = func(id string) { hung.Store(id) }
	f.signup("root")
	f.signup("alice")
	release := make(chan struct{})
	hangOn(t, "stuck", true, release)
	go func() {
		deadline := time.Now().Add(time.Minute)
		for hung.Load() == nil && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		close(release)
	}()
	mails := f.send("alice@players.test", "list stuck", "")
	if id, _ := hung.Load().(string); !strings.Contains(id, "@client.test") {
		t.Errorf("OnHang got %q", id)
	}
	setAside(t, f, mails, "alice@players.test", "took longer than")
}

// TestMailThatKillsTheDaemonSetAside: a mail still marked as being
// handled after three hangs, or after more than maxDeaths deaths, is
// set aside at the next start, and the next mail is answered.
func TestMailThatKillsTheDaemonSetAside(t *testing.T) {
	f := newFixture(t)
	f.signup("root")
	f.signup("alice")
	raw := f.raw("alice@players.test", "list", "")
	m, _ := ParseMessage(raw)
	for i := 0; i < 3; i++ {
		f.s.tries.begin(m.ID) // a start that hung: OnHang, then exit
		f.s.tries.hung(m.ID)
	}
	setAside(t, f, f.handle(raw), "alice@players.test", "died or hung while handling this mail (count 12")
	if r := f.only(f.send("alice@players.test", "list", ""), "alice@players.test"); r.Text == "" {
		t.Error("next mail not answered")
	}
	// Eleven deaths without a hang: set aside too.
	raw = f.raw("alice@players.test", "list", "")
	m, _ = ParseMessage(raw)
	for i := 0; i <= maxDeaths; i++ {
		f.s.tries.begin(m.ID)
	}
	setAside(t, f, f.handle(raw), "alice@players.test", "count 11")
	// Ten deaths (kills from outside hitting the same mail): handled.
	raw = f.raw("alice@players.test", "list", "")
	m, _ = ParseMessage(raw)
	for i := 0; i < maxDeaths; i++ {
		f.s.tries.begin(m.ID)
	}
	if r := f.only(f.handle(raw), "alice@players.test"); strings.Contains(r.Text, "nothing of it was applied") {
		t.Errorf("reply %q", r.Text)
	}
}

// TestOverlongReplyCut: a reply that would pass the bound on a mail's
// text is cut there, and says so.
func TestOverlongReplyCut(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.MaxCommands = 5000
	body := strings.Repeat("help\n", 2000)
	r := f.only(f.send("x@players.test", "", body), "x@players.test")
	if len(r.Text) > maxMailText+1000 || !strings.Contains(r.Text, "was cut") {
		t.Errorf("reply of %d bytes, cut note %v", len(r.Text), strings.Contains(r.Text, "was cut"))
	}
	f.only(f.send("x@players.test", "list", ""), "x@players.test")
}
