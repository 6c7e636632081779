package pbm

import (
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/store"
)

// replyPrefixes are the prefixes a mail client of each language puts
// before the subject of a reply.
var replyPrefixes = map[string]string{"en": "Re: ", "hu": "Vá: ", "cs": "Odp: ", "nl": "Antw: ", "de": "AW: "}

// boardSubjects are the subjects of alice's new board 101 in each
// language.
var newBoardSubjects = map[string]string{
	"en": "New Nim Board 101 alice",
	"hu": "Új: Nim, 101. tábla alice",
	"cs": "Nová deska Nim č. 101 alice",
	"nl": "Nieuw Nim-bord 101 alice",
	"de": "Neues Nim-Brett 101 alice",
}

// A reply to a board mail in any language the server speaks is read
// as a reply to an English one: its subject, as sent and with the
// client's reply prefix, is no command, whether the reply goes to the
// reply address or to the server's own; a reply without a command is
// told so, not that its subject is no command; the subject is kept
// unmasked in logs.
func TestBoardSubjectRepliesEveryLanguage(t *testing.T) {
	for _, code := range lang.Codes {
		t.Run(code, func(t *testing.T) {
			f := newFixture(t)
			f.signupIn("alice", code)
			f.signupIn("bob", code)
			p := f.s.cat.For(code)
			f.send("bob@players.test", "nim challenge bob pw-bob alice bob", "")
			board := f.only(withSubject(f.outboxSent(), newBoardSubjects[code]), "alice@players.test")
			if board.Subject != newBoardSubjects[code] {
				t.Fatalf("board mail subject %q", board.Subject)
			}
			subject := replyPrefixes[code] + board.Subject
			if got := mail.Unprefixed(subject); got != board.Subject {
				t.Fatalf("prefix %q not stripped: %q", replyPrefixes[code], got)
			}
			if got := lineReader(f.s).Masked(subject); got != subject {
				t.Errorf("board subject masked: %q", got)
			}

			// To the reply address, no command in the body: told there
			// is none, not that the subject is not a command.
			addr := f.replyAddress("alice@players.test", board.Subject)
			raw := f.raw("alice@players.test", subject, "", "In-Reply-To: "+board.Header.Get("Message-Id"))
			raw = []byte(strings.Replace(string(raw), "To: pbm@games.test", "To: "+addr, 1))
			r := f.answer(f.handle(raw), "alice@players.test")
			mustLack(t, "empty reply", r.Text, p.T("CmdNoneSubject"))
			if len(f.board(101).Log) != 0 {
				t.Fatal("an empty reply moved")
			}

			// To the reply address with a move.
			raw = f.raw("alice@players.test", subject, "take1#1\n", "In-Reply-To: "+board.Header.Get("Message-Id"))
			raw = []byte(strings.Replace(string(raw), "To: pbm@games.test", "To: "+addr, 1))
			mails := f.handle(raw)
			mustLack(t, "reply with a move", f.answer(mails, "alice@players.test").Text, p.T("ReplyRefused"))
			if n := len(f.board(101).Log); n != 1 {
				t.Fatalf("reply by address: %d moves", n)
			}
			// bob's board mail, replied to at the server's own address
			// with a command in the body: the subject is no command.
			toBob := f.only(mails, "bob@players.test")
			r = f.answer(f.send("bob@players.test", replyPrefixes[code]+toBob.Subject, "nim move 101 bob pw-bob take1#2"), "bob@players.test")
			mustLack(t, "bob's reply", r.Text, p.T("ReplyRefused"))
			if n := len(f.board(101).Log); n != 2 {
				t.Fatalf("reply to the server: %d moves\n%s", n, r.Text)
			}
		})
	}
}

// Each kind of subject comes in the reader's language: the board
// mails, the answers, the refusals, the notices of a result, the
// reminders and the notes to the other player.
func TestSubjectsInLanguages(t *testing.T) {
	f := newFixture(t)
	f.signupIn("alice", "hu")
	f.signupIn("bob", "cs")
	f.signupIn("carol", "nl")
	f.signupIn("dave", "de")
	mails := f.send("alice@players.test", "nim challenge alice pw-alice alice bob --nag=2 --forfeit=5", "")
	want := map[string]string{"alice@players.test": "Új: Nim, 101. tábla alice", "bob@players.test": "Nová deska Nim č. 101 alice"}
	for to, s := range want {
		if got := f.only(mails, to).Subject; got != s {
			t.Errorf("new board to %s: %q, want %q", to, got, s)
		}
	}
	for _, tc := range []struct{ from, cmd, want string }{
		{"carol", "nim notify carol pw-carol 101", "pbm: nim notify OK"},
		{"dave", "nim notify dave pw-dave 101", "pbm: nim notify OK"},
		{"carol", "nim show 999", "Nim: fout"},
		{"dave", "nim show 999", "Nim: Fehler"},
		{"alice", "nim move 101 alice pw-alice take9", "Nim, 101. tábla: hiba"},
		{"bob", "nim move 101 bob pw-bob take1", "Deska Nim č. 101: chyba"},
		{"carol", "nim standings", "Nim-ranglijst"},
		{"dave", "nim history dave", "Beendete Nim-Partien von dave"},
		{"alice", "help", "pbm: súgó"},
		{"bob", "commands", "pbm: chyba"},
		{"dave", "frobnicate", "pbm: Fehler"},
	} {
		r := f.answer(f.send(tc.from+"@players.test", tc.cmd, ""), tc.from+"@players.test")
		if r.Subject != tc.want {
			t.Errorf("%s: %s: subject %q, want %q", tc.from, tc.cmd, r.Subject, tc.want)
		}
	}
	r := f.answer(f.send("dave@players.test", "commands", "nim notify dave pw-dave 101\nnim show 999"), "dave@players.test")
	if r.Subject != "pbm: 2 Befehle, 1 abgelehnt" {
		t.Errorf("two commands: %q", r.Subject)
	}
	r = f.answer(f.send("bob@players.test", "commands", "nim notify bob pw-bob 101\nnim notify bob pw-bob 101"), "bob@players.test")
	if r.Subject != "pbm: 2 příkazy" {
		t.Errorf("two commands: %q", r.Subject)
	}

	// A reminder to alice, the note to bob.
	f.clock = f.clock.Add(48 * time.Hour)
	mails = f.tick()
	if got := f.only(mails, "alice@players.test").Subject; got != "Emlékeztető: Nim, 101. tábla, alice" {
		t.Errorf("nag: %q", got)
	}
	if got := f.only(mails, "bob@players.test").Subject; got != "Deska Nim č. 101: alice je v prodlení" {
		t.Errorf("late note: %q", got)
	}
	// The end: the board mails and the notices of the result.
	f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	f.send("bob@players.test", "nim move 101 bob pw-bob take1", "")
	mails = f.send("alice@players.test", "nim resign 101 alice pw-alice", "")
	for to, s := range map[string]string{
		"alice@players.test": "Nim, 101. tábla", "bob@players.test": "Deska Nim č. 101",
		"carol@players.test": "Melding: Nim-bord 101", "dave@players.test": "Benachrichtigung: Nim-Brett 101",
	} {
		if len(withSubject(mails, s)) == 0 || f.only(withSubject(mails, s), to).Subject != s {
			t.Errorf("no mail %q to %s", s, to)
		}
	}
	if len(withSubject(mails, "Oznámení: deska Nim č. 101")) != 1 {
		t.Errorf("bob has no notice of the result")
	}

	// The outcome is kept as its message too, and the history shows
	// it in the reader's language.
	b := f.board(101)
	if b.Result == nil || b.Result.Parts[0].ID != "StatusWonWhy" {
		t.Fatalf("outcome %q kept as %+v", b.Outcome, b.Result)
	}
	nl := f.s.cat.For("nl").Render(board.OutcomeMsg(b))
	if !strings.HasPrefix(nl, "De partij is gewonnen door bob (") {
		t.Errorf("Dutch outcome %q", nl)
	}
	r = f.answer(f.send("carol@players.test", "nim history bob", ""), "carol@players.test")
	mustContain(t, "Dutch history", r.Text, nl)
	mustLack(t, "Dutch history", r.Text, b.Outcome)
}

// The lines the server adds to a mail when it queues it are in the
// reader's language: the way to stop all mail, the note of a text cut
// short, and the language and link of the HTML part.
func TestMailLinesInLanguage(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.WebURL = "https://games.test/"
	f.signupIn("alice", "hu")
	f.signupIn("bob", "cs")
	mails := f.send("alice@players.test", "nim challenge alice pw-alice alice bob", "")
	toBob := f.only(mails, "bob@players.test")
	mustContain(t, "bob's board mail", toBob.Text, "Nechcete-li už na tuto adresu dostávat poštu od Test Server, pošlete jakýkoli e-mail na pbm+")
	mustLack(t, "bob's board mail", toBob.Text, "To stop all mail")
	mustContain(t, "bob's HTML part", toBob.HTML, `<html lang="cs">`)
	mustLack(t, "bob's HTML part", toBob.HTML, `lang="en"`, "This board on the web")
	mustContain(t, "bob's HTML link", toBob.HTML, ">Tato deska na webu</a>")

	c, err := lang.Load()
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat(strings.Repeat("x", 99)+"\n", maxMailText/100+50)
	for code, want := range map[string]string{
		"en": "[The rest of this mail, ", "hu": "[A levél további ", "cs": "[Zbytek tohoto e-mailu (",
		"nl": "[De rest van deze mail, ", "de": "[Der Rest dieser Mail, ",
	} {
		got := boundText(c.For(code), long)
		if len(got) > maxMailText+1000 || !strings.Contains(got, want) {
			t.Errorf("%s: the cut text (%d bytes) lacks %q", code, len(got), want)
		}
		if code != "en" && strings.Contains(got, "was cut") {
			t.Errorf("%s: the cut note is English", code)
		}
	}
}

// The report of an undeliverable mail reaches each admin in the
// admin's language, its labels lined up in one column.
func TestFailureReportInAdminsLanguage(t *testing.T) {
	f := newFixture(t)
	f.signup("root")
	f.signupIn("alice", "hu")
	f.s.cfg.Admins = []string{"root", "alice"}
	before := f.outboxSeqs()
	failed := store.Mail{To: "gone@elsewhere.test", Subject: "Nim Board 101", Queued: f.clock, Attempts: 7, LastError: "550 5.1.1 no such user"}
	if err := f.st.Update(func(tx *store.Tx) error { return f.s.ReportFailure(tx, failed) }); err != nil {
		t.Fatal(err)
	}
	var reports []sent
	for _, m := range f.outbox() {
		if !before[m.Seq] {
			reports = append(reports, decode(t, m))
		}
	}
	for _, tc := range []struct {
		to, subject string
		want        []string
	}{
		{"root@players.test", "pbm: undeliverable mail to gone@elsewhere.test", []string{
			"A mail could not be delivered and will not be tried again.\n\nTo:       gone@elsewhere.test\nSubject:  Nim Board 101\n" +
				"Queued:   Tue 1 Dec 2026 10:00 UTC\nAttempts: 7\nReason:   550 5.1.1 no such user\n-- \nTest Server"}},
		{"alice@players.test", "pbm: kézbesíthetetlen levél ide: gone@elsewhere.test", []string{
			"Egy levelet nem sikerült kézbesíteni, és több kísérlet nem lesz.\n\nCímzett:       gone@elsewhere.test\nTárgy:         Nim Board 101\n" +
				"Sorba állítva: 2026. december 1., kedd 10:00 UTC\nKísérletek:    7\nOk:            550 5.1.1 no such user\n"}},
	} {
		r := f.only(reports, tc.to)
		if r.Subject != tc.subject {
			t.Errorf("report to %s: subject %q", tc.to, r.Subject)
		}
		mustContain(t, "report to "+tc.to, r.Text, tc.want...)
	}
	mustLack(t, "Hungarian report", f.only(reports, "alice@players.test").Text, "Attempts", "Queued", "could not")
}

// An admin's broadcast reaches every account in its own language: the
// subject and the lines added to it, the admin's words as written.
func TestBroadcastInLanguages(t *testing.T) {
	f := newFixture(t)
	f.signup("root")
	f.signupIn("alice", "hu")
	f.signupIn("bob", "cs")
	mails := f.send("root@players.test", "admin root pw-root broadcast", "Server maintenance on Sunday.")
	for _, tc := range []struct{ to, subject, line string }{
		{"root@players.test", "Broadcast from Test Server", "To stop all mail from Test Server"},
		{"alice@players.test", "Körlevél: Test Server", "Ha erre a címre nem kér több levelet"},
		{"bob@players.test", "Hromadná zpráva od Test Server", "Nechcete-li už na tuto adresu"},
	} {
		var got []sent
		for _, m := range mails {
			if m.To == tc.to && strings.Contains(m.Text, "Server maintenance on Sunday.") {
				got = append(got, m)
			}
		}
		if len(got) != 1 {
			t.Errorf("broadcast to %s: %d mails", tc.to, len(got))
			continue
		}
		if got[0].Subject != tc.subject {
			t.Errorf("broadcast to %s: subject %q, want %q", tc.to, got[0].Subject, tc.subject)
		}
		mustContain(t, "broadcast to "+tc.to, got[0].Text, tc.line)
	}
}
