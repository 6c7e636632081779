package store

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Compact rewrites the closed database file at path with its live data
// only (bbolt's Compact into a new file, renamed over the old one once
// it is on disk): the pages bbolt had freed, with whatever they still
// held, are gone from the file. A crash leaves either file whole.
func Compact(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("store: compact: %w", err)
	}
	src, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: 2 * time.Second})
	if err != nil {
		return fmt.Errorf("store: compact %s: %w", path, err)
	}
	defer src.Close()
	tmp := path + ".compact"
	os.Remove(tmp)
	dst, err := bolt.Open(tmp, fi.Mode().Perm(), &bolt.Options{Timeout: 2 * time.Second})
	if err != nil {
		return fmt.Errorf("store: compact into %s: %w", tmp, err)
	}
	err = bolt.Compact(dst, src, 16<<20)
	if cerr := dst.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = syncFile(tmp)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("store: compact %s: %w", path, err)
	}
	return syncFile(filepath.Dir(path))
}

// syncFile flushes a file or directory to disk.
func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}
