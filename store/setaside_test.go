package store

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// A set-aside mail of a store with a seal key is sealed in the file (it
// may hold a password) and reads back whole; without the key it does
// not read, and one written before the key existed still does.
func TestSetAsideSealed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pbm.db")
	key := bytes.Repeat([]byte{7}, 32)
	secret := []byte("Subject: nim move 101 alice S3cr3tPw take1\r\n\r\n")
	plain, err := Open(Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	if err := plain.Update(func(tx *Tx) error {
		_, err := tx.PutSetAside(SetAside{MessageID: "old@x", Raw: []byte("old mail"), Reason: "r"})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	plain.Close()

	s, err := Open(Config{Path: path, SealKey: key})
	if err != nil {
		t.Fatal(err)
	}
	var seq uint64
	if err := s.Update(func(tx *Tx) (err error) {
		seq, err = tx.PutSetAside(SetAside{MessageID: "m@x", Key: IDDigest("m@x"), Raw: secret, Reason: "r"})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if err := s.View(func(tx *Tx) error {
		m, err := tx.SetAsideMail(seq)
		if err != nil || !bytes.Equal(m.Raw, secret) {
			t.Errorf("read back: %q, %v", m.Raw, err)
		}
		all, err := tx.SetAsideMails()
		if err != nil || len(all) != 2 || string(all[0].Raw) != "old mail" || !bytes.Equal(all[1].Raw, secret) {
			t.Errorf("the list: %v, %v", all, err)
		}
		if m, err := tx.SetAsideByKey(IDDigest("m@x")); err != nil || m.Seq != seq {
			t.Errorf("by key: %v, %v", m.Seq, err)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	file, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(file, []byte("S3cr3tPw")) || bytes.Contains(file, []byte("bmltIG1vdmU")) {
		t.Error("the password is in the database file")
	}
	s, err = Open(Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.View(func(tx *Tx) error { _, err := tx.SetAsideMail(seq); return err }); err == nil {
		t.Error("a sealed set-aside mail read without the key")
	}
}
