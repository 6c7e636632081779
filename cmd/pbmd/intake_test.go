package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestStartRefusesARealServerWithoutIntake runs the binary: with a real
// mail server configured (smtp.host, or an IMAP login) but neither
// imap.host nor lmtp.listen it refuses to start, names the keys and
// creates no database; with no configuration at all it starts its
// embedded mail servers, as the README's first command does.
func TestStartRefusesARealServerWithoutIntake(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the pbmd binary")
	}
	bin := buildDaemon(t)
	base := func(dir string) []string {
		var env []string
		for _, kv := range os.Environ() {
			if !strings.HasPrefix(kv, "PBM_") {
				env = append(env, kv)
			}
		}
		// Ports of their own, so that parallel runs do not meet.
		return append(env, "PBM_EMBEDDED_IMAP=127.0.0.1:0", "PBM_EMBEDDED_SMTP=127.0.0.1:0", "PBM_WEB_LISTEN=127.0.0.1:0")
	}
	for _, c := range []struct {
		env  []string
		want []string
	}{
		{[]string{"PBM_SMTP_HOST=mail.example.test"}, []string{"smtp.host", "imap.host", "lmtp.listen"}},
		{[]string{"PBM_SMTP_HOST=mail.example.test", "PBM_SMTP_USERNAME=pbm", "PBM_SMTP_PASSWORD=hunter2"}, []string{"smtp.host, smtp.username, smtp.password"}},
		{[]string{"PBM_IMAP_USERNAME=pbm@example.test"}, []string{"imap.username", "imap.host"}},
	} {
		dir := t.TempDir()
		cmd := exec.Command(bin)
		cmd.Dir, cmd.Env = dir, append(base(dir), c.env...)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		done := make(chan error, 1)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		go func() { done <- cmd.Wait() }()
		var err error
		select {
		case err = <-done:
		case <-time.After(2 * time.Minute):
			cmd.Process.Kill()
			<-done
			t.Fatalf("%v: pbmd did not refuse to start:\n%s", c.env, out.String())
		}
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() == 0 {
			t.Errorf("%v: pbmd ended with %v, want a failure", c.env, err)
		}
		for _, w := range c.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%v: the refusal does not name %s:\n%s", c.env, w, out.String())
			}
		}
		if strings.Contains(out.String(), "hunter2") {
			t.Errorf("the refusal shows the password:\n%s", out.String())
		}
		if strings.Contains(out.String(), `msg="embedded mail servers"`) {
			t.Errorf("%v: the embedded servers started:\n%s", c.env, out.String())
		}
		if _, err := os.Stat(filepath.Join(dir, "pbm.db")); err == nil {
			t.Errorf("%v: a database was created", c.env)
		}
	}

	// No configuration: the embedded servers start.
	dir := t.TempDir()
	logPath := filepath.Join(dir, "out.log")
	logf, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	defer logf.Close()
	cmd := exec.Command(bin)
	cmd.Dir, cmd.Env = dir, base(dir)
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	defer func() {
		cmd.Process.Signal(syscall.SIGTERM)
		<-done
	}()
	// Wait while the process lives: a slow machine only delays it.
	for {
		b, _ := os.ReadFile(logPath)
		if strings.Contains(string(b), "pbmd started") {
			if !strings.Contains(string(b), `msg="embedded mail servers"`) {
				t.Errorf("no embedded servers:\n%s", b)
			}
			return
		}
		select {
		case err := <-done:
			done <- err
			t.Fatalf("pbmd with no configuration ended: %v\n%s", err, b)
		case <-time.After(100 * time.Millisecond):
		}
	}
}
