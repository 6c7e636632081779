package board

import (
	"errors"
	"testing"
	"time"

	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/store"
)

func TestParseDays(t *testing.T) {
	for _, c := range []struct {
		in   string
		zero bool
		want time.Duration
		ok   bool
	}{
		{"2", false, 2 * Day, true},
		{"0.5", false, 12 * time.Hour, true},
		{"1.25", false, 30 * time.Hour, true},
		{"365", false, 365 * Day, true},
		{"0", true, 0, true},
		{"0", false, 0, false},
		{"366", false, 0, false},
		{"-1", true, 0, false},
		{"abc", true, 0, false},
		{"NaN", true, 0, false},
		{"", false, 0, false},
	} {
		got, ok := ParseDays(c.in, c.zero)
		if ok != c.ok || got != c.want {
			t.Errorf("ParseDays(%q, %v) = %v, %v; want %v, %v", c.in, c.zero, got, ok, c.want, c.ok)
		}
	}
	if s := DaysText(36 * time.Hour); s != "1.5" {
		t.Errorf("DaysText(36h) = %q", s)
	}
}

// TestBankOptions: a new board on a real store keeps its bank; --add
// and --cap need --total, and the cap is not below the start.
func TestBankOptions(t *testing.T) {
	st := listStore(t)
	g := hexemergo.Game{}
	err := st.Update(func(tx *store.Tx) error {
		b, _, err := New(tx, g, []string{"alice", "bob"}, map[string]string{"-total": "1.5", "-add": "0.5", "-cap": "2"}, 1, t0, Days{})
		if err != nil {
			return err
		}
		if b.Bank != 36*time.Hour || b.BankAdd != 12*time.Hour || b.BankCap != 2*Day || b.TotalDays != 0 {
			t.Errorf("bank %v + %v up to %v, total days %d", b.Bank, b.BankAdd, b.BankCap, b.TotalDays)
		}
		if err := tx.PutBoard(b); err != nil {
			return err
		}
		if again, err := tx.Board(g.Name(), b.Number); err != nil || again.Bank != b.Bank || again.BankAdd != b.BankAdd || again.BankCap != b.BankCap {
			t.Errorf("stored bank %+v, %v", again, err)
		}
		b, _, err = New(tx, g, []string{"alice", "bob"}, map[string]string{"-total": "3"}, 1, t0, Days{})
		if err != nil {
			return err
		}
		if k, ok := BankOf(b); !ok || k.Cap != 3*Day || k.Add != 0 || b.TotalDays != 3 {
			t.Errorf("--total=3 alone: %+v, total days %d", k, b.TotalDays)
		}
		for _, opts := range []map[string]string{
			{"-add": "1"}, {"-cap": "3"}, {"-total": "3", "-cap": "2"},
		} {
			_, _, err := New(tx, g, []string{"alice", "bob"}, opts, 1, t0, Days{})
			var be *BankError
			if !errors.As(err, &be) || CheckBank(opts) == nil {
				t.Errorf("%v: %v, want a BankError", opts, err)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestBankIncrement: each move adds to the mover's bank up to the cap;
// a seat that would have run out without its increments plays on, and
// the clock forfeits it when the bank is spent. A vacation is not
// counted.
func TestBankIncrement(t *testing.T) {
	b := store.Board{Players: []string{"alice", "bob"}, Created: t0, Bank: Day, BankAdd: 12 * time.Hour, BankCap: 30 * time.Hour}
	k, _ := BankOf(b)
	// alice takes 20h, then 10h: 24-20+12 = 16, 16-10+12 = 18; with
	// no increment she would be out (30h of a one-day bank).
	at := t0
	move := func(seat int, took time.Duration) {
		at = at.Add(took)
		b.Log = append(b.Log, store.Entry{Seat: seat, Move: "x", At: at})
	}
	move(0, 20*time.Hour)
	move(1, time.Hour)
	move(0, 10*time.Hour)
	move(1, time.Hour)
	var u store.User
	if got := k.Left(b, u, 0, 0, at); got != 18*time.Hour {
		t.Errorf("alice's bank %v, want 18h", got)
	}
	// bob: 24-1+12 = 30 (the cap), 30-1+12 = 41 -> 30.
	if got := k.Left(b, u, 1, 0, at); got != 30*time.Hour {
		t.Errorf("bob's bank %v, want the cap 30h", got)
	}
	// Without the increment alice (30h of thinking) would be out.
	if left, _ := TotalLeft(store.Board{Players: b.Players, Created: t0, Log: b.Log, TotalDays: 1}, u, 0, at); left > 0 {
		t.Errorf("without increments alice has %v left", left)
	}
	c := Clock{Forfeit: 30 * Day, Nag: 20 * Day}
	if a := c.Check(b, 0, &u, at.Add(17*time.Hour)); a.Kind != Wait {
		t.Errorf("17h into an 18h bank: %+v", a)
	}
	if due := c.Due(b, 0, &u, at); !due.Equal(at.Add(18 * time.Hour)) {
		t.Errorf("due %v, want the end of the bank %v", due, at.Add(18*time.Hour))
	}
	if a := c.Check(b, 0, &u, at.Add(18*time.Hour)); a.Kind != ForfeitTotal || a.Seat != 0 {
		t.Errorf("at the end of the bank: %+v", a)
	}
	// A vacation of alice's is not counted.
	v := store.User{Vacations: []store.Vacation{{From: at.Truncate(Day).Add(Day), To: at.Truncate(Day).Add(Day)}}}
	if a := c.Check(b, 0, &v, at.Add(40*time.Hour)); a.Kind == ForfeitTotal {
		t.Errorf("a vacation day counted against the bank: %+v", a)
	}
	lines, ok := Banks(b, map[string]store.User{}, 0, at)
	if !ok || len(lines) != 2 || !lines[0].ToMove || lines[1].ToMove || lines[1].Left != 30*time.Hour {
		t.Errorf("banks %+v", lines)
	}
}
