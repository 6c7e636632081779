package account

import (
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// TestMayMailRefusal: one refusal of a wrong password a day reaches an
// address, whatever the case of its spelling.
func TestMayMailRefusal(t *testing.T) {
	st := storetest.Open(t)
	t0 := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		addr string
		at   time.Time
		want bool
	}{
		{"Eve@Else.test", t0, true},
		{"eve@else.test", t0.Add(time.Hour), false},
		{"eve@else.test", t0.Add(RefusalGap - time.Second), false},
		{"other@else.test", t0.Add(time.Hour), true},
		{"EVE@else.test", t0.Add(RefusalGap), true},
	} {
		var got bool
		if err := st.Update(func(tx *store.Tx) (err error) {
			got, err = MayMailRefusal(tx, c.addr, c.at)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("refusal to %s at %v: %v, want %v", c.addr, c.at.Sub(t0), got, c.want)
		}
	}
}

// TestCountFailure: past the allowance a mail is over, the first such
// mail of the window is warned (unless it may not be answered), and a
// new window starts afresh.
func TestCountFailure(t *testing.T) {
	st := storetest.Open(t)
	t0 := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	count := func(at time.Time, mayWarn bool) Failed {
		t.Helper()
		var f Failed
		if err := st.Update(func(tx *store.Tx) (err error) {
			f, err = CountFailure(tx, "eve@else.test", 2, at, mayWarn)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return f
	}
	for i, want := range []Failed{{Over: false}, {Over: false}, {Over: true}, {Over: true, Warn: true}, {Over: true}} {
		// The third mail may not be answered: it is not warned, and
		// the warning waits for the fourth.
		f := count(t0.Add(time.Duration(i)*time.Minute), i != 2)
		if f.Over != want.Over || f.Warn != want.Warn || f.Rate.Count != i+1 {
			t.Errorf("mail %d: over %v warn %v count %d, want over %v warn %v count %d", i+1, f.Over, f.Warn, f.Rate.Count, want.Over, want.Warn, i+1)
		}
	}
	if f := count(t0.Add(RateWindow), true); f.Over || f.Warn || f.Rate.Count != 1 {
		t.Errorf("a new window: over %v warn %v count %d, want a fresh count of 1", f.Over, f.Warn, f.Rate.Count)
	}
}
