package pbm

import (
	"context"
	"strings"
	"testing"
)

// TestBatchPrefetchesPasswords: the passwords of a batch's mails are
// verified before its transaction, several at once, so that its own
// checks are answered from the cache; a wrong password in the batch is
// still refused.
func TestBatchPrefetchesPasswords(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.RateLimit = 1000
	users := []string{"alice", "bob", "carol", "dave"}
	for _, u := range users {
		f.signup(u)
	}
	hits, before := f.s.creds.Hits(), len(f.outbox())
	var raws [][]byte
	for _, u := range users[:3] {
		raws = append(raws, f.raw(u+"@players.test", "change address "+u+" pw-"+u+" "+u+"@players.test", ""))
	}
	raws = append(raws, f.raw("dave@players.test", "change address dave wrong dave@players.test", ""))
	for i, err := range f.s.HandleBatch(context.Background(), raws) {
		if err != nil {
			t.Fatalf("mail %d: %v", i, err)
		}
	}
	if got := f.s.creds.Hits() - hits; got != 3 {
		t.Errorf("%d of the 3 right passwords answered from the cache in the transaction, want 3", got)
	}
	refused := map[string]bool{}
	for _, m := range f.outboxSent()[before:] {
		refused[m.To] = strings.Contains(m.Text, "Invalid password")
	}
	for _, u := range users[:3] {
		if refused[u+"@players.test"] {
			t.Errorf("%s refused", u)
		}
	}
	if !refused["dave@players.test"] {
		t.Error("dave's wrong password was not refused")
	}
}

// credentialOf finds the userid and password of a command wherever
// the command table puts its first secret, and nothing in a line
// without one.
func TestCredentialOf(t *testing.T) {
	f := newFixture(t)
	for line, want := range map[string]string{
		"nim move 5 alice pw-a take1":              "alice pw-a",
		"change password alice old new":            "alice old",
		"signoff alice pw-a":                       "alice pw-a",
		"change address alice pw-a a@players.test": "alice pw-a",
		"help":                   "",
		"nosuchcommand alice pw": "",
		"nim move":               "",
	} {
		u, p, ok := credentialOf(f.s.cfg.Games, strings.Fields(line))
		got := ""
		if ok {
			got = u + " " + p
		}
		if got != want {
			t.Errorf("%q: %q, want %q", line, got, want)
		}
	}
}

// An automatic mail is ignored, so its password is not verified ahead:
// it costs no bcrypt. A mail past its sender's rate limit is: a valid
// password takes it through the limit (rateLimit).
func TestPrefetchSkipsIgnoredMail(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	f.signup("bob")
	f.signup("eve")
	f.s.cfg.RateLimit = 2
	f.send("eve@players.test", "help", "") // eve's second mail this hour
	entries := f.s.creds.Len()
	raws := [][]byte{
		f.raw("alice@players.test", "change address alice pw-alice alice@players.test", ""),
		f.raw("eve@players.test", "change address eve pw-eve eve@players.test", ""),
		f.raw("bob@players.test", "change address bob pw-bob bob@players.test", "", "Auto-Submitted: auto-replied"),
	}
	for i, err := range f.s.HandleBatch(context.Background(), raws) {
		if err != nil {
			t.Fatalf("mail %d: %v", i, err)
		}
	}
	if got := f.s.creds.Len() - entries; got != 2 {
		t.Errorf("%d passwords verified, want 2 (alice's and eve's; bob's mail is automatic)", got)
	}
}
