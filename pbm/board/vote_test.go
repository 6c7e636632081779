package board

import (
	"testing"
	"time"

	"github.com/pbmgo/pbm/store"
)

var t0 = time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)

func threeSeats() store.Board {
	return store.Board{Game: "x", Number: 101, Players: []string{"a", "b", "c"},
		Log: []store.Entry{{Seat: 0, Move: "m1"}, {Seat: 1, Move: "m2"}}}
}

// TestVoteRules: the proposer accepts at once; one rejection closes
// the vote; it is carried when every seat in the game has accepted, a
// declined seat not counted; a draw ends the log, an undo takes the
// last move off it; what cannot be proposed or answered says why and
// changes nothing.
func TestVoteRules(t *testing.T) {
	b := threeSeats()
	if err := Propose(&b, 0, "draw", t0); err != nil || b.Vote == nil || len(b.Vote.Accepted) != 1 {
		t.Fatalf("propose: %v %+v", err, b.Vote)
	}
	if err := Propose(&b, 1, "undo", t0); err != ErrVoteOpen || b.Vote.Kind != "draw" {
		t.Errorf("a second vote: %v", err)
	}
	if _, err := Answer(&b, 0, true, t0); err != ErrVoteAccepted {
		t.Errorf("the proposer accepts again: %v", err)
	}
	if d, err := Answer(&b, 1, true, t0); err != nil || d.Carried || b.Vote == nil {
		t.Fatalf("two of three: %+v %v", d, err)
	}
	if d, err := Answer(&b, 2, true, t0.Add(time.Hour)); err != nil || !d.Carried || b.Vote != nil {
		t.Fatalf("three of three: %+v %v", d, err)
	}
	if last := b.Log[len(b.Log)-1]; last.Kind != "draw" || last.Seat != -1 || !last.At.Equal(t0.Add(time.Hour)) {
		t.Errorf("the draw entry: %+v", last)
	}

	b = threeSeats()
	Propose(&b, 2, "undo", t0)
	if d, _ := Answer(&b, 0, false, t0); !d.Rejected || b.Vote != nil || len(b.Log) != 2 {
		t.Errorf("a rejection: %+v, log %d", d, len(b.Log))
	}
	if _, err := Answer(&b, 0, true, t0); err != ErrVoteNone {
		t.Errorf("no vote: %v", err)
	}

	// A declined seat is out of the game: two acceptances carry it.
	b = threeSeats()
	b.Log = append(b.Log, store.Entry{Seat: 2, Kind: "decline"})
	if err := Propose(&b, 0, "undo", t0); err != ErrVoteNoMove {
		t.Errorf("undo after a decline: %v", err)
	}
	b.Log = append(b.Log, store.Entry{Seat: 0, Move: "m3"})
	Propose(&b, 0, "undo", t0)
	d, _ := Answer(&b, 1, true, t0)
	if !d.Carried || d.Undone.Move != "m3" || len(b.Log) != 3 {
		t.Errorf("undo by the two in the game: %+v, log %v", d, b.Log)
	}
	lone := store.Board{Players: []string{"a", "b"}, Log: []store.Entry{{Seat: 1, Kind: "decline"}}}
	if err := Propose(&lone, 0, "draw", t0); err != ErrVoteNobody {
		t.Errorf("alone on the board: %v", err)
	}
}

// TestClock: the clock waits, reminds once a day after the nag days,
// forfeits at the forfeit days, forgives vacations, counts an
// unanswered vote as accepted, and its Due is never later than the
// time Check acts.
func TestClock(t *testing.T) {
	b := threeSeats()
	b.Updated = t0
	b.Log[1].At = t0
	c := Limits(b, 2, 7)
	if c.Nag != 2*Day || c.Forfeit != 7*Day {
		t.Fatalf("limits: %+v", c)
	}
	b.NagDays = 3
	if Limits(b, 2, 7).Nag != 3*Day {
		t.Error("the board's own nag days are not used")
	}
	b.NagDays = 0
	u := store.User{ID: "c"}
	seat := 2
	due := c.Due(b, seat, &u, t0)
	if !due.Equal(t0.Add(2 * Day)) {
		t.Errorf("due %v, want the nag at %v", due, t0.Add(2*Day))
	}
	for at := t0; at.Before(t0.Add(10 * Day)); at = at.Add(time.Hour) {
		act := c.Check(b, seat, &u, at)
		if act.Kind != Wait && at.Before(c.Due(b, seat, &u, t0)) {
			t.Fatalf("acted (%d) at %v before its due %v", act.Kind, at, due)
		}
		switch act.Kind {
		case Nag:
			if at.Sub(t0) < 2*Day || act.Days != int(at.Sub(t0)/Day) || act.Left != int((7*Day-at.Sub(t0)+Day-1)/Day) {
				t.Fatalf("nag at %v: %+v", at.Sub(t0), act)
			}
			b.LastNag = at
			if next := c.Check(b, seat, &u, at.Add(23*time.Hour)); next.Kind == Nag {
				t.Fatal("reminded twice within a day")
			}
			if nd := c.Due(b, seat, &u, at); !nd.Equal(at.Add(Day)) {
				t.Fatalf("after a nag due %v, want a day later", nd.Sub(t0))
			}
		case ForfeitIdle:
			if at.Sub(t0) != 7*Day || act.Seat != 2 || act.Days != 7 {
				t.Fatalf("forfeit at %v: %+v", at.Sub(t0), act)
			}
			at = t0.Add(11 * Day) // done
		}
	}
	// On vacation: nothing, and due when it ends.
	u.Vacations = []store.Vacation{{From: t0, To: t0.Add(9 * Day)}}
	if act := c.Check(b, seat, &u, t0.Add(8*Day)); act.Kind != Wait {
		t.Errorf("on vacation: %+v", act)
	}
	if d := c.Due(b, seat, &u, t0.Add(8*Day)); !d.Equal(t0.Add(10 * Day)) {
		t.Errorf("on vacation due %v, want its end", d.Sub(t0))
	}
	// No account to move: nothing but a vote.
	if act := c.Check(b, seat, nil, t0.Add(30*Day)); act.Kind != Wait {
		t.Errorf("no account: %+v", act)
	}
	Propose(&b, 0, "draw", t0)
	if act := c.Check(b, seat, nil, t0.Add(7*Day)); act.Kind != VoteTimeout || len(act.Silent) != 2 {
		t.Errorf("vote at the forfeit limit: %+v", act)
	}
	silent, d := Timeout(&b, t0.Add(7*Day))
	if len(silent) != 2 || !d.Carried || b.Log[len(b.Log)-1].Kind != "draw" {
		t.Errorf("vote timed out: %v %+v", silent, d)
	}
}
