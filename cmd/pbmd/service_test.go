package main

import (
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestServiceUnit checks the systemd unit kept beside the daemon: a
// dedicated user, its state directory, a restart on failure and the
// sandbox; and, where systemd-analyze is installed, that systemd
// accepts it (the binary's path replaced by one that exists here).
func TestServiceUnit(t *testing.T) {
	b, err := os.ReadFile("pbmd.service")
	if err != nil {
		t.Fatal(err)
	}
	unit := string(b)
	for _, want := range []string{
		"\nUser=pbm\n", "\nStateDirectory=pbm\n", "\nRestart=on-failure\n",
		"\nExecStart=/usr/local/bin/pbmd -config /etc/pbm/pbm.yaml\n",
		"\nType=notify\n", "\nExecStartPost=-/usr/sbin/postqueue -f\n",
		"\nNoNewPrivileges=yes\n", "\nProtectSystem=strict\n", "\nProtectHome=yes\n",
		"\nPrivateTmp=yes\n", "\nCapabilityBoundingSet=\n", "\nStandardOutput=journal\n", "\nStandardError=journal\n",
	} {
		if !strings.Contains(unit, want) {
			t.Errorf("pbmd.service lacks %q", strings.TrimSpace(want))
		}
	}
	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil {
		t.Log("systemd-analyze is not installed: the unit is not verified")
		return
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "pbmd.service")
	if err := os.WriteFile(path, []byte(strings.ReplaceAll(unit, "/usr/local/bin/pbmd", self)), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(analyze, "verify", path).CombinedOutput()
	if err != nil || strings.Contains(string(out), "pbmd.service") {
		t.Errorf("systemd-analyze verify: %v\n%s", err, out)
	}
}

// TestNotifyReady runs the binary as systemd runs it under
// Type=notify: READY=1 comes on $NOTIFY_SOCKET once the LMTP intake
// answers, so that the unit's ExecStartPost (postqueue -f) finds it.
func TestNotifyReady(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the pbmd binary")
	}
	bin := buildDaemon(t)
	dir := t.TempDir()
	notify := filepath.Join(dir, "notify.sock")
	conn, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: notify, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	lmtpSock := filepath.Join(dir, "lmtp.sock")
	cmd := exec.Command(bin)
	cmd.Dir = dir
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PBM_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, "NOTIFY_SOCKET="+notify, "PBM_LMTP_LISTEN="+lmtpSock,
		"PBM_EMBEDDED_IMAP=127.0.0.1:0", "PBM_EMBEDDED_SMTP=127.0.0.1:0", "PBM_WEB_LISTEN=")
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer func() { cmd.Process.Signal(syscall.SIGTERM); <-exited }()
	got := make(chan string, 1)
	go func() {
		buf := make([]byte, 4096)
		n, _, err := conn.ReadFromUnix(buf)
		if err == nil {
			got <- string(buf[:n])
		}
	}()
	select {
	case msg := <-got:
		if !strings.Contains(msg, "READY=1") {
			t.Errorf("notification %q, want READY=1", msg)
		}
		c, err := net.Dial("unix", lmtpSock)
		if err != nil {
			t.Fatalf("READY=1 came before the LMTP socket answers: %v", err)
		}
		c.Close()
	case err := <-exited:
		exited <- err
		t.Fatalf("pbmd ended before it was ready: %v\n%s", err, out.String())
	case <-time.After(2 * time.Minute):
		t.Fatalf("no READY=1 from pbmd:\n%s", out.String())
	}
}
