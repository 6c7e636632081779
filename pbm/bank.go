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
