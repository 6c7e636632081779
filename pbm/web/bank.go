package web

import (
	"time"

	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/store"
)

// BankJSON is a board's time bank in its JSON: the options in days,
// and each seat's bank as it stood at the board's last entry.
type BankJSON struct {
	StartDays float64        `json:"start_days"`
	AddDays   float64        `json:"add_days"`
	CapDays   float64        `json:"cap_days"`
	Seats     []BankSeatJSON `json:"seats"`
	// RunsOut is when the bank of the seat to move runs out if no
	// vacation or day off stops its clock.
	RunsOut *time.Time `json:"runs_out,omitempty"`
}

// BankSeatJSON is one seat's bank.
type BankSeatJSON struct {
	Seat     int     `json:"seat"`
	Player   string  `json:"player"`
	LeftDays float64 `json:"left_days"`
	ToMove   bool    `json:"to_move"`
}

func days(d time.Duration) float64 { return float64(d.Round(time.Minute)) / float64(board.Day) }

// bankOf reads the accounts of b's seats and its banks; ok is false
// when b has none or the store could not be read.
func (s *Site) bankOf(b store.Board, toMove int) (board.BankShown, bool) {
	if _, ok := board.BankOf(b); !ok {
		return board.BankShown{}, false
	}
	var users map[string]store.User
	if err := s.store.View(func(tx *store.Tx) error { users = board.SeatUsers(tx, b); return nil }); err != nil {
		return board.BankShown{}, false
	}
	return board.ShowBank(b, users, toMove)
}

func bankJSON(v board.BankShown) *BankJSON {
	out := &BankJSON{StartDays: days(v.Bank.Start), AddDays: days(v.Bank.Add), CapDays: days(v.Bank.Cap), Seats: []BankSeatJSON{}}
	for _, l := range v.Seats {
		out.Seats = append(out.Seats, BankSeatJSON{Seat: l.Seat, Player: l.Player, LeftDays: days(l.Left), ToMove: l.ToMove})
	}
	if !v.RunsOut.IsZero() {
		t := v.RunsOut.UTC()
		out.RunsOut = &t
	}
	return out
}

// seatOf is the seat of a player on b, -1 when none (or "" given).
func seatOf(b store.Board, who string) int {
	if who == "" {
		return -1
	}
	return board.SeatOf(b, who)
}
