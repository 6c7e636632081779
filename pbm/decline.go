package pbm

import (
	"fmt"
	"strings"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// Declining a challenge (pbmserv): a challenge names its players
// without asking them, so a player who leaves a board before every
// seat still in it has made a move (by resigning, closing the account,
// or letting the clock run out) declines it rather than loses it. The
// log records a "decline" entry, which the engine takes as a
// resignation. Where the game goes on without the seat it does so,
// and the seat is left out of the ratings; where it would end, the
// board is removed: it ends without a result and unrated.

// allMoved reports whether every seat still in the game has made a
// move (or the board is a tournament's): from then on, leaving is
// resigning.
func allMoved(b store.Board) bool {
	if b.Tournament != "" {
		// Entering a tournament takes up its boards: leaving one is
		// resigning it.
		return true
	}
	moved := map[int]bool{}
	for _, e := range b.Log {
		if e.Kind == "" {
			moved[e.Seat] = true
		}
	}
	for _, s := range inGame(b) {
		if !moved[s] {
			return false
		}
	}
	return true
}

// removed reports whether a finished board ended by a decline: it has
// no result and is not rated.
func removed(b store.Board, st engine.State) bool {
	n := len(b.Log)
	return n > 0 && b.Log[n-1].Kind == "decline" && st.Result().Over
}

// declinedSeats lists the seats that declined.
func declinedSeats(b store.Board) map[int]bool {
	out := map[int]bool{}
	for _, e := range b.Log {
		if e.Kind == "decline" {
			out[e.Seat] = true
		}
	}
	return out
}

// leave takes a player off a board: a resignation (or a forfeit) once
// every seat has moved, a decline before. why is the event for a
// resignation, declined the one for a decline.
func (c *call) leave(b store.Board, seat int, kind string, why, declined lang.Msg) (bool, error) {
	if allMoved(b) {
		return false, c.resignSeat(b, seat, kind, why)
	}
	return true, c.decline(b, seat, declined)
}

// decline records a seat's decline and mails the board, which tells
// whether it goes on or is removed.
func (c *call) decline(b store.Board, seat int, event lang.Msg) error {
	g, st, err := c.s.replay(b, -1)
	if err != nil {
		return err
	}
	if err := st.Resign(seat); err != nil {
		return &Refusal{Board: b.Number, Text: fmt.Sprintf("%s cannot leave board %d: %v", b.Players[seat], b.Number, err)}
	}
	b.Log = append(b.Log, store.Entry{Seat: seat, Kind: "decline", At: c.s.now()})
	b.Vote = nil
	delete(b.Queued, strings.ToLower(b.Players[seat]))
	delete(b.Submitted, strings.ToLower(b.Players[seat]))
	said := []lang.Msg{event, lang.M("DeclineGoesOn", "Who", b.Players[seat])}
	if st.Result().Over {
		said[1] = lang.M("DeclineRemoved", "Title", g.Title(), "Number", b.Number)
	}
	return c.commit(&b, g, st, change{Event: lang.English().Join(said), Said: said, Comment: c.comment, By: b.Players[seat]})
}

// decliner is the userid whose decline removed the board.
func decliner(b store.Board) string {
	if n := len(b.Log); n > 0 && b.Log[n-1].Seat >= 0 && b.Log[n-1].Seat < len(b.Players) {
		return b.Players[b.Log[n-1].Seat]
	}
	return "?"
}

// Declined reports whether a board was removed by a decline, from its
// stored record alone (so the web site can tell without replaying it),
// and the userid who declined: the board is over and its last log
// entry is the decline. Such a board has no result and is not rated;
// its Outcome is the line declineStatus gives, which the text board and
// the picture say too.
func Declined(b store.Board) (by string, ok bool) {
	n := len(b.Log)
	if !b.Over || n == 0 || b.Log[n-1].Kind != "decline" {
		return "", false
	}
	return decliner(b), true
}

// TextBoard is the engine's text board of the position st of b, as
// board mails show it and the web page should: a board removed by a
// decline says so (declinedDiagram) where the engine would name a
// winner.
func TextBoard(b store.Board, st engine.State) string {
	var diagram strings.Builder
	st.Board(&diagram, b.Players)
	text := strings.TrimRight(diagram.String(), "\n")
	if removed(b, st) {
		text = declinedDiagram(text, b)
	}
	return text
}

// declinedDiagram is an engine's text board of a removed board with
// its line of the end, which tells the decline as a resignation
// ("Game over: Ohs (alice) wins: Eks resigned."), saying what
// happened instead: the rest of the line from "Game over:" is the
// board's status. A diagram without such a line gets the status as
// its last line.
func declinedDiagram(diagram string, b store.Board) string {
	st := declineStatus(b)
	lines := strings.Split(diagram, "\n")
	for i, l := range lines {
		if k := strings.Index(l, "Game over:"); k >= 0 {
			lines[i] = l[:k] + st
			return strings.Join(lines, "\n")
		}
	}
	return strings.TrimRight(diagram, "\n") + "\n" + st
}

// declineStatus is the status line of a removed board.
func declineStatus(b store.Board) string {
	return lang.English().T("StatusDeclined", "Who", decliner(b))
}
