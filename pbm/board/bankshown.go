package board

import (
	"fmt"
	"strings"
	"time"

	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// DurationIn writes a span of time as the board mails do, "2 days,
// 03:15", in p's language; a negative span as none.
func DurationIn(p lang.Printer, d time.Duration) string {
	if d < 0 {
		d = 0
	}
	days := int(d / Day)
	d -= time.Duration(days) * Day
	return p.N("Duration", days, "Days", days, "Clock", fmt.Sprintf("%02d:%02d", int(d/time.Hour), int(d%time.Hour/time.Minute)))
}

// SeatUsers are the accounts of a board's seats, by their userids in
// lower case; a seat without an account (the computer) has none.
func SeatUsers(tx *store.Tx, b store.Board) map[string]store.User {
	users := make(map[string]store.User, len(b.Players))
	for _, p := range b.Players {
		if u, err := tx.User(p); err == nil {
			users[strings.ToLower(p)] = u
		}
	}
	return users
}

// BankShown is a board's banks as its page and its JSON show them: as
// they stood at the board's last entry (so that the page is the same
// until the board changes), and when the bank of the seat to move runs
// out if nothing stops its clock (a vacation, a day off). ok is false
// when the board has no bank.
type BankShown struct {
	Bank    Bank
	Seats   []BankLine
	RunsOut time.Time // zero when no seat's clock runs
}

// ShowBank is BankShown for b; users are the seats' accounts
// (SeatUsers).
func ShowBank(b store.Board, users map[string]store.User, toMove int) (BankShown, bool) {
	k, ok := BankOf(b)
	if !ok {
		return BankShown{}, false
	}
	last := b.Created
	if n := len(b.Log); n > 0 {
		last = b.Log[n-1].At
	}
	seats, _ := Banks(b, users, toMove, last)
	v := BankShown{Bank: k, Seats: seats}
	for _, l := range seats {
		if l.ToMove {
			v.RunsOut = last.Add(max(l.Left, 0))
		}
	}
	return v, true
}

// Text writes the banks for a reader, as a board mail does, with when
// the bank of the seat to move runs out.
func (v BankShown) Text(p lang.Printer) string {
	var seats []string
	who := ""
	for _, l := range v.Seats {
		id := "BankSeat"
		if l.ToMove {
			id, who = "BankSeatToMove", l.Player
		}
		seats = append(seats, p.T(id, "Who", l.Player, "Left", DurationIn(p, l.Left)))
	}
	text := p.T("BankHead", "Start", DaysText(v.Bank.Start), "Add", DaysText(v.Bank.Add), "Cap", DaysText(v.Bank.Cap)) +
		" " + strings.Join(seats, "; ") + "."
	if !v.RunsOut.IsZero() {
		text += " " + p.T("BankRunsOut", "Who", who, "When", v.RunsOut.UTC())
	}
	return text
}
