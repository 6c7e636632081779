package e2e

import (
	"strings"
	"testing"
	"time"
)

func TestAccountsSTARTTLS(t *testing.T) {
	w := newWorld(t)
	p := w.newPBMD("starttls")
	p.start()
	alice := w.user("alice")
	r := alice.command("signup alice apple", 30*time.Second)
	if !strings.Contains(r.Text, "OK: ") {
		t.Fatal(r.Text)
	}
	t.Log(r.Subject, r.Text)
}
