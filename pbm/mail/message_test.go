package mail

import (
	"strings"
	"testing"
)

func TestParseMessageEncodings(t *testing.T) {
	cases := []struct {
		name, raw, subject, body string
	}{
		{"quoted-printable latin-1 with encoded subject",
			"From: =?iso-8859-1?q?J=F6rg?= <Joerg@Example.Test>\r\nSubject: =?iso-8859-1?q?Z=FCge?=\r\nMessage-ID: <a@x>\r\nContent-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nsignup j=F6rg pw\r\nGr=FC=DFe\r\n",
			"Züge", "signup jörg pw\nGrüße\n"},
		{"html only, base64",
			"From: a@x.test\r\nSubject: \r\nMessage-ID: <b@x>\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\nPGh0bWw+PGhlYWQ+PHN0eWxlPnB7fTwvc3R5bGU+PC9oZWFkPjxib2R5PjxwPmxpc3Q8L3A+PHA+Jmx0O2hpJmd0OzwvcD48L2JvZHk+PC9odG1sPg==\r\n",
			"", "\nlist\n\n<hi>\n"},
		{"alternative prefers plain",
			"From: a@x.test\r\nSubject: multiple\r\nMessage-ID: <c@x>\r\nContent-Type: multipart/alternative; boundary=B\r\n\r\n--B\r\nContent-Type: text/html\r\n\r\n<p>html</p>\r\n--B\r\nContent-Type: text/plain\r\n\r\nplain\r\n--B--\r\n",
			"multiple", "plain"},
		{"unknown charset passes bytes through",
			"From: a@x.test\r\nSubject: help\r\nMessage-ID: <d@x>\r\nContent-Type: text/plain; charset=x-klingon\r\n\r\nhelp\r\n",
			"help", "help\n"},
		{"attachment not read",
			"From: a@x.test\r\nSubject: list\r\nMessage-ID: <e@x>\r\nContent-Type: multipart/mixed; boundary=B\r\n\r\n--B\r\nContent-Type: text/plain\r\n\r\nbody\r\n--B\r\nContent-Type: application/pdf\r\nContent-Disposition: attachment; filename=x.pdf\r\n\r\n%PDF signup evil pw\r\n--B--\r\n",
			"list", "body"},
	}
	for _, c := range cases {
		m, err := Parse([]byte(c.raw))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if m.Subject != c.subject || m.Body != c.body {
			t.Errorf("%s: subject %q body %q", c.name, m.Subject, m.Body)
		}
	}
	m, _ := Parse([]byte(cases[0].raw))
	if m.From != "joerg@example.test" || m.ID != "a@x" || m.Automatic != "" {
		t.Errorf("header fields: %+v", m)
	}
}

// FuzzParseMessage: no input makes the parser panic, and what it
// returns is valid UTF-8 without line breaks in the subject.
func FuzzParseMessage(f *testing.F) {
	f.Add([]byte("From: a@x\r\nSubject: help\r\n\r\nbody"))
	f.Add([]byte("Content-Type: multipart/mixed; boundary=x\r\n\r\n--x\r\nContent-Type: multipart/mixed; boundary=y\r\n\r\n--y\r\n\r\nhi\r\n--y--\r\n--x--"))
	f.Add([]byte("Subject: =?x-unknown?b?AAAA?=\r\nContent-Transfer-Encoding: base64\r\n\r\n!!!"))
	f.Add([]byte("\xff\xfe\r\n\r\n"))
	f.Add([]byte("Content-Type: text/html\r\n\r\n<script>x</script><p>list</p>"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		m, err := Parse(raw)
		if err != nil {
			return
		}
		if strings.ContainsAny(m.Subject, "\r\n") {
			t.Errorf("subject with a line break: %q", m.Subject)
		}
		if m.ID == "" {
			t.Error("no id")
		}
	})
}
