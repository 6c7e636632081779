package board

import (
	"sort"
	"strings"
	"time"

	"github.com/pbmgo/pbm/store"
)

// Waiting is a board where a player is to move, with when its clock
// would forfeit the player.
type Waiting struct {
	Listed
	Seat      int
	Deadline  time.Time
	Opponents []string
	// Last is the last entry of the log, nil on a board not yet moved.
	Last *store.Entry
}

// WaitingFor lists the running boards where u is to move, the most
// urgent first (the earliest deadline, then game and number), at most
// max (0: all). clockOf is each board's clock.
func WaitingFor(tx *store.Tx, replay Replayer, u store.User, clockOf func(store.Board) Clock, now time.Time, max int) ([]Waiting, error) {
	listed, err := Select(tx, replay, Query{Who: []string{u.ID}, Sel: SelNext})
	if err != nil {
		return nil, err
	}
	var out []Waiting
	for _, l := range listed {
		seat := l.State.ToMove()
		if seat < 0 || seat >= len(l.Board.Players) || !strings.EqualFold(l.Board.Players[seat], u.ID) {
			continue
		}
		w := Waiting{Listed: l, Seat: seat, Deadline: clockOf(l.Board).Deadline(l.Board, seat, u, now)}
		for i, p := range l.Board.Players {
			if i != seat {
				w.Opponents = append(w.Opponents, p)
			}
		}
		if n := len(l.Board.Log); n > 0 {
			e := l.Board.Log[n-1]
			w.Last = &e
		}
		out = append(out, w)
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if !a.Deadline.Equal(b.Deadline) {
			return a.Deadline.Before(b.Deadline)
		}
		if a.Board.Game != b.Board.Game {
			return a.Board.Game < b.Board.Game
		}
		return a.Board.Number < b.Board.Number
	})
	if max > 0 && len(out) > max {
		out = out[:max]
	}
	return out, nil
}

// SeatName is the player at a seat of b, "" for none.
func SeatName(b store.Board, seat int) string {
	if seat >= 0 && seat < len(b.Players) {
		return b.Players[seat]
	}
	return ""
}
