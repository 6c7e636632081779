package board

import (
	"strings"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/store"
)

// Dropped is a queued move found illegal when its turn came: the
// player's queue on the board is cleared.
type Dropped struct {
	Seat int
	Move string
	Err  error
}

// PlayQueued plays on st the queued moves of the players whose turn it
// is, as long as there are any (pbmserv's "(Auto)" moves), and logs
// them at now. A queued move that has become illegal is dropped with
// the rest of that player's queue. It returns the entries played and
// the queues dropped, in order.
func PlayQueued(b *store.Board, st engine.State, now time.Time) (played []store.Entry, dropped []Dropped) {
	for !Outcome(*b, st).Over {
		seat := st.ToMove()
		if seat < 0 || seat >= len(b.Players) {
			return played, dropped
		}
		key := strings.ToLower(b.Players[seat])
		q := b.Queued[key]
		if len(q) == 0 {
			return played, dropped
		}
		mv := q[0]
		if len(q) == 1 {
			delete(b.Queued, key)
		} else {
			b.Queued[key] = q[1:]
		}
		canon, err := st.Play(mv)
		if err != nil {
			delete(b.Queued, key)
			dropped = append(dropped, Dropped{Seat: seat, Move: mv, Err: err})
			continue
		}
		e := store.Entry{Seat: seat, Move: canon, At: now, Auto: true}
		b.Log = append(b.Log, e)
		played = append(played, e)
	}
	return played, dropped
}
