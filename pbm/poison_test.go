package pbm

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/mail"

	"github.com/pbmgo/pbm/store"
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
		m, err := mail.Parse(rawID("a@x.test", fmt.Sprintf("help %d", i), id))
		if err != nil {
			t.Fatalf("%q: %v", id, err)
		}
		if !strings.HasPrefix(m.ID, "sha256:") || len(m.ID) != len("sha256:")+64 {
			t.Errorf("Message-ID %q: key %q, want the header hash", id, m.ID)
		}
	}
	if m, _ := mail.Parse(rawID("a@x.test", "help", "<ok@x.test>")); m.ID != "ok@x.test" {
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

// within fails the test when f does not return within d: a mail that
// loops shows up as a failure, not as a test binary that never ends.
func within(t testing.TB, d time.Duration, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("%s: not handled within %v", what, d)
	}
}

// checkReply asserts what every reply promises: a text within the
// bound, and lines within the width but for a long word they hold (and
// the few characters of a prefix such as "> " or "Refused: " before
// it): the wrap did its work.
func checkReply(t testing.TB, what string, m sent) {
	t.Helper()
	if len(m.Text) > maxMailText+1000 {
		t.Errorf("%s: reply of %d bytes", what, len(m.Text))
	}
	for _, l := range strings.Split(m.Text, "\n") {
		longest := 0
		for _, w := range strings.Fields(l) {
			longest = max(longest, len([]rune(w)))
		}
		if n := len([]rune(l)); n > max(79, longest)+40 {
			t.Errorf("%s: a line of %d characters, its longest word %d: %.100q", what, n, longest, l)
			return
		}
	}
}

// TestPoisonCorpus sends each mail that once stopped or could stop the
// intake, and after each an ordinary mail, which must be answered. The
// cases: long words in every field a reply echoes (the userid, the
// password, the game, the board, the move, the topic, the command, the
// subject and the body), ids that reduce to nothing, deep MIME
// nesting, a reply past the bound on a mail's text. (A mail already
// \Seen is in pbm/inbox, a damaged store in store and cmd/pbmd.)
func TestPoisonCorpus(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.MaxCommands = 5000
	// Every case is handled in full, not held back by the hourly
	// allowance of commands its sender spends (gate).
	f.s.cfg.RateLimit = 1 << 20
	f.signup("root")
	f.aliceChallengesBob()
	long := strings.Repeat("W", 5000)
	wide := strings.Repeat("ü", 300)
	from := "poison@players.test"
	cases := []struct {
		name string
		raw  []byte
	}{
		{"unknown command", f.raw(from, long, "")},
		{"signup userid", f.raw(from, "signup "+long+" pw", "")},
		{"signup password", f.raw(from, "signup poison "+long, "")},
		{"change password userid", f.raw(from, "change password "+long+" old new", "")},
		{"change password of alice, long old", f.raw(from, "change password alice "+long+" new", "")},
		{"help topic", f.raw(from, "help "+long, "")},
		{"help wide topic", f.raw(from, "help x "+wide, "")},
		{"game name", f.raw(from, long+" move 101 alice pw-alice 1", "")},
		{"game command", f.raw(from, "nim "+long, "")},
		{"board number", f.raw(from, "nim move "+long+" alice pw-alice 1", "")},
		{"board userid", f.raw(from, "nim move 101 "+long+" pw-alice 1", "")},
		{"move", f.raw(from, "nim move 101 alice pw-alice "+long, "")},
		{"move of words", f.raw(from, "nim move 101 alice pw-alice "+strings.Repeat(long+" ", 20), "")},
		{"challenge opponent", f.raw(from, "nim challenge alice pw-alice alice "+long, "")},
		{"show userid", f.raw(from, "all show "+long, "")},
		{"admin command", f.raw(from, "admin root pw-root "+long, "")},
		{"body lines", f.raw(from, "", strings.Repeat("x "+long+"\n", 100))},
		{"comment", f.raw(from, "nim move 101 alice pw-alice 1", "# "+long)},
		{"display name", f.raw("\""+long+"\" <"+from+">", "list", "")},
		{"long subject and long id", f.raw(from, strings.Repeat("x ", 5000), "", "In-Reply-To: <"+long+"@x>", "References: "+strings.Repeat("<"+long+"@x> ", 30))},
		{"many commands, reply past the bound", f.raw(from, "", strings.Repeat("help\n", 2000))},
		{"empty Message-ID", rawID(from, "list", "<>")},
		{"Message-ID of spaces", rawID(from, "list", "< >")},
		{"MIME nested 8,000 levels", nested(8000, "help", "list")},
		{"MIME nested 16,000 levels", nested(16000, "help", "list")},
	}
	for _, c := range cases {
		var mails []sent
		within(t, time.Minute, c.name, func() { mails = f.handle(c.raw) })
		for _, m := range mails {
			checkReply(t, c.name, m)
		}
		var next []sent
		within(t, time.Minute, c.name+": the next mail", func() { next = f.send("bob@players.test", "list", "") })
		if r := f.only(next, "bob@players.test"); !strings.Contains(r.Text, "nim") {
			t.Errorf("%s: the next mail's answer: %q", c.name, r.Text)
		}
	}
}

// FuzzReplyPath runs any subject and body through the whole reply
// path (parse, command, refusal, wrapped reply): each ends within a
// bound, without an error, with a reply that keeps the width and the
// size bounds. The seed corpus is in testdata/fuzz/FuzzReplyPath.
func FuzzReplyPath(fz *testing.F) {
	f := newFixture(fz)
	f.aliceChallengesBob()
	fz.Add("change password "+strings.Repeat("u", 100)+" old new", "")
	fz.Add("nim move 101 alice pw-alice 1", "")
	fz.Add("", "help\nlist\nnim show 101")
	fz.Fuzz(func(t *testing.T, subject, body string) {
		if len(subject)+len(body) > 64<<10 {
			return
		}
		raw := f.raw("fuzz@players.test", mail.OneLine(subject), body)
		var out Outcome
		var err error
		within(t, 20*time.Second, "fuzz mail", func() { out, err = f.s.Handle(context.Background(), raw) })
		if err != nil {
			t.Fatalf("handle: %v", err)
		}
		if out.Ignored == "internal error" {
			t.Fatalf("set aside: %+v", out)
		}
		var ms []store.Mail
		f.st.Update(func(tx *store.Tx) error {
			ms, _ = tx.Outbox()
			for _, m := range ms {
				tx.Delivered(m.Seq)
			}
			return nil
		})
		for _, m := range ms {
			checkReply(t, "fuzz", decode(t, m))
		}
	})
}
