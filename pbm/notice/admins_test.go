package notice

import (
	"strings"
	"testing"

	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// The admins read the reports at each address of their open accounts,
// each in the admin's language; a closed admin account and a userid
// with no account read none.
func TestSetAsideToAdmins(t *testing.T) {
	w, st := newWriter(t, []byte("k"))
	admins := []string{"root", "alice", "bob", "nobody"}
	if err := st.Update(func(tx *store.Tx) error {
		for _, u := range []store.User{
			{ID: "root", Addresses: []string{"root@players.test", "root@home.test"}, Language: "en"},
			{ID: "alice", Addresses: []string{"alice@players.test"}, Language: "hu"},
			{ID: "bob", Addresses: []string{"bob@players.test"}, Closed: true},
		} {
			if err := tx.PutUser(u); err != nil {
				return err
			}
		}
		readers := w.Admins(tx, admins)
		var got []string
		for _, r := range readers {
			got = append(got, r.Address+":"+r.P.Code())
		}
		if want := "root@players.test:en root@home.test:en alice@players.test:hu"; strings.Join(got, " ") != want {
			t.Errorf("admins' readers %q, want %q", strings.Join(got, " "), want)
		}
		return w.SetAside(tx, admins, store.SetAside{Seq: 7, MessageID: "<m@x>", From: "eve@else.test", Subject: "hi", Reason: "panic: boom", Failures: 1}, lang.M("GuardWhatBroken"))
	}); err != nil {
		t.Fatal(err)
	}
	st.View(func(tx *store.Tx) error {
		out, err := tx.Outbox()
		if err != nil || len(out) != 3 {
			t.Fatalf("outbox %d mails, %v; want one report to each of 3 addresses", len(out), err)
		}
		for _, m := range out {
			if !m.Report {
				t.Errorf("the report to %s is not marked a report", m.To)
			}
			if raw := string(m.Raw); !strings.Contains(raw, "panic: boom") {
				t.Errorf("the report to %s lacks the reason:\n%s", m.To, raw)
			}
		}
		if out[0].Subject != "pbm: set-aside mail 7" {
			t.Errorf("report subject %q", out[0].Subject)
		}
		return nil
	})
}

// The apology to the sender of a mail that hit a lasting failure is
// an automatic answer in the sender's language, in the mail's thread.
func TestApology(t *testing.T) {
	w, st := newWriter(t, []byte("k"))
	if err := st.Update(func(tx *store.Tx) error {
		return w.Apology(tx, "eve@else.test", "m@x", printer(t, "en"))
	}); err != nil {
		t.Fatal(err)
	}
	st.View(func(tx *store.Tx) error {
		out, err := tx.Outbox()
		if err != nil || len(out) != 1 {
			t.Fatalf("outbox %d mails, %v", len(out), err)
		}
		raw := string(out[0].Raw)
		if out[0].To != "eve@else.test" || out[0].Subject != "pbm error" || !strings.Contains(raw, "In-Reply-To: <m@x>") || !strings.Contains(raw, "Auto-Submitted: auto-replied") {
			t.Errorf("apology to %s, subject %q:\n%s", out[0].To, out[0].Subject, raw)
		}
		return nil
	})
}

// A board's link is its page under the web site, none without one.
func TestBoardLink(t *testing.T) {
	if got := BoardLink("", "nim", 101); got != "" {
		t.Errorf("link without a web site: %q", got)
	}
	if got := BoardLink("https://games.test/", "nim", 101); !strings.HasPrefix(got, "https://games.test/") || strings.Contains(got, "test//") || !strings.Contains(got, "101") {
		t.Errorf("link %q", got)
	}
}
