package notice

import (
	"errors"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// TestForfeit: the clock's forfeit reads as the kind of its clock: an
// idle player, a time bank run out, the whole thinking time used; and
// as a lapse on a challenge.
func TestForfeit(t *testing.T) {
	en := printer(t, "en")
	b := store.Board{Game: "nim", Number: 4, Players: []string{"alice", "bob"}, TotalDays: 30}
	for _, c := range []struct {
		kind        int
		b           store.Board
		said, lapse string
	}{
		{board.ForfeitIdle, b, "has not moved in 9 days", "within 9 days"},
		{board.ForfeitTotal, b, "whole thinking time of 30 days", "thinking time of 30 days"},
		{board.ForfeitTotal, store.Board{Game: "nim", Number: 4, Bank: board.Day}, "ran out of time in the bank", "before accepting"},
	} {
		said, lapse := Forfeit(c.kind, c.b, "bob", 9, at)
		if s := en.Render(said); !strings.Contains(s, "bob") || !strings.Contains(s, c.said) {
			t.Errorf("kind %d: said %q, want %q", c.kind, s, c.said)
		}
		if s := en.Render(lapse); !strings.Contains(s, "bob") || !strings.Contains(s, c.lapse) {
			t.Errorf("kind %d: lapse %q, want %q", c.kind, s, c.lapse)
		}
	}
	if s := en.Render(VoteTimeout(store.Board{Players: []string{"alice", "bob", "carol"}}, []int{0, 2}, 5)); !strings.Contains(s, "alice, carol") || !strings.Contains(s, "5 days") {
		t.Errorf("vote timeout %q", s)
	}
}

// TestTickStoppedToAdmins: each address of each open admin account
// gets a report of a failed unit, with the unit's name and the error;
// the count is the mails queued.
func TestTickStoppedToAdmins(t *testing.T) {
	w, st := newWriter(t, []byte("k"))
	var n int
	if err := st.Update(func(tx *store.Tx) error {
		for _, u := range []store.User{
			{ID: "root", Addresses: []string{"root@players.test", "root@home.test"}, Language: "en"},
			{ID: "bob", Addresses: []string{"bob@players.test"}, Closed: true},
		} {
			if err := tx.PutUser(u); err != nil {
				return err
			}
		}
		var err error
		n, err = w.TickStoppedToAdmins(tx, []string{"root", "bob", "nobody"}, lang.M("TickWhatBoard", "Title", "Nim", "Number", 101), "board/nim/101", errors.New("disk on fire"))
		return err
	}); err != nil {
		t.Fatal(err)
	}
	st.View(func(tx *store.Tx) error {
		out, err := tx.Outbox()
		if err != nil || n != 2 || len(out) != 2 {
			t.Fatalf("%d queued, outbox %d mails, %v; want 2", n, len(out), err)
		}
		for _, m := range out {
			if raw := string(m.Raw); !m.Report || !strings.Contains(raw, "disk on fire") || !strings.Contains(raw, "board/nim/101") {
				t.Errorf("the report to %s:\n%s", m.To, raw)
			}
		}
		return nil
	})
}
