package main

import (
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/pbmgo/pbm/pbm/localmail"
	"github.com/pbmgo/pbm/pbm/player"
	"github.com/pbmgo/pbm/store"
)

// buildDaemon compiles pbmd into a temporary directory.
func buildDaemon(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "pbmd")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// daemonEnv configures pbmd through PBM_* variables for the given
// mail servers.
func daemonEnv(mail *localmail.Server, data string) []string {
	imapHost, imapPort, _ := strings.Cut(mail.IMAPAddr(), ":")
	smtpHost, smtpPort, _ := strings.Cut(mail.SMTPAddr(), ":")
	return append(os.Environ(),
		// No web site unless a test asks for one (a later
		// PBM_WEB_LISTEN wins): daemons of tests run side by side
		// must not contend for one port, and one that cannot listen
		// does not start.
		"PBM_WEB_LISTEN=",
		"PBM_DATA="+data,
		"PBM_SERVER_ADDRESS=pbm@localhost",
		"PBM_IMAP_HOST="+imapHost, "PBM_IMAP_PORT="+imapPort, "PBM_IMAP_TLS=none",
		"PBM_IMAP_USERNAME=pbm@localhost", "PBM_IMAP_PASSWORD="+localmail.DefaultPassword,
		"PBM_IMAP_POLL=300ms",
		"PBM_SMTP_HOST="+smtpHost, "PBM_SMTP_PORT="+smtpPort, "PBM_SMTP_TLS=none",
		"PBM_SMTP_POLL=200ms",
	)
}

// killRig is what every kill test starts from: the daemon binary, the
// embedded mail servers it uses, a directory for its data and the file
// its log goes to, all ended when the test ends.
func killRig(t *testing.T) (bin string, mail *localmail.Server, dir string, logf *os.File) {
	t.Helper()
	bin = buildDaemon(t)
	mail, err := localmail.Start(localmail.Config{IMAPAddr: "127.0.0.1:0", SMTPAddr: "127.0.0.1:0",
		ServerAddress: "pbm@localhost", Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mail.Close() })
	dir = t.TempDir()
	logf, err = os.Create(filepath.Join(dir, "pbmd.log"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { logf.Close() })
	return bin, mail, dir, logf
}

// TestCrashExactlyOnce kills the daemon with SIGKILL again and again
// while it works through a run of mails, restarting it each time. Each
// user changes its password along a chain p0 -> p1 -> ...: a mail
// applied twice would be refused the second time (its old password is
// gone), and a mail lost would break the chain.
func TestCrashExactlyOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills the daemon")
	}
	bin, mail, dir, logf := killRig(t)
	data := filepath.Join(dir, "pbm.db")

	const users, chain = 5, 9 // 5 signups + 45 password changes
	type sentMail struct {
		p  *player.Player
		id string
	}
	var sent []sentMail
	players := make([]*player.Player, users)
	for u := range players {
		players[u] = &player.Player{Address: fmt.Sprintf("u%d@example.test", u), Server: "pbm@localhost",
			SMTP: mail.SMTPAddr(), IMAP: mail.IMAPAddr(), Password: localmail.DefaultPassword}
	}
	for u, p := range players {
		id, err := p.Send(fmt.Sprintf("signup user%d p0", u), "")
		if err != nil {
			t.Fatal(err)
		}
		sent = append(sent, sentMail{p, id})
	}
	for k := 1; k <= chain; k++ {
		for u, p := range players {
			id, err := p.Send(fmt.Sprintf("change password user%d p%d p%d", u, k-1, k), "")
			if err != nil {
				t.Fatal(err)
			}
			sent = append(sent, sentMail{p, id})
		}
	}

	start := func() *exec.Cmd {
		cmd := exec.Command(bin)
		cmd.Dir = dir
		cmd.Env = daemonEnv(mail, data)
		cmd.Stdout, cmd.Stderr = logf, logf
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		return cmd
	}
	replied := func() int {
		n := 0
		for _, p := range players {
			ms, _ := p.Mails()
			n += len(ms)
		}
		return n
	}
	r := rand.New(rand.NewPCG(1, 2))
	kills := 0
	cmd := start()
	deadline := time.Now().Add(3 * time.Minute)
	for kills < 8 && replied() < len(sent) && time.Now().Before(deadline) {
		time.Sleep(time.Duration(150+r.IntN(500)) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		kills++
		cmd = start()
	}
	defer func() {
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
	}()

	// The backlog left after the last kill drains at the machine's
	// pace: wait while replies still arrive, and fail only when none
	// came for two minutes.
	last, since := -1, time.Now()
	for n := replied(); n < len(sent); n = replied() {
		if n != last {
			last, since = n, time.Now()
		} else if time.Since(since) > 2*time.Minute {
			t.Errorf("no reply for 2m: %d of %d mails answered", n, len(sent))
			break
		}
		time.Sleep(200 * time.Millisecond)
	}

	// Every mail gets exactly one reply (a resend after a crash is the
	// same mail, with the same Message-ID), and every reply is an OK.
	lost, doubled, refused := 0, 0, 0
	for _, s := range sent {
		var replies map[string]player.Mail
		_, err := s.p.Await(10*time.Second, func(ms []player.Mail) bool {
			replies = map[string]player.Mail{}
			for _, m := range ms {
				if m.InReplyTo == s.id {
					replies[m.MessageID] = m
				}
			}
			return len(replies) > 0
		})
		if err != nil {
			lost++
			continue
		}
		if len(replies) > 1 {
			doubled++
		}
		for _, m := range replies {
			if !strings.Contains(m.Text, "OK: ") || strings.Contains(m.Text, "Refused") {
				refused++
				t.Errorf("reply to %s: %s", s.id, m.Text)
			}
		}
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	st, err := store.Open(store.Config{Path: data})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	st.View(func(tx *store.Tx) error {
		for u := range players {
			usr, err := tx.User(fmt.Sprintf("user%d", u))
			if err != nil {
				t.Errorf("user%d: %v", u, err)
				continue
			}
			if bcrypt.CompareHashAndPassword(usr.Hash, []byte(fmt.Sprintf("p%d", chain))) != nil {
				t.Errorf("user%d does not have the last password of the chain", u)
			}
		}
		return nil
	})
	logText, _ := os.ReadFile(filepath.Join(dir, "pbmd.log"))
	t.Logf("crash test: mails %d, kills %d, redelivered and recognised %d, replies lost %d, mails applied twice %d, refused %d",
		len(sent), kills, strings.Count(string(logText), "outcome=duplicate"), lost, doubled, refused)
	if lost+doubled+refused > 0 || kills == 0 {
		log, _ := os.ReadFile(filepath.Join(dir, "pbmd.log"))
		t.Errorf("lost %d doubled %d refused %d kills %d\n%s", lost, doubled, refused, kills, tail(string(log), 3000))
	}
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}
