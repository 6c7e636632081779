package pbm

import (
	"strings"
	"testing"
	"time"
)

// TestBoardMailDeadline: a board mail tells the player to move by when
// the move is due, with weekday, year and zone, counted as the clock
// counts it: from the last move, or from the end of a vacation; the
// clock forfeits at that time and not before.
func TestBoardMailDeadline(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	f.signup("bob")
	mails := f.send("alice@players.test", "nim challenge alice pw-alice alice bob --forfeit=6", "")
	// Tue 1 Dec 2026 10:00 UTC plus six days; nobody has moved yet.
	for _, to := range []string{"alice@players.test", "bob@players.test"} {
		m := f.only(withSubject(mails, "New Nim Board 101"), to)
		if !strings.Contains(flat(m.Text), "alice must move by Mon 7 Dec 2026 10:00 UTC or the challenge lapses.") {
			t.Errorf("new board mail to %s:\n%s", to, m.Text)
		}
	}
	f.clock = time.Date(2026, 12, 2, 15, 30, 0, 0, time.UTC)
	mails = f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	m := f.only(withSubject(mails, "Nim Board 101"), "bob@players.test")
	if !strings.Contains(flat(m.Text), "bob must move by Tue 8 Dec 2026 15:30 UTC or the challenge lapses.") {
		t.Errorf("board mail after alice's move:\n%s", m.Text)
	}
	f.clock = time.Date(2026, 12, 3, 9, 0, 0, 0, time.UTC)
	f.send("bob@players.test", "nim move 101 bob pw-bob take1", "")
	// Every seat has moved: now the deadline is a forfeit. alice is
	// away over New Year; her deadline runs from the day after.
	mails = f.send("alice@players.test", "vacation alice pw-alice 2026-12-28 2027-01-03", "")
	if r := f.answer(mails, "alice@players.test"); !strings.Contains(flat(r.Text), "OK: Vacation from 2026-12-28 to 2027-01-03 recorded (7 days; 26 left in 2026, 27 left in 2027)") {
		t.Fatalf("vacation over New Year: %s", r.Text)
	}
	m = f.only(f.send("alice@players.test", "nim show 101", ""), "alice@players.test")
	if !strings.Contains(flat(m.Text), "alice must move by Wed 9 Dec 2026 09:00 UTC or forfeit.") {
		t.Errorf("show before the vacation:\n%s", m.Text)
	}
	f.clock = time.Date(2026, 12, 30, 12, 0, 0, 0, time.UTC)
	if f.board(101).Over {
		t.Fatal("a vacation booked before the deadline did not hold the clock")
	}
	m = f.only(f.send("bob@players.test", "nim show 101", ""), "bob@players.test")
	if !strings.Contains(flat(m.Text), "alice must move by Sun 10 Jan 2027 00:00 UTC or forfeit (alice is on vacation until Sun 3 Jan 2027).") {
		t.Errorf("show during the vacation:\n%s", m.Text)
	}
	for _, c := range []struct {
		at   time.Time
		over bool
	}{
		{time.Date(2027, 1, 2, 12, 0, 0, 0, time.UTC), false},
		{time.Date(2027, 1, 9, 23, 59, 0, 0, time.UTC), false},
		{time.Date(2027, 1, 10, 0, 0, 0, 0, time.UTC), true},
	} {
		f.clock = c.at
		f.tick()
		if got := f.board(101).Over; got != c.over {
			t.Errorf("at %s the board is over: %v, want %v", c.at, got, c.over)
		}
	}
}

// TestVacationOverNewYear: a vacation may span New Year; its days
// count against the allowance of the year each falls in, and one that
// would pass the allowance of either year is refused and changes
// nothing.
func TestVacationOverNewYear(t *testing.T) {
	f := newFixture(t)
	f.game("--nag=2 --forfeit=4")
	mails := f.send("alice@players.test", "vacation alice pw-alice 2026-12-20 2027-01-05", "")
	if r := f.answer(mails, "alice@players.test"); !strings.Contains(flat(r.Text), "OK: Vacation from 2026-12-20 to 2027-01-05 recorded (17 days; 18 left in 2026, 25 left in 2027)") {
		t.Fatalf("vacation: %s", r.Text)
	}
	if m := f.only(mails, "bob@players.test"); !strings.Contains(flat(m.Text), "alice is away from 2026-12-20 to 2027-01-05") {
		t.Errorf("bob not told: %s", m.Text)
	}
	// 26 more days in 2027 would make 31 of 30.
	r := f.only(f.send("alice@players.test", "vacation alice pw-alice 2027-02-01 2027-02-26", ""), "alice@players.test")
	if !strings.Contains(flat(r.Text), "That is 26 days; you have 25 of 30 vacation days left in 2027") {
		t.Errorf("allowance of 2027: %s", r.Text)
	}
	r = f.only(f.send("alice@players.test", "vacation alice pw-alice 2026-12-31 2028-01-01", ""), "alice@players.test")
	if !strings.Contains(flat(r.Text), "A vacation lasts less than a year.") {
		t.Errorf("a vacation of a year: %s", r.Text)
	}
	// Through New Year no reminder and no forfeit, then the clock runs
	// from 6 January.
	f.clock = time.Date(2026, 12, 20, 0, 0, 0, 0, time.UTC)
	for d := 0; d < 17; d++ {
		if n := len(f.tick()); n != 0 {
			t.Fatalf("%s, on vacation: %d mails", f.clock.Format("2006-01-02"), n)
		}
		f.clock = f.clock.Add(24 * time.Hour)
	}
	if f.board(101).Over {
		t.Fatal("forfeited on vacation")
	}
	f.clock = time.Date(2027, 1, 8, 0, 0, 0, 0, time.UTC)
	if n := len(f.tick()); n != 2 {
		t.Errorf("no reminder 2 days after the vacation: %d mails", n)
	}
	f.clock = time.Date(2027, 1, 10, 0, 0, 0, 0, time.UTC)
	f.tick()
	if !f.board(101).Over {
		t.Error("not forfeited 4 days after the vacation")
	}
}

// withSubject keeps the mails whose subject starts with prefix.
func withSubject(mails []sent, prefix string) []sent {
	var out []sent
	for _, m := range mails {
		if strings.HasPrefix(m.Subject, prefix) {
			out = append(out, m)
		}
	}
	return out
}

// flat is text with every run of white space one space, as a reply
// wrapped at 79 columns reads.
func flat(text string) string { return strings.Join(strings.Fields(text), " ") }
