package store

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Two mails sharing a picture keep it once; each reads back whole; the
// part stays while a mail refers to it and goes with the last, whether
// delivered or failed (the failed mail keeping its whole message); a
// deferred mail keeps its part. The same with a seal key, where the
// part is not in the file in the clear.
func TestOutboxKeepsASharedPartOnce(t *testing.T) {
	for _, sealed := range []bool{false, true} {
		cfg := Config{Path: filepath.Join(t.TempDir(), "pbm.db")}
		if sealed {
			cfg.SealKey = bytes.Repeat([]byte{7}, 32)
		}
		s, err := Open(cfg)
		if err != nil {
			t.Fatal(err)
		}
		part := []byte(strings.Repeat("iVBORw0KGgoAAAANSUhEUgAAAoAAAAJ4CAMAAAB", 100))
		raws := [][]byte{
			append(append([]byte("Subject: one\r\n\r\nfirst\r\n"), part...), "\r\n--b--\r\n"...),
			append(append([]byte("Subject: two\r\n\r\nthe second\r\n"), part...), "\r\n--c--\r\n"...),
			[]byte("Subject: three\r\n\r\nno picture\r\n"),
		}
		var seqs []uint64
		if err := s.Update(func(tx *Tx) error {
			for _, r := range raws {
				seq, err := tx.Enqueue(Mail{To: "a@x", Raw: r, Shared: part, Queued: time.Unix(1, 0)})
				if err != nil {
					return err
				}
				seqs = append(seqs, seq)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		parts := func() (n int) {
			s.View(func(tx *Tx) error { n = tx.OutboxParts(); return nil })
			return n
		}
		if n := parts(); n != 1 {
			t.Errorf("sealed %v: %d parts kept, want 1", sealed, n)
		}
		var due []Mail
		if err := s.View(func(tx *Tx) (err error) { due, err = tx.OutboxDue(time.Unix(2, 0), 10); return }); err != nil {
			t.Fatal(err)
		}
		if len(due) != 3 {
			t.Fatalf("sealed %v: %d mails due, want 3", sealed, len(due))
		}
		for i, m := range due {
			if !bytes.Equal(m.Raw, raws[i]) || m.PartKey != nil {
				t.Errorf("sealed %v: mail %d reads back as %q (part %x)", sealed, i, m.Raw[:min(40, len(m.Raw))], m.PartKey)
			}
		}
		var file []byte
		s.View(func(tx *Tx) error {
			v := tx.tx.Bucket(bOutbox).Get(seqKey(seqs[0]))
			file = bytes.Clone(v)
			return nil
		})
		var clear bool
		s.View(func(tx *Tx) error {
			return tx.tx.Bucket(bOutboxParts).ForEach(func(k, v []byte) error {
				clear = bytes.Contains(v, part[:80])
				return nil
			})
		})
		if clear == sealed {
			t.Errorf("sealed %v: the part is in the clear: %v", sealed, clear)
		}
		if len(file) >= len(part) {
			t.Errorf("sealed %v: the stored mail has %d bytes, the part alone %d", sealed, len(file), len(part))
		}
		if err := s.Update(func(tx *Tx) error {
			if err := tx.Defer(seqs[1], time.Unix(3, 0), "busy"); err != nil {
				return err
			}
			return tx.Delivered(seqs[0])
		}); err != nil {
			t.Fatal(err)
		}
		if n := parts(); n != 1 {
			t.Errorf("sealed %v: %d parts kept with one mail left, want 1", sealed, n)
		}
		var all []Mail
		s.View(func(tx *Tx) (err error) { all, err = tx.Outbox(); return })
		if len(all) != 2 || !bytes.Equal(all[0].Raw, raws[1]) || all[0].Attempts != 1 {
			t.Errorf("sealed %v: the deferred mail reads back as %d mails, first %q", sealed, len(all), all[0].Raw[:min(40, len(all[0].Raw))])
		}
		var failed Mail
		if err := s.Update(func(tx *Tx) (err error) { failed, err = tx.Fail(seqs[1], "gone"); return }); err != nil {
			t.Fatal(err)
		}
		if n := parts(); n != 0 {
			t.Errorf("sealed %v: %d parts kept with no mail referring to one, want 0", sealed, n)
		}
		s.View(func(tx *Tx) error {
			if n := tx.tx.Bucket(bOutboxPartRefs).Stats().KeyN; n != 0 {
				t.Errorf("sealed %v: %d counts of parts left, want 0", sealed, n)
			}
			return nil
		})
		var fs []Mail
		s.View(func(tx *Tx) (err error) { fs, err = tx.FailedMail(); return })
		if len(fs) != 1 || !bytes.Equal(fs[0].Raw, raws[1]) || !bytes.Equal(failed.Raw, raws[1]) {
			t.Errorf("sealed %v: the failed mail lost its part", sealed)
		}
		s.Close()
	}
}
