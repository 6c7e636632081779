package mail

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"

	gomail "github.com/emersion/go-message/mail"
)

// TestComposeRoundTrip: a composed mail reads back with its headers,
// its text, an HTML part that shows the text escaped, and, with a
// picture, the PNG referred to by its Content-ID (RFC 2392).
func TestComposeRoundTrip(t *testing.T) {
	w, err := NewWriter("pbm@games.test", "PBM Server")
	if err != nil {
		t.Fatal(err)
	}
	png := []byte("\x89PNG\r\n\x1a\nnot really a picture")
	for _, withPNG := range []bool{false, true} {
		out := Out{To: "a@x.test", Subject: "Nim Board 101\r\nBcc: evil@x.test", Text: "board <b>\r\nline 2",
			Kind: "auto-replied", InReplyTo: "m1@x.test", ReplyTo: "pbm+tok@games.test", Link: "https://games.test/nim/101"}
		if withPNG {
			out.PNG = png
		}
		raw, err := w.Compose(out, NewID("pbm", "games.test"), time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC))
		if err != nil {
			t.Fatal(err)
		}
		m, err := Parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		if m.Subject != "Nim Board 101  Bcc: evil@x.test" || m.InReplyTo != "m1@x.test" || m.Body != "board <b>\nline 2" {
			t.Errorf("picture %v: read back subject %q, in-reply-to %q, body %q", withPNG, m.Subject, m.InReplyTo, m.Body)
		}
		mr, err := gomail.CreateReader(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		if got := mr.Header.Get("Auto-Submitted"); got != "auto-replied" {
			t.Errorf("Auto-Submitted %q", got)
		}
		var html string
		var img []byte
		var cid string
		for {
			p, err := mr.NextPart()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			ct, _, _ := p.Header.(*gomail.InlineHeader).ContentType()
			b, _ := io.ReadAll(p.Body)
			switch ct {
			case "text/html":
				html = string(b)
			case "image/png":
				img, cid = b, strings.Trim(p.Header.Get("Content-ID"), "<>")
			}
		}
		if !strings.Contains(html, "board &lt;b&gt;") || !strings.Contains(html, "https://games.test/nim/101") {
			t.Errorf("picture %v: the HTML part:\n%s", withPNG, html)
		}
		if withPNG != (img != nil) || withPNG && (!bytes.Equal(img, png) || !strings.Contains(html, "cid:"+cid)) {
			t.Errorf("picture %v: picture %d bytes, cid %q, HTML:\n%s", withPNG, len(img), cid, html)
		}
	}
}
