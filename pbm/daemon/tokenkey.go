package daemon

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"github.com/pbmgo/pbm/pbm"
	"github.com/pbmgo/pbm/store"
)

// The key of the reply tokens lives outside the database, so that a
// copy of pbm.db or of a backup does not let anyone answer as a
// player: token.key (PBM_TOKEN_KEY) when set, else the file beside the
// database (its path with ".key"), made with mode 0600 at the first
// start. A key that an older daemon kept in the database is moved into
// that file once, removed from the database, and the file compacted so
// that no freed page holds it any more. The same key, through an HMAC,
// seals the outbox's mails (sealKey, store.Store.SetSealKey).

// keyFile is the path of the token key beside the database.
func keyFile(cfg Config) string { return cfg.Data + ".key" }

// OpenStore opens the database of cfg as the daemon does, with the seal
// key, so that a subcommand or a test run beside a stopped daemon can
// read the sealed outbox and set-aside mails; it makes the key file if
// there is none yet.
func OpenStore(cfg Config, log *slog.Logger) (*store.Store, error) {
	st, _, err := openStore(cfg, log)
	return st, err
}

// openStore opens the database with the token key: it returns the
// store, its outbox sealed, and the key for the core.
func openStore(cfg Config, log *slog.Logger) (*store.Store, []byte, error) {
	key, from, err := configuredKey(cfg)
	if err != nil {
		return nil, nil, err
	}
	st, err := store.Open(store.Config{Path: cfg.Data})
	if err != nil {
		return nil, nil, err
	}
	var old string
	st.View(func(tx *store.Tx) error { old = tx.Meta(pbm.TokenKeyMeta); return nil })
	if old != "" {
		if st, key, err = moveKey(cfg, st, key, from, old, log); err != nil {
			return nil, nil, err
		}
	}
	if key == nil {
		key = make([]byte, 32)
		rand.Read(key)
		if err := writeKeyFile(keyFile(cfg), key); err != nil {
			st.Close()
			return nil, nil, err
		}
		log.Info("made the token key; back it up beside the database", "file", keyFile(cfg))
	}
	if err := st.SetSealKey(sealKey(key)); err != nil {
		st.Close()
		return nil, nil, err
	}
	return st, key, nil
}

// configuredKey is the key of token.key or of the key file, and where
// it came from; nil when there is neither.
func configuredKey(cfg Config) (key []byte, from string, err error) {
	if v := strings.TrimSpace(cfg.Token.Key); v != "" {
		// The value is a secret: no error shows it.
		k, err := hex.DecodeString(v)
		if err != nil || len(k) < 16 {
			return nil, "", errors.New("daemon: token.key (PBM_TOKEN_KEY) must be 32 to 128 hex digits")
		}
		return k, "token.key", nil
	}
	path := keyFile(cfg)
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, "", nil
	} else if err != nil {
		return nil, "", fmt.Errorf("daemon: token key: %w", err)
	}
	k, err := hex.DecodeString(strings.TrimSpace(string(b)))
	if err != nil || len(k) < 16 {
		return nil, "", fmt.Errorf("daemon: token key file %s: want 32 to 128 hex digits", path)
	}
	return k, path, nil
}

// moveKey takes the key an older daemon kept in the database out of
// it: into the key file unless a key is configured, then out of the
// database, whose freed pages are dropped by a compaction. It returns
// the store opened again and the key in use.
func moveKey(cfg Config, st *store.Store, key []byte, from, old string, log *slog.Logger) (*store.Store, []byte, error) {
	fail := func(err error) (*store.Store, []byte, error) { st.Close(); return nil, nil, err }
	dbKey, err := hex.DecodeString(old)
	if err != nil {
		return fail(fmt.Errorf("daemon: the token key in %s is not hex", cfg.Data))
	}
	switch {
	case key == nil:
		if err := writeKeyFile(keyFile(cfg), dbKey); err != nil {
			return fail(err)
		}
		key, from = dbKey, keyFile(cfg)
	case !bytes.Equal(key, dbKey):
		log.Warn("the database held another token key than the one configured: the configured one is used, reply addresses mailed before are refused", "key", from)
	}
	if err := st.Update(func(tx *store.Tx) error { return tx.DeleteMeta(pbm.TokenKeyMeta) }); err != nil {
		return fail(fmt.Errorf("daemon: removing the token key from %s: %w", cfg.Data, err))
	}
	if err := st.Close(); err != nil {
		return nil, nil, err
	}
	if err := store.Compact(cfg.Data); err != nil {
		return nil, nil, err
	}
	log.Info("moved the token key out of the database; backups made before still hold it", "key", from, "data", cfg.Data)
	st, err = store.Open(store.Config{Path: cfg.Data})
	if err != nil {
		return nil, nil, err
	}
	return st, key, nil
}

// writeKeyFile creates the key file, mode 0600, and fails when one is
// there: a key is never replaced. It is on disk before it is used.
func writeKeyFile(path string, key []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return fmt.Errorf("daemon: token key: %w", err)
	}
	_, err = fmt.Fprintln(f, hex.EncodeToString(key))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		if d, derr := os.Open(filepath.Dir(path)); derr == nil {
			err = d.Sync()
			d.Close()
		}
	}
	if err != nil {
		os.Remove(path)
		return fmt.Errorf("daemon: token key %s: %w", path, err)
	}
	return nil
}

// sealKey is the key that seals the outbox's mails, derived from the
// token key so that one file holds both.
func sealKey(key []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("pbm outbox seal"))
	return m.Sum(nil)
}
