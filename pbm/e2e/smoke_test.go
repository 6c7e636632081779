package e2e

import "testing"

func TestDovecotSmoke(t *testing.T) {
	d := startDovecot(t)
	c, err := d.dialPlain("pbm@localhost")
	if err != nil {
		t.Fatal(err)
	}
	if err := appendTo(c, "INBOX", []byte("From: a@b\r\nSubject: x\r\n\r\nhi\r\n")); err != nil {
		t.Fatal(err)
	}
	c.Close()
	n, err := d.count("pbm@localhost", "INBOX")
	t.Log(n, err)
	d.stop()
	if err := d.start(); err != nil {
		t.Fatal(err)
	}
	n, err = d.count("pbm@localhost", "INBOX")
	t.Log(n, err)
}
