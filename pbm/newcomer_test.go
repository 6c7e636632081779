package pbm

import (
	"strings"
	"testing"

	"github.com/pbmgo/pbm/store"
)

// replyFrom sends alice's reply to the reply address of her board
// mail, with the Subject and body given, and returns the mails queued.
func (f *fixture) replyFrom(subject, body string) []sent {
	f.t.Helper()
	addr := f.replyAddress("alice@players.test", "New Nim Board 101")
	raw := f.raw("alice@players.test", subject, body)
	raw = []byte(strings.Replace(string(raw), "To: pbm@games.test", "To: "+addr, 1))
	return f.handle(raw)
}

// TestListTagSubject: a list tag in brackets is stripped like "Re:",
// and a Subject that is no command is answered for what it is.
func TestListTagSubject(t *testing.T) {
	f := newFixture(t)
	f.game("")
	r := f.answer(f.send("alice@players.test", "Re: Re: [pbm] nim move 101 alice pw-alice take1", ""), "alice@players.test")
	if strings.Contains(r.Text, "Refused") || len(f.board(101).Log) != 1 {
		t.Fatalf("tagged subject not played:\n%s", r.Text)
	}
	r = f.answer(f.send("alice@players.test", "[pbm] hello there", ""), "alice@players.test")
	if !strings.Contains(r.Text, "the Subject is not a command") || strings.Contains(r.Text, "Put one command in the Subject") {
		t.Errorf("answer to a Subject that is no command:\n%s", r.Text)
	}
}

// TestReplySubjectCommand: a reply with no own text in the body has
// its move in the Subject, reply prefixes removed.
func TestReplySubjectCommand(t *testing.T) {
	f := newFixture(t)
	f.game("")
	r := f.answer(f.replyFrom("Re: Re: take2", ""), "alice@players.test")
	if b := f.board(101); len(b.Log) != 1 || b.Log[0].Move != "take2" {
		t.Fatalf("log %+v\n%s", b.Log, r.Text)
	}
}

// TestReplyMoveThenWords: words after a complete move are a comment,
// and the answer names them.
func TestReplyMoveThenWords(t *testing.T) {
	f := newFixture(t)
	f.game("")
	mails := f.replyFrom("Re: New Nim Board 101", "take1 please\n")
	r := f.answer(mails, "alice@players.test")
	if b := f.board(101); len(b.Log) != 1 || b.Log[0].Move != "take1" {
		t.Fatalf("log %+v\n%s", b.Log, r.Text)
	}
	if !strings.Contains(flat(r.Text), `"please" was not read as a move`) {
		t.Errorf("answer does not name the word not read:\n%s", r.Text)
	}
	if m := f.only(withSubject(mails, "Nim Board 101"), "bob@players.test"); !strings.Contains(m.Text, "alice writes:\nplease") {
		t.Errorf("bob's board mail lacks the comment:\n%s", m.Text)
	}
}

// TestReplyPrefersCommand: a first line that is no command, then a
// move: the move is played and the answer says which line was read.
func TestReplyPrefersCommand(t *testing.T) {
	f := newFixture(t)
	f.game("")
	mails := f.replyFrom("Re: New Nim Board 101", "thanks for the game\ntake1\n")
	r := f.answer(mails, "alice@players.test")
	if b := f.board(101); len(b.Log) != 1 {
		t.Fatalf("log %+v\n%s", b.Log, r.Text)
	}
	if !strings.Contains(flat(r.Text), `The line "take1" was read as the command`) {
		t.Errorf("answer does not say which line was read:\n%s", r.Text)
	}
	if m := f.only(withSubject(mails, "Nim Board 101"), "bob@players.test"); !strings.Contains(m.Text, "alice writes:\nthanks for the game") {
		t.Errorf("bob's board mail lacks the comment:\n%s", m.Text)
	}
}

// TestReplyTypo: a slip on a board command in a reply gets the nearest
// command, and nothing is played.
func TestReplyTypo(t *testing.T) {
	f := newFixture(t)
	f.game("")
	r := f.answer(f.replyFrom("Re: New Nim Board 101", "resing\n"), "alice@players.test")
	if !strings.Contains(r.Text, "did you mean resign?") {
		t.Errorf("answer:\n%s", r.Text)
	}
	if b := f.board(101); b.Over || len(b.Log) != 0 {
		t.Errorf("board changed: %+v", b)
	}
}

// TestReplyChatOnItsLine: the words after "chat" are the message.
func TestReplyChatOnItsLine(t *testing.T) {
	f := newFixture(t)
	f.game("")
	mails := f.replyFrom("Re: New Nim Board 101", "chat see you tomorrow\n")
	if r := f.answer(mails, "alice@players.test"); strings.Contains(r.Text, "Refused") {
		t.Fatalf("chat refused:\n%s", r.Text)
	}
	if m := f.only(mails, "bob@players.test"); !strings.Contains(m.Text, "see you tomorrow") {
		t.Errorf("bob's chat:\n%s", m.Text)
	}
}

// TestSignupPasswordOneWord: a password with a space is answered so,
// nothing of it is echoed, and no account is made.
func TestSignupPasswordOneWord(t *testing.T) {
	f := newFixture(t)
	r := f.answer(f.send("carol@players.test", "signup carol apple pie", ""), "carol@players.test")
	if !strings.Contains(flat(r.Text), "A password is one word") {
		t.Errorf("answer:\n%s", r.Text)
	}
	for _, w := range []string{"apple", "pie"} {
		if strings.Contains(r.Text, w) {
			t.Errorf("answer holds %q:\n%s", w, r.Text)
		}
	}
	if err := f.st.View(func(tx *store.Tx) error { _, err := tx.User("carol"); return err }); err == nil {
		t.Error("the account was made")
	}
}

// TestMaskWhenArgumentsDoNotParse: with the board number left out,
// every word that could be the password is masked in the echo.
func TestMaskWhenArgumentsDoNotParse(t *testing.T) {
	f := newFixture(t)
	f.game("")
	if got, want := lineReader(f.s).Masked("nim move alice pw-alice take1"), "nim move ******** ******** ********"; got != want {
		t.Errorf("Masked = %q, want %q", got, want)
	}
	r := f.answer(f.send("alice@players.test", "nim move alice pw-alice take1", ""), "alice@players.test")
	if strings.Contains(r.Text, "pw-alice") {
		t.Errorf("answer shows the password:\n%s", r.Text)
	}
}
