package e2e

import (
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"github.com/pbmgo/pbm/pbm/daemon"
	"github.com/pbmgo/pbm/pbm/player"
	"github.com/pbmgo/pbm/store"
)

// TestSMTPRefusals makes the relay the daemon sends through refuse:
// first every recipient with 451 for a while (a transient failure, RFC
// 5321 section 4.2.1: everything must be delivered later, once), then
// one address with 550 for good (the failure is recorded and reported
// to the admins, and the other players are not affected). The daemon
// is the pbmd binary over implicit TLS, its SMTP retry shortened to
// 200 ms (PBM_RETRY).
func TestSMTPRefusals(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Dovecot and the pbmd binary")
	}
	w := newWorld(t)
	d := w.newPBMD("tls")
	d.fastRetries()
	d.start()
	root, alice, bob := w.user("root"), w.user("alice"), w.user("bob")
	players := []*user{alice, bob}
	for _, u := range []*user{root, alice, bob} {
		if r := u.command(chainStep(u, 0), replyWait); !isOK(r) {
			t.Fatalf("signup %s: %s", u.id, r.Text)
		}
	}
	root.confirmClaim()
	// The store is locked while the daemon runs: the mails it has
	// recorded are counted in its log, and the store is read once it
	// has stopped.
	processed := d.processedLogged

	// 451 for everyone, until the daemon has handled every mail and
	// has been refused many times over.
	w.smarthost.setPolicy(func(from, rcpt string) *smtp.SMTPError {
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try again later (e2e)"}
	})
	refusing := time.Now()
	before := w.smarthost.deliveredTo(alice.p.Address) + w.smarthost.deliveredTo(bob.p.Address)
	const steps = 6
	sendChain(players, 1, steps)
	want := 3 + 2*(steps-1)
	deadline := time.Now().Add(time.Minute)
	for processed() < want || w.smarthost.refusals(451) < 4*2*(steps-1) {
		if time.Now().After(deadline) {
			t.Fatalf("after a minute: %d mails processed of %d, %d refusals", processed(), want, w.smarthost.refusals(451))
		}
		time.Sleep(50 * time.Millisecond)
	}
	if n := w.smarthost.deliveredTo(alice.p.Address) + w.smarthost.deliveredTo(bob.p.Address); n != before {
		t.Errorf("%d mails got through while the relay refused", n-before)
	}
	w.smarthost.setPolicy(nil)
	refused := time.Since(refusing)
	n451 := w.smarthost.refusals(451)
	lifted := time.Now()
	if !awaitAll(players, time.Minute) {
		t.Error("not every mail was answered after the relay took mail again")
	}
	late := time.Since(lifted)

	// 550 for one address: dave's.
	const dead = "dead@e2e.test"
	w.smarthost.setPolicy(func(from, rcpt string) *smtp.SMTPError {
		if strings.EqualFold(rcpt, dead) {
			return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such mailbox (e2e)"}
		}
		return nil
	})
	dave := w.user("dave")
	dave.p.Address = dead
	dave.send("signup dave p0")
	sendChain(players, steps, steps+2)
	subject := "pbm: undeliverable mail to " + dead
	if _, err := root.box.await(replyWait, player.Count(subject, 1)); err != nil {
		t.Errorf("no report to the admin: %v", err)
	}
	if !awaitAll(players, time.Minute) {
		t.Error("the other players' mail was not answered")
	}
	w.smarthost.quiet(time.Second, 30*time.Second)
	tl := countReplies(players, 10*time.Second, isOK)
	rootMails, _ := root.box.poll()
	reports := len(player.WithSubject(rootMails, subject))
	d.stop()
	// The failed mails are sealed: the store is opened with the
	// daemon's key, from the key file beside it.
	st, err := daemon.OpenStore(daemon.Config{Data: d.data}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var failed []store.Mail
	lost, stored, pending := 0, 0, 0
	st.View(func(tx *store.Tx) error {
		var err error
		if failed, err = tx.FailedMail(); err != nil {
			t.Errorf("failed mail: %v", err)
		}
		lost = checkChains(t, tx, players, steps+1)
		stored, pending = tx.ProcessedCount(), tx.OutboxLen()
		return nil
	})
	if len(failed) != 1 || failed[0].To != dead || !strings.Contains(failed[0].LastError, "550") {
		t.Errorf("failed mail recorded: %+v", failed)
	}
	if reports != 1 {
		t.Errorf("%d reports to the admin, want 1", reports)
	}
	if n := w.smarthost.deliveredTo(dead); n != 0 {
		t.Errorf("%d mails delivered to %s", n, dead)
	}
	mails := tl.mails + len(root.sent) + len(dave.sent)
	if logged := d.processedLogged(); stored != mails || logged != mails {
		t.Errorf("processed mails: %d in the store, %d in the log, %d were sent", stored, logged, mails)
	}
	if pending != 0 {
		t.Errorf("%d mails left in the outbox", pending)
	}
	t.Logf("smtp refusals: 451 to everyone for %s (%d refusals, %d mails waiting), all delivered %s later; 550 for %s: failed mails recorded %d, admin reports %d; mails %d, replies missing %d, answered twice %d, resent copies %d, refused %d, chains broken %d",
		refused.Round(time.Millisecond), n451, 2*(steps-1), late.Round(time.Millisecond), dead, len(failed), reports,
		mails, tl.missing, tl.doubled, tl.copies, tl.refused, lost)
	if lost+tl.doubled+tl.missing+tl.refused > 0 {
		t.Errorf("moves lost %d, doubled %d, missing %d, refused %d", lost, tl.doubled, tl.missing, tl.refused)
	}
	record(figures{mails: mails, outages: 1, lost: lost, doubled: tl.doubled, missing: tl.missing})
}
