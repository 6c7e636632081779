package mail

import (
	"bytes"
	"encoding/base64"
	"io"
	"strings"
	"testing"
	"time"

	gomail "github.com/emersion/go-message/mail"
)

// A picture's lines are its base64 in lines of at most 76 characters
// (RFC 2045 section 6.8), for lengths round a line's 57 bytes.
func TestPictureLines(t *testing.T) {
	for _, n := range []int{1, 2, 3, 56, 57, 58, 113, 114, 115, 1000, 40000} {
		png := make([]byte, n)
		for i := range png {
			png[i] = byte(i*7 + n)
		}
		p := NewPicture(png)
		lines := strings.Split(string(p.lines), "\r\n")
		for i, l := range lines {
			if len(l) > 76 || len(l) == 0 || i < len(lines)-1 && len(l) != 76 {
				t.Fatalf("%d bytes: line %d is %d characters", n, i, len(l))
			}
		}
		got, err := base64.StdEncoding.DecodeString(strings.Join(lines, ""))
		if err != nil || !bytes.Equal(got, png) || !bytes.Equal(p.PNG(), png) || p.Len() != len(p.lines) {
			t.Fatalf("%d bytes: decode %v, %d bytes back", n, err, len(got))
		}
	}
}

// Two mails given one Picture both carry it, each under its own
// Content-ID, and read back as MIME with the picture whole.
func TestComposeSharedPicture(t *testing.T) {
	w, err := NewWriter("pbm@games.test", "PBM Server")
	if err != nil {
		t.Fatal(err)
	}
	png := bytes.Repeat([]byte("\x89PNG\r\n\x1a\n-picture-"), 300)
	pic := NewPicture(png)
	for _, to := range []string{"a@x.test", "b@x.test"} {
		out := Out{To: to, Subject: "Board 7", Text: "line 1\r\n.line 2 starts with a dot", Picture: pic}
		id := NewID("pbm", "games.test")
		raw, err := w.Compose(out, id, time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(raw, pic.lines) {
			t.Errorf("%s: the picture's lines are not in the mail", to)
		}
		mr, err := gomail.CreateReader(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		var img []byte
		var html, cid string
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
		if !bytes.Equal(img, png) || cid != "board."+id || !strings.Contains(html, "cid:board.") || !strings.Contains(html, ".line 2") {
			t.Errorf("%s: picture %d bytes, cid %q, html:\n%s", to, len(img), cid, html)
		}
	}
}
