package pbm

import (
	"strings"
	"testing"
)

// TestCredentialCache: a second command with the same password is
// answered from the cache; a password change makes the old password
// fail at once, and a wrong password is never accepted from it.
func TestCredentialCache(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.RateLimit = 1000
	f.signup("alice")
	addr := "alice@players.test"
	ok := func(subject string) bool {
		r := f.only(f.send(addr, subject, ""), addr)
		return !strings.Contains(r.Text, "Refused")
	}
	if !ok("change address alice pw-alice alice@players.test") {
		t.Fatal("first command refused")
	}
	hits := f.s.creds.Hits()
	if !ok("change address alice pw-alice alice@players.test") {
		t.Fatal("second command refused")
	}
	if f.s.creds.Hits() != hits+1 {
		t.Fatalf("second command with the same password was not answered from the cache (hits %d -> %d)", hits, f.s.creds.Hits())
	}
	if ok("change address alice wrong alice@players.test") {
		t.Fatal("wrong password accepted")
	}
	if !ok("change password alice pw-alice pw-new") {
		t.Fatal("password change refused")
	}
	if ok("change address alice pw-alice alice@players.test") {
		t.Fatal("old password accepted after the change")
	}
	if !ok("change address alice pw-new alice@players.test") {
		t.Fatal("new password refused")
	}
}
