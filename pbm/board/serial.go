package board

import (
	"time"

	"github.com/pbmgo/pbm/store"
)

// SerialWindow is how long after a player's rated loss on time another
// loss on time is not rated: a player who vanished loses every board
// within a few days, and only the first counts (as OGS does).
const SerialWindow = Day

// SerialTimeout decides, for a forfeit of u's on b at now, whether it
// is rated: the first within SerialWindow is, and is recorded on u
// (LastTimeout); a later one marks b (SerialTimeout). A board not
// moved by everyone ends declined, unrated anyway, and records
// nothing. It returns whether u changed.
func SerialTimeout(b *store.Board, u *store.User, now time.Time) bool {
	if !AllMoved(*b) {
		return false
	}
	if !u.LastTimeout.IsZero() && now.Sub(u.LastTimeout) < SerialWindow {
		b.SerialTimeout = true
		return false
	}
	u.LastTimeout = now
	return true
}

// Forfeiter is the player whose forfeit ended b, "" when none did.
func Forfeiter(b store.Board) string {
	for i := len(b.Log) - 1; i >= 0; i-- {
		if e := b.Log[i]; e.Kind == "forfeit" {
			return SeatName(b, e.Seat)
		}
	}
	return ""
}
