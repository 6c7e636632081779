package board

import (
	"reflect"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// TestOpponentsOf: the other players of the running boards where the
// player holds a seat, once each whatever their spelling; finished
// boards do not count.
func TestOpponentsOf(t *testing.T) {
	st := storetest.Open(t)
	if err := st.Update(func(tx *store.Tx) error {
		for _, b := range []store.Board{
			{Game: "nim", Number: 1, Players: []string{"alice", "bob"}},
			{Game: "nim", Number: 2, Players: []string{"Carol", "Alice", "BOB"}},
			{Game: "nim", Number: 3, Players: []string{"alice", "dave"}, Over: true},
			{Game: "nim", Number: 4, Players: []string{"erin", "frank"}},
		} {
			if err := tx.PutBoard(b); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	st.View(func(tx *store.Tx) error {
		got, err := OpponentsOf(tx, "alice")
		if want := []string{"bob", "Carol"}; err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("OpponentsOf(alice) = %v, %v; want %v", got, err, want)
		}
		if got, err := OpponentsOf(tx, "nobody"); err != nil || len(got) != 0 {
			t.Errorf("OpponentsOf(nobody) = %v, %v", got, err)
		}
		return nil
	})
}

// TestDueAt: a running board is due when its Due has come.
func TestDueAt(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	if !DueAt(store.Board{Due: now}, now) || !DueAt(store.Board{Due: now.Add(-time.Hour)}, now) {
		t.Error("a board whose Due has come is not due")
	}
	for what, b := range map[string]store.Board{"later": {Due: now.Add(time.Second)}, "none": {}, "over": {Due: now, Over: true}} {
		if DueAt(b, now) {
			t.Errorf("%s: due", what)
		}
	}
}

// TestNextLook: a due still to come stands; one come already is put an
// hour on; none stays none.
func TestNextLook(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct{ due, want time.Time }{
		{now.Add(time.Minute), now.Add(time.Minute)},
		{now, now.Add(time.Hour)},
		{now.Add(-24 * time.Hour), now.Add(time.Hour)},
		{time.Time{}, time.Time{}},
	} {
		if got := NextLook(c.due, now); !got.Equal(c.want) {
			t.Errorf("NextLook(%v) = %v, want %v", c.due, got, c.want)
		}
	}
}

// TestLate: the player the clock's action is about, none for a vote's
// end or a wait.
func TestLate(t *testing.T) {
	b := store.Board{Players: []string{"alice", "bob"}}
	for _, c := range []struct {
		a    Action
		want string
	}{
		{Action{Kind: Warn, Seat: 1}, "bob"},
		{Action{Kind: Nag, Seat: 0}, "alice"},
		{Action{Kind: ForfeitIdle, Seat: 1}, "bob"},
		{Action{Kind: ForfeitTotal, Seat: 0}, "alice"},
		{Action{Kind: VoteTimeout, Silent: []int{1}}, ""},
		{Action{Kind: Wait}, ""},
	} {
		if got := c.a.Late(b); got != c.want {
			t.Errorf("%+v: Late = %q, want %q", c.a, got, c.want)
		}
	}
}

// TestVacationLeft: the days left are the allowed less those taken in
// the year, a day of automatic vacation among them.
func TestVacationLeft(t *testing.T) {
	d := func(m time.Month, day int) time.Time { return time.Date(2026, m, day, 0, 0, 0, 0, time.UTC) }
	u := store.User{ID: "alice", Vacations: []store.Vacation{
		{From: d(3, 1), To: d(3, 5)},
		{From: d(6, 2), To: d(6, 2), Auto: true},
		{From: d(12, 30), To: time.Date(2027, 1, 2, 0, 0, 0, 0, time.UTC)},
	}}
	if got := VacationLeft(u, 2026, 30); got != 30-5-1-2 {
		t.Errorf("2026: %d left, want %d", got, 30-5-1-2)
	}
	if got := VacationLeft(u, 2027, 30); got != 28 {
		t.Errorf("2027: %d left, want 28", got)
	}
}
