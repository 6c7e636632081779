package store

import (
	"bytes"
	"encoding/json"
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
		data, err := encodeMail(m)
		if err != nil {
			return // not valid UTF-8 JSON to encode: nothing stored
		}
		got, err := decodeMail(data, true)
		if err != nil {
			t.Fatalf("decode: %v", err)
		}
		if !bytes.Equal(got.Raw, raw) || got.Attempts != attempts || got.Seq != 1 {
			t.Fatalf("read back %+v, want %+v", got, m)
		}
		// Any bytes at all: an error or a mail, no panic.
		decodeMail(raw, true)
		for i := range data {
			decodeMail(data[:i], true)
		}
	})
}
