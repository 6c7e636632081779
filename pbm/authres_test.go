package pbm

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/pbm/account"
)

// The operator's MTA in these tests stamps mail as mx.games.test, in
// the formats OpenDMARC and rspamd write (pbm/mail's tests cite them).
const testServID = "mx.games.test"

// failed is the field OpenDMARC adds to a mail whose From's domain
// fails DMARC; passed, rspamd's for a mail that passes everything.
func failed(domain string) string {
	return "Authentication-Results: " + testServID + "; dmarc=fail (p=reject dis=reject) header.from=" + domain
}

func passed(addr string) string {
	_, domain, _ := strings.Cut(addr, "@")
	return "Authentication-Results: " + testServID + ";\r\n\tdkim=pass header.d=" + domain + ";\r\n\tspf=pass smtp.mailfrom=" + addr +
		";\r\n\tdmarc=pass (policy=reject) header.from=" + domain
}

// handleOut handles a mail and returns its outcome and the mails it
// queued.
func (f *fixture) handleOut(raw []byte) (Outcome, []sent) {
	f.t.Helper()
	before := f.outboxSeqs()
	out, err := f.s.Handle(context.Background(), raw)
	if err != nil {
		f.t.Fatalf("handle: %v", err)
	}
	var mails []sent
	for _, m := range f.outbox() {
		if !before[m.Seq] {
			mails = append(mails, decode(f.t, m))
		}
	}
	return out, mails
}

// Forty guesses from forged senders that fail DMARC are answered by
// nothing, not even the one refusal a day, nor the rate limit's
// notice; they lock the account all the same, and the owner is told
// at her own address. Each is recorded as done: a copy is a duplicate.
// Guesses under the owner's own address that fail count too.
func TestFailedGuessesAnsweredByNothing(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.AuthServID = testServID
	f.s.cfg.RateLimit = 3
	f.signup("alice")
	var all []sent
	for i := 0; i < 40; i++ {
		from := fmt.Sprintf("forged%02d@evil.test", i%10)
		raw := f.raw(from, fmt.Sprintf("nim limit alice guess%02d 3", i), "", failed("evil.test"))
		out, mails := f.handleOut(raw)
		all = append(all, mails...)
		if out.Ignored == "" && out.Refused != 1 {
			t.Errorf("guess %d: outcome %v", i, out)
		}
		if again, _ := f.handleOut(raw); !again.Duplicate {
			t.Errorf("guess %d was not recorded as done: a copy is %v", i, again)
		}
	}
	for _, m := range all {
		if strings.HasSuffix(m.To, "@evil.test") {
			t.Errorf("a forged sender was mailed %q:\n%s", m.Subject, m.Text)
		}
	}
	owner := mailsTo(all, "alice@players.test")
	if len(owner) != 1 || owner[0].Subject != "pbm: wrong passwords for alice" {
		t.Fatalf("the owner got %d mails: %v", len(owner), owner)
	}
	if g := f.guesses("alice"); !g.Until.After(f.clock) {
		t.Errorf("the guesses did not lock the account: %+v", g)
	}

	// Under her own address, failing mail is a stranger's: counted,
	// and not answered.
	f.s.cfg.RateLimit = 60
	f.signup("bob")
	var toBob []sent
	for i := 0; i < account.GuessAllowed; i++ {
		toBob = append(toBob, f.send("bob@players.test", fmt.Sprintf("nim limit bob forged%d 3", i), "", failed("players.test"))...)
	}
	if len(toBob) != 1 || toBob[0].To != "bob@players.test" || toBob[0].Subject != "pbm: wrong passwords for bob" {
		t.Errorf("forged guesses under bob's address were answered: %v", toBob)
	}
	if g := f.guesses("bob"); !g.Until.After(f.clock) {
		t.Errorf("forged guesses under bob's own address did not lock it: %+v", g)
	}
}

// A verdict under another authserv-id is anyone's word: a failed one
// from a stranger's host does not silence a mail, a passing one does
// not make the owner's mail verified.
func TestVerdictOfAnotherServIDIgnored(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.AuthServID = testServID
	f.signup("alice")
	other := strings.ReplaceAll(failed("evil.test"), testServID, "mx.evil.test")
	r := f.only(f.send("mallory@evil.test", "nim limit alice guess 3", "", other), "mallory@evil.test")
	if !strings.Contains(r.Text, "Invalid password entered for alice") {
		t.Errorf("a mail with another host's failed verdict: %s", r.Text)
	}
	// The same verdict under the MTA's id silences it.
	if mails := f.send("mallory2@evil.test", "nim limit alice guess 3", "", failed("evil.test")); len(mails) != 0 {
		t.Errorf("a mail with the MTA's failed verdict got %d mails", len(mails))
	}
	for i := 0; i < account.GuessAllowed; i++ {
		f.send(fmt.Sprintf("guesser%d@evil.test", i), "nim limit alice nope 3", "")
	}
	if g := f.guesses("alice"); !g.Until.After(f.clock) {
		t.Fatalf("not locked: %+v", g)
	}
	pass := strings.ReplaceAll(passed("alice@players.test"), testServID, "mx.evil.test")
	r = f.only(f.send("alice@players.test", "nim limit alice pw-alice 3", "", pass), "alice@players.test")
	if !strings.Contains(flat(r.Text), "The account alice takes no password until") {
		t.Errorf("the owner's mail with another host's pass while locked: %s", r.Text)
	}
	// With no authserv-id configured, even the MTA's own verdict is
	// not read.
	f.s.cfg.AuthServID = ""
	r = f.only(f.send("alice@players.test", "nim limit alice pw-alice 3", "", passed("alice@players.test")), "alice@players.test")
	if !strings.Contains(flat(r.Text), "The account alice takes no password until") {
		t.Errorf("a verdict read with no authserv-id configured: %s", r.Text)
	}
	if mails := f.send("mallory3@evil.test", "nim limit alice guess 3", "", failed("evil.test")); len(mails) != 1 {
		t.Errorf("a failed verdict read with no authserv-id configured: %d mails", len(mails))
	}
}

// The verified owner's right password is taken while strangers keep
// the account locked; her own wrong passwords have her own limit,
// which the refusal tells her, and lock only her own addresses.
func TestVerifiedOwnerPastStrangersLock(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.AuthServID = testServID
	f.signup("alice")
	const own = "alice@players.test"
	for i := 0; i < account.GuessAllowed; i++ {
		f.send(fmt.Sprintf("guesser%d@evil.test", i), "nim limit alice nope 3", "")
	}
	lock := f.guesses("alice")
	if !lock.Until.After(f.clock) {
		t.Fatalf("not locked: %+v", lock)
	}
	r := f.only(f.send(own, "nim limit alice pw-alice 3", "", passed(own)), own)
	if !strings.Contains(r.Text, "OK: Nim challenges now limited for alice") {
		t.Errorf("the verified owner's right password while strangers lock the account: %s", r.Text)
	}
	// Strangers still find it locked, and so does her address when
	// the MTA did not vouch for it.
	if r := f.only(f.send("guesser9@evil.test", "nim limit alice pw-alice 3", ""), "guesser9@evil.test"); !strings.Contains(flat(r.Text), "The account alice takes no password until") {
		t.Errorf("a stranger's right password while locked: %s", r.Text)
	}
	if r := f.only(f.send(own, "nim limit alice pw-alice 4", ""), own); !strings.Contains(flat(r.Text), "The account alice takes no password until") {
		t.Errorf("the unverified owner's right password while locked: %s", r.Text)
	}
	if g := f.guesses("alice"); !g.Until.Equal(lock.Until) {
		t.Errorf("the lock changed: %v, was %v", g.Until, lock.Until)
	}
	for i := 1; i < account.OwnGuessAllowed; i++ {
		r := f.only(f.send(own, "nim limit alice typo 3", "", passed(own)), own)
		if txt := flat(r.Text); !strings.Contains(txt, "Invalid password entered for alice") || !strings.Contains(txt, fmt.Sprintf("a limit of their own: after %d within 1 hour", account.OwnGuessAllowed)) {
			t.Fatalf("the owner's wrong password %d: %s", i, r.Text)
		}
	}
	r = f.only(f.send(own, "nim limit alice typo 3", "", passed(own)), own)
	if !strings.Contains(flat(r.Text), "The account alice takes no password from its own addresses until") {
		t.Errorf("the owner's wrong password %d: %s", account.OwnGuessAllowed, r.Text)
	}
	r = f.only(f.send(own, "nim limit alice pw-alice 3", "", passed(own)), own)
	if !strings.Contains(flat(r.Text), "The account alice takes no password from its own addresses until") {
		t.Errorf("the owner's right password after her own lock: %s", r.Text)
	}
	if g := f.guesses("alice"); !g.Until.Equal(lock.Until) || g.Locks != lock.Locks {
		t.Errorf("the owner's own guesses changed the strangers' lock: %+v, was %+v", g, lock)
	}
}

// A reply to a board mail and an address confirmation, each with the
// right token, do nothing when the From fails the MTA's checks, and
// get no answer; the same mails that pass act.
func TestFailedTokenMailRefused(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.AuthServID = testServID
	f.game("")
	f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	mails := f.send("bob@players.test", "nim move 101 bob pw-bob take1", "")
	bm := f.only(mails, "alice@players.test")
	reply := bm.Header.Get("Reply-To")
	moves := len(f.board(101).Log)
	out, mails := f.handleOut(f.raw("alice@players.test", "Re: Nim Board 101 alice", "take1\n", "Cc: "+reply, failed("players.test")))
	if len(mails) != 0 || out.Refused != 1 {
		t.Errorf("a failed reply to a board mail: %v, mails %v", out, mails)
	}
	if n := len(f.board(101).Log); n != moves {
		t.Errorf("a failed reply played: %d moves, were %d", n, moves)
	}
	r := f.only(f.send("alice@players.test", "Re: Nim Board 101 alice", "take1\n", "Cc: "+reply, passed("alice@players.test")), "alice@players.test")
	if !strings.Contains(r.Text, "OK") || len(f.board(101).Log) != moves+1 {
		t.Errorf("a verified reply to a board mail: %s", r.Text)
	}

	const second = "alice@second.test"
	mails = f.send("alice@players.test", "add alice pw-alice "+second, "")
	confirm := f.only(mails, second)
	creply := confirm.Header.Get("Reply-To")
	if !strings.Contains(creply, "+confirm.") {
		t.Fatalf("no confirmation mail: %q", creply)
	}
	out, mails = f.handleOut(f.raw(second, "Re: "+confirm.Subject, "yes", "Cc: "+creply, failed("second.test")))
	if len(mails) != 0 || out.Refused != 1 {
		t.Errorf("a failed confirmation: %v, mails %v", out, mails)
	}
	if u := f.user("alice"); contains(u.Addresses, second) {
		t.Errorf("a failed confirmation confirmed: %v", u.Addresses)
	}
	r = f.only(f.send(second, "Re: "+confirm.Subject, "yes", "Cc: "+creply), second)
	if !strings.Contains(r.Text, "OK: Confirmed") || !contains(f.user("alice").Addresses, second) {
		t.Errorf("the confirmation afterwards: %s", r.Text)
	}

	// A failed signup does not give its own address to the account,
	// and mails nothing there; another address it names gets its one
	// confirmation mail, as from anyone.
	mails = f.send("carol@players.test", "signup carol pw-carol carol@players.test carol@third.test", "", failed("players.test"))
	if u := f.user("carol"); len(u.Addresses) != 0 || len(u.Pending) != 1 || u.Pending[0].Address != "carol@third.test" {
		t.Errorf("a failed signup: addresses %v, pending %v", u.Addresses, u.Pending)
	}
	if len(mails) != 1 || mails[0].To != "carol@third.test" || !strings.HasPrefix(mails[0].Subject, "pbm: confirm mail for ") {
		t.Errorf("a failed signup mailed %v", mails)
	}
}
