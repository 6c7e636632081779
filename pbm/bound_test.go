package pbm

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/enginetest"
	"github.com/pbmgo/pbm/engine/hexatri"
	"github.com/pbmgo/pbm/store"
)

// hexatriFixture is a fixture with Hexatri, and board 101 of it
// between alice and bob. It returns the userid to move and a legal
// action of theirs.
func hexatriFixture(t *testing.T) (f *fixture, mover, legal string) {
	f = newFixture(t)
	f.s.cfg.Games = engine.NewRegistry(enginetest.Nim{}, hexatri.Game{})
	f.signup("alice")
	f.signup("bob")
	r := f.only(f.send("alice@players.test", "hexatri challenge alice pw-alice alice bob -blockade -startpoints", ""), "alice@players.test")
	if !strings.Contains(r.Text, "OK: ") {
		t.Fatalf("challenge: %s", r.Text)
	}
	b := f.hexatriBoard(101)
	st, err := hexatri.Game{}.New(len(b.Players), b.Options, b.Seed)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range st.Legal() {
		if m != "PASS" {
			legal = m
			break
		}
	}
	return f, b.Players[st.ToMove()], legal
}

// hexatriBoard reads Hexatri board n.
func (f *fixture) hexatriBoard(n int) store.Board {
	f.t.Helper()
	var b store.Board
	if err := f.st.View(func(tx *store.Tx) error {
		var err error
		b, err = tx.Board("hexatri", n)
		return err
	}); err != nil {
		f.t.Fatal(err)
	}
	return b
}

// foldSubject writes a Subject header folded before a word that would
// pass column 76 (RFC 5322 sections 2.1.1 and 2.2.3).
func foldSubject(s string) string {
	var b strings.Builder
	b.WriteString("Subject:")
	col := len("Subject:")
	for _, w := range strings.Split(s, " ") {
		if col+1+len(w) > 76 {
			b.WriteString("\r\n")
			col = 0
		}
		b.WriteByte(' ')
		b.WriteString(w)
		col += 1 + len(w)
	}
	return b.String()
}

// TestLongMoveRefused sends the mails that once stopped the intake for
// as long as the daemon ran (a Hexatri payment list of 258 KB, in a
// body line and in a Subject folded to 950 KB) and the near misses of
// every bound: each is answered with a refusal that names its bound,
// the board is unchanged, no password is echoed, and the next mail is
// answered.
func TestLongMoveRefused(t *testing.T) {
	f, mover, legal := hexatriFixture(t)
	from := mover + "@players.test"
	cmd := fmt.Sprintf("hexatri move 101 %s pw-%s ", mover, mover)
	pays := func(n int) string { return "BLOCK:C3@" + strings.Repeat("D4,", n/3) + "D4" }
	raw := func(headers ...string) []byte {
		f.n++
		var b strings.Builder
		fmt.Fprintf(&b, "From: %s\r\nTo: pbm@games.test\r\nMessage-ID: <long%d@client.test>\r\n", from, f.n)
		for _, h := range headers {
			b.WriteString(h + "\r\n")
		}
		b.WriteString("Content-Type: text/plain; charset=utf-8\r\n\r\n")
		return []byte(b.String())
	}
	cases := []struct {
		name, want string
		raw        []byte
	}{
		{"payment list of 258 KB in the body", "may be at most 4096 bytes (4 KiB)",
			f.raw(from, "", cmd+pays(258<<10))},
		{"payment list in a Subject folded to 950 KB", "may be at most 4096 bytes (4 KiB)",
			raw(foldSubject(cmd + strings.Repeat("D4, ", (950<<10)/4) + "D4"))},
		{"reply prefix before a long Subject", "may be at most 4096 bytes",
			raw(foldSubject("Re: " + cmd + strings.Repeat("x ", 3000)))},
		{"a line just past the bound", "is 4097 bytes long",
			f.raw(from, "", cmd+strings.Repeat("x", 4097-len(cmd)))},
		{"a turn past the move bound", "a move may be at most 2048 bytes",
			f.raw(from, "", cmd+pays(3000))},
		{"a move word past the move bound", "Move 2 of this command is 2100 bytes long",
			f.raw(from, "", cmd+"PASS "+strings.Repeat("y", 2100))},
		{"more moves than a command holds", "holds 101 moves, and a command may hold at most 100",
			f.raw(from, "", cmd+strings.Repeat("D4 ", 101))},
		{"more actions than a turn holds", "a turn has at most 100 actions, and this one has 101",
			f.raw(from, "", cmd+strings.Repeat("L:IN:A1N!;", 100)+"PASS")},
	}
	for _, c := range cases {
		var mails []sent
		within(t, 2*time.Minute, c.name, func() { mails = f.handle(c.raw) })
		r := f.only(mails, from)
		text := strings.Join(strings.Fields(r.Text), " ")
		if !strings.Contains(text, c.want) {
			t.Errorf("%s: the refusal does not say %q:\n%.2000s", c.name, c.want, r.Text)
		}
		if strings.Contains(r.Text, "pw-"+mover) || strings.Contains(r.Subject, "pw-"+mover) {
			t.Errorf("%s: the password is echoed", c.name)
		}
		if !strings.HasPrefix(c.name, "more moves") {
			// (The echo of a command of 101 words is a line of 200
			// characters: the echo is cut there, not wrapped.)
			checkReply(t, c.name, r)
		}
		if b := f.hexatriBoard(101); len(b.Log) != 0 {
			t.Fatalf("%s: the board has moves: %v", c.name, b.Log)
		}
		var next []sent
		within(t, 2*time.Minute, c.name+": the next mail", func() { next = f.send("bob@players.test", "list", "") })
		if r := f.only(next, "bob@players.test"); !strings.Contains(r.Text, "hexatri") {
			t.Errorf("%s: the next mail's answer: %q", c.name, r.Text)
		}
	}
	// Within the bounds the same command plays.
	r := f.only(f.send(from, cmd+legal, ""), from)
	if !strings.Contains(r.Text, "OK: ") {
		t.Fatalf("a move within the bounds: %s", r.Text)
	}
}
