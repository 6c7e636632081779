package pbm

import (
	"strings"
	"testing"
)

// On a new install nobody can become the admin by mail: a stranger's
// claim is refused, a claim from the configured address gives no admin
// power until that address confirms it, and the operator's way on the
// host takes the userid back whatever happened by mail.
func TestAdminClaim(t *testing.T) {
	f := newFixture(t)
	if ids, err := f.s.UnclaimedAdmins(); err != nil || len(ids) != 1 || ids[0] != "root" {
		t.Fatalf("unclaimed admins on a new install: %v %v", ids, err)
	}
	r := f.only(f.send("mallory@evil.test", "signup root pw-mallory", ""), "mallory@evil.test")
	if !strings.Contains(flat(r.Text), "Refused: root is an admin userid here: only the operator can sign it up") {
		t.Errorf("stranger's claim: %s", r.Text)
	}
	r = f.only(f.send("mallory@evil.test", "signup ROOT pw-mallory root@players.test", ""), "mallory@evil.test")
	if !strings.Contains(r.Text, "Refused") {
		t.Errorf("stranger's claim for the configured address: %s", r.Text)
	}
	r = f.only(f.send("mallory@evil.test", "admin root pw-mallory users", ""), "mallory@evil.test")
	if !strings.Contains(r.Text, "Refused") || strings.Contains(r.Text, "accounts:") {
		t.Errorf("admin after a refused claim: %s", r.Text)
	}
	// A forged From of the configured address: the claim is taken,
	// but the answer (its confirmation) goes to the real mailbox, and
	// without it the account runs no admin command.
	mails := f.send("root@players.test", "signup root pw-forger", "")
	claim := f.only(mails, "root@players.test")
	if !strings.Contains(flat(claim.Text), "This is an admin account: it runs no admin command until its address is confirmed") {
		t.Errorf("claim: %s", claim.Text)
	}
	r = f.only(f.send("mallory@evil.test", "admin root pw-forger users", ""), "mallory@evil.test")
	if !strings.Contains(flat(r.Text), "Refused: The admin account root has no confirmed address yet") {
		t.Errorf("admin before the confirmation: %s", r.Text)
	}
	reply := claim.Header.Get("Reply-To")
	r = f.only(f.send("mallory@evil.test", "Re: claim", "yes", "Cc: "+reply), "mallory@evil.test")
	if !strings.Contains(r.Text, "Refused: This confirmation is not valid") {
		t.Errorf("confirmation from the forger's address: %s", r.Text)
	}
	if ids, _ := f.s.UnclaimedAdmins(); len(ids) != 1 {
		t.Errorf("an unconfirmed claim counts as claimed: %v", ids)
	}
	// The operator writes the account on the host: the forger's
	// password is gone, the operator's works.
	existed, err := f.s.CreateAdmin("root", "pw-operator", []string{"root@players.test"})
	if err != nil || !existed {
		t.Fatalf("create admin: %v %v", existed, err)
	}
	if ids, _ := f.s.UnclaimedAdmins(); len(ids) != 0 {
		t.Errorf("unclaimed after CreateAdmin: %v", ids)
	}
	r = f.only(f.send("mallory@evil.test", "admin root pw-forger users", ""), "mallory@evil.test")
	if strings.Contains(r.Text, "accounts:") {
		t.Errorf("the forger's password still works: %s", r.Text)
	}
	r = f.only(f.send("root@players.test", "admin root pw-operator users", ""), "root@players.test")
	if !strings.Contains(r.Text, "OK: 1 accounts:") {
		t.Errorf("the operator's admin: %s", r.Text)
	}
	// CreateAdmin is for configured admins, with a usable password and
	// address, and says what is wrong otherwise.
	for _, c := range []struct{ id, pw, addr, want string }{
		{"alice", "pw", "alice@players.test", "not in the admins"},
		{"root", "", "root@players.test", "password is empty"},
		{"root", "pw", "not an address", "is not a mail address"},
	} {
		if _, err := f.s.CreateAdmin(c.id, c.pw, []string{c.addr}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("CreateAdmin(%q, %q, %q): %v, want %q", c.id, c.pw, c.addr, err, c.want)
		}
	}
}

// A claim from the configured address, confirmed by its reply, is the
// admin.
func TestAdminClaimConfirmedByReply(t *testing.T) {
	f := newFixture(t)
	f.signup("root") // signs up and answers the confirmation
	r := f.only(f.send("root@players.test", "admin root pw-root users", ""), "root@players.test")
	if !strings.Contains(r.Text, "OK: 1 accounts:") {
		t.Errorf("admin after the confirmed claim: %s", r.Text)
	}
	if ids, _ := f.s.UnclaimedAdmins(); len(ids) != 0 {
		t.Errorf("unclaimed: %v", ids)
	}
}
