package pbm

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/mail"

	"github.com/pbmgo/pbm/store"
)

// A copy of a mail handled again (the intake redelivers it) is a
// duplicate: the move is applied once, the copy gets no answer.
func TestResentCopyAppliedOnce(t *testing.T) {
	f := newFixture(t)
	f.game("")
	raw := f.raw("alice@players.test", "nim move 101 alice pw-alice take1", "")
	if len(f.handle(raw)) == 0 {
		t.Fatal("the move got no answer")
	}
	for i := 0; i < 3; i++ {
		out, err := f.s.Handle(context.Background(), raw)
		if err != nil || !out.Duplicate {
			t.Fatalf("copy %d: %v, %v; want a duplicate", i, out, err)
		}
	}
	// A copy in the same group commit as the first is one too.
	raw2 := f.raw("bob@players.test", "nim move 101 bob pw-bob take1", "")
	for i, err := range f.s.HandleBatch(context.Background(), [][]byte{raw2, raw2, raw}) {
		if err != nil {
			t.Fatalf("batch mail %d: %v", i, err)
		}
	}
	if n := len(f.board(101).Log); n != 2 {
		t.Errorf("%d moves on the board, want 2", n)
	}
}

// Another mail under a Message-ID already seen (a client that reuses
// ids, or a forger who knows one) is read for what it is.
func TestOtherMailUnderSeenIDHandled(t *testing.T) {
	f := newFixture(t)
	f.game("")
	first := f.raw("alice@players.test", "nim move 101 alice pw-alice take1", "")
	f.handle(first)
	id := "<m" + fmt.Sprint(f.n) + "@client.test>"
	withID := func(raw []byte) string {
		return regexp.MustCompile(`Message-ID: <[^>]*>`).ReplaceAllString(string(raw), "Message-ID: "+id)
	}
	second := withID(f.raw("bob@players.test", "nim move 101 bob pw-bob take2", ""))
	if !strings.Contains(second, id) {
		t.Fatal("the second mail does not carry the first one's id")
	}
	r := f.answer(f.handle([]byte(second)), "bob@players.test")
	if strings.Contains(r.Text, "Refused") {
		t.Errorf("bob's move under alice's Message-ID: %s", r.Text)
	}
	if n := len(f.board(101).Log); n != 2 {
		t.Errorf("%d moves on the board, want 2", n)
	}
	// The same sender, the same id, another command: handled too.
	third := withID(f.raw("alice@players.test", "nim show 101", ""))
	if r := f.answer(f.handle([]byte(third)), "alice@players.test"); strings.Contains(r.Text, "Refused") {
		t.Errorf("alice's show under her old id: %s", r.Text)
	}
}

// Dedupe records older than the window expire as mail comes in; a copy
// of an old mail that comes back after that is refused as stale, with
// an answer, and is never applied twice.
func TestExpiredRecordAndStaleCopy(t *testing.T) {
	f := newFixture(t)
	f.game("")
	move := f.raw("alice@players.test", "nim move 101 alice pw-alice take1", "")
	f.handle(move)
	count := func() (n int) {
		f.st.View(func(tx *store.Tx) error { n = tx.ProcessedCount(); return nil })
		return n
	}
	before := count()
	f.clock = f.clock.Add(f.s.cfg.DedupeWindow + time.Hour)
	// Each mail handled drops a few old records; a few mails drop them
	// all.
	for i := 0; i < before; i++ {
		f.send("carol@players.test", "help", "")
	}
	var kept bool
	f.st.View(func(tx *store.Tx) error {
		m, _ := mail.Parse(move)
		_, kept, _ = tx.Processed(m.Key)
		return nil
	})
	if kept {
		t.Error("the move's record outlived its window")
	}
	if n := count(); n > before {
		t.Errorf("%d records after expiry, %d before and %d new mails", n, before, before)
	}
	r := f.answer(f.handle(move), "alice@players.test")
	if !strings.Contains(r.Text, "stale") {
		t.Errorf("the old copy's answer:\n%s", r.Text)
	}
	if n := len(f.board(101).Log); n != 1 {
		t.Errorf("%d moves on the board, want 1", n)
	}
	// A copy that comes back within the window is a duplicate even
	// though expiry runs: records count their window from when they were
	// first seen.
	fresh := f.raw("bob@players.test", "nim move 101 bob pw-bob take1", "")
	f.handle(fresh)
	f.clock = f.clock.Add(f.s.cfg.DedupeWindow - time.Hour)
	for i := 0; i < 10; i++ {
		f.send("carol@players.test", "help", "")
	}
	if out, err := f.s.Handle(context.Background(), fresh); err != nil || !out.Duplicate {
		t.Errorf("copy within the window: %v, %v", out, err)
	}
	if n := len(f.board(101).Log); n != 2 {
		t.Errorf("%d moves on the board, want 2", n)
	}
}

// A mail dated ahead of the clock by more than a day is refused: its
// record would outlive the window.
func TestFutureMailRefused(t *testing.T) {
	f := newFixture(t)
	f.game("")
	clock := f.clock
	f.clock = clock.Add(3 * 24 * time.Hour) // the sender's clock
	raw := f.raw("alice@players.test", "nim move 101 alice pw-alice take1", "")
	f.clock = clock
	r := f.answer(f.handle(raw), "alice@players.test")
	if !strings.Contains(r.Text, "ahead of the") {
		t.Errorf("answer:\n%s", r.Text)
	}
	if n := len(f.board(101).Log); n != 0 {
		t.Errorf("%d moves on the board, want 0", n)
	}
}

// A mail with one field name the parser refuses (go-message's
// "malformed MIME header key") is answered with the reason when its
// sender can be read, and not when it is automatic (RFC 3834) or
// has no sender.
func TestMalformedHeaderAnswered(t *testing.T) {
	f := newFixture(t)
	bad := func(extra string) []byte {
		f.n++
		return []byte(fmt.Sprintf("From: Alice <alice@players.test>\r\nTo: pbm@games.test\r\nSubject: help\r\nMessage-ID: <bad%d@client.test>\r\n%sBad Field: x\r\n\r\nhelp\r\n", f.n, extra))
	}
	if _, err := mail.Parse(bad("")); err == nil || !strings.Contains(err.Error(), "malformed") {
		t.Fatalf("the parser takes the mail: %v", err)
	}
	r := f.only(f.handle(bad("")), "alice@players.test")
	if !strings.Contains(r.Text, "could not be read") || !strings.Contains(r.Text, "malformed") {
		t.Errorf("answer:\n%s", r.Text)
	}
	if got := f.handle(bad("Auto-Submitted: auto-replied\r\n")); len(got) != 0 {
		t.Errorf("an automatic malformed mail got %d answers", len(got))
	}
	noFrom := []byte("Subject: help\r\nBad Field: x\r\n\r\nhelp\r\n")
	if got := f.handle(noFrom); len(got) != 0 {
		t.Errorf("a malformed mail without sender got %d answers", len(got))
	}
	// Unreadable mail proves nobody: the rate limit holds it.
	f.s.cfg.RateLimit = 3
	answers := 0
	for i := 0; i < 10; i++ {
		answers += len(f.handle(bad("")))
	}
	if answers != 3 { // two answers, then the one notice
		t.Errorf("10 more malformed mails got %d answers, want 3", answers)
	}
	// Only the header of a mail too large to download.
	out, err := f.s.HandleUnread(context.Background(), []byte("From: bob@players.test\r\nSubject: big\r\nMessage-ID: <big@client.test>\r\n\r\n"), "it is larger than 10 MiB")
	if err != nil || out.Refused != 1 {
		t.Fatalf("oversize: %v, %v", out, err)
	}
	var found bool
	for _, m := range f.outboxSent() {
		if m.To == "bob@players.test" && strings.Contains(m.Text, "larger than 10 MiB") {
			found = true
		}
	}
	if !found {
		t.Error("no answer to bob about his oversize mail")
	}
}

// A forger's 100 mails under a player's address do not hold back the
// player's move, by password or by reply; the address is told once.
func TestForgerCannotSilencePlayer(t *testing.T) {
	f := newFixture(t)
	f.game("")
	before := len(f.outbox())
	for i := 0; i < 100; i++ {
		f.send("alice@players.test", "nim move 101 alice guess take1", "")
	}
	forged := f.outbox()[before:]
	notices := 0
	for _, m := range forged {
		if d := decode(t, m); strings.Contains(d.Subject, "too many mails") {
			notices++
		}
	}
	if notices != 1 || len(forged) != f.s.cfg.RateLimit { // alice's signup counted one
		t.Errorf("the forged mails got %d answers with %d notices, want %d and 1", len(forged), notices, f.s.cfg.RateLimit)
	}
	r := f.answer(f.send("alice@players.test", "nim move 101 alice pw-alice take1", ""), "alice@players.test")
	if !strings.Contains(r.Text, "OK") {
		t.Errorf("alice's move by password: %s", r.Text)
	}
	// Bob's reply by token; then alice's by hers.
	addr := rt(f.only(f.send("bob@players.test", "nim move 101 bob pw-bob take1", ""), "alice@players.test"))
	f.replyTo("alice@players.test", addr, "take1")
	if n := len(f.board(101).Log); n != 3 {
		t.Errorf("%d moves on the board, want 3 (alice's by password and by reply)", n)
	}
	// The forger's mail still gets nothing.
	if got := f.send("alice@players.test", "nim move 101 alice guess take1", ""); len(got) != 0 {
		t.Errorf("a forged mail past the limit got %d answers", len(got))
	}
}

// Admin stats shows the entries of both tables, which fall as they
// expire.
func TestStatsCountsTables(t *testing.T) {
	f := newFixture(t)
	f.signup("root")
	for i := 0; i < 3; i++ {
		f.send(fmt.Sprintf("p%d@players.test", i), "help", "")
	}
	// root's signup and the reply that confirms its claim, three helps,
	// and the stats mail itself.
	stats := func() string {
		r := f.only(f.send("root@players.test", "admin root pw-root stats", ""), "root@players.test")
		return strings.Join(strings.Fields(r.Text), " ")
	}
	r := sent{Text: stats()}
	if !strings.Contains(r.Text, "mails kept to spot copies 5 (for 30 days)") || !strings.Contains(r.Text, "senders counted for the rate limit 4") {
		t.Errorf("stats: %s", r.Text)
	}
	f.clock = f.clock.Add(f.s.cfg.DedupeWindow + time.Hour)
	f.send("root@players.test", "admin root pw-root stats", "") // expires 4 of each
	r.Text = stats()
	if !strings.Contains(r.Text, "mails kept to spot copies 1 ") || !strings.Contains(r.Text, "senders counted for the rate limit 0") {
		t.Errorf("stats after the window: %s", r.Text)
	}
}
