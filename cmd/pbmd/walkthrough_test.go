package main

import (
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// freeAddr finds a free loopback port.
func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// runScript starts the daemon binary with its embedded mail servers,
// as "go run ./cmd/pbmd" does on a fresh machine, and plays a script
// with Python's smtplib and imaplib.
func runScript(t *testing.T, script string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the daemon")
	}
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed")
	}
	bin := buildDaemon(t)
	dir := t.TempDir()
	imapAddr, smtpAddr := freeAddr(t), freeAddr(t)
	cmd := exec.Command(bin)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PBM_EMBEDDED_IMAP="+imapAddr, "PBM_EMBEDDED_SMTP="+smtpAddr,
		"PBM_IMAP_POLL=1s", "PBM_SMTP_POLL=1s")
	logf, _ := os.Create(filepath.Join(dir, "pbmd.log"))
	defer logf.Close()
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	for deadline := time.Now().Add(30 * time.Second); ; {
		if c, err := net.Dial("tcp", smtpAddr); err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the daemon's embedded SMTP server did not come up")
		}
		time.Sleep(50 * time.Millisecond)
	}
	out, err := exec.Command(python, "testdata/mailscript.py", smtpAddr, imapAddr, "pbm@localhost", script).CombinedOutput()
	t.Logf("%s", out)
	if err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "pbmd.log"))
		t.Fatalf("%s: %v\n%s", script, err, tail(string(log), 4000))
	}
}

func TestWalkthroughAccounts(t *testing.T) {
	runScript(t, "testdata/accounts.script")
}
