package pbm

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// rt is the reply address of a mail, or "".
func rt(m sent) string { return strings.Trim(m.Header.Get("Reply-To"), "<>") }

// replyTo sends a reply from addr to a reply address, the command on
// the first line above a quote of the mail answered, and returns the
// mails it queued.
func (f *fixture) replyTo(from, to, body string) []sent {
	f.t.Helper()
	if !strings.HasPrefix(to, "pbm+nim.101.") {
		f.t.Fatalf("no reply address: %q", to)
	}
	f.n++
	raw := fmt.Sprintf("From: %s\r\nTo: %s\r\nSubject: Re: Nim Board 101\r\nMessage-ID: <rt%d@client.test>\r\n\r\n%s\r\n\r\nOn Wed, Dec 2, 2026 at 4:25 PM PBM Server <pbm@games.test> wrote:\r\n> QUOTEDTEXT\r\n",
		from, to, f.n, strings.ReplaceAll(body, "\n", "\r\n"))
	return f.handle([]byte(raw))
}

// TestReplyToEveryBoardMail: every mail to a player about a board (the
// new board, an error, a show, a submit, a chat, a reminder, the board
// after a move) carries a reply address; a reply to any of them holds
// a board command without userid, password or board: confirm, propose,
// reject, undo, accept, a move with #n, chat, resign; the board mail
// and help say so in one line. A reply to the mail of an older
// position, like a stale #n, is refused with the board as it is now
// and changes nothing.
func TestReplyToEveryBoardMail(t *testing.T) {
	f := newFixture(t)
	f.game("--nag=1 --forfeit=9")
	newBoard := f.only(withSubject(f.outboxSent(), "New Nim Board 101"), "alice@players.test")
	if !strings.Contains(newBoard.Text, replyLine) {
		t.Errorf("the board mail does not say a reply works:\n%s", newBoard.Text)
	}
	if r := f.only(f.send("x@players.test", "help", ""), "x@players.test"); !strings.Contains(r.Text, replyLine) {
		t.Errorf("help does not say a reply works")
	}
	errMail := f.only(f.send("alice@players.test", "nim move 101 alice pw-alice take9", ""), "alice@players.test")
	show := f.only(f.send("alice@players.test", "nim show 101", ""), "alice@players.test")
	submit := f.only(f.send("alice@players.test", "nim submit 101 alice pw-alice take1", ""), "alice@players.test")
	chat := f.only(withSubject(f.send("bob@players.test", "nim chat 101 bob pw-bob", "hello"), "Nim chat 101"), "alice@players.test")
	f.clock = f.clock.Add(25 * time.Hour)
	nag := f.only(withSubject(f.tick(), "Nag: Nim Board 101"), "alice@players.test")
	for name, m := range map[string]sent{"new board": newBoard, "error": errMail, "show": show, "submit": submit, "chat": chat, "nag": nag} {
		if !strings.HasPrefix(rt(m), "pbm+nim.101.0.") {
			t.Errorf("%s mail %q: Reply-To %q", name, m.Subject, rt(m))
		}
	}
	if errMail.Subject != "Nim Board 101 Error" {
		t.Errorf("error subject %q", errMail.Subject)
	}

	// confirm, by a reply to the reminder: the submitted move is played.
	mails := f.replyTo("alice@players.test", rt(nag), "confirm\nThere you go.")
	if b := f.board(101); len(b.Log) != 1 || b.Log[0].Move != "take1" {
		t.Fatalf("confirm by reply: %+v\n%s", b.Log, f.answer(mails, "alice@players.test").Text)
	}
	toBob := f.only(withSubject(mails, "Nim Board 101"), "bob@players.test")
	if !strings.Contains(toBob.Text, "alice writes:\nThere you go.") || strings.Contains(toBob.Text, "QUOTEDTEXT") {
		t.Errorf("board mail to bob:\n%s", toBob.Text)
	}
	if !strings.HasPrefix(rt(toBob), "pbm+nim.101.1.") {
		t.Errorf("board mail Reply-To %q", rt(toBob))
	}
	aliceAt1 := rt(f.only(withSubject(mails, "Nim Board 101"), "alice@players.test"))

	// The other mails showed the board before the move: stale now.
	for name, m := range map[string]sent{"error": errMail, "show": show, "chat": chat} {
		mails := f.replyTo("alice@players.test", rt(m), "take1")
		r := f.answer(mails, "alice@players.test")
		if r.Subject != "Nim Board 101 Error" || !strings.Contains(flat(r.Text), "the board is at move 1 now: the reply is stale, nothing was played") || !strings.Contains(r.Text, "The board now:") || !strings.Contains(r.Text, "Pile:") {
			t.Errorf("stale reply to the %s mail: %q\n%s", name, r.Subject, r.Text)
		}
		if len(mails) != 1 || len(f.board(101).Log) != 1 {
			t.Errorf("the stale reply to the %s mail changed something: %d mails, %d moves", name, len(mails), len(f.board(101).Log))
		}
	}
	// A chat is not tied to the position: it goes through.
	if m := f.only(withSubject(f.replyTo("alice@players.test", rt(show), "chat\nstill there?"), "Nim chat 101"), "bob@players.test"); !strings.Contains(m.Text, "still there?") {
		t.Errorf("chat by reply to an old mail:\n%s", m.Text)
	}

	// propose, reject, undo, accept, each by a reply.
	bobAt1 := rt(toBob)
	f.replyTo("bob@players.test", bobAt1, "propose")
	if b := f.board(101); b.Vote == nil {
		t.Fatal("propose by reply opened no vote")
	}
	f.replyTo("alice@players.test", aliceAt1, "reject")
	if b := f.board(101); b.Vote != nil {
		t.Fatalf("reject by reply: vote %+v", b.Vote)
	}
	f.replyTo("alice@players.test", aliceAt1, "undo")
	f.replyTo("bob@players.test", bobAt1, "accept")
	if b := f.board(101); len(b.Log) != 0 {
		t.Fatalf("undo and accept by reply: %+v", b.Log)
	}
	// A move with #n by a reply to the mail of the board now; a wrong
	// #n is stale as well.
	aliceAt0 := f.replyAddress("alice@players.test", "Nim Board 101")
	if r := f.answer(f.replyTo("alice@players.test", aliceAt0, "take2#5"), "alice@players.test"); !strings.Contains(r.Text, "Refused") {
		t.Errorf("a wrong #n by reply: %s", r.Text)
	}
	if r := f.answer(f.replyTo("alice@players.test", aliceAt0, "take2#1"), "alice@players.test"); !strings.Contains(r.Text, "OK: alice played") {
		t.Fatalf("a move with #n by reply: %s", r.Text)
	}
	bobAt1 = f.replyAddress("bob@players.test", "Nim Board 101")
	f.replyTo("bob@players.test", bobAt1, "move take1#2")
	// resign by reply ends the game and the reply addresses with it.
	aliceAt2 := f.replyAddress("alice@players.test", "Nim Board 101")
	mails = f.replyTo("alice@players.test", aliceAt2, "resign")
	if b := f.board(101); !b.Over {
		t.Fatalf("resign by reply: %+v", b)
	}
	final := f.only(withSubject(mails, "Nim Board 101"), "bob@players.test")
	if !strings.Contains(final.Text, "Game won by bob") || !strings.Contains(final.Text, "bob's rating went up from 1600 to") || rt(final) != "" {
		t.Errorf("final board mail (Reply-To %q):\n%s", rt(final), final.Text)
	}
	if r := f.answer(f.replyTo("bob@players.test", bobAt1, "take1"), "bob@players.test"); !strings.Contains(flat(r.Text), "has ended; its reply address no longer plays moves") {
		t.Errorf("reply after the end: %s", r.Text)
	}
}

// outboxSent is every queued mail, decoded.
func (f *fixture) outboxSent() []sent {
	var out []sent
	for _, m := range f.outbox() {
		out = append(out, decode(f.t, m))
	}
	return out
}
