package daemon

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm"
	"github.com/pbmgo/pbm/store"
)

// startAt starts the daemon with its embedded mail servers on cfg.
func startAt(t *testing.T, cfg Config) *harness {
	t.Helper()
	d, err := Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return &harness{t: t, mail: d.Local, d: d, cfg: cfg}
}

// holds reports how data holds s: in clear, in upper case, or in
// base64 at any of the three offsets a longer base64 text may have it
// at; "" when it does not.
func holds(data []byte, s string) string {
	if bytes.Contains(data, []byte(s)) {
		return "in clear"
	}
	if bytes.Contains(data, []byte(strings.ToUpper(s))) {
		return "in upper case"
	}
	for pad := range 3 {
		enc := base64.StdEncoding.EncodeToString(append(make([]byte, pad), s...))
		if inner := enc[(pad*4+2)/3+1 : len(enc)-4]; bytes.Contains(data, []byte(inner)) {
			return "in base64"
		}
	}
	return ""
}

// drained waits until the outbox is empty, while it shrinks.
func drained(t *testing.T, st *store.Store) {
	t.Helper()
	last, since := -1, time.Now()
	for {
		var n int
		st.View(func(tx *store.Tx) error { n = tx.OutboxLen(); return nil })
		if n == 0 {
			return
		}
		if n != last {
			last, since = n, time.Now()
		} else if time.Since(since) > time.Minute {
			t.Fatalf("%d mails stay in the outbox", n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestTokenKeyOutOfTheDatabase plays a move by reply address, lets
// every mail be delivered and takes a backup: neither the database
// file nor the backup holds a reply token or the token key, in any
// form; the key is in the file beside the database, mode 0600, and
// after a restart a reply to a board mail from before still plays.
func TestTokenKeyOutOfTheDatabase(t *testing.T) {
	cfg := testConfig(t)
	h := startAt(t, cfg)
	alice, bob, root := h.signup("alice"), h.signup("bob"), h.signup("root")
	h.command(alice, "nim challenge alice pw-alice alice bob", "")
	first := latest(t, alice, "New Nim Board 101", 1)
	if r := h.answerMail(alice, first, "take1"); !strings.Contains(r.Text, "OK: alice played") {
		t.Fatalf("move by reply: %s", r.Text)
	}
	toBob := latest(t, bob, "Nim Board 101 bob", 1)
	var tokens []string
	for _, m := range []string{replyTo(first), replyTo(toBob)} {
		local, _, _ := strings.Cut(m, "@")
		tokens = append(tokens, local[strings.LastIndex(local, ".")+1:])
	}
	if len(tokens[1]) < 20 {
		t.Fatalf("no token in %q", replyTo(toBob))
	}
	// Delivered: the file as it is then, and a backup of it.
	drained(t, h.d.Store)
	if _, err := h.d.Store.Backup(filepath.Join(cfg.BackupDir, "copy.db")); err != nil {
		t.Fatal(err)
	}
	if err := h.d.Close(); err != nil {
		t.Fatal(err)
	}
	checkNoSecrets(t, cfg, tokens, cfg.Data, filepath.Join(cfg.BackupDir, "copy.db"))

	// The admin command's backup, after a restart with the same key:
	// bob answers the board mail from before.
	h2 := startAt(t, cfg)
	if r := h2.answerMail(h2.player("bob"), toBob, "take1"); !strings.Contains(r.Text, "OK: bob played") {
		t.Errorf("reply after a restart: %s", r.Text)
	}
	if r := h2.command(h2.player("root"), "admin root pw-root backup", ""); !strings.Contains(r.Text, "OK") {
		t.Fatalf("backup: %s", r.Text)
	}
	drained(t, h2.d.Store)
	if err := h2.d.Close(); err != nil {
		t.Fatal(err)
	}
	backups, _ := filepath.Glob(filepath.Join(cfg.BackupDir, "pbm-backup-*.db"))
	if len(backups) != 1 {
		t.Fatalf("backups: %v", backups)
	}
	checkNoSecrets(t, cfg, tokens, append(backups, cfg.Data)...)
	_ = root
}

// checkNoSecrets fails when a file at paths holds one of the tokens or
// the token key, in any form; the key is in the key file, mode 0600.
func checkNoSecrets(t *testing.T, cfg Config, tokens []string, paths ...string) {
	t.Helper()

	fi, err := os.Stat(cfg.Data + ".key")
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("key file mode %v, want 0600", fi.Mode().Perm())
	}
	b, _ := os.ReadFile(cfg.Data + ".key")
	keyHex := strings.TrimSpace(string(b))
	key, err := hex.DecodeString(keyHex)
	if err != nil || len(key) != 32 {
		t.Fatalf("key file %q: %v", b, err)
	}
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, tok := range tokens {
			if how := holds(data, tok); how != "" {
				t.Errorf("%s holds the reply token %s", filepath.Base(path), how)
			}
		}
		if how := holds(data, keyHex); how != "" || bytes.Contains(data, key) {
			t.Errorf("%s holds the token key (%s)", filepath.Base(path), how)
		}
		if !bytes.Contains(data, []byte("alice@example.test")) {
			t.Errorf("%s does not hold the accounts: not the database?", filepath.Base(path))
		}
	}
}

// TestTokenKeyMovedOutOfTheDatabase starts on a database whose key an
// older daemon kept inside it, beside a delivered mail's reply token
// in a freed page: the key moves into the key file, once, and neither
// it nor the token stays anywhere in the database file.
func TestTokenKeyMovedOutOfTheDatabase(t *testing.T) {
	cfg := testConfig(t)
	oldKey := hex.EncodeToString(bytes.Repeat([]byte{0xab, 0x5c}, 16))
	oldToken := "q7k2m4x9ryt3vbn6hj8wepz5ca"
	st, err := store.Open(store.Config{Path: cfg.Data})
	if err != nil {
		t.Fatal(err)
	}
	var seq uint64
	st.Update(func(tx *store.Tx) error {
		tx.PutMeta(pbm.TokenKeyMeta, oldKey)
		seq, err = tx.Enqueue(store.Mail{To: "a@x", Raw: []byte("Reply-To: <pbm+nim.1.0." + oldToken + "@localhost>\r\n\r\nx")})
		return err
	})
	st.Update(func(tx *store.Tx) error { return tx.Delivered(seq) })
	st.Close()
	data, _ := os.ReadFile(cfg.Data)
	if holds(data, oldKey) == "" || holds(data, oldToken) == "" {
		t.Fatal("the older database does not hold its key and token: the test shows nothing")
	}

	h := startAt(t, cfg)
	h.signup("alice")
	h.d.Close()
	b, err := os.ReadFile(cfg.Data + ".key")
	if err != nil || strings.TrimSpace(string(b)) != oldKey {
		t.Fatalf("key file %q (%v), want the database's key", b, err)
	}
	data, _ = os.ReadFile(cfg.Data)
	if how := holds(data, oldKey); how != "" {
		t.Errorf("the database still holds its old key %s", how)
	}
	if how := holds(data, oldToken); how != "" {
		t.Errorf("the database still holds the delivered token %s", how)
	}
	st, err = store.Open(store.Config{Path: cfg.Data})
	if err != nil {
		t.Fatal(err)
	}
	st.View(func(tx *store.Tx) error {
		if v := tx.Meta(pbm.TokenKeyMeta); v != "" {
			t.Errorf("the key is still in the database's meta")
		}
		if _, err := tx.User("alice"); err != nil {
			t.Errorf("alice: %v", err)
		}
		return nil
	})
	st.Close()
	// A second start keeps the file's key.
	h = startAt(t, cfg)
	h.d.Close()
	if b2, _ := os.ReadFile(cfg.Data + ".key"); !bytes.Equal(b, b2) {
		t.Errorf("the key file changed: %q, then %q", b, b2)
	}
}

// TestTokenKeyFromTheConfiguration: token.key (PBM_TOKEN_KEY) is used
// as it is, no key file is made; a bad one is refused without showing
// it.
func TestTokenKeyFromTheConfiguration(t *testing.T) {
	cfg := testConfig(t)
	cfg.Token.Key = strings.Repeat("5a", 32)
	h := startAt(t, cfg)
	h.signup("alice")
	h.d.Close()
	if _, err := os.Stat(cfg.Data + ".key"); err == nil {
		t.Error("a key file was made beside a configured key")
	}
	data, _ := os.ReadFile(cfg.Data)
	if holds(data, cfg.Token.Key) != "" {
		t.Error("the database holds the configured key")
	}
	cfg.Token.Key = "not-hex-secret-value"
	if _, err := Start(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "token.key") || strings.Contains(err.Error(), cfg.Token.Key) {
		t.Errorf("bad token.key: %v", err)
	}
}
