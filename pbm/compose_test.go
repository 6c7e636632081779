package pbm

import (
	"strings"
	"testing"
)

// The HTML part of a reply shows the text as text: markup a player
// wrote comes back escaped, never as markup.
func TestHTMLPartEscapesText(t *testing.T) {
	f := newFixture(t)
	r := f.only(f.send("mallory@players.test", `<script>alert("x&y")</script> 'q'`, ""), "mallory@players.test")
	if !strings.Contains(r.Text, `<script>alert("x&y")</script>`) {
		t.Fatalf("the reply does not echo the line:\n%s", r.Text)
	}
	if strings.Contains(r.HTML, "<script") || strings.Contains(r.HTML, `"x&y"`) {
		t.Errorf("markup unescaped in the HTML part:\n%s", r.HTML)
	}
	if !strings.Contains(r.HTML, "&lt;script&gt;alert(&#34;x&amp;y&#34;)&lt;/script&gt;") {
		t.Errorf("the line is not in the HTML part, escaped:\n%s", r.HTML)
	}
}

// A text part goes as it is when it is short-lined ASCII (RFC 2045
// section 2.7), quoted-printable otherwise, and reads back the same
// either way.
func TestTransferEncoding(t *testing.T) {
	long := strings.Repeat("x", 999)
	for text, want := range map[string]string{
		"A - a1 b2\n  . . o\n":       "7bit",
		"Ekö Board 101\n":            "quoted-printable",
		long + "\n":                  "quoted-printable",
		strings.Repeat("y", 998):     "7bit",
		"bare\rCR\n":                 "quoted-printable",
		"nul\x00\n":                  "quoted-printable",
		"":                           "7bit",
		"tab\tand trailing space \n": "7bit",
	} {
		if got := transferEncoding([]byte(text)); got != want {
			t.Errorf("%.20q: %s, want %s", text, got, want)
		}
	}
	f := newFixture(t)
	for _, subject := range []string{"help", "Ekö"} {
		r := f.only(f.send("alice@players.test", subject, ""), "alice@players.test")
		if len(r.Text) < 20 || strings.Contains(r.Text, "\r") {
			t.Errorf("%s: text part read back as %q", subject, r.Text)
		}
		for _, m := range f.outbox() {
			for i, line := range strings.Split(string(m.Raw), "\r\n") {
				if len(line) > 998 || strings.Contains(line, "\n") {
					t.Fatalf("%s: line %d of the mail is %d octets or holds a bare LF", subject, i, len(line))
				}
			}
		}
	}
	if !strings.Contains(f.only(f.send("alice@players.test", "Ekö", ""), "alice@players.test").Text, "Ekö") {
		t.Error("a non-ASCII word does not read back")
	}
}
