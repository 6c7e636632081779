package pbm

import (
	"strings"
	"time"

	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// seatUsers are the accounts of a board's seats, by lower-case userid,
// for the clock arithmetic (vacations, days off); a seat whose account
// is gone is left out.
func seatUsers(tx *store.Tx, b store.Board) map[string]store.User {
	users := make(map[string]store.User, len(b.Players))
	for _, p := range b.Players {
		if u, err := tx.User(p); err == nil {
			users[strings.ToLower(p)] = u
		}
	}
	return users
}

// bankText is the line of a board mail with every seat's time bank at
// now, "" when the board has none.
func bankText(p lang.Printer, tx *store.Tx, b store.Board, toMove int, now time.Time) string {
	banks, ok := board.Banks(b, seatUsers(tx, b), toMove, now)
	if !ok {
		return ""
	}
	k, _ := board.BankOf(b)
	var seats []string
	for _, l := range banks {
		id := "BankSeat"
		if l.ToMove {
			id = "BankSeatToMove"
		}
		seats = append(seats, p.T(id, "Who", l.Player, "Left", durationIn(p, l.Left)))
	}
	return p.T("BankHead", "Start", board.DaysText(k.Start), "Add", board.DaysText(k.Add), "Cap", board.DaysText(k.Cap)) +
		" " + strings.Join(seats, "; ") + "."
}

// BankShown is a board's banks as its page and its JSON show them: as
// they stood at the board's last entry (so that the page is the same
// until the board changes), and when the bank of the seat to move runs
// out if nothing stops its clock (a vacation, a day off). ok is false
// when the board has no bank.
type BankShown struct {
	Bank    board.Bank
	Seats   []board.BankLine
	RunsOut time.Time // zero when no seat's clock runs
}

// ShowBank is BankShown for b; users are the seats' accounts
// (SeatUsers).
func ShowBank(b store.Board, users map[string]store.User, toMove int) (BankShown, bool) {
	k, ok := board.BankOf(b)
	if !ok {
		return BankShown{}, false
	}
	last := b.Created
	if n := len(b.Log); n > 0 {
		last = b.Log[n-1].At
	}
	seats, _ := board.Banks(b, users, toMove, last)
	v := BankShown{Bank: k, Seats: seats}
	for _, l := range seats {
		if l.ToMove {
			v.RunsOut = last.Add(max(l.Left, 0))
		}
	}
	return v, true
}

// SeatUsers are the accounts of a board's seats (seatUsers).
func SeatUsers(tx *store.Tx, b store.Board) map[string]store.User { return seatUsers(tx, b) }

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
		seats = append(seats, p.T(id, "Who", l.Player, "Left", durationIn(p, l.Left)))
	}
	text := p.T("BankHead", "Start", board.DaysText(v.Bank.Start), "Add", board.DaysText(v.Bank.Add), "Cap", board.DaysText(v.Bank.Cap)) +
		" " + strings.Join(seats, "; ") + "."
	if !v.RunsOut.IsZero() {
		text += " " + p.T("BankRunsOut", "Who", who, "When", v.RunsOut.UTC())
	}
	return text
}
