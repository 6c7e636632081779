package pbm

import (
	"errors"
	"fmt"
	"strings"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// change says what happened to a board, for the mails about it.
type change struct {
	New     bool   // a new board
	Event   string // one line: "alice played e4."
	Comment string // the player's comment, if any
	By      string // whose comment
	// Ratings tell, in the mail of the game's end, each player's
	// rating change or why the game was not rated.
	Ratings []string
	// Said, when set, is Event from the catalogue, written in each
	// recipient's language.
	Said []lang.Msg
}

// commit is the one way a board changes: it plays queued moves that
// have become due, records the end of the game (ratings, result
// notices), saves the board and mails it to its players and
// subscribers.
func (c *call) commit(b *store.Board, g engine.Game, st engine.State, ch change) error {
	b.Updated = c.s.now()
	if err := c.playQueued(b, st, &ch); err != nil {
		return err
	}
	board.Settle(b, st)
	if b.Over && !b.Rated {
		b.Rated = true
		b.Vote, b.Queued, b.Submitted = nil, nil, nil
		lines, err := c.finish(*b, g, st)
		if err != nil {
			return err
		}
		ch.Ratings = lines
		if err := c.tournamentBoardOver(*b, st); err != nil {
			return err
		}
	}
	b.Due = c.s.clockDue(c.tx, *b, st, c.s.now())
	if err := c.tx.PutBoard(*b); err != nil {
		return err
	}
	if err := noteWaiting(c.tx, *b, board.ToMove(*b, st)); err != nil {
		return err
	}
	return c.mailBoard(*b, g, st, ch)
}

// playQueued plays the queued moves of the players whose turn it is,
// as long as there are any (pbmserv's "(Auto)" moves). A queued move
// that has become illegal is dropped with the rest of that player's
// queue, and the player is told.
func (c *call) playQueued(b *store.Board, st engine.State, ch *change) error {
	for !board.Outcome(*b, st).Over {
		seat := st.ToMove()
		if seat < 0 || seat >= len(b.Players) {
			return nil
		}
		key := strings.ToLower(b.Players[seat])
		q := b.Queued[key]
		if len(q) == 0 {
			return nil
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
			if err := c.tellUser(b.Players[seat], fmt.Sprintf("pbm: queued move refused on board %d", b.Number),
				fmt.Sprintf("Your queued move %q on %s board %d was found but is illegal now: %v\nYour queue for this board is cleared; it is your turn.",
					mv, b.Game, b.Number, err)); err != nil {
				return err
			}
			continue
		}
		b.Log = append(b.Log, store.Entry{Seat: seat, Move: canon, At: c.s.now(), Auto: true})
		played := fmt.Sprintf(" %s played %s (queued).", b.Players[seat], canon)
		if len(ch.Said) > 0 {
			ch.Said = append(ch.Said, lang.Literal(played))
		}
		ch.Event = strings.TrimSpace(ch.Event + played)
	}
	return nil
}

// tellUser sends a notice to every address of a user.
func (c *call) tellUser(id, subject, text string) error {
	u, err := c.tx.User(id)
	if errors.Is(err, store.ErrNotFound) || u.Closed {
		return nil
	}
	if err != nil {
		return err
	}
	for _, a := range u.Addresses {
		if err := c.notice(a, subject, text); err != nil {
			return err
		}
	}
	return nil
}

// finish runs once when a game ends: ratings, and the result to those
// who asked to be notified.
func (c *call) finish(b store.Board, g engine.Game, st engine.State) ([]string, error) {
	lines, err := c.rate(b, board.Outcome(b, st))
	if err != nil {
		return nil, err
	}
	text := fmt.Sprintf("%s board %d (%s) has ended: %s", g.Title(), b.Number, strings.Join(b.Players, ", "), board.Status(b, st))
	if len(lines) > 0 {
		text += "\n\n" + strings.Join(lines, "\n")
	}
	for _, id := range c.notifyList(b) {
		if err := c.tellUser(id, fmt.Sprintf("Notification: %s Board %d", g.Title(), b.Number), text); err != nil {
			return nil, err
		}
	}
	return lines, nil
}

// notifyList is who hears only the result of a board: the board's
// list and the users who hear every result of its game (the store's
// index of them).
func (c *call) notifyList(b store.Board) []string {
	out := append([]string(nil), b.Notify...)
	users, err := c.tx.NotifiedOfAll(b.Game)
	if err != nil {
		return out
	}
	for _, u := range users {
		if contains(u.NotifyAll, b.Game) && !contains(out, u.ID) && board.SeatOf(b, u.ID) < 0 {
			out = append(out, u.ID)
		}
	}
	return out
}
