package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// filled makes a closed store file with some accounts and processed
// mails, and returns its path.
func filled(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "pbm.db")
	s, err := Open(Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; k < 300; k += 30 {
		err := s.Update(func(tx *Tx) error {
			for i := k; i < k+30; i++ {
				if err := tx.PutUser(User{ID: fmt.Sprintf("user%03d", i), Addresses: []string{fmt.Sprintf("u%d@x.test", i)}}); err != nil {
					return err
				}
				if err := tx.MarkProcessed(IDDigest(fmt.Sprintf("m%d@x.test", i)), Processed{Outcome: "1 commands"}); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// metaPages reads the root bucket and freelist page ids of the newer
// meta page (bbolt's layout: a 16-byte page header, then magic,
// version, page size, flags, root bucket {root, sequence}, freelist,
// high water mark, txid, checksum).
func metaPages(t *testing.T, path string) (root, freelist uint64, pageSize int) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	pageSize = int(binary.LittleEndian.Uint32(b[16+8:]))
	var txid uint64
	for i := 0; i < 2; i++ {
		m := b[i*pageSize+16:]
		if id := binary.LittleEndian.Uint64(m[48:]); id >= txid {
			txid = id
			root = binary.LittleEndian.Uint64(m[16:])
			freelist = binary.LittleEndian.Uint64(m[32:])
		}
	}
	return root, freelist, pageSize
}

// damage overwrites one page of the file with junk.
func damage(t *testing.T, path string, page uint64, pageSize int) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	junk := make([]byte, pageSize)
	for i := range junk {
		junk[i] = byte(i*7 + 3)
	}
	if _, err := f.WriteAt(junk, int64(page)*int64(pageSize)); err != nil {
		t.Fatal(err)
	}
}

// TestDamagedPage: a file with a damaged page (the root bucket's, the
// freelist's, both meta pages, a leaf of the users) fails Open with an
// error that names the file and the way to restore a backup, never a
// panic; Check reports the damage. The check passes on a sound file.
func TestDamagedPage(t *testing.T) {
	sound := filled(t)
	r, err := Check(sound)
	if err != nil || !r.OK() {
		t.Fatalf("check of a sound file: %v %v", r, err)
	}
	if r.Keys["users"] != 300 || r.Keys["processed"] != 300 {
		t.Errorf("records: %v", r.Keys)
	}
	for _, which := range []string{"root", "freelist", "meta", "leaf"} {
		path := filled(t)
		root, fl, ps := metaPages(t, path)
		switch which {
		case "root":
			damage(t, path, root, ps)
		case "freelist":
			damage(t, path, fl, ps)
		case "meta":
			damage(t, path, 0, ps)
			damage(t, path, 1, ps)
		case "leaf":
			// A page of the users bucket: the first page after the
			// meta pages that holds a user's record.
			b, _ := os.ReadFile(path)
			page := uint64(0)
			for p := 2; p*ps < len(b); p++ {
				if strings.Contains(string(b[p*ps:(p+1)*ps]), "user150") {
					page = uint64(p)
					break
				}
			}
			if page == 0 {
				t.Fatal("no page holds user150")
			}
			damage(t, path, page, ps)
		}
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("%s: Open panicked: %v", which, p)
				}
			}()
			s, err := Open(Config{Path: path})
			if which == "leaf" && err == nil {
				// The leaf is not read at start: the first read of it
				// fails with an error, not a panic.
				err = s.View(func(tx *Tx) error { _, err := tx.User("user150"); return err })
				s.Close()
				if err == nil || !strings.Contains(err.Error(), "pbmd check") {
					t.Errorf("leaf: reading the damaged page: %v", err)
				}
			} else {
				var dmg *DamagedError
				if !errors.As(err, &dmg) {
					t.Fatalf("%s: Open = %v, want a DamagedError", which, err)
				}
				msg := err.Error()
				if !strings.Contains(msg, path) || !strings.Contains(msg, "backup") || !strings.Contains(msg, "pbmd check") {
					t.Errorf("%s: the message does not name the file and the way out: %s", which, msg)
				}
			}
			r, err := Check(path)
			if err != nil {
				t.Fatalf("%s: check: %v", which, err)
			}
			if r.OK() {
				t.Errorf("%s: check found nothing:\n%s", which, r)
			}
			if !strings.Contains(r.String(), "damaged: ") {
				t.Errorf("%s: report:\n%s", which, r)
			}
		}()
	}
}

// TestCheckNeedsTheDaemonStopped: Check of a file another Store holds
// says so, and never creates a file.
func TestCheckNeedsTheDaemonStopped(t *testing.T) {
	s, path := open(t)
	_ = s
	if _, err := Check(path); err == nil || !strings.Contains(err.Error(), "stop pbmd") {
		t.Errorf("check of a held file: %v", err)
	}
	missing := filepath.Join(t.TempDir(), "none.db")
	if _, err := Check(missing); err == nil {
		t.Error("check of a missing file succeeded")
	}
	if _, err := os.Stat(missing); err == nil {
		t.Error("check created the file")
	}
}
