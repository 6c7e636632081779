package e2e

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/daemon"
)

// inproc is the daemon run in the test process (pbm/daemon, as pbmd
// runs it), against the world's Dovecot over implicit TLS and its
// smarthost over STARTTLS. Unlike the binary it takes short retry
// waits: the SMTP retry and the intake's backoff are not configuration
// keys of pbmd.
type inproc struct {
	*daemon.Daemon
	cfg     daemon.Config
	logPath string
}

func (w *world) startDaemon(t *testing.T) *inproc {
	t.Helper()
	dir := t.TempDir()
	var cfg daemon.Config
	cfg.Data = filepath.Join(dir, "pbm.db")
	cfg.BackupDir = dir
	cfg.Admins = []string{"root"}
	cfg.Server.Address, cfg.Server.Name = serverAddress, "PBM e2e"
	host, port := splitHostPort(t, w.d.imapsAddr)
	cfg.IMAP.Host, cfg.IMAP.TLS, cfg.IMAP.CAFile = host, "tls", w.d.caFile
	cfg.IMAP.Port, _ = strconv.Atoi(port)
	cfg.IMAP.Username, cfg.IMAP.Password = serverAddress, mailPassword
	cfg.IMAP.Poll = 2 * time.Second
	host, port = splitHostPort(t, w.smarthost.addr)
	cfg.SMTP.Host, cfg.SMTP.TLS, cfg.SMTP.CAFile = host, "starttls", w.d.caFile
	cfg.SMTP.Port, _ = strconv.Atoi(port)
	cfg.SMTP.Helo = "e2e.test"
	cfg.SMTP.Poll = 200 * time.Millisecond
	cfg.Games = engine.NewRegistry()
	cfg.BcryptCost = bcrypt.MinCost
	cfg.Retry = []time.Duration{200 * time.Millisecond}
	cfg.Backoff = 100 * time.Millisecond
	logPath := filepath.Join(dir, "pbmd.log")
	logf, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Logger = slog.New(slog.NewTextHandler(logf, nil))
	d, err := daemon.Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	p := &inproc{Daemon: d, cfg: cfg, logPath: logPath}
	t.Cleanup(func() {
		d.Close()
		if t.Failed() {
			t.Logf("daemon log (tail):\n%s", tail(p.logText(), 4000))
		}
		logf.Close()
	})
	return p
}

func (p *inproc) logText() string {
	b, _ := os.ReadFile(p.logPath)
	return string(b)
}
