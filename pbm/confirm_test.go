package pbm

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/store"
)

// mailsTo are the mails among mails that went to addr.
func mailsTo(mails []sent, addr string) []sent {
	var out []sent
	for _, m := range mails {
		if strings.EqualFold(m.To, addr) {
			out = append(out, m)
		}
	}
	return out
}

func (f *fixture) user(id string) store.User {
	f.t.Helper()
	var u store.User
	if err := f.st.View(func(tx *store.Tx) error {
		var err error
		u, err = tx.User(id)
		return err
	}); err != nil {
		f.t.Fatal(err)
	}
	return u
}

// An address given by someone else gets its one confirmation mail and
// nothing more, however much the account asks for, until its owner
// replies; one that never confirms lapses and gets nothing after.
func TestThirdPartyAddressGetsOnlyConfirmation(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	f.signup("bob")
	victims := []string{"victim0@far.test", "victim1@far.test"}
	mails := f.send("mallory@evil.test", "signup spam01 pw-spam "+strings.Join(victims, " "), "")
	r := f.only(mails, "mallory@evil.test")
	if !strings.Contains(r.Text, "OK: Welcome, spam01. No mail goes anywhere yet") || !strings.Contains(r.Text, "until it is confirmed") {
		t.Errorf("signup: %s", r.Text)
	}
	if u := f.user("spam01"); len(u.Addresses) != 0 || len(u.Pending) != 2 {
		t.Errorf("account: addresses %v, pending %v", u.Addresses, u.Pending)
	}
	var confirmation []sent
	for _, v := range victims {
		m := f.only(mails, v)
		if !strings.Contains(m.Text, "mallory@evil.test asked") || !strings.Contains(m.Text, "If you do nothing, nothing more comes") {
			t.Errorf("confirmation to %s: %s", v, m.Text)
		}
		if !strings.Contains(m.Header.Get("List-Unsubscribe"), "mailto:pbm+unsub.") {
			t.Errorf("confirmation to %s has no List-Unsubscribe: %q", v, m.Header.Get("List-Unsubscribe"))
		}
		confirmation = append(confirmation, m)
	}
	// Asking again sends no second confirmation.
	mails = f.send("mallory@evil.test", "add spam01 pw-spam "+victims[0], "")
	if n := len(mailsTo(mails, victims[0])); n != 0 {
		t.Errorf("a second request mailed the address %d times", n)
	}
	if r := f.only(mails, "mallory@evil.test"); !strings.Contains(r.Text, "awaits its confirmation") {
		t.Errorf("second add: %s", r.Text)
	}
	var all []sent
	all = append(all, f.send("mallory@evil.test", "nim subscribe spam01 pw-spam all", "")...)
	all = append(all, f.send("mallory@evil.test", "nim notify spam01 pw-spam", "")...)
	all = append(all, f.send("alice@players.test", "nim challenge alice pw-alice alice bob", "")...)
	all = append(all, f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")...)
	all = append(all, f.send("mallory@evil.test", "message spam01 pw-spam spam01", "hello\n")...)
	for _, v := range victims {
		if n := len(mailsTo(all, v)); n != 0 {
			t.Errorf("%s got %d mails before confirming", v, n)
		}
	}
	if m := mailsTo(all, "bob@players.test"); len(m) != 2 || m[1].Subject != "Nim Board 101 bob" {
		t.Fatalf("bob's board mails: %v", m)
	}

	// A reply to the confirmation from another address, or a guessed
	// token, confirms nothing.
	reply := confirmation[0].Header.Get("Reply-To")
	if r := f.only(f.send("mallory@evil.test", "Re: confirm", "yes", "Cc: "+reply), "mallory@evil.test"); !strings.Contains(r.Text, "Refused: This confirmation is not valid for mallory@evil.test") {
		t.Errorf("confirmation from another address: %s", r.Text)
	}
	forged := reply[:strings.LastIndex(reply, ".")+1] + strings.Repeat("a", 24) + "@games.test"
	if r := f.only(f.send(victims[0], "Re: confirm", "yes", "Cc: "+forged), victims[0]); !strings.Contains(r.Text, "Refused") {
		t.Errorf("forged token: %s", r.Text)
	}
	// Its owner's reply confirms it: from then on it gets the mail.
	f.confirm([]sent{confirmation[0]}, victims[0])
	mails = f.send("bob@players.test", "nim move 101 bob pw-bob take1", "")
	m := f.only(mails, victims[0])
	if m.Subject != "Nim Board 101 alice" {
		t.Errorf("confirmed watcher got %q", m.Subject)
	}
	if n := len(mailsTo(mails, victims[1])); n != 0 {
		t.Errorf("the unconfirmed address got %d mails", n)
	}

	// The other never confirms: after the days it is dropped by the
	// clock, and its late reply confirms nothing.
	f.clock = f.clock.Add(3*day + time.Minute)
	if _, err := f.s.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	if u := f.user("spam01"); len(u.Pending) != 0 || !contains(u.Addresses, victims[0]) || contains(u.Addresses, victims[1]) {
		t.Errorf("after the lapse: addresses %v, pending %v", u.Addresses, u.Pending)
	}
	late := f.only(f.send(victims[1], "Re: confirm", "yes", "Cc: "+confirmation[1].Header.Get("Reply-To")), victims[1])
	if !strings.Contains(late.Text, "Refused: This confirmation is not valid") {
		t.Errorf("late confirmation: %s", late.Text)
	}
	mails = f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	if n := len(mailsTo(mails, victims[1])); n != 0 {
		t.Errorf("the lapsed address got %d mails", n)
	}
	if n := len(mailsTo(mails, victims[0])); n != 1 {
		t.Errorf("the confirmed address got %d mails", n)
	}
}

// The sender's own address is confirmed at once, also in change
// address and add.
func TestOwnAddressConfirmedAtOnce(t *testing.T) {
	f := newFixture(t)
	mails := f.send("carol@players.test", "signup carol pw-carol carol@players.test carol@work.test", "")
	if r := f.only(mails, "carol@players.test"); !strings.Contains(flat(r.Text), "Your mail goes to carol@players.test. Nothing goes to carol@work.test") {
		t.Errorf("signup: %s", r.Text)
	}
	f.only(mails, "carol@work.test")
	if u := f.user("carol"); len(u.Addresses) != 1 || len(u.Pending) != 1 {
		t.Errorf("account: %v %v", u.Addresses, u.Pending)
	}
	mails = f.send("carol@work.test", "change address carol pw-carol carol@work.test", "")
	if u := f.user("carol"); len(u.Addresses) != 1 || u.Addresses[0] != "carol@work.test" || len(u.Pending) != 0 {
		t.Errorf("after change address from the new one: %v %v", u.Addresses, u.Pending)
	}
	// The old address hears of the change.
	told := false
	for _, m := range mailsTo(mails, "carol@players.test") {
		told = told || m.Subject == "pbm: address changed for carol" && strings.Contains(m.Text, "now goes to carol@work.test")
	}
	if !told {
		t.Errorf("the old address was not told: %v", mails)
	}
}

// A watcher's board mail carries List-Unsubscribe (RFC 2369) and a line
// of text; a mail to that address from the watcher's address stops
// every mail to it. The answer to one's own mail carries none.
func TestSubscribeAllListUnsubscribe(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	f.signup("bob")
	f.signup("carol")
	r := f.only(f.send("carol@players.test", "nim subscribe carol pw-carol all", ""), "carol@players.test")
	if r.Header.Get("List-Unsubscribe") != "" {
		t.Errorf("the answer to carol's own mail has List-Unsubscribe %q", r.Header.Get("List-Unsubscribe"))
	}
	mails := f.send("alice@players.test", "nim challenge alice pw-alice alice bob", "")
	w := f.only(mails, "carol@players.test")
	lu := w.Header.Get("List-Unsubscribe")
	if !strings.HasPrefix(lu, "<mailto:pbm+unsub.") || !strings.HasSuffix(lu, "@games.test?subject=unsubscribe>") {
		t.Fatalf("watcher's mail: List-Unsubscribe %q", lu)
	}
	if w.Header.Get("List-Unsubscribe-Post") != "" {
		t.Errorf("List-Unsubscribe-Post without an https URL")
	}
	unsub := strings.TrimSuffix(strings.TrimPrefix(lu, "<mailto:"), "?subject=unsubscribe>")
	if !strings.Contains(w.Text, "To stop all mail from Test Server to this address, send any mail to "+unsub) {
		t.Errorf("watcher's mail has no line to stop it:\n%s", w.Text)
	}
	if b := f.only(mails, "bob@players.test"); b.Header.Get("List-Unsubscribe") == "" {
		t.Errorf("the opponent's board mail has no List-Unsubscribe")
	}
	// The address is bound to carol's: from another, nothing changes.
	if r := f.only(f.send("mallory@evil.test", "unsubscribe", "", "Cc: "+unsub), "mallory@evil.test"); !strings.Contains(r.Text, "Refused: This unsubscribe address is not the one of mallory@evil.test") {
		t.Errorf("foreign unsubscribe: %s", r.Text)
	}
	r = f.only(f.send("carol@players.test", "unsubscribe", "", "Cc: "+unsub), "carol@players.test")
	if !strings.Contains(flat(r.Text), "OK: No more mail from Test Server goes to carol@players.test. The address was taken off the accounts carol") {
		t.Errorf("unsubscribe: %s", r.Text)
	}
	mails = f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	if n := len(mailsTo(mails, "carol@players.test")); n != 0 {
		t.Errorf("after unsubscribing carol got %d mails", n)
	}
	if m := f.only(mails, "bob@players.test"); m.Subject != "Nim Board 101 bob" {
		t.Errorf("bob got %q", m.Subject)
	}
}
