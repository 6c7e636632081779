package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/player"
	"github.com/pbmgo/pbm/store"
)

// TestDovecotRestart stops Dovecot in the middle of a run of password
// chains, while the daemon (the pbmd binary, over STARTTLS) still has
// mail to read and replies to deliver, keeps it down for a few seconds
// while players go on mailing (the relay queues their mail, as an MTA
// would), and starts it again. Every mail is processed exactly once
// afterwards.
func TestDovecotRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Dovecot and the pbmd binary")
	}
	w := newWorld(t)
	d := w.newPBMD("starttls")
	const nUsers, steps = 6, 14
	us := w.chainUsers("o", nUsers)
	sendChain(us, 0, steps/2)
	if err := w.mx.settled(time.Minute); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	d.start()

	// Wait for a third of the replies, then stop Dovecot.
	first := nUsers * steps / 2
	if _, err := awaitReplies(us, first/3, 2*time.Minute); err != nil {
		t.Fatal(err)
	}
	inbox, err := w.d.count(serverAddress, "INBOX")
	if err != nil {
		t.Fatal(err)
	}
	replied, _ := awaitReplies(us, 0, 0)
	w.d.stop()
	down := time.Now()
	sendChain(us, steps/2, steps) // queued at the relay meanwhile
	time.Sleep(3 * time.Second)
	if err := w.d.start(); err != nil {
		t.Fatal(err)
	}
	outage := time.Since(down)
	restarted := time.Now()
	if !awaitAll(us, 2*time.Minute) {
		t.Error("not every mail was answered after the restart")
	}
	recovered := time.Since(restarted)
	w.smarthost.quiet(time.Second, 30*time.Second)
	tl := countReplies(us, 10*time.Second, isOK)
	d.stop()

	st, err := store.Open(store.Config{Path: d.data})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	lost, processed, pending := 0, 0, 0
	st.View(func(tx *store.Tx) error {
		lost = checkChains(t, tx, us, steps-1)
		processed, pending = tx.ProcessedCount(), tx.OutboxLen()
		return nil
	})
	if processed != tl.mails {
		t.Errorf("the store records %d processed mails, %d were sent", processed, tl.mails)
	}
	if pending != 0 {
		t.Errorf("%d mails left in the outbox", pending)
	}
	log := d.logText()
	t.Logf("dovecot restart: mails %d, Dovecot down %s after %d replies with %d mails in the daemon's INBOX and %d more mailed during the outage; all answered %s after the restart; reconnects %d, redelivered and recognised %d, resent copies %d; moves lost %d, applied twice %d, replies missing %d, refused %d; %s",
		tl.mails, outage.Round(time.Millisecond), replied, inbox, nUsers*(steps-steps/2), recovered.Round(time.Millisecond),
		strings.Count(log, "imap session ended"), strings.Count(log, "outcome=duplicate"), tl.copies,
		lost, tl.doubled, tl.missing, tl.refused, time.Since(start).Round(time.Millisecond))
	if lost+tl.doubled+tl.missing+tl.refused > 0 {
		t.Errorf("moves lost %d, doubled %d, missing %d, refused %d", lost, tl.doubled, tl.missing, tl.refused)
	}
	record(figures{mails: tl.mails, outages: 1, lost: lost, doubled: tl.doubled, missing: tl.missing})
}

// awaitReplies waits until the users have at least n replies to the
// mails they sent, and returns how many they have.
func awaitReplies(us []*user, n int, timeout time.Duration) (int, error) {
	deadline := time.Now().Add(timeout)
	for {
		got := 0
		for _, u := range us {
			ms, _ := u.box.poll()
			got += len(repliedTo(u, ms))
		}
		if got >= n {
			return got, nil
		}
		if time.Now().After(deadline) {
			return got, errorf("%d replies of %d after %v", got, n, timeout)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// awaitAll waits until every mail sent has a reply.
func awaitAll(us []*user, timeout time.Duration) bool {
	deadline := time.Now().Add(timeout)
	for !allReplied(us) {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(100 * time.Millisecond)
	}
	return true
}

// repliedTo is the set of the user's mails that have a reply in ms.
func repliedTo(u *user, ms []player.Mail) map[string]bool {
	sent := map[string]bool{}
	for _, id := range u.sent {
		sent[id] = true
	}
	got := map[string]bool{}
	for _, m := range ms {
		if sent[m.InReplyTo] {
			got[m.InReplyTo] = true
		}
	}
	return got
}
