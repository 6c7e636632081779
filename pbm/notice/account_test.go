package notice

import (
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// mailsOf writes the mails of the notices in a real store's
// transaction and returns them.
func mailsOf(t *testing.T, w *Writer, st *store.Store, ns []Notice) []Mail {
	t.Helper()
	var out []Mail
	if err := st.View(func(tx *store.Tx) error {
		for _, n := range ns {
			ms, err := w.Mails(tx, n)
			if err != nil {
				return err
			}
			out = append(out, ms...)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestWindow: a span of the guards is hours when whole, else minutes.
func TestWindow(t *testing.T) {
	p := printer(t, "en")
	for d, want := range map[time.Duration]string{time.Hour: "1 hour", 3 * time.Hour: "3 hours", 90 * time.Minute: "90 minutes", time.Minute: "1 minute"} {
		if got := p.Render(Window(d)); got != want {
			t.Errorf("Window(%v) = %q, want %q", d, got, want)
		}
	}
}

// TestLockedNotice: each address of the account is told, in the
// account's language, of the lock, the guessing address and the end
// of the lock; English writes the window as Go does.
func TestLockedNotice(t *testing.T) {
	w, st := newWriter(t, nil)
	until := at.Add(time.Hour)
	u := store.User{ID: "alice", Language: "en", Addresses: []string{"a@x.test", "a2@x.test"}}
	ms := mailsOf(t, w, st, w.Locked(u, "guess@evil.test", until))
	if len(ms) != 2 || ms[0].To != "a@x.test" || ms[1].To != "a2@x.test" {
		t.Fatalf("mails %+v, want one to each address", ms)
	}
	m := ms[0]
	if m.Subject != "pbm: wrong passwords for alice" || m.Lang != "en" {
		t.Errorf("subject %q, language %q", m.Subject, m.Lang)
	}
	for _, want := range []string{"guess@evil.test", account.GuessWindow.String(), "alice"} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("text lacks %q:\n%s", want, m.Text)
		}
	}
	for _, line := range strings.Split(m.Text, "\n") {
		if len(line) > 79 {
			t.Errorf("line longer than 79: %q", line)
		}
	}
	hu := mailsOf(t, w, st, w.Locked(store.User{ID: "bela", Language: "hu", Addresses: []string{"b@x.test"}}, "g@evil.test", until))
	if len(hu) != 1 || hu[0].Lang != "hu" || strings.Contains(hu[0].Text, account.GuessWindow.String()) {
		t.Errorf("Hungarian notice %+v", hu)
	}
}

// TestForeignNotice: the report of a foreign command says its outcome:
// done, or refused with the first line of why.
func TestForeignNotice(t *testing.T) {
	w, st := newWriter(t, nil)
	u := store.User{ID: "alice", Language: "en", Addresses: []string{"a@x.test"}}
	done := mailsOf(t, w, st, w.Foreign(u, "f@x.test", "resign chess 1 alice ********", false, "", nil))
	if len(done) != 1 || !strings.Contains(done[0].Text, "It was carried out.") || !strings.Contains(done[0].Text, "f@x.test") ||
		done[0].Subject != "pbm: a command for alice from f@x.test" {
		t.Fatalf("done report %+v", done)
	}
	refused := mailsOf(t, w, st, w.Foreign(u, "f@x.test", "resign", true, "first line\nsecond line", nil))
	if len(refused) != 1 || !strings.Contains(refused[0].Text, "It was refused: first line") || strings.Contains(refused[0].Text, "second line") {
		t.Errorf("refused report %+v", refused)
	}
	byMsgs := mailsOf(t, w, st, w.Foreign(u, "f@x.test", "resign", true, "text", []lang.Msg{lang.M("RefusePassword", "User", "alice")}))
	if len(byMsgs) != 1 || strings.Contains(byMsgs[0].Text, "It was refused: text") {
		t.Errorf("refusal by its messages %+v", byMsgs)
	}
}

// TestRateLimitedNotice: one automatic answer to the sender, saying
// the limit and when it ends.
func TestRateLimitedNotice(t *testing.T) {
	w, st := newWriter(t, nil)
	ms := mailsOf(t, w, st, []Notice{w.RateLimited(printer(t, "en"), "s@x.test", 60, at.Add(time.Hour))})
	if len(ms) != 1 || ms[0].To != "s@x.test" || ms[0].Kind != "auto-replied" || !strings.Contains(ms[0].Text, "More than 60 mails from s@x.test") {
		t.Errorf("rate limit notice %+v", ms)
	}
}

// TestConfirmationNotice: the confirmation goes to the pending address
// only, with the confirming Reply-To, in the account's language.
func TestConfirmationNotice(t *testing.T) {
	w, st := newWriter(t, nil)
	u := store.User{ID: "alice", Language: "en", Addresses: []string{"a@x.test"}}
	pa := store.PendingAddress{Address: "new@x.test", By: "a@x.test", Since: at}
	ms := mailsOf(t, w, st, []Notice{w.Confirmation(u, pa, "pbm+confirm.alice.tok@games.test", at.Add(72*time.Hour))})
	if len(ms) != 1 || ms[0].To != "new@x.test" || ms[0].ReplyTo != "pbm+confirm.alice.tok@games.test" || ms[0].Lang != "en" {
		t.Fatalf("confirmation %+v", ms)
	}
	for _, want := range []string{"a@x.test", "PBM Test", "new@x.test", "alice"} {
		if !strings.Contains(ms[0].Text, want) {
			t.Errorf("text lacks %q:\n%s", want, ms[0].Text)
		}
	}
}

// TestAddressNotices: the old addresses hear of a change, but those
// the account keeps and the sender's; of an addition, all but the
// sender's.
func TestAddressNotices(t *testing.T) {
	w, st := newWriter(t, nil)
	u := store.User{ID: "alice", Language: "en", Addresses: []string{"keep@x.test", "new@x.test"}}
	old := []string{"Keep@x.test", "gone@x.test", "sender@x.test"}
	ms := mailsOf(t, w, st, AddressesChanged(u, old, "sender@x.test"))
	if len(ms) != 1 || ms[0].To != "gone@x.test" || !strings.Contains(ms[0].Text, "keep@x.test, new@x.test") || !strings.Contains(ms[0].Text, "sender@x.test") {
		t.Errorf("change notices %+v", ms)
	}
	ms = mailsOf(t, w, st, AddressesAdded(u, []string{"keep@x.test", "sender@x.test"}, []string{"new@x.test"}, "sender@x.test"))
	if len(ms) != 1 || ms[0].To != "keep@x.test" || !strings.Contains(ms[0].Text, "new@x.test") || ms[0].Lang != "en" {
		t.Errorf("addition notices %+v", ms)
	}
}
