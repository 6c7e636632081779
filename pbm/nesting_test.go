package pbm

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/pbm/mail"

	gomail "github.com/emersion/go-message/mail"

	"github.com/pbmgo/pbm/store"
)

// nested builds a mail whose text part lies depth multipart levels
// down, each level with its own boundary.
func nested(depth int, subject, text string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "From: deep@x.test\r\nTo: pbm@games.test\r\nSubject: %s\r\nMessage-ID: <deep%d@x.test>\r\nMIME-Version: 1.0\r\n", subject, depth)
	for i := 0; i < depth; i++ {
		fmt.Fprintf(&b, "Content-Type: multipart/mixed; boundary=\"b%d\"\r\n\r\n--b%d\r\n", i, i)
	}
	fmt.Fprintf(&b, "Content-Type: text/plain\r\n\r\n%s\r\n", text)
	for i := depth - 1; i >= 0; i-- {
		fmt.Fprintf(&b, "--b%d--\r\n", i)
	}
	return []byte(b.String())
}

// BenchmarkParseNested reads deeply nested mails with ParseMessage
// (at most mail.MaxDepth levels) and, side by side, with go-message's
// mail.Reader walking every level, as ParseMessage once did.
func BenchmarkParseNested(b *testing.B) {
	for _, depth := range []int{1000, 2000, 4000} {
		raw := nested(depth, "help", "list")
		b.Run(fmt.Sprintf("ParseMessage/%d", depth), func(b *testing.B) {
			b.SetBytes(int64(len(raw)))
			for b.Loop() {
				if _, err := mail.Parse(raw); err != nil {
					b.Fatal(err)
				}
			}
		})
		if depth > 2000 {
			continue // minutes per mail
		}
		b.Run(fmt.Sprintf("mail.Reader/%d", depth), func(b *testing.B) {
			b.SetBytes(int64(len(raw)))
			for b.Loop() {
				mr, err := gomail.CreateReader(bytes.NewReader(raw))
				if err != nil {
					b.Fatal(err)
				}
				for {
					p, err := mr.NextPart()
					if err != nil {
						break
					}
					io.Copy(io.Discard, p.Body)
				}
			}
		})
	}
}

// TestDeepNesting: a mail nested thousands of multipart levels deep is
// read only to mail.MaxDepth (the text at the bottom is not read), its
// subject's command is answered, and the next mail too. Read
// unbounded, 8,000 levels took 38 s and 16,000 five minutes.
func TestDeepNesting(t *testing.T) {
	f := newFixture(t)
	for _, depth := range []int{8000, 16000} {
		raw := nested(depth, "help", "signup deep pw-deep")
		m, err := mail.Parse(raw)
		if err != nil {
			t.Fatalf("%d levels: %v", depth, err)
		}
		if m.Body != "" || m.From != "deep@x.test" || m.Subject != "help" {
			t.Errorf("%d levels: from %q subject %q body %q, want the header and no body", depth, m.From, m.Subject, m.Body)
		}
		if r := f.only(f.handle(raw), "deep@x.test"); !strings.Contains(r.Text, "help") {
			t.Errorf("%d levels: reply %q", depth, r.Text)
		}
	}
	// Within the bound the text is read.
	if m, _ := mail.Parse(nested(mail.MaxDepth-1, "x", "signup ok pw")); strings.TrimSpace(m.Body) != "signup ok pw" {
		t.Errorf("%d levels: body %q", mail.MaxDepth-1, m.Body)
	}
	f.signup("after")
	var u store.User
	f.st.View(func(tx *store.Tx) (err error) { u, err = tx.User("deep"); return })
	if u.ID != "" {
		t.Error("the command at the bottom of the nesting was applied")
	}
}
