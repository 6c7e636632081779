package board

import (
	"errors"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// TestTakeVacation: each refusal of a vacation is its typed error and
// writes nothing; a vacation over New Year counts against both years;
// the days of earlier vacations count.
func TestTakeVacation(t *testing.T) {
	st := storetest.Open(t)
	today := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	take := func(from, to string, allowed int) (Vacation, error) {
		var v Vacation
		var err error
		if uerr := st.Update(func(tx *store.Tx) error {
			u, e := tx.User("alice")
			if errors.Is(e, store.ErrNotFound) {
				u = store.User{ID: "alice"}
			}
			_, v, err = TakeVacation(tx, u, from, to, today, allowed)
			return nil
		}); uerr != nil {
			t.Fatal(uerr)
		}
		return v, err
	}
	var long *VacationTooLong
	for _, c := range []struct {
		from, to string
		want     error
	}{
		{"2026-12-24", "tomorrow", ErrVacationDates},
		{"2026-12-24", "2026-12-20", ErrVacationOrder},
		{"2026-11-01", "2026-11-30", ErrVacationOver},
		{"2026-12-01", "2027-12-02", ErrVacationLonger},
	} {
		if _, err := take(c.from, c.to, 30); !errors.Is(err, c.want) {
			t.Errorf("%s..%s: %v, want %v", c.from, c.to, err, c.want)
		}
	}
	if _, err := take("2026-12-01", "2026-12-31", 30); !errors.As(err, &long) || long.Want != 31 || long.Left != 30 || long.Year != 2026 {
		t.Errorf("31 days of 30: %v", err)
	}
	st.View(func(tx *store.Tx) error {
		if _, err := tx.User("alice"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("refusals wrote the account: %v", err)
		}
		return nil
	})
	v, err := take("2026-12-30", "2027-01-02", 30)
	if err != nil || v.Days != 4 || len(v.Left) != 2 || v.Left[0] != (YearLeft{2026, 28}) || v.Left[1] != (YearLeft{2027, 28}) {
		t.Fatalf("over New Year: %+v %v", v, err)
	}
	if _, err := take("2027-01-10", "2027-02-07", 30); !errors.As(err, &long) || long.Want != 29 || long.Left != 28 || long.Year != 2027 {
		t.Errorf("29 days with 28 left: %v", err)
	}
	if v, err := take("2027-01-10", "2027-02-06", 30); err != nil || v.Left[0] != (YearLeft{2027, 0}) {
		t.Errorf("28 days with 28 left: %+v %v", v, err)
	}
	st.View(func(tx *store.Tx) error {
		if u, err := tx.User("alice"); err != nil || len(u.Vacations) != 2 {
			t.Errorf("vacations stored: %+v %v", u.Vacations, err)
		}
		return nil
	})
}
