package board

import (
	"errors"
	"time"

	"github.com/pbmgo/pbm/store"
)

// A vote asks every player still in the game to agree: "draw" ends the
// game drawn, "undo" takes the last move back. The player who proposes
// accepts at once; a rejection closes the vote; the vote is carried out
// when every seat in the game has accepted (or, at the clock's forfeit
// limit, counts as accepting: Clock.Check).

// Why a vote cannot be proposed or answered.
var (
	ErrVoteOpen     = errors.New("a vote is already open")
	ErrVoteNobody   = errors.New("nobody to vote with")
	ErrVoteNoMove   = errors.New("no move to take back")
	ErrVoteNone     = errors.New("no vote is open")
	ErrVoteAccepted = errors.New("accepted already")
)

// Propose opens a vote of kind ("draw" or "undo") by seat at now.
func Propose(b *store.Board, seat int, kind string, now time.Time) error {
	switch {
	case b.Vote != nil:
		return ErrVoteOpen
	case len(InGame(*b)) < 2:
		return ErrVoteNobody
	case kind == "undo" && (len(b.Log) == 0 || b.Log[len(b.Log)-1].Kind != ""):
		return ErrVoteNoMove
	}
	b.Vote = &store.Vote{Kind: kind, By: seat, Accepted: []int{seat}, At: now}
	return nil
}

// Decision is what a vote's answer did.
type Decision struct {
	// Kind is the vote's kind.
	Kind string
	// Rejected is set when the answer closed the vote unresolved.
	Rejected bool
	// Carried is set when the vote was carried out: a draw entry
	// ends the log, or Undone was taken off it (the position must
	// then be replayed).
	Carried bool
	Undone  store.Entry
}

// Answer records seat's answer to the open vote at now, and carries the
// vote out when it was the last acceptance wanted.
func Answer(b *store.Board, seat int, yes bool, now time.Time) (Decision, error) {
	if b.Vote == nil {
		return Decision{}, ErrVoteNone
	}
	d := Decision{Kind: b.Vote.Kind}
	if !yes {
		b.Vote = nil
		d.Rejected = true
		return d, nil
	}
	if ContainsSeat(b.Vote.Accepted, seat) {
		return d, ErrVoteAccepted
	}
	b.Vote.Accepted = append(b.Vote.Accepted, seat)
	return Resolve(b, now), nil
}

// Resolve carries out the open vote when every player still in the
// game has accepted it, at now.
func Resolve(b *store.Board, now time.Time) Decision {
	d := Decision{Kind: b.Vote.Kind}
	for _, s := range InGame(*b) {
		if !ContainsSeat(b.Vote.Accepted, s) {
			return d
		}
	}
	b.Vote = nil
	d.Carried = true
	if d.Kind == "draw" {
		b.Log = append(b.Log, store.Entry{Seat: -1, Kind: "draw", At: now})
		return d
	}
	d.Undone = b.Log[len(b.Log)-1]
	b.Log = b.Log[:len(b.Log)-1]
	return d
}

// Silent are the seats in the game that have not answered the open
// vote.
func Silent(b store.Board) []int {
	var out []int
	if b.Vote == nil {
		return nil
	}
	for _, s := range InGame(b) {
		if !ContainsSeat(b.Vote.Accepted, s) {
			out = append(out, s)
		}
	}
	return out
}

// Timeout counts the silent seats of the open vote as accepting, at
// the clock's forfeit limit, and carries the vote out. It returns the
// silent seats.
func Timeout(b *store.Board, now time.Time) ([]int, Decision) {
	silent := Silent(*b)
	b.Vote.Accepted = append(b.Vote.Accepted, silent...)
	return silent, Resolve(b, now)
}
