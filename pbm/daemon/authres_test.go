package daemon

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/store"
)

// Through the daemon, over its IMAP intake and SMTP outbox: forty
// guesses whose From failed the checks of the operator's MTA (stamped
// by it, as OpenDMARC writes the field) are answered by nothing; a
// failed verdict stamped by another host is not the MTA's, and the
// guess is answered.
func TestFailedMailAnsweredByNothing(t *testing.T) {
	cfg := testConfig(t)
	cfg.Mail.AuthServID = "mx.games.test"
	d, err := Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	h := &harness{t: t, mail: d.Local, d: d, cfg: cfg}
	alice := h.signup("alice")

	const n = 40
	for i := 0; i < n; i++ {
		p := h.player(fmt.Sprintf("forged%02d", i))
		if _, err := p.Send(fmt.Sprintf("nim limit alice guess%02d 3", i), "",
			"Authentication-Results: mx.games.test; dmarc=fail (p=reject dis=reject) header.from=example.test"); err != nil {
			t.Fatal(err)
		}
	}
	// Handled after the forty, in order; its answer is queued after
	// anything they queued.
	other := h.player("stranger")
	r := h.command(other, "nim limit alice guess 3", "",
		"Authentication-Results: mx.evil.test; dmarc=fail (p=reject dis=reject) header.from=example.test")
	if !strings.Contains(r.Text, "alice") || !strings.Contains(r.Text, "takes no password until") && !strings.Contains(r.Text, "Invalid password") {
		t.Errorf("a guess with another host's verdict: %s", r.Text)
	}
	h.command(alice, "list", "")
	// A mailbox is made by the first mail to it: none is no mail.
	if ms, err := h.mail.Messages("stranger@example.test", "INBOX"); err != nil || len(ms) != 1 {
		t.Fatalf("the stranger's mailbox: %d mails, %v", len(ms), err)
	}
	for i := 0; i < n; i++ {
		addr := fmt.Sprintf("forged%02d@example.test", i)
		if ms, _ := h.mail.Messages(addr, "INBOX"); len(ms) != 0 {
			t.Errorf("%s got %d mails", addr, len(ms))
		}
	}
	var locked bool
	d.Store.View(func(tx *store.Tx) error {
		g, err := tx.Guesses("alice")
		locked = err == nil && !g.Until.IsZero()
		return err
	})
	if !locked {
		t.Error("the forty failed guesses did not lock the account")
	}
}
