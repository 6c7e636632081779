package store

import (
	"bytes"
	"crypto/cipher"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A mail queued before mails were stored in frames is all JSON; it
// still reads, defers and fails.
func TestOutboxReadsTheOlderForm(t *testing.T) {
	s, _ := open(t)
	old := Mail{Seq: 7, MessageID: "<old@x>", From: "pbm@x", To: "a@x", Subject: "s", Raw: []byte("Subject: s\r\n\r\nbody \x00\xff"), Queued: time.Unix(100, 0).UTC()}
	data, err := json.Marshal(old)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Update(func(tx *Tx) error { return tx.tx.Bucket(bOutbox).Put(seqKey(7), data) }); err != nil {
		t.Fatal(err)
	}
	var due []Mail
	if err := s.View(func(tx *Tx) (err error) { due, err = tx.OutboxDue(time.Unix(200, 0), 10); return }); err != nil {
		t.Fatal(err)
	}
	if len(due) != 1 || !bytes.Equal(due[0].Raw, old.Raw) || due[0].MessageID != old.MessageID {
		t.Fatalf("older mail read as %+v", due)
	}
	if err := s.Update(func(tx *Tx) error { return tx.Defer(7, time.Unix(300, 0), "busy") }); err != nil {
		t.Fatal(err)
	}
	if err := s.View(func(tx *Tx) (err error) { due, err = tx.OutboxDue(time.Unix(200, 0), 10); return }); err != nil || len(due) != 0 {
		t.Fatalf("deferred mail due: %v %v", due, err)
	}
	var failed Mail
	if err := s.Update(func(tx *Tx) (err error) { failed, err = tx.Fail(7, "gone"); return }); err != nil {
		t.Fatal(err)
	}
	if failed.Attempts != 2 || !bytes.Equal(failed.Raw, old.Raw) || failed.LastError != "gone" {
		t.Fatalf("failed mail %+v", failed)
	}
}

// Every mail reads back as it was queued, whatever bytes its message
// holds, and a damaged frame is an error, never a panic.
func FuzzMailFrame(f *testing.F) {
	f.Add("<id@x>", []byte("Subject: s\r\n\r\nbody"), 3)
	f.Add("", []byte{}, 0)
	f.Add("x", []byte{mailFrame, 0xff, '{'}, 1)
	f.Fuzz(func(t *testing.T, id string, raw []byte, attempts int) {
		m := Mail{Seq: 1, MessageID: id, Raw: raw, Attempts: attempts, Queued: time.Unix(5, 0).UTC()}
		for _, seal := range []cipher.AEAD{nil, fuzzSeal} {
			data, err := encodeMail(m, seal)
			if err != nil {
				return // not valid UTF-8 JSON to encode: nothing stored
			}
			got, err := decodeMail(data, true, seal)
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			if !bytes.Equal(got.Raw, raw) || got.Attempts != attempts || got.Seq != 1 {
				t.Fatalf("read back %+v, want %+v", got, m)
			}
			// Any bytes at all: an error or a mail, no panic.
			decodeMail(raw, true, seal)
			for i := range data {
				decodeMail(data[:i], true, seal)
			}
		}
	})
}

var fuzzSeal, _ = newSeal(bytes.Repeat([]byte{7}, 32))

// TestOutboxSealed: a store with a seal key keeps no mail's message in
// the file, neither in clear nor in base64, while queued, deferred,
// failed or after delivery; it reads its mails back, reads mails
// written before it had the key, and a store without the key (or with
// another) refuses a sealed mail with an error.
func TestOutboxSealed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pbm.db")
	key := bytes.Repeat([]byte{0x42}, 32)
	token := "pbm+nim.101.3.k5xq7hq3ssoy2l6mbtiyqfsqx4@localhost"
	msg := []byte("Reply-To: <" + token + ">\r\nSubject: s\r\n\r\nbody")

	// A mail written before the store had a key.
	plain, err := Open(Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	if err := plain.Update(func(tx *Tx) error { _, err := tx.Enqueue(Mail{To: "a@x", Raw: []byte("old")}); return err }); err != nil {
		t.Fatal(err)
	}
	plain.Close()

	s, err := Open(Config{Path: path, SealKey: key})
	if err != nil {
		t.Fatal(err)
	}
	var seqs []uint64
	for range 3 {
		if err := s.Update(func(tx *Tx) error {
			seq, err := tx.Enqueue(Mail{To: "b@x", Raw: msg, Queued: time.Unix(1, 0)})
			seqs = append(seqs, seq)
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	var due []Mail
	if err := s.View(func(tx *Tx) (err error) { due, err = tx.OutboxDue(time.Unix(10, 0), 10); return }); err != nil {
		t.Fatal(err)
	}
	if len(due) != 4 || string(due[0].Raw) != "old" || !bytes.Equal(due[1].Raw, msg) {
		t.Fatalf("read back %d mails: %v", len(due), due)
	}
	if err := s.Update(func(tx *Tx) error {
		if err := tx.Defer(seqs[0], time.Unix(20, 0), "busy"); err != nil {
			return err
		}
		if _, err := tx.Fail(seqs[1], "gone"); err != nil {
			return err
		}
		return tx.Delivered(seqs[2])
	}); err != nil {
		t.Fatal(err)
	}
	var failed []Mail
	if err := s.View(func(tx *Tx) (err error) { failed, err = tx.FailedMail(); return }); err != nil || len(failed) != 1 || !bytes.Equal(failed[0].Raw, msg) {
		t.Fatalf("failed mail: %v %v", failed, err)
	}
	var backup bytes.Buffer
	if _, err := s.WriteTo(&backup); err != nil {
		t.Fatal(err)
	}
	s.Close()
	// holds finds the token as the older frames keep it.
	for i := range 3 {
		if enc := base64.StdEncoding.EncodeToString(append(make([]byte, i), msg...)); holds([]byte(enc), []byte(token)) != "in base64" {
			t.Fatalf("holds misses the token in %s", enc)
		}
	}
	file, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"the file": file, "its backup": backup.Bytes()} {
		if n := holds(data, []byte(token)); n != "" {
			t.Errorf("%s holds the token (%s)", name, n)
		}
		if bytes.Contains(data, key) {
			t.Errorf("%s holds the key", name)
		}
	}

	for _, other := range [][]byte{nil, bytes.Repeat([]byte{0x43}, 32)} {
		s, err := Open(Config{Path: path, SealKey: other})
		if err != nil {
			t.Fatal(err)
		}
		err = s.View(func(tx *Tx) error { _, err := tx.OutboxDue(time.Unix(30, 0), 10); return err })
		s.Close()
		if err == nil {
			t.Errorf("key %x: a sealed mail read", other)
		}
	}
}

// holds reports how data holds s: in clear, or in base64 at any of
// the three offsets a longer base64 text may have it at; "" if not.
func holds(data, s []byte) string {
	if bytes.Contains(data, s) {
		return "in clear"
	}
	for pad := range 3 {
		enc := base64.StdEncoding.EncodeToString(append(make([]byte, pad), s...))
		// The characters that depend on s alone.
		inner := enc[(pad*4+2)/3+1 : len(enc)-4]
		if bytes.Contains(data, []byte(inner)) {
			return "in base64"
		}
	}
	return ""
}
