package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/store"
)

// TestCheckAndDamagedStart: pbmd check passes a sound file and
// reports a damaged one; the daemon on a damaged file exits at once
// with a message naming the file and the way to restore a backup, not
// a Go panic.
func TestCheckAndDamagedStart(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the daemon")
	}
	bin := buildDaemon(t)
	data := filepath.Join(t.TempDir(), "pbm.db")
	st, err := store.Open(store.Config{Path: data})
	if err != nil {
		t.Fatal(err)
	}
	st.Update(func(tx *store.Tx) error { return tx.PutUser(store.User{ID: "alice"}) })
	st.Close()

	pbmd := func(args ...string) (string, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, bin, args...)
		cmd.Env = append(os.Environ(), "PBM_DATA="+data, "PBM_LMTP_LISTEN=")
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		return out.String(), err
	}
	out, err := pbmd("check")
	if err != nil || !strings.Contains(out, "consistent") || !strings.Contains(out, "users") {
		t.Fatalf("check of a sound file: %v\n%s", err, out)
	}
	// The size of each bucket: the records and the bytes of its pages.
	if !regexp.MustCompile(`(?m)^  users +1 records +[1-9][0-9]* bytes$`).MatchString(out) || !regexp.MustCompile(`(?m)^  processed +0 records +[0-9]+ bytes$`).MatchString(out) {
		t.Errorf("check does not report the size by bucket:\n%s", out)
	}
	if out, _ := pbmd("help"); !strings.Contains(out, "pbmd [-config pbm.yaml] check") {
		t.Errorf("pbmd help does not list check")
	}

	// Junk over every page after the two meta pages: the root bucket's
	// page among them.
	b, err := os.ReadFile(data)
	if err != nil {
		t.Fatal(err)
	}
	for i := 2 * 4096; i < len(b); i++ {
		b[i] = byte(i*7 + 3)
	}
	if err := os.WriteFile(data, b, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err = pbmd("check")
	var exit *exec.ExitError
	if !errors.As(err, &exit) || !strings.Contains(out, "damaged: ") {
		t.Errorf("check of a damaged file: %v\n%s", err, out)
	}
	out, err = pbmd()
	if !errors.As(err, &exit) {
		t.Fatalf("the daemon started on a damaged file: %v\n%s", err, out)
	}
	if strings.Contains(out, "panic") || strings.Contains(out, "goroutine ") {
		t.Errorf("a panic at start:\n%s", out)
	}
	if !strings.Contains(out, data) || !strings.Contains(out, "backup") || !strings.Contains(out, "pbmd check") {
		t.Errorf("the message does not name the file and the way to restore:\n%s", out)
	}
	t.Logf("start on a damaged file: %s", strings.TrimSpace(out))
}
