package pbm

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/mail"

	gomail "github.com/emersion/go-message/mail"
	"golang.org/x/crypto/bcrypt"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/enginetest"
	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// fixture is a server over a fresh store, with the test game Nim.
type fixture struct {
	t     testing.TB
	s     *Server
	st    *store.Store
	n     int
	clock time.Time
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	st := storetest.Open(t)
	f := &fixture{t: t, st: st, clock: time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)}
	var err error
	f.s, err = New(Config{
		Store: st, Games: engine.NewRegistry(enginetest.Nim{}), Address: "pbm@games.test",
		Name: "Test Server", Admins: []string{"root"}, BcryptCost: bcrypt.MinCost,
		AdminClaim: map[string][]string{"root": {"root@players.test"}},
		BackupDir:  t.TempDir(), Now: func() time.Time { return f.clock },
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// raw builds a mail. Extra headers come as "Name: value" strings.
func (f *fixture) raw(from, subject, body string, headers ...string) []byte {
	f.n++
	var b strings.Builder
	// Dated when it is sent, by the fixture's clock.
	fmt.Fprintf(&b, "From: %s\r\nTo: pbm@games.test\r\nSubject: %s\r\nMessage-ID: <m%d@client.test>\r\nDate: %s\r\n", from, subject, f.n, f.clock.Format(time.RFC1123Z))
	for _, h := range headers {
		b.WriteString(h + "\r\n")
	}
	b.WriteString("Content-Type: text/plain; charset=utf-8\r\n\r\n")
	b.WriteString(strings.ReplaceAll(body, "\n", "\r\n"))
	return []byte(b.String())
}

// send handles a mail and returns the mails it queued.
func (f *fixture) send(from, subject, body string, headers ...string) []sent {
	f.t.Helper()
	return f.handle(f.raw(from, subject, body, headers...))
}

func (f *fixture) handle(raw []byte) []sent {
	f.t.Helper()
	before := f.outboxSeqs()
	if _, err := f.s.Handle(context.Background(), raw); err != nil {
		f.t.Fatalf("handle: %v", err)
	}
	var out []sent
	for _, m := range f.outbox() {
		if !before[m.Seq] {
			out = append(out, decode(f.t, m))
		}
	}
	return out
}

func (f *fixture) outbox() []store.Mail {
	var ms []store.Mail
	f.st.View(func(tx *store.Tx) error {
		var err error
		ms, err = tx.Outbox()
		return err
	})
	return ms
}

func (f *fixture) outboxSeqs() map[uint64]bool {
	seen := map[uint64]bool{}
	for _, m := range f.outbox() {
		seen[m.Seq] = true
	}
	return seen
}

// sent is a queued mail, decoded.
type sent struct {
	To, Subject, Text, HTML string
	Header                  gomail.Header
}

func decode(t testing.TB, m store.Mail) sent {
	t.Helper()
	mr, err := gomail.CreateReader(bytes.NewReader(m.Raw))
	if err != nil {
		t.Fatalf("queued mail does not parse: %v", err)
	}
	s := sent{To: m.To, Header: mr.Header}
	s.Subject, _ = mr.Header.Subject()
	for {
		p, err := mr.NextPart()
		if err != nil {
			break
		}
		b, _ := io.ReadAll(p.Body)
		b = bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))
		ct, _, _ := p.Header.(*gomail.InlineHeader).ContentType()
		if ct == "text/plain" {
			s.Text = string(b)
		} else if ct == "text/html" {
			s.HTML = string(b)
		}
	}
	if id, _ := mr.Header.MessageID(); id != m.MessageID {
		t.Errorf("Message-ID %q in the mail, %q stored", id, m.MessageID)
	}
	return s
}

func (f *fixture) only(mails []sent, to string) sent {
	f.t.Helper()
	var got []sent
	for _, m := range mails {
		if m.To == to {
			got = append(got, m)
		}
	}
	if len(got) != 1 {
		var subj []string
		for _, m := range mails {
			subj = append(subj, m.To+": "+m.Subject)
		}
		f.t.Fatalf("want one mail to %s, got %d of %q", to, len(got), subj)
	}
	return got[0]
}

func (f *fixture) signup(id string) {
	f.t.Helper()
	r := f.only(f.send(id+"@players.test", "signup "+id+" pw-"+id, ""), id+"@players.test")
	// The greeting is in the server's language (English unless the
	// test sets server.language).
	p := f.s.cat.For("")
	if !strings.Contains(r.Text, p.T("ReplyOK")+" "+p.T("AcctWelcome", "User", id)) {
		f.t.Fatalf("signup %s: %s", id, r.Text)
	}
	if reply := r.Header.Get("Reply-To"); strings.Contains(reply, "+confirm.") {
		// An admin claim: the address confirms it by a reply.
		c := f.only(f.send(id+"@players.test", "Re: "+r.Subject, "yes", "Cc: "+reply), id+"@players.test")
		if !strings.Contains(c.Text, "OK: Confirmed") {
			f.t.Fatalf("confirm %s: %s", id, c.Text)
		}
	}
}

// aliceChallengesBob signs alice and bob up, and alice challenges bob
// to the board of Nim 101, alice to move.
func (f *fixture) aliceChallengesBob() {
	f.t.Helper()
	f.signup("alice")
	f.signup("bob")
	f.send("alice@players.test", "nim challenge alice pw-alice alice bob", "")
}

// confirm answers the confirmation mail among mails that went to
// addr, from addr, and returns the answer to that reply.
func (f *fixture) confirm(mails []sent, addr string) sent {
	f.t.Helper()
	m := f.only(mails, addr)
	reply := m.Header.Get("Reply-To")
	if !strings.HasPrefix(m.Subject, "pbm: confirm mail for ") || !strings.Contains(reply, "+confirm.") {
		f.t.Fatalf("no confirmation mail to %s: %q, Reply-To %q", addr, m.Subject, reply)
	}
	r := f.only(f.send(addr, "Re: "+m.Subject, "yes", "Cc: "+reply), addr)
	if !strings.Contains(r.Text, "OK: Confirmed") {
		f.t.Fatalf("confirm %s: %s", addr, r.Text)
	}
	return r
}

func (f *fixture) board(n int) store.Board {
	f.t.Helper()
	var b store.Board
	if err := f.st.View(func(tx *store.Tx) error {
		var err error
		b, err = tx.Board("nim", n)
		return err
	}); err != nil {
		f.t.Fatal(err)
	}
	return b
}

func TestSignupHashesPasswordAndAnswers(t *testing.T) {
	f := newFixture(t)
	mails := f.send("Alice <Alice@Players.Test>", "signup alice s3cret", "")
	r := f.only(mails, "alice@players.test")
	if r.Subject != "pbm: signup alice OK" {
		t.Errorf("subject %q", r.Subject)
	}
	if strings.Contains(r.Text, "s3cret") || strings.Contains(r.HTML, "s3cret") {
		t.Errorf("the password is echoed:\n%s", r.Text)
	}
	if !strings.Contains(r.HTML, "<pre") {
		t.Errorf("no <pre> HTML part:\n%s", r.HTML)
	}
	if got := r.Header.Get("Auto-Submitted"); got != "auto-replied" {
		t.Errorf("Auto-Submitted %q", got)
	}
	if got, _ := r.Header.MsgIDList("In-Reply-To"); len(got) != 1 || got[0] != "m1@client.test" {
		t.Errorf("In-Reply-To %v", got)
	}
	var buf bytes.Buffer
	if _, err := f.st.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(buf.Bytes(), []byte("s3cret")) {
		t.Error("the password is stored in clear")
	}
	// Taken userid, bad userid, reserved word.
	for _, c := range []struct{ cmd, want string }{
		{"signup Alice other", "is taken"},
		{"signup a other", "cannot be a userid"},
		{"signup all other", "cannot be a userid"},
		{"signup nim other", "name of a game"},
		{"signup bob pw not-an-address", "is not a mail address"},
	} {
		r := f.only(f.send("x@players.test", c.cmd, ""), "x@players.test")
		if !strings.Contains(r.Text, "Refused: ") || !strings.Contains(r.Text, c.want) || r.Subject != "pbm error" {
			t.Errorf("%s: %s\n%s", c.cmd, r.Subject, r.Text)
		}
	}
}

func TestChangePasswordAndWrongPassword(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	r := f.only(f.send("alice@players.test", "change password alice wrong new1", ""), "alice@players.test")
	if !strings.Contains(r.Text, "Invalid password entered for alice") {
		t.Fatalf("wrong old password: %s", r.Text)
	}
	if strings.Contains(r.Text, "wrong") || strings.Contains(r.Text, "new1") {
		t.Errorf("passwords echoed: %s", r.Text)
	}
	r = f.only(f.send("alice@players.test", "change password alice pw-alice new1", ""), "alice@players.test")
	if !strings.Contains(r.Text, "OK: The password of alice is changed") {
		t.Fatalf("change: %s", r.Text)
	}
	r = f.only(f.send("alice@players.test", "change password alice pw-alice new2", ""), "alice@players.test")
	if !strings.Contains(r.Text, "Invalid password") {
		t.Errorf("old password still works: %s", r.Text)
	}
	mails := f.send("alice@players.test", "change address alice new1 a1@players.test A2@players.test", "")
	r = f.only(mails, "alice@players.test")
	if !strings.Contains(r.Text, "now goes to none. Nothing goes to a1@players.test,\n  a2@players.test until it is confirmed") {
		t.Errorf("change address: %s", r.Text)
	}
	f.confirm(mails, "a1@players.test")
	if r := f.confirm(mails, "a2@players.test"); !strings.Contains(r.Text, "now goes to a1@players.test, a2@players.test") {
		t.Errorf("confirmed: %s", r.Text)
	}
}

func TestHelpAndList(t *testing.T) {
	f := newFixture(t)
	r := f.only(f.send("x@players.test", "help", ""), "x@players.test")
	for _, want := range []string{"signup <userid> <password>", "<game> move <board>", "admin <userid> <password> backup", "nim", "Nim, 2-4 players"} {
		if !strings.Contains(r.Text, want) {
			t.Errorf("help lacks %q", want)
		}
	}
	for i, line := range strings.Split(r.Text, "\n") {
		if len([]rune(line)) > 79 {
			t.Errorf("help line %d over 79 columns: %q", i+1, line)
		}
	}
	r = f.only(f.send("x@players.test", "list", ""), "x@players.test")
	if !strings.Contains(r.Text, "nim") || !strings.Contains(r.Text, "2-4 players") {
		t.Errorf("list: %s", r.Text)
	}
	r = f.only(f.send("x@players.test", "nim help", ""), "x@players.test")
	if !strings.Contains(r.Text, "The last stone wins") || !strings.Contains(r.Text, "-stones=N") {
		t.Errorf("nim help: %s", r.Text)
	}
}

func TestWholeGame(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	f.signup("bob")
	mails := f.send("alice@players.test", "nim challenge alice pw-alice alice bob -stones=5", "Good luck!")
	if len(mails) != 2 {
		t.Fatalf("challenge sent %d mails, want 2 boards, the challenger's also the answer", len(mails))
	}
	for _, p := range []string{"bob"} {
		m := f.only(mails, p+"@players.test")
		if m.Subject != "New Nim Board 101 alice **" {
			t.Errorf("new board subject %q", m.Subject)
		}
		if !strings.Contains(m.Text, "Pile: ooooo (5)") || !strings.Contains(m.Text, "Good luck!") {
			t.Errorf("new board mail:\n%s", m.Text)
		}
	}
	moves := []struct{ who, move string }{{"alice", "take2"}, {"bob", "take1"}, {"alice", "take2"}}
	for i, mv := range moves {
		mails = f.send(mv.who+"@players.test", fmt.Sprintf("nim move 101 %s pw-%s %s#%d", mv.who, mv.who, mv.move, i+1), "")
		if len(mails) != 2 {
			t.Fatalf("move %d sent %d mails", i+1, len(mails))
		}
		// The mover's one mail is the answer and the board.
		if m := f.only(mails, mv.who+"@players.test"); !strings.HasPrefix(m.Subject, "Nim Board 101") || !strings.Contains(m.Text, "OK: "+mv.who+" played") || !strings.Contains(m.Text, "Pile:") {
			t.Errorf("move %d, the mover's mail %q:\n%s", i+1, m.Subject, m.Text)
		}
	}
	b := f.board(101)
	if !b.Over || len(b.Log) != 3 || b.Outcome != "Game won by alice (took the last stone)." {
		t.Fatalf("board after the game: over=%v log=%v outcome=%q", b.Over, b.Log, b.Outcome)
	}
	last := f.only(mails, "bob@players.test")
	if last.Subject != "Nim Board 101" || !strings.Contains(last.Text, "Game won by alice") {
		t.Errorf("final board mail %q:\n%s", last.Subject, last.Text)
	}
	if !strings.Contains(last.Text, "   3  alice") {
		t.Errorf("final board lacks the move list:\n%s", last.Text)
	}
	r := f.only(f.send("bob@players.test", "nim move 101 bob pw-bob take1", ""), "bob@players.test")
	if !strings.Contains(r.Text, "has ended") || r.Subject != "Nim Board 101 Error" {
		t.Errorf("move after the end: %q %s", r.Subject, r.Text)
	}
	// show with #n replays the log.
	r = f.only(f.send("bob@players.test", "nim show 101#1", ""), "bob@players.test")
	if !strings.Contains(r.Text, "Pile: ooo (3)") || !strings.Contains(r.Text, "after move 1") {
		t.Errorf("show #1:\n%s", r.Text)
	}
	r = f.only(f.send("bob@players.test", "nim games alice all", ""), "bob@players.test")
	if !strings.Contains(r.Text, "101") || !strings.Contains(r.Text, "Game won by alice") {
		t.Errorf("games:\n%s", r.Text)
	}
}

func TestIllegalMoveChangesNothing(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	f.signup("bob")
	f.send("alice@players.test", "nim challenge alice pw-alice alice bob -stones=2", "")
	mails := f.send("alice@players.test", "nim move 101 alice pw-alice take3", "")
	r := f.only(mails, "alice@players.test")
	if len(mails) != 1 {
		t.Errorf("a refused move sent %d mails", len(mails))
	}
	if r.Subject != "Nim Board 101 Error" || !strings.Contains(r.Text, "only 2 stones are left; legal: take1, take2") {
		t.Errorf("refusal %q:\n%s", r.Subject, r.Text)
	}
	if !strings.Contains(r.Text, "The board is unchanged") {
		t.Errorf("refusal lacks the board:\n%s", r.Text)
	}
	// Several moves: all or nothing.
	f.send("alice@players.test", "nim move 101 alice pw-alice take1 take1", "")
	if b := f.board(101); len(b.Log) != 0 {
		t.Errorf("a refused command changed the log: %v", b.Log)
	}
	r = f.only(f.send("bob@players.test", "nim move 101 bob pw-bob take1", ""), "bob@players.test")
	if !strings.Contains(r.Text, "It is not your move: it is alice's turn") {
		t.Errorf("out of turn: %s", r.Text)
	}
	r = f.only(f.send("bob@players.test", "nim move 101 bob wrong take1", ""), "bob@players.test")
	if !strings.Contains(r.Text, "Invalid password entered for bob") {
		t.Errorf("wrong password: %s", r.Text)
	}
	r = f.only(f.send("carol@players.test", "nim move 999 bob pw-bob take1", ""), "carol@players.test")
	if !strings.Contains(r.Text, "There is no Nim board 999") {
		t.Errorf("no board: %s", r.Text)
	}
	if b := f.board(101); len(b.Log) != 0 {
		t.Errorf("refusals changed the log: %v", b.Log)
	}
}

func TestStaleMoveNumber(t *testing.T) {
	f := newFixture(t)
	f.aliceChallengesBob()
	f.send("alice@players.test", "nim move 101 alice pw-alice take1#1", "")
	r := f.only(f.send("alice@players.test", "nim move 101 alice pw-alice take1#1", ""), "alice@players.test")
	if !strings.Contains(r.Text, "received as move #1, but the next move on board 101 is #2") {
		t.Errorf("stale: %s", r.Text)
	}
	f.send("bob@players.test", "nim move 101 bob pw-bob take1#2", "")
	if b := f.board(101); len(b.Log) != 2 || b.Log[1].Seat != 1 {
		t.Errorf("log %v", b.Log)
	}
}

func TestSameMailTwiceAppliedOnce(t *testing.T) {
	f := newFixture(t)
	f.aliceChallengesBob()
	raw := f.raw("alice@players.test", "nim move 101 alice pw-alice take1", "")
	if n := len(f.handle(raw)); n != 2 {
		t.Fatalf("first delivery queued %d mails", n)
	}
	out, err := f.s.Handle(context.Background(), raw)
	if err != nil || !out.Duplicate {
		t.Fatalf("second delivery: %+v %v", out, err)
	}
	if n := len(f.handle(raw)); n != 0 {
		t.Errorf("a duplicate queued %d mails", n)
	}
	if b := f.board(101); len(b.Log) != 1 {
		t.Errorf("log %v", b.Log)
	}
	// Without a Message-ID the header block identifies the mail.
	noID := []byte("From: bob@players.test\r\nSubject: nim move 101 bob pw-bob take1\r\nDate: Tue, 1 Dec 2026 10:00:00 +0000\r\n\r\n")
	if n := len(f.handle(noID)); n != 2 {
		t.Fatalf("mail without id queued %d", n)
	}
	if n := len(f.handle(noID)); n != 0 {
		t.Errorf("repeat of a mail without id queued %d", n)
	}
	if b := f.board(101); len(b.Log) != 2 {
		t.Errorf("log %v", b.Log)
	}
}

func TestAutomaticMailNeverAnswered(t *testing.T) {
	f := newFixture(t)
	cases := []struct {
		from    string
		headers []string
	}{
		{"alice@players.test", []string{"Auto-Submitted: auto-replied"}},
		{"alice@players.test", []string{"Precedence: bulk"}},
		{"alice@players.test", []string{"List-Id: <games.lists.test>"}},
		{"alice@players.test", []string{"Return-Path: <>"}},
		{"MAILER-DAEMON@mx.test", nil},
		{"pbm@games.test", nil},
		{"pbm+token@games.test", nil},
	}
	for _, c := range cases {
		out, err := f.s.Handle(context.Background(), f.raw(c.from, "help", "", c.headers...))
		if err != nil || out.Ignored == "" {
			t.Errorf("%s %v: %+v %v", c.from, c.headers, out, err)
		}
	}
	if n := len(f.outbox()); n != 0 {
		t.Errorf("automatic mail got %d answers", n)
	}
	// Auto-Submitted: no is a person's mail.
	if n := len(f.send("alice@players.test", "help", "", "Auto-Submitted: no")); n != 1 {
		t.Errorf("Auto-Submitted: no got %d answers", n)
	}
}

func TestBodyCommandsAndComment(t *testing.T) {
	f := newFixture(t)
	body := "# my setup\nsignup alice pw1\n\nsignup bob pw2 bob@players.test\nThanks!\n-- \nAlice\n"
	mails := f.send("alice@players.test", "multiple", body)
	r := f.only(mails, "alice@players.test")
	if r.Subject != "pbm: 2 commands" || strings.Count(r.Text, "OK: Welcome") != 2 {
		t.Errorf("%q\n%s", r.Subject, r.Text)
	}
	f.confirm(mails, "bob@players.test")
	// A reply to a board mail: the subject is not a command, the body is.
	f.send("alice@players.test", "nim challenge alice pw1 alice bob", "")
	mails = f.send("alice@players.test", "Re: New Nim Board 101 alice", "nim move 101 alice pw1 take2\nNice game.\n\nOn Tue, Bob wrote:\n> old board\n")
	if len(mails) != 2 {
		t.Fatalf("reply to a board mail queued %d", len(mails))
	}
	m := f.only(mails, "bob@players.test")
	if m.Subject != "Nim Board 101 bob **" || !strings.Contains(m.Text, "alice writes:\nNice game.") || strings.Contains(m.Text, "old board") {
		t.Errorf("%q\n%s", m.Subject, m.Text)
	}
	r = f.only(f.send("alice@players.test", "", "hello there\n"), "alice@players.test")
	if !strings.Contains(r.Text, "unknown command") {
		t.Errorf("prose: %s", r.Text)
	}
}

func TestAdminCommands(t *testing.T) {
	f := newFixture(t)
	f.signup("root")
	f.aliceChallengesBob()
	f.send("alice@players.test", "nim challenge alice pw-alice alice bob", "")
	r := f.only(f.send("alice@players.test", "admin alice pw-alice users", ""), "alice@players.test")
	if !strings.Contains(r.Text, "alice is not an admin") {
		t.Errorf("non-admin: %s", r.Text)
	}
	r = f.only(f.send("root@players.test", "users", ""), "root@players.test")
	if !strings.Contains(r.Text, `users is an admin command: send it as "admin <userid> <password> users"`) {
		t.Errorf("admin command outside admin: %s", r.Text)
	}
	r = f.only(f.send("root@players.test", "admin root pw-root signup x y", ""), "root@players.test")
	if !strings.Contains(r.Text, "unknown command") {
		t.Errorf("a player command under admin: %s", r.Text)
	}
	r = f.only(f.send("root@players.test", "admin root wrong users", ""), "root@players.test")
	if !strings.Contains(r.Text, "Invalid password") {
		t.Errorf("admin wrong password: %s", r.Text)
	}
	r = f.only(f.send("root@players.test", "admin root pw-root users", ""), "root@players.test")
	if !strings.Contains(r.Text, "3 accounts") || !strings.Contains(r.Text, "bob@players.test") {
		t.Errorf("users: %s", r.Text)
	}
	r = f.only(f.send("root@players.test", "admin root pw-root stats", ""), "root@players.test")
	if !strings.Contains(r.Text, "accounts 3; boards 2 (2 running, 0 finished)") {
		t.Errorf("stats: %s", r.Text)
	}
	mails := f.send("root@players.test", "admin root pw-root abort nim 101", "")
	if len(mails) != 3 || !f.board(101).Aborted {
		t.Errorf("abort queued %d, board %+v", len(mails), f.board(101))
	}
	mails = f.send("root@players.test", "admin root pw-root forfeit nim 102 alice", "")
	if b := f.board(102); !b.Over || b.Outcome != "Game won by bob (the others resigned)." {
		t.Errorf("forfeit: %+v", b)
	}
	if m := f.only(mails, "alice@players.test"); !strings.Contains(m.Text, "An admin forfeited alice") {
		t.Errorf("forfeit mail: %s", m.Text)
	}
	mails = f.send("root@players.test", "admin root pw-root setpassword bob newpw", "")
	if r := f.only(mails, "root@players.test"); strings.Contains(r.Text, "newpw") {
		t.Errorf("new password echoed: %s", r.Text)
	}
	f.only(mails, "bob@players.test")
	if r := f.only(f.send("bob@players.test", "change password bob newpw pw3", ""), "bob@players.test"); !strings.Contains(r.Text, "OK") {
		t.Errorf("password set by admin does not work: %s", r.Text)
	}
	mails = f.send("root@players.test", "admin root pw-root broadcast", "Server maintenance on Sunday.")
	if len(mails) != 4 {
		t.Errorf("broadcast queued %d, want 3 + reply", len(mails))
	}
	f.send("root@players.test", "admin root pw-root backup", "")
	matches, _ := filepath.Glob(filepath.Join(f.s.cfg.BackupDir, "pbm-backup-*.db"))
	if len(matches) != 1 {
		t.Fatalf("backup files: %v", matches)
	}
	bk, err := store.Open(store.Config{Path: matches[0]})
	if err != nil {
		t.Fatal(err)
	}
	defer bk.Close()
	if err := bk.View(func(tx *store.Tx) error {
		_, err := tx.User("bob")
		return err
	}); err != nil {
		t.Errorf("backup lacks bob: %v", err)
	}
}

func TestSignoffResignsGames(t *testing.T) {
	f := newFixture(t)
	f.aliceChallengesBob()
	f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	f.send("bob@players.test", "nim move 101 bob pw-bob take1", "")
	mails := f.send("bob@players.test", "signoff bob pw-bob", "")
	if m := f.only(mails, "alice@players.test"); !strings.Contains(m.Text, "bob closed the account and resigns") {
		t.Errorf("alice's board mail: %s", m.Text)
	}
	var r sent
	for _, m := range mails {
		if m.To == "bob@players.test" && m.Subject == "pbm: signoff bob OK" {
			r = m
		}
	}
	if !strings.Contains(r.Text, "1 running game resigned") {
		t.Errorf("signoff: %s", r.Text)
	}
	if b := f.board(101); !b.Over || !strings.Contains(b.Outcome, "alice") {
		t.Errorf("board after signoff: %+v", b)
	}
	r = f.only(f.send("bob@players.test", "change password bob pw-bob x", ""), "bob@players.test")
	if !strings.Contains(r.Text, "is closed") {
		t.Errorf("closed account: %s", r.Text)
	}
}

func TestWrap(t *testing.T) {
	got := mail.Wrap("Move 2, \"D4\", is illegal: a man entered on D4 could be captured at once, which is allowed only when under attack\nboard line", 40)
	for _, l := range strings.Split(got, "\n") {
		if len(l) > 40 {
			t.Errorf("line over 40: %q", l)
		}
	}
	if !strings.HasSuffix(got, "\nboard line") || !strings.HasPrefix(got, "Move 2, \"D4\", is illegal: a man entered\n  on D4") {
		t.Errorf("wrap:\n%s", got)
	}
}
