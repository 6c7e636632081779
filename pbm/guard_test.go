package pbm

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/guard"
	"github.com/pbmgo/pbm/pbm/mail"

	"github.com/pbmgo/pbm/store"
)

// hangOn makes every mail whose subject contains word hang at its
// first command: until its context ends (cooperative), or, with
// ignore, until release is closed.
func hangOn(t *testing.T, word string, ignore bool, release chan struct{}) {
	testHang = func(ctx context.Context, m *mail.Message) {
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

// restart gives the fixture a new server over the same store, as a
// new process of the daemon: it reads the mark the one before left.
func (f *fixture) restart() {
	f.t.Helper()
	s, err := New(f.s.cfg)
	if err != nil {
		f.t.Fatal(err)
	}
	f.s = s
}

// die leaves ids in hand in the mark (hung: past the hang bound), as a
// daemon that dies there does, and restarts.
func (f *fixture) die(hung bool, ids ...string) {
	f.t.Helper()
	tok, _ := f.s.tries.Hold(ids, 0)
	if hung {
		f.s.tries.Hung(tok)
	}
	f.restart()
}

// TestMailThatKillsTheDaemonSetAside: a mail in hand alone at three
// hangs, or at more than guard.MaxDeaths deaths, is set aside at the next
// start, and the next mail is answered.
func TestMailThatKillsTheDaemonSetAside(t *testing.T) {
	f := newFixture(t)
	f.signup("root")
	f.signup("alice")
	raw := f.raw("alice@players.test", "list", "")
	m, _ := mail.Parse(raw)
	for i := 0; i < 3; i++ {
		f.die(true, m.ID) // a start that hung: OnHang, then exit
	}
	setAside(t, f, f.handle(raw), "alice@players.test", "died or hung while handling this mail (count 12")
	if r := f.only(f.send("alice@players.test", "list", ""), "alice@players.test"); r.Text == "" {
		t.Error("next mail not answered")
	}
	// Eleven deaths without a hang: set aside too.
	raw = f.raw("alice@players.test", "list", "")
	m, _ = mail.Parse(raw)
	for i := 0; i <= guard.MaxDeaths; i++ {
		f.die(false, m.ID)
	}
	setAside(t, f, f.handle(raw), "alice@players.test", "count 11")
	// Ten deaths (kills from outside hitting the same mail): handled.
	raw = f.raw("alice@players.test", "list", "")
	m, _ = mail.Parse(raw)
	for i := 0; i < guard.MaxDeaths; i++ {
		f.die(false, m.ID)
	}
	if r := f.only(f.handle(raw), "alice@players.test"); strings.Contains(r.Text, "nothing of it was applied") {
		t.Errorf("reply %q", r.Text)
	}
	if f.s.tries.Marked([]string{m.ID}) {
		t.Error("the mail is still marked after it was handled")
	}
}

// TestBatchDeathChargesNobody: a death with a batch in hand charges no
// mail of it; its mails become suspects, are handed over one at a
// time, and a death then is charged to the one alone in hand only.
// Starts that die before anything is in hand charge nobody again.
func TestBatchDeathChargesNobody(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	raws := [][]byte{f.raw("alice@players.test", "list", ""), f.raw("alice@players.test", "list", ""), f.raw("alice@players.test", "list", "")}
	var ids []string
	for _, r := range raws {
		m, _ := mail.Parse(r)
		ids = append(ids, m.ID)
	}
	for i := 0; i < 2*guard.MaxDeaths; i++ {
		f.die(false, ids...)
	}
	for _, id := range ids {
		if n := f.s.tries.Deaths(id); n != 0 {
			t.Errorf("%s charged %d deaths by batch deaths", id, n)
		}
	}
	if !f.s.tries.Marked(ids) {
		t.Fatal("the batch's mails are not suspects after its death")
	}
	// The one in the middle dies alone; then starts die before any
	// mail is in hand.
	f.die(false, ids[1])
	for i := 0; i < 5; i++ {
		f.restart()
	}
	if n0, n1 := f.s.tries.Deaths(ids[0]), f.s.tries.Deaths(ids[1]); n0 != 0 || n1 != 1 {
		t.Errorf("deaths %d and %d, want 0 and 1", n0, n1)
	}
	for i, err := range f.s.HandleBatch(context.Background(), raws) {
		if err != nil {
			t.Errorf("mail %d: %v", i, err)
		}
	}
	if f.s.tries.Marked(ids) {
		t.Error("marked after every mail was handled")
	}
	if b, err := os.ReadFile(f.s.cfg.AttemptFile); err == nil {
		t.Errorf("the mark is left: %s", b)
	}
	for _, r := range f.outbox() {
		if strings.Contains(decode(t, r).Text, "nothing of it was applied") {
			t.Errorf("an honest mail set aside: %s", r.To)
		}
	}
}

// setAsideMails reads the set-aside mails.
func (f *fixture) setAsideMails() []store.SetAside {
	f.t.Helper()
	var recs []store.SetAside
	if err := f.st.View(func(tx *store.Tx) (err error) { recs, err = tx.SetAsideMails(); return err }); err != nil {
		f.t.Fatal(err)
	}
	return recs
}

// TestSetAsideKeptAndReplayed: a mail set aside is kept whole with its
// reason; "admin ... retry" lists it and replays it alone, and the
// sender then gets the real answer; the admins are told.
func TestSetAsideKeptAndReplayed(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.MailTimeout = 200 * time.Millisecond
	f.signup("root")
	f.signup("alice")
	hangOn(t, "slowly", false, nil)
	raw := f.raw("alice@players.test", "change password alice pw-alice slowly", "")
	setAside(t, f, f.handle(raw), "alice@players.test", "took longer than")
	recs := f.setAsideMails()
	if len(recs) != 1 || string(recs[0].Raw) != string(raw) || recs[0].Failures != 1 || !strings.Contains(recs[0].Reason, "took longer than") {
		t.Fatalf("set-aside mails: %+v", recs)
	}
	if strings.Contains(recs[0].Subject, "pw-alice") {
		t.Errorf("the record's subject shows the password: %q", recs[0].Subject)
	}
	seq := fmt.Sprint(recs[0].Seq)
	r := f.only(f.send("root@players.test", "admin root pw-root retry", ""), "root@players.test")
	if !strings.Contains(r.Text, "1 set-aside mail:") || strings.Contains(r.Text, "pw-alice") {
		t.Errorf("the list: %s", r.Text)
	}
	for _, bad := range []string{"x", "0", "99"} {
		r := f.only(f.send("root@players.test", "admin root pw-root retry "+bad, ""), "root@players.test")
		if !strings.Contains(r.Text, "set-aside mail") {
			t.Errorf("retry %s: %s", bad, r.Text)
		}
	}
	if got := f.setAsideMails(); len(got) != 1 {
		t.Fatalf("a refused retry changed the set-aside mails: %+v", got)
	}
	testHang = nil
	mails := f.send("root@players.test", "admin root pw-root retry "+seq, "")
	var answered, told bool
	for _, m := range mails {
		switch {
		case m.To == "alice@players.test" && strings.Contains(m.Text, "OK"):
			answered = true
		case m.To == "root@players.test" && strings.Contains(m.Text, "was replayed by an admin and handled"):
			told = true
		}
	}
	if !answered || !told {
		t.Errorf("answered %v, admins told %v: %+v", answered, told, mails)
	}
	if got := f.setAsideMails(); len(got) != 0 {
		t.Errorf("still set aside: %+v", got)
	}
	// The replayed mail took effect: the new password works.
	if r := f.only(f.send("alice@players.test", "change password alice slowly other", ""), "alice@players.test"); !strings.Contains(r.Text, "OK") {
		t.Errorf("the replayed change did not take: %s", r.Text)
	}
}

// TestSetAsideReplayedAtALaterStart: a set-aside mail is replayed once
// by itself at the next start, not at the start that set it aside; a
// replay that fails again is reported again and not replayed again; a
// replay that kills the daemon is recorded at the start after.
func TestSetAsideReplayedAtALaterStart(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.MailTimeout = 200 * time.Millisecond
	f.signup("root")
	f.signup("alice")
	if err := f.s.StartUp(context.Background()); err != nil {
		t.Fatal(err)
	}
	hangOn(t, "slowly", false, nil)
	setAside(t, f, f.send("alice@players.test", "list slowly", ""), "alice@players.test", "took longer than")
	before := f.outboxSeqs()
	start := func() []sent {
		t.Helper()
		before = f.outboxSeqs()
		f.restart()
		if err := f.s.StartUp(context.Background()); err != nil {
			t.Fatal(err)
		}
		var out []sent
		for _, m := range f.outbox() {
			if !before[m.Seq] {
				out = append(out, decode(t, m))
			}
		}
		return out
	}
	// Next start: replayed, fails again (still slow), reported again.
	mails := start()
	if len(mails) != 1 || mails[0].To != "root@players.test" || !strings.Contains(mails[0].Text, "failed again when it was replayed at a later start") {
		t.Errorf("the replay at a later start: %+v", mails)
	}
	recs := f.setAsideMails()
	if len(recs) != 1 || recs[0].Failures != 2 || !recs[0].Retried {
		t.Fatalf("after the replay: %+v", recs)
	}
	// Not replayed again.
	if mails := start(); len(mails) != 0 {
		t.Errorf("replayed twice: %+v", mails)
	}
	// A replay that kills the daemon (here an admin's) is recorded at
	// the next start and the admins are told.
	tok, _ := f.s.tries.Hold([]string{recs[0].MessageID}, recs[0].Seq)
	_ = tok
	mails = start()
	if len(mails) != 1 || !strings.Contains(mails[0].Text, "killed the daemon again when it was replayed") {
		t.Errorf("the death of a replay: %+v", mails)
	}
	if recs := f.setAsideMails(); len(recs) != 1 || recs[0].Failures != 3 || recs[0].Deaths != 1 {
		t.Errorf("after the replay's death: %+v", recs)
	}
	if n := f.s.tries.Deaths(recs[0].MessageID); n != 0 {
		t.Errorf("the replay's death was charged as a mail's: %d", n)
	}
	if mails := start(); len(mails) != 0 {
		t.Errorf("the replay's death reported twice: %+v", mails)
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

// A mail in hand when the daemon stops (its context cancelled, not
// past its bound) is not its own fault: it is rolled back, not set
// aside, and handled when it comes again.
func TestStopIsNotTheMailsFault(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	raw := f.raw("alice@players.test", "list", "")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	before := len(f.outbox())
	if out, err := f.s.Handle(ctx, raw); err == nil {
		t.Fatalf("a mail handled after the stop: %v", out)
	}
	if recs := f.setAsideMails(); len(recs) != 0 {
		t.Fatalf("set aside at a stop: %+v", recs)
	}
	if n := len(f.outbox()) - before; n != 0 {
		t.Fatalf("%d mails queued by a mail rolled back", n)
	}
	if got := f.handle(raw); len(got) != 1 || strings.Contains(got[0].Text, "nothing of it was applied") {
		t.Fatalf("the mail after the restart: %v", got)
	}
}
