package board

import (
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/store"
)

// What PlayAhead did, in order.
const (
	AheadSynced  = iota + 1 // the moves left a tree (deviated) or voided it
	AheadHeld               // an answer waits: a vote is open, or the move declined a draw offer
	AheadAnswer             // an answer of a conditional move was played
	AheadQueued             // a queued move was played
	AheadDropped            // a queued move was illegal: the player's queue is dropped
)

// Ahead is one thing PlayAhead did.
type Ahead struct {
	Kind int
	// User is the tree's owner (AheadSynced, AheadHeld).
	User string
	// Sync is what the moves did to the tree (AheadSynced), and
	// UnplayedAt the log entries before its unplayed lines.
	Sync       Synced
	UnplayedAt int
	// Seat is who played (AheadAnswer, AheadQueued) or whose queue
	// was dropped (AheadDropped); Move the move played, waiting
	// (AheadHeld) or refused (AheadDropped, with the engine's Err).
	Seat int
	Move string
	Err  error
	// Before and BeforeState are the board as the move before the
	// answer left it (AheadAnswer), to be told before the answer;
	// Bound is set on the answer that reaches MaxAutomatic.
	Before      store.Board
	BeforeState engine.State
	Bound       bool
}

// PlayAhead plays what the players arranged ahead of their turn, after
// the moves of a change: first the answers of conditional moves, then
// queued moves (PlayQueued); a queued move plays only at a turn where
// its player's tree holds no answer. A run stops after MaxAutomatic
// answers. A tree that the moves left is kept as unplayed lines, one
// taken back is void. It holds the answers at an open vote, or when
// the change's move declined a draw offer (lapsed), and stops at the
// end of the game. It writes the trees (SaveTrees), not b, and returns
// what it did, in order, for the mails.
func PlayAhead(tx *store.Tx, b *store.Board, st engine.State, lapsed bool, now time.Time) ([]Ahead, error) {
	var out []Ahead
	queued := func() {
		played, dropped := PlayQueued(b, st, now)
		for _, d := range dropped {
			out = append(out, Ahead{Kind: AheadDropped, Seat: d.Seat, Move: d.Move, Err: d.Err})
		}
		for _, e := range played {
			out = append(out, Ahead{Kind: AheadQueued, Seat: e.Seat, Move: e.Move})
		}
	}
	trees, err := tx.Conditionals(b.Game, b.Number)
	if err != nil {
		return nil, err
	}
	if len(trees) == 0 {
		queued()
		return out, nil
	}
	base := make([]int, len(trees))
	for i := range trees {
		base[i] = trees[i].Base
	}
	auto := 0
	for {
		for i := range trees {
			r := Sync(&trees[i], *b)
			if r.Kind == SyncDeviated || r.Kind == SyncVoided && len(r.Lines) > 0 {
				out = append(out, Ahead{Kind: AheadSynced, User: trees[i].User, Sync: r, UnplayedAt: trees[i].UnplayedAt})
			}
		}
		if Outcome(*b, st).Over {
			break
		}
		k, mv := -1, ""
		for i := range trees {
			if m, ok := CondAnswer(trees[i], st, SeatOf(*b, trees[i].User)); ok {
				k, mv = i, m
				break
			}
		}
		if k >= 0 && (b.Vote != nil || lapsed) {
			if trees[k].Base != base[k] {
				out = append(out, Ahead{Kind: AheadHeld, User: trees[k].User, Move: mv})
			}
			k = -1
		}
		if k >= 0 && auto < MaxAutomatic {
			before, beforeState := b.Clone(), st.Clone()
			seat := SeatOf(*b, trees[k].User)
			e, err := PlayAnswer(b, st, seat, mv)
			if err != nil {
				return nil, err
			}
			auto++
			out = append(out, Ahead{Kind: AheadAnswer, Seat: seat, Move: e.Move, Before: before, BeforeState: beforeState, Bound: auto == MaxAutomatic})
			continue
		}
		n := len(b.Log)
		queued()
		if len(b.Log) == n {
			break
		}
	}
	return out, SaveTrees(tx, trees, Outcome(*b, st).Over)
}
