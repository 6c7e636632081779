package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"

	"github.com/pbmgo/pbm/store"
)

// TestDiskUnwritable makes the database file unwritable for a while
// with the immutable attribute (chattr +i: every write through the
// daemon's open descriptor then fails with EPERM, as on a disk that
// went read-only). bbolt fails the commit and rolls back, the core
// returns the error, and the intake leaves the mail unseen on the IMAP
// server and offers it again later. Once the file is writable, every
// mail is processed exactly once. The daemon is the pbmd binary over
// STARTTLS, its intake's backoff shortened to 100 ms (PBM_BACKOFF).
func TestDiskUnwritable(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Dovecot and the pbmd binary")
	}
	w := newWorld(t)
	d := w.newPBMD("starttls")
	d.fastRetries()
	d.start()
	alice := w.user("alice")
	if r := alice.command(chainStep(alice, 0), replyWait); !isOK(r) {
		t.Fatalf("signup: %s", r.Text)
	}
	w.smarthost.quiet(500*time.Millisecond, 30*time.Second)

	if out, err := exec.Command("chattr", "+i", d.data).CombinedOutput(); err != nil {
		t.Skipf("e2e: cannot make the database immutable (chattr +i needs root and a file system that supports it, such as ext4): %v %s", err, out)
	}
	writable := func() {
		if out, err := exec.Command("chattr", "-i", d.data).CombinedOutput(); err != nil {
			t.Errorf("chattr -i: %v %s", err, out)
		}
	}
	t.Cleanup(writable) // or the temporary directory cannot be removed
	blocked := time.Now()
	const steps = 5
	sendChain([]*user{alice}, 1, steps)
	failures := func() int { return strings.Count(d.logText(), "mail handler failed") }
	deadline := time.Now().Add(time.Minute)
	// Every mail fails once, the first is retried at least twice, and
	// the disk stays unwritable for two seconds at least.
	for failures() < steps-1+2 || time.Since(blocked) < 2*time.Second {
		if time.Now().After(deadline) {
			t.Fatalf("after a minute: %d handler failures", failures())
		}
		time.Sleep(50 * time.Millisecond)
	}
	unseen, err := w.d.unseen(serverAddress)
	if err != nil {
		t.Fatal(err)
	}
	if unseen != steps-1 {
		t.Errorf("%d mails unseen in the daemon's INBOX while the disk is unwritable, want %d", unseen, steps-1)
	}
	if n := w.smarthost.deliveredTo(alice.p.Address); n != 1 {
		t.Errorf("%d replies while the disk is unwritable", n-1)
	}
	if i := strings.Index(d.logText(), "mail handler failed"); i >= 0 {
		line, _, _ := strings.Cut(d.logText()[i:], "\n")
		t.Logf("the intake logs: %s", line)
	}
	// The daemon holds bbolt's exclusive lock on the store, but the
	// immutable file cannot change: a copy of it is the store as it is.
	processedBefore := processedInCopy(t, d.data)
	writable()
	down := time.Since(blocked)
	fails := failures()
	freed := time.Now()
	if !awaitAll([]*user{alice}, time.Minute) {
		t.Error("not every mail was answered once the disk was writable")
	}
	late := time.Since(freed)
	w.smarthost.quiet(time.Second, 30*time.Second)
	tl := alice.replies(10*time.Second, isOK)
	d.stop()
	st, err := store.Open(store.Config{Path: d.data})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	lost, processed := 0, 0
	st.View(func(tx *store.Tx) error {
		lost = checkChains(t, tx, []*user{alice}, steps-1)
		processed = tx.ProcessedCount()
		return nil
	})
	if processedBefore != 1 || processed != steps {
		t.Errorf("processed mails: %d while unwritable (want 1), %d after (want %d)", processedBefore, processed, steps)
	}
	t.Logf("disk unwritable: %s, %d mails left unseen, %d handler failures; all processed %s after it was writable again; mails %d, replies missing %d, answered twice %d, resent copies %d, refused %d, chain broken %d",
		down.Round(time.Millisecond), unseen, fails, late.Round(time.Millisecond), tl.mails, tl.missing, tl.doubled, tl.copies, tl.refused, lost)
	if lost+tl.doubled+tl.missing+tl.refused > 0 {
		t.Errorf("moves lost %d, doubled %d, missing %d, refused %d", lost, tl.doubled, tl.missing, tl.refused)
	}
	record(figures{mails: tl.mails, outages: 1, lost: lost, doubled: tl.doubled, missing: tl.missing})
}

// unseen counts the messages without \Seen in a user's INBOX.
func (d *dovecot) unseen(user string) (int, error) {
	c, err := d.dialPlain(user)
	if err != nil {
		return 0, err
	}
	defer c.Close()
	st, err := c.Status("INBOX", &imap.StatusOptions{NumUnseen: true}).Wait()
	if err != nil {
		return 0, err
	}
	c.Logout().Wait()
	return int(*st.NumUnseen), nil
}

// processedInCopy counts the processed mails in the store at path,
// which is immutable while the daemon holds it open, through a copy of
// the file.
func processedInCopy(t *testing.T, path string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cp := filepath.Join(t.TempDir(), "copy.db")
	if err := os.WriteFile(cp, b, 0o600); err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(store.Config{Path: cp})
	if err != nil {
		t.Fatalf("copy of the unwritable store: %v", err)
	}
	defer st.Close()
	n := 0
	st.View(func(tx *store.Tx) error { n = tx.ProcessedCount(); return nil })
	return n
}
