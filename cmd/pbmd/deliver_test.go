package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/daemon"
	"github.com/pbmgo/pbm/pbm/lmtp"
	"github.com/pbmgo/pbm/pbm/localmail"
	"github.com/pbmgo/pbm/pbm/player"
	"github.com/pbmgo/pbm/store"
)

// pipe runs "pbmd deliver" with the mail on stdin, as an MTA runs a
// pipe command, and returns its exit code and stderr.
func pipe(t *testing.T, bin, socket string, mail string, env ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(bin, "deliver")
	cmd.Dir = t.TempDir()
	cmd.Env = append(os.Environ(), "PBM_LMTP_LISTEN="+socket, "PBM_SERVER_ADDRESS=pbm@localhost")
	cmd.Env = append(cmd.Env, env...)
	cmd.Stdin = strings.NewReader(mail)
	var stderr bytes.Buffer
	cmd.Stderr, cmd.Stdout = &stderr, io.Discard
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode(), stderr.String()
	} else if err != nil {
		t.Fatal(err)
	}
	return 0, stderr.String()
}

// TestDeliverPipe runs "pbmd deliver" against a running daemon: 0
// once committed, a second delivery of the same mail applied once, 65
// for an unreadable or oversize mail, 75 when the daemon answers 4xx or
// is down.
func TestDeliverPipe(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the pbmd binary")
	}
	bin := buildDaemon(t)
	socket := filepath.Join(t.TempDir(), "lmtp.sock")
	var cfg daemon.Config
	cfg.Data = filepath.Join(t.TempDir(), "pbm.db")
	cfg.Server.Address, cfg.Server.Name = "pbm@localhost", "Test"
	cfg.IMAP.Poll, cfg.SMTP.Poll = time.Second, 100*time.Millisecond
	cfg.Embedded.IMAP, cfg.Embedded.SMTP = "127.0.0.1:0", "127.0.0.1:0"
	cfg.LMTP.Listen = socket
	cfg.Games = engine.NewRegistry(games()...)
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	cfg.BcryptCost = bcrypt.MinCost
	cfg.RateLimit = 1000
	d, err := daemon.Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	alice := &player.Player{Address: "alice@example.test", Server: "pbm@localhost",
		SMTP: d.Local.SMTPAddr(), IMAP: d.Local.IMAPAddr(), Password: localmail.DefaultPassword}

	// As Postfix's local(8) hands it to a command in /etc/aliases: an
	// mbox From line first, LF line ends.
	signup := "From alice@example.test  Wed Dec  2 12:00:00 2026\n" +
		"From: alice@example.test\nTo: pbm@localhost\nSubject: signup alice apple\nMessage-ID: <pipe-1@example.test>\n\nhi\n"
	for i := 0; i < 2; i++ {
		if code, msg := pipe(t, bin, socket, signup, "SENDER=alice@example.test"); code != 0 {
			t.Fatalf("delivery %d: exit %d: %s", i+1, code, msg)
		}
	}
	if r, err := alice.Reply("pipe-1@example.test", 20*time.Second); err != nil {
		t.Fatal(err)
	} else if !strings.Contains(r.Text, "OK: Welcome") {
		t.Errorf("reply: %s", r.Text)
	}

	unreadable := "this is no mail\x00"
	if code, msg := pipe(t, bin, socket, unreadable); code != 65 || strings.Count(msg, "\n") != 1 || !strings.Contains(msg, "550") {
		t.Errorf("unreadable mail: exit %d, %q; want 65 and one line with the 550", code, msg)
	}
	big := "From: alice@example.test\nSubject: help\nMessage-ID: <pipe-big@example.test>\n\n" + strings.Repeat("x\n", 5000)
	if code, msg := pipe(t, bin, socket, big, "PBM_LMTP_MAXSIZE=4096"); code != 65 || !strings.Contains(msg, "larger than") {
		t.Errorf("oversize mail: exit %d, %q; want 65", code, msg)
	}
	if code, msg := pipe(t, bin, socket, big); code != 0 {
		t.Errorf("a mail under the daemon's limit: exit %d, %q", code, msg)
	}
	if code, msg := pipe(t, bin, socket, ""); code != 65 {
		t.Errorf("empty mail: exit %d, %q; want 65", code, msg)
	}
	if code, msg := pipe(t, bin, "", signup); code != 75 || !strings.Contains(msg, "lmtp.listen") {
		t.Errorf("no socket configured: exit %d, %q; want 75", code, msg)
	}

	// The mail was applied once: signup and the big help, once each.
	ms, err := alice.Mails()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(ms); n != 2 {
		t.Errorf("alice has %d mails, want 2 (the signup's reply once, help)", n)
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(store.Config{Path: cfg.Data})
	if err != nil {
		t.Fatal(err)
	}
	var processed int
	st.View(func(tx *store.Tx) error { processed = tx.ProcessedCount(); return nil })
	st.Close()
	if processed != 2 {
		t.Errorf("%d mails recorded, want 2", processed)
	}

	// The daemon is down: its socket is gone.
	second := strings.Replace(signup, "pipe-1", "pipe-2", 1)
	if code, msg := pipe(t, bin, socket, second); code != 75 || strings.Count(msg, "\n") != 1 {
		t.Errorf("daemon down: exit %d, %q; want 75 and one line", code, msg)
	}
	// A server that answers 451 (it cannot store the mail).
	s, err := lmtp.Listen(lmtp.Config{Listen: socket, Logger: cfg.Logger, Handler: func(context.Context, []byte) error {
		return fmt.Errorf("store: disk full")
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if code, msg := pipe(t, bin, socket, second); code != 75 || !strings.Contains(msg, "451") {
		t.Errorf("451: exit %d, %q; want 75", code, msg)
	}
}

// TestDeliverConfigFailuresKeepTheMail: every failure of "pbmd deliver"
// that is not the mail's own fault exits 75 (EX_TEMPFAIL), so that the
// MTA keeps the mail: a configuration file missing, unreadable (as the
// README's install makes it 0640 and an /etc/aliases pipe runs as
// nobody), not YAML, with an unknown key or a bad value; a bad command
// line; no daemon at the socket.
func TestDeliverConfigFailuresKeepTheMail(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the pbmd binary")
	}
	// A directory every user can enter, for the run as nobody.
	dir, err := os.MkdirTemp("", "pbm-deliver-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	os.Chmod(dir, 0o755)
	bin := filepath.Join(dir, "pbmd")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	socket := filepath.Join(dir, "none.sock")
	good := "lmtp:\n  listen: " + socket + "\n"
	write := func(name, text string, mode os.FileMode) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), mode); err != nil {
			t.Fatal(err)
		}
		os.Chmod(path, mode)
		return path
	}
	mail := "From: alice@example.test\nTo: pbm@localhost\nSubject: help\nMessage-ID: <cfg-1@example.test>\n\nhi\n"
	run := func(asNobody bool, args ...string) (int, string) {
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		for _, kv := range os.Environ() {
			if !strings.HasPrefix(kv, "PBM_") {
				cmd.Env = append(cmd.Env, kv)
			}
		}
		if asNobody {
			cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		}
		cmd.Stdin = strings.NewReader(mail)
		var stderr bytes.Buffer
		cmd.Stderr, cmd.Stdout = &stderr, io.Discard
		err := cmd.Run()
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return exit.ExitCode(), stderr.String()
		} else if err != nil {
			t.Fatal(err)
		}
		return 0, stderr.String()
	}
	unreadable := write("unreadable.yaml", good, 0o600)
	if os.Geteuid() != 0 {
		os.Chmod(unreadable, 0o000)
	}
	for _, c := range []struct {
		name   string
		nobody bool
		args   []string
		want   string // in stderr
	}{
		{"missing", false, []string{"-config", filepath.Join(dir, "absent.yaml"), "deliver"}, "absent.yaml"},
		{"unreadable", os.Geteuid() == 0, []string{"-config", unreadable, "deliver"}, "permission denied"},
		{"not YAML", false, []string{"-config", write("bad.yaml", "lmtp: [\n  listen", 0o644), "deliver"}, "bad.yaml"},
		{"unknown key", false, []string{"-config", write("key.yaml", good+"lmpt:\n  listen: x\n", 0o644), "deliver"}, "lmpt"},
		{"bad value", false, []string{"-config", write("value.yaml", good+"  maxsize: lots\n", 0o644), "deliver"}, "maxsize"},
		{"bad log level", false, []string{"-config", write("level.yaml", good+"log:\n  level: loud\n", 0o644), "deliver"}, "log.level"},
		{"bad flag", false, []string{"-confg", "x", "deliver"}, "confg"},
		{"too many arguments", false, []string{"-config", write("good.yaml", good, 0o644), "deliver", "a@b", "c@d"}, "usage"},
		{"no daemon", false, []string{"-config", filepath.Join(dir, "good.yaml"), "deliver"}, "not reachable"},
	} {
		code, msg := run(c.nobody, c.args...)
		if code != 75 || !strings.Contains(msg, c.want) {
			t.Errorf("%s: exit %d, %q; want 75 and %q", c.name, code, msg, c.want)
		}
	}
	// The same unreadable file read by its owner works up to the
	// socket: the failure above was the permission.
	if code, msg := run(false, "-config", unreadable, "deliver"); os.Geteuid() == 0 && (code != 75 || !strings.Contains(msg, "not reachable")) {
		t.Errorf("readable config: exit %d, %q; want 75, the daemon not reachable", code, msg)
	}
}
