package pbm

import (
	"fmt"
	"strings"
	"testing"
)

// rawID builds a mail with the given Message-ID header line verbatim
// (or none when id is "-").
func rawID(from, subject, id string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "From: %s\r\nTo: pbm@games.test\r\nSubject: %s\r\n", from, subject)
	if id != "-" {
		b.WriteString("Message-ID: " + id + "\r\n")
	}
	b.WriteString("Content-Type: text/plain; charset=utf-8\r\n\r\n")
	return []byte(b.String())
}

// TestDegenerateMessageID: every mail gets a dedupe key; ids that
// reduce to nothing fall back to the header hash, so such a mail is
// answered once and a second copy of it is a duplicate.
func TestDegenerateMessageID(t *testing.T) {
	for i, id := range []string{"<>", "< >", "<<>>", "", "-", "<\x01>", "< a b >", "<\t>"} {
		m, err := ParseMessage(rawID("a@x.test", fmt.Sprintf("help %d", i), id))
		if err != nil {
			t.Fatalf("%q: %v", id, err)
		}
		if !strings.HasPrefix(m.ID, "sha256:") || len(m.ID) != len("sha256:")+64 {
			t.Errorf("Message-ID %q: key %q, want the header hash", id, m.ID)
		}
	}
	if m, _ := ParseMessage(rawID("a@x.test", "help", "<ok@x.test>")); m.ID != "ok@x.test" {
		t.Errorf("ordinary id: %q", m.ID)
	}
	f := newFixture(t)
	a, b := rawID("a@x.test", "help", "<>"), rawID("b@x.test", "help", "<>")
	if r := f.only(f.handle(a), "a@x.test"); !strings.Contains(r.Text, "help") {
		t.Errorf("reply to a mail with an empty Message-ID: %q", r.Text)
	}
	if mails := f.handle(a); len(mails) != 0 {
		t.Errorf("the same mail again was answered: %d mails", len(mails))
	}
	f.only(f.handle(b), "b@x.test")
	// The answer refers to no id it cannot name.
	for _, m := range f.outbox() {
		if d := decode(t, m); d.Header.Get("In-Reply-To") != "" {
			t.Errorf("In-Reply-To %q on the answer to a mail without id", d.Header.Get("In-Reply-To"))
		}
	}
}

// TestLongWordRefusal: a refusal that echoes a word longer than the
// reply's width is answered (the word on a line of its own), and the
// next mail too.
func TestLongWordRefusal(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	long := strings.Repeat("u", 100)
	r := f.only(f.send("alice@players.test", "change password "+long+" old new", ""), "alice@players.test")
	if !strings.Contains(r.Text, long) {
		t.Errorf("the refusal does not name the userid whole:\n%s", r.Text)
	}
	r = f.only(f.send("alice@players.test", "list", ""), "alice@players.test")
	if r.Text == "" {
		t.Error("no answer after the long word")
	}
}
