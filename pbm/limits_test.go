package pbm

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/store"
)

// copiesTo is how many of mails went to addr.
func copiesTo(mails []sent, addr string) int {
	n := 0
	for _, m := range mails {
		if m.To == addr {
			n++
		}
	}
	return n
}

// TestMessageOnceEach: one mail naming a player five times (on one
// line, in another case, on other lines) mails him once.
func TestMessageOnceEach(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	f.signup("bob")
	f.signup("carol")
	body := "message alice pw-alice bob BOB Bob\nmessage alice pw-alice bOb carol\nmessage alice pw-alice bob\n\nHello, both.\n"
	mails := f.send("alice@players.test", "multiple", body)
	if n := copiesTo(mails, "bob@players.test"); n != 1 {
		t.Errorf("bob got %d copies, want 1", n)
	}
	if n := copiesTo(mails, "carol@players.test"); n != 1 {
		t.Errorf("carol got %d copies, want 1", n)
	}
	r := f.only(mails, "alice@players.test")
	if !strings.Contains(r.Text, "Your message went to bob.") || !strings.Contains(r.Text, "Already sent to bob by this mail") {
		t.Errorf("answer:\n%s", r.Text)
	}
	m := f.only(mails, "bob@players.test")
	if !strings.Contains(m.Text, "Hello, both.") {
		t.Errorf("message:\n%s", m.Text)
	}
}

// TestMessageHourlyCap: the copies a player mails to others are
// capped per hour; the refusal says so and when the count starts
// again, sends nothing, and the allowance is whole after the hour.
func TestMessageHourlyCap(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.MessageLimit = 5
	f.signup("alice")
	f.signup("bob")
	f.signup("carol")
	for i := range 2 {
		mails := f.send("alice@players.test", "message alice pw-alice bob carol", fmt.Sprintf("note %d\n", i))
		if copiesTo(mails, "bob@players.test") != 1 || copiesTo(mails, "carol@players.test") != 1 {
			t.Fatalf("message %d not delivered", i)
		}
	}
	// 4 of 5 spent: two more copies are refused whole.
	mails := f.send("alice@players.test", "message alice pw-alice bob carol", "one too many\n")
	if len(mails) != 1 {
		t.Fatalf("over the cap queued %d mails", len(mails))
	}
	r := f.only(mails, "alice@players.test")
	if text := flat(r.Text); !strings.Contains(text, "at most 5 messages an hour") || !strings.Contains(text, "1 are left") || !strings.Contains(text, "starts again at Tue 1 Dec 2026 11:00 UTC") {
		t.Errorf("refusal:\n%s", r.Text)
	}
	// One copy still fits; a message to oneself is not counted.
	if mails := f.send("alice@players.test", "message alice pw-alice bob alice", "last\n"); copiesTo(mails, "bob@players.test") != 1 {
		t.Errorf("the last copy of the hour was refused")
	}
	if mails := f.send("alice@players.test", "message alice pw-alice carol", "no\n"); copiesTo(mails, "carol@players.test") != 0 {
		t.Errorf("a copy past the cap was sent")
	}
	// Another sender has his own allowance.
	if mails := f.send("bob@players.test", "message bob pw-bob carol", "hi\n"); copiesTo(mails, "carol@players.test") != 1 {
		t.Errorf("bob's message was held by alice's cap")
	}
	f.clock = f.clock.Add(61 * time.Minute)
	if mails := f.send("alice@players.test", "message alice pw-alice bob carol", "next hour\n"); copiesTo(mails, "bob@players.test") != 1 || copiesTo(mails, "carol@players.test") != 1 {
		t.Errorf("the allowance did not come back after the hour")
	}
}

// TestBlockMessages: a player who blocks another gets none of his
// messages, still gets his board mails, and the sender is told.
func TestBlockMessages(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	f.signup("bob")
	f.signup("carol")
	r := f.only(f.send("bob@players.test", "block bob pw-bob ALICE nobody", ""), "bob@players.test")
	if !strings.Contains(flat(r.Text), "bob takes no more messages from alice") || !strings.Contains(r.Text, "not a player here: nobody") {
		t.Fatalf("block:\n%s", r.Text)
	}
	mails := f.send("alice@players.test", "message alice pw-alice bob carol", "hello\n")
	if copiesTo(mails, "bob@players.test") != 0 || copiesTo(mails, "carol@players.test") != 1 {
		t.Fatalf("message after the block: bob %d, carol %d", copiesTo(mails, "bob@players.test"), copiesTo(mails, "carol@players.test"))
	}
	if r := f.only(mails, "alice@players.test"); !strings.Contains(flat(r.Text), "Not delivered to bob: they take no messages from you") {
		t.Errorf("sender's answer:\n%s", r.Text)
	}
	// Board mails still come.
	mails = f.send("alice@players.test", "nim challenge alice pw-alice alice bob", "")
	if copiesTo(mails, "bob@players.test") != 1 {
		t.Errorf("bob got %d board mails after blocking alice", copiesTo(mails, "bob@players.test"))
	}
	// A block of one is only his.
	if mails := f.send("carol@players.test", "message carol pw-carol bob", "hi\n"); copiesTo(mails, "bob@players.test") != 1 {
		t.Errorf("carol's message held by bob's block of alice")
	}
	if r := f.only(f.send("bob@players.test", "block bob pw-bob", ""), "bob@players.test"); !strings.Contains(r.Text, "bob takes no messages from alice.") {
		t.Errorf("block list:\n%s", r.Text)
	}
	if r := f.only(f.send("bob@players.test", "unblock bob pw-bob alice", ""), "bob@players.test"); !strings.Contains(r.Text, "bob takes messages from alice again") {
		t.Errorf("unblock:\n%s", r.Text)
	}
	if mails := f.send("alice@players.test", "message alice pw-alice bob", "again\n"); copiesTo(mails, "bob@players.test") != 1 {
		t.Errorf("message after unblock not delivered")
	}
	// Bad input changes nothing: a wrong password blocks nobody.
	f.send("bob@players.test", "block bob wrong alice", "")
	if mails := f.send("alice@players.test", "message alice pw-alice bob", "still\n"); copiesTo(mails, "bob@players.test") != 1 {
		t.Errorf("a block with a wrong password took effect")
	}
}

// TestSignupsInAuthenticatedMail: a valid password in one line does
// not exempt the signups of the same mail: at most MaxSignups run, and
// each counts against the sender's hourly allowance.
func TestSignupsInAuthenticatedMail(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.RateLimit = 3
	f.signup("alice") // one command from alice@players.test
	var body strings.Builder
	body.WriteString("nim limit alice pw-alice 5\n")
	for i := range 10 {
		fmt.Fprintf(&body, "signup sock%02d pw\n", i)
	}
	r := f.only(f.send("alice@players.test", "multiple", body.String()), "alice@players.test")
	if n := strings.Count(r.Text, "OK: Welcome"); n != 2 {
		t.Errorf("%d signups ran from one mail, want 2:\n%s", n, r.Text)
	}
	if !strings.Contains(flat(r.Text), "At most 2 signups are run from one mail") {
		t.Errorf("no refusal of the signups past the cap:\n%s", r.Text)
	}
	// Signup, two signups: 3 of the allowance of 3 spent. The next
	// mail's signup is over the hour's allowance, its password line is
	// still run.
	r = f.only(f.send("alice@players.test", "multiple", "signup sock20 pw\nnim limit alice pw-alice 6\n"), "alice@players.test")
	if text := flat(r.Text); !strings.Contains(text, "More than 3 commands without a valid password came from alice@players.test") || !strings.Contains(text, "now at most 6") {
		t.Errorf("over the allowance:\n%s", r.Text)
	}
	// Past the allowance, a command with an account's password is
	// still run, right or wrong: the answer does not tell a right
	// password from a wrong one by the allowance.
	r = f.only(f.send("alice@players.test", "multiple", "nim limit alice pw-alice 7\nnim limit alice wrong 8\n"), "alice@players.test")
	if text := flat(r.Text); !strings.Contains(text, "Invalid password entered for alice") || strings.Contains(text, "More than 3 commands") {
		t.Errorf("a wrong password past the allowance:\n%s", text)
	}
	f.st.View(func(tx *store.Tx) error {
		for _, id := range []string{"sock02", "sock09", "sock20"} {
			if _, err := tx.User(id); err == nil {
				t.Errorf("account %s was opened past a limit", id)
			}
		}
		return nil
	})
}

// TestAccountsPerAddress: an address has at most MaxAccounts open
// accounts.
func TestAccountsPerAddress(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.MaxAccounts = 2
	for i := range 2 {
		f.clock = f.clock.Add(time.Minute)
		r := f.only(f.send("dan@players.test", fmt.Sprintf("signup dan%d pw", i), ""), "dan@players.test")
		if !strings.Contains(r.Text, "OK: Welcome") {
			t.Fatalf("signup %d: %s", i, r.Text)
		}
	}
	r := f.only(f.send("dan@players.test", "signup dan2 pw", ""), "dan@players.test")
	if !strings.Contains(flat(r.Text), "dan@players.test has 2 accounts already") {
		t.Errorf("third account:\n%s", r.Text)
	}
	f.st.View(func(tx *store.Tx) error {
		if _, err := tx.User("dan2"); err == nil {
			t.Error("a third account was opened")
		}
		return nil
	})
}

// TestPasswordWorkPerMail: one mail checks at most MaxPasswordWork
// distinct passwords; the commands past that are refused unrun, and
// no account is locked by them.
func TestPasswordWorkPerMail(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	f.signup("bob")
	var body strings.Builder
	for i := range 10 {
		fmt.Fprintf(&body, "nim limit bob guess%d 3\n", i)
	}
	body.WriteString("nim limit alice pw-alice 4\n")
	r := f.only(f.send("alice@players.test", "multiple", body.String()), "alice@players.test")
	// Four guesses are checked; the six others and alice's own line
	// (a fifth password) are refused unrun.
	if n := strings.Count(flat(r.Text), "may check or set at most 4 different passwords"); n != 7 {
		t.Errorf("%d commands refused for the password work, want 7:\n%s", n, r.Text)
	}
	f.st.View(func(tx *store.Tx) error {
		u, _ := tx.User("bob")
		if _, ok := u.Limits["nim"]; ok {
			t.Error("a guessed password set bob's limit")
		}
		return nil
	})
}

// TestGroupBound: a group commit holds no more new password hashes
// and list commands than one mail may; every mail of the batch is
// handled.
func TestGroupBound(t *testing.T) {
	f := newFixture(t)
	var raws [][]byte
	for i := range 5 {
		raws = append(raws, f.raw(fmt.Sprintf("s%d@players.test", i), "multiple", fmt.Sprintf("signup a%d pw\nsignup b%d pw\n", i, i)))
	}
	for i := range 3 {
		raws = append(raws, f.raw("x@players.test", "help", fmt.Sprint(i)))
	}
	for i := range 3 {
		raws = append(raws, f.raw("y@players.test", "multiple", "list\nnim games\nnim history\n"+fmt.Sprint(i)))
	}
	// 2 + 2 hashes fill the mail's bound of 4: the third mail starts a
	// new group; mails without a signup or a list add nothing; 3 + 3
	// lists pass the bound of 5.
	for _, c := range []struct{ start, end int }{{0, 2}, {2, 4}, {4, 9}, {9, 10}, {10, 11}} {
		if got := groupEnd(f.s.cfg, lineReader(f.s).Mail, raws, c.start); got != c.end {
			t.Errorf("group from %d ends at %d, want %d", c.start, got, c.end)
		}
	}
	for i, err := range f.s.HandleBatch(context.Background(), raws) {
		if err != nil {
			t.Fatalf("mail %d: %v", i, err)
		}
	}
	f.st.View(func(tx *store.Tx) error {
		for i := range 5 {
			for _, id := range []string{fmt.Sprintf("a%d", i), fmt.Sprintf("b%d", i)} {
				if _, err := tx.User(id); err != nil {
					t.Errorf("account %s: %v", id, err)
				}
			}
		}
		return nil
	})
}

// TestChatOnceAndCounted: chat lines of one mail reach each reader
// once, and chat copies count against the hourly allowance of
// messages.
func TestChatOnceAndCounted(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.MessageLimit = 3
	f.aliceChallengesBob()
	mails := f.send("alice@players.test", "multiple", strings.Repeat("nim chat 101 alice pw-alice\n", 3)+"\nHi bob.\n")
	if n := copiesTo(mails, "bob@players.test"); n != 1 {
		t.Errorf("bob got %d chat copies from one mail, want 1", n)
	}
	f.send("alice@players.test", "nim chat 101 alice pw-alice", "again\n")
	f.send("alice@players.test", "message alice pw-alice bob", "and again\n")
	// 3 of 3 spent: the fourth copy of the hour is refused.
	mails = f.send("alice@players.test", "nim chat 101 alice pw-alice", "once more\n")
	if copiesTo(mails, "bob@players.test") != 0 {
		t.Error("a chat past the allowance was sent")
	}
	if r := f.only(mails, "alice@players.test"); !strings.Contains(flat(r.Text), "at most 3 messages an hour") {
		t.Errorf("chat past the allowance:\n%s", r.Text)
	}
}

// TestAdminHashesCounted: an admin's setpassword makes a new hash and
// counts against the bcrypt work of the mail like a signup.
func TestAdminHashesCounted(t *testing.T) {
	f := newFixture(t)
	f.signup("root")
	f.signup("alice")
	r := f.only(f.send("root@players.test", "multiple", strings.Repeat("admin root pw-root setpassword alice other\n", 5)), "root@players.test")
	// root's password is one bcrypt, three hashes make four.
	if n := strings.Count(flat(r.Text), "may check or set at most 4 different passwords"); n != 2 {
		t.Errorf("%d setpassword refused, want 2:\n%s", n, r.Text)
	}
}
