package board

import (
	"strconv"
	"strings"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/store"
)

// Why a move of a command was not played.
const (
	MoveBadNumber = iota + 1 // the part after # is not a number
	MoveStale                // it numbers another move than the next
	MoveGameOver             // the game ended before it
	MoveNotYours             // another seat is to move
	MoveIllegal              // the engine refused it
)

// MoveError says which move of a command was not played, and why.
// Nothing of the command is applied to the board then.
type MoveError struct {
	Kind int
	// Arg is the word as given, Move the move without its #n.
	Arg, Move string
	// Want is the number the move would have had; Got the number it
	// carried (MoveStale).
	Want, Got int
	// ToMove is the seat to move (MoveNotYours).
	ToMove int
	// Err is the engine's refusal (MoveIllegal).
	Err error
}

func (e *MoveError) Error() string {
	if e.Err != nil {
		return e.Err.Error()
	}
	return "move " + strconv.Itoa(e.Want) + " not played"
}

// Played is what a command's moves did to a board.
type Played struct {
	// Moves are the moves played, in canonical notation.
	Moves []string
	// DrawLapsed is set when the moves answered an open draw offer,
	// which a move declines (pbmserv).
	DrawLapsed bool
}

// Play plays the moves of one command of seat on st at now: each may
// carry #n, the number it must have. All or nothing: on a MoveError
// the board's record is unchanged (st holds the moves before the
// refused one). A move clears the seat's submitted moves.
func Play(b *store.Board, st engine.State, seat int, moves []string, now time.Time) (Played, error) {
	var p Played
	log := b.Log
	start := len(log)
	for i, arg := range moves {
		mv, num, hasNum := strings.Cut(arg, "#")
		want := start + i + 1
		if hasNum {
			k, err := strconv.Atoi(num)
			if err != nil {
				return Played{}, &MoveError{Kind: MoveBadNumber, Arg: arg, Move: mv, Want: want}
			}
			if k != want {
				return Played{}, &MoveError{Kind: MoveStale, Arg: arg, Move: mv, Want: want, Got: k}
			}
		}
		if st.Result().Over {
			return Played{}, &MoveError{Kind: MoveGameOver, Arg: arg, Move: mv, Want: want}
		}
		if t := st.ToMove(); t != seat {
			return Played{}, &MoveError{Kind: MoveNotYours, Arg: arg, Move: mv, Want: want, ToMove: t}
		}
		canon, err := st.Play(mv)
		if err != nil {
			return Played{}, &MoveError{Kind: MoveIllegal, Arg: arg, Move: mv, Want: want, Err: err}
		}
		p.Moves = append(p.Moves, canon)
		log = append(log, store.Entry{Seat: seat, Move: canon, At: now})
	}
	b.Log = log
	if b.Vote != nil && b.Vote.Kind == "draw" {
		b.Vote = nil
		p.DrawLapsed = true
	}
	delete(b.Submitted, strings.ToLower(b.Players[seat]))
	return p, nil
}
