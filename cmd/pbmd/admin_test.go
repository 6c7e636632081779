package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/localmail"
	"github.com/pbmgo/pbm/pbm/player"
)

// syncBuffer is a daemon's output, read while it runs.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestAdminClaimOnHost: the daemon warns at start of a configured
// admin with no account; a stranger's claim by mail is refused;
// "pbmd admin add" writes the account with the daemon stopped, the
// password read from stdin; after it the daemon no longer warns and
// the admin's commands work by mail.
func TestAdminClaimOnHost(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the daemon")
	}
	bin, mail, dir, _ := killRig(t)
	data := filepath.Join(dir, "pbm.db")
	env := append(daemonEnv(mail, data), "PBM_ADMINS=root", "PBM_WEB_LISTEN=", "PBM_LMTP_LISTEN=")
	const warning = "admin userid has no confirmed account"
	start := func() (*exec.Cmd, *syncBuffer) {
		out := &syncBuffer{}
		cmd := exec.Command(bin)
		cmd.Env, cmd.Stdout, cmd.Stderr = env, out, out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Wait for the start line: the warnings come before it.
		for deadline := time.Now().Add(2 * time.Minute); !strings.Contains(out.String(), "pbmd started"); {
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				t.Fatalf("the daemon did not start:\n%s", out)
			}
			time.Sleep(50 * time.Millisecond)
		}
		return cmd, out
	}
	stop := func(cmd *exec.Cmd) {
		cmd.Process.Signal(syscall.SIGTERM)
		if err := cmd.Wait(); err != nil {
			t.Errorf("the daemon's exit: %v", err)
		}
	}

	cmd, out := start()
	if !strings.Contains(out.String(), warning) || !strings.Contains(out.String(), "userid=root") {
		t.Errorf("no warning of the unclaimed admin at start:\n%s", out)
	}
	stranger := &player.Player{Address: "mallory@example.test", Server: "pbm@localhost",
		SMTP: mail.SMTPAddr(), IMAP: mail.IMAPAddr(), Password: localmail.DefaultPassword}
	id, err := stranger.Send("signup root pw-mallory", "")
	if err != nil {
		t.Fatal(err)
	}
	r, err := stranger.Reply(id, 2*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(strings.Fields(r.Text), " "), "root is an admin userid here: only the operator can sign it up") {
		t.Errorf("the stranger's claim: %s", r.Text)
	}
	stop(cmd)

	// With the daemon stopped the operator writes the account.
	admin := exec.Command(bin, "admin", "add", "root", "ops@example.test")
	admin.Env, admin.Stdin = env, strings.NewReader("pw-operator\n")
	got, err := admin.CombinedOutput()
	if err != nil || !strings.Contains(string(got), "The admin account root is created") {
		t.Fatalf("pbmd admin add: %v\n%s", err, got)
	}
	if strings.Contains(string(got), "pw-operator") {
		t.Errorf("pbmd admin add shows the password:\n%s", got)
	}
	// A wrong use says how it is used and writes nothing.
	bad := exec.Command(bin, "admin", "add", "alice", "alice@example.test")
	bad.Env, bad.Stdin = env, strings.NewReader("pw\n")
	if got, err := bad.CombinedOutput(); err == nil || !strings.Contains(string(got), "not in the admins") {
		t.Errorf("pbmd admin add of a userid not an admin: %v\n%s", err, got)
	}

	cmd, out = start()
	defer stop(cmd)
	if strings.Contains(out.String(), warning) {
		t.Errorf("a warning after the claim:\n%s", out)
	}
	ops := &player.Player{Address: "ops@example.test", Server: "pbm@localhost",
		SMTP: mail.SMTPAddr(), IMAP: mail.IMAPAddr(), Password: localmail.DefaultPassword}
	id, err = ops.Send("admin root pw-operator users", "")
	if err != nil {
		t.Fatal(err)
	}
	if r, err = ops.Reply(id, 2*time.Minute); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Text, "OK: 1 accounts:") || !strings.Contains(r.Text, "ops@example.test") {
		t.Errorf("the operator's admin command: %s", r.Text)
	}
	if strings.Contains(out.String(), "pw-operator") {
		t.Errorf("the log shows the password:\n%s", out)
	}
}
