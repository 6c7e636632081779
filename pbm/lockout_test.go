package pbm

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/store"
)

// Guesses at one account from many forged senders: the account locks
// after a few, whatever the sender; the owner is told once; no forged
// sender gets more than one refusal in a day; while locked the right
// password is refused too but a reply to a board mail plays; after the
// lock the right password works.
func TestGuessesFromManySendersLockAccount(t *testing.T) {
	f := newFixture(t)
	f.game("")
	f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	var all []sent
	refusals := map[string]int{}
	const senders, each = 40, 3
	for i := 0; i < senders; i++ {
		from := fmt.Sprintf("forged%02d@evil.test", i)
		for j := 0; j < each; j++ {
			mails := f.send(from, fmt.Sprintf("nim limit alice guess%d-%d 3", i, j), "")
			all = append(all, mails...)
			for _, m := range mailsTo(mails, from) {
				if strings.Contains(m.Text, "pw-alice") {
					t.Fatalf("a refusal shows the password:\n%s", m.Text)
				}
				refusals[from]++
			}
		}
	}
	for from, n := range refusals {
		if n > 1 {
			t.Errorf("%s was mailed %d refusals within a day", from, n)
		}
	}
	if len(refusals) == 0 {
		t.Error("no guesser was answered at all")
	}
	owner := mailsTo(all, "alice@players.test")
	if len(owner) != 1 || owner[0].Subject != "pbm: wrong passwords for alice" {
		t.Fatalf("the owner got %d mails: %v", len(owner), owner)
	}
	if !strings.Contains(flat(owner[0].Text), fmt.Sprintf("%d wrong passwords for your account alice", account.GuessAllowed)) {
		t.Errorf("owner's notice: %s", owner[0].Text)
	}
	// The lock came after account.GuessAllowed guesses: the first guessers were
	// told "Invalid password", the later ones that it is locked.
	first := f.only(mailsTo(all, "forged00@evil.test"), "forged00@evil.test")
	if !strings.Contains(first.Text, "Invalid password entered for alice") {
		t.Errorf("the first guess: %s", first.Text)
	}
	last := fmt.Sprintf("forged%02d@evil.test", senders-1)
	if m := f.only(mailsTo(all, last), last); !strings.Contains(flat(m.Text), "The account alice takes no password until") {
		t.Errorf("a guess after the lock: %s", m.Text)
	}
	g := f.guesses("alice")
	if g.Until.IsZero() || !g.Until.After(f.clock) {
		t.Fatalf("not locked: %+v", g)
	}

	// While locked, the right password is refused, from alice's own
	// address too, and a reply to her board mail plays.
	r := f.only(f.send("alice@players.test", "nim limit alice pw-alice 3", ""), "alice@players.test")
	if !strings.Contains(flat(r.Text), "The account alice takes no password until") {
		t.Errorf("right password while locked: %s", r.Text)
	}
	mails := f.send("bob@players.test", "nim move 101 bob pw-bob take1", "")
	if r := f.only(mails, "bob@players.test"); !strings.Contains(r.Text, "OK") {
		t.Fatalf("bob's move: %s", r.Text)
	}
	bm := f.only(mails, "alice@players.test")
	reply := bm.Header.Get("Reply-To")
	mails = f.send("alice@players.test", "Re: Nim Board 101 alice", "take1\n", "Cc: "+reply)
	if r := f.only(mails, "alice@players.test"); !strings.Contains(r.Text, "OK") {
		t.Errorf("a reply to a board mail while locked: %s", r.Text)
	}

	// After the lock the right password works, and is not counted.
	f.clock = g.Until.Add(time.Second)
	r = f.only(f.send("alice@players.test", "nim limit alice pw-alice 3", ""), "alice@players.test")
	if !strings.Contains(r.Text, "OK: Nim challenges now limited for alice") {
		t.Errorf("right password after the lock: %s", r.Text)
	}
	// Guessing again locks again, for longer, and the owner is not told
	// a second time within the day.
	var again []sent
	for j := 0; j < account.GuessAllowed; j++ {
		again = append(again, f.send(fmt.Sprintf("later%d@evil.test", j), "nim limit alice nope 3", "")...)
	}
	if g2 := f.guesses("alice"); g2.Until.Sub(f.clock) <= g.Until.Sub(g.Last) {
		t.Errorf("the second lock (until %v) is not longer than the first (%v)", g2.Until.Sub(f.clock), g.Until.Sub(g.Last))
	}
	if n := len(mailsTo(again, "alice@players.test")); n != 0 {
		t.Errorf("the owner was told again within the day: %d mails", n)
	}
}

// A few wrong passwords from the owner's own address are answered
// each time; the account locks only after account.GuessAllowed.
func TestOwnWrongPasswordsAnswered(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	for i := 1; i < account.GuessAllowed; i++ {
		r := f.only(f.send("alice@players.test", "nim limit alice typo 3", ""), "alice@players.test")
		if !strings.Contains(r.Text, "Invalid password entered for alice") {
			t.Fatalf("wrong password %d: %s", i, r.Text)
		}
	}
	r := f.only(f.send("alice@players.test", "nim limit alice pw-alice 3", ""), "alice@players.test")
	if !strings.Contains(r.Text, "OK") {
		t.Errorf("right password after %d wrong ones: %s", account.GuessAllowed-1, r.Text)
	}
}

func (f *fixture) guesses(id string) store.Guesses {
	f.t.Helper()
	var g store.Guesses
	if err := f.st.View(func(tx *store.Tx) error {
		var err error
		g, err = tx.Guesses(id)
		return err
	}); err != nil {
		f.t.Fatal(err)
	}
	return g
}
