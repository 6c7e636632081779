package tournament

import (
	"fmt"
	"maps"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/store"
)

// Advancing a tournament as data: Begin and Next pair its rounds and
// return a Step, the boards the core is to start (Start, then
// Started for each) and what happened (a round to tell, the end, a
// halt); the core starts the boards, tells the entrants, and saves
// the tournament in the transaction that asked for the step, so that
// a round is paired exactly once.

// SetupCheck tells whether the game starts a board of seats players
// with the options; the core gives the game's own check.
type SetupCheck func(seats int, options map[string]string) error

// Start is one board a step asks the core to start.
type Start struct {
	Round, Pairing int // indexes into Played, for Started
	// Number is the round's number as told (1 the first).
	Number int
	// Seats are the players in seat order.
	Seats []string
	// Options are the board's options, a copy of the tournament's.
	Options map[string]string
	// Replay: a knockout match replayed after a draw.
	Replay bool
}

// Halted says why a tournament ended where it stood: the game refuses
// a board of Seats players that its next round needs (Err, the
// SetupCheck's error).
type Halted struct {
	Seats int
	Err   error
}

// Step is what advancing a tournament asks of the core, in this
// order: when Halted, tell the entrants it halted and nothing else;
// otherwise start the boards of Boards, then, when Round is not 0,
// tell the entrants round Round with the standings; when Over, tell
// the entrants and the game's watchers the final table.
type Step struct {
	Boards []Start
	Round  int
	Over   bool
	Halted *Halted
	// Paired is the number of rounds played once Next paired a new
	// round or ended the tournament (before any board started); 0
	// when the step pairs nothing new.
	Paired int
}

// Begin seeds and pairs the first round of t (Tournament.Start), and
// returns the step that starts its boards; a start the transaction's
// tally of boards would take too far is refused (CheckMailBoards).
// The caller saves t.
func Begin(tx *store.Tx, t *Tournament, check SetupCheck) (Step, error) {
	if err := t.Start(); err != nil {
		return Step{}, refuse("TournCannotStart", "Name", t.Name, "Why", Why(err))
	}
	if err := CheckMailBoards(tx, t); err != nil {
		return Step{}, err
	}
	return t.round(check), nil
}

// Next returns the step that follows a board's end: the boards the
// current round still needs (a knockout replay), or, once the round is
// done, the next round paired or the end. After the core has played a
// step that Paired and the round is done at once (a round of byes
// only), it asks Next again. The caller saves t.
func (t *Tournament) Next(check SetupCheck) (Step, error) {
	if len(t.Pending()) > 0 {
		return t.round(check), nil
	}
	changed, err := t.Advance()
	if err != nil || !changed {
		return Step{}, err
	}
	paired := len(t.Played)
	if t.Over {
		return Step{Over: true, Paired: paired}, nil
	}
	step := t.round(check)
	step.Paired = paired
	return step, nil
}

// round is the step that plays the current round: its boards to
// start, or a halt when the game refuses one of them. Every board of
// the round must start, or none: a board the game refuses (a
// tournament announced before its options were checked for every
// number of seats) would refuse the move or forfeit that ended the
// round before it, so the tournament ends instead (Halt). A
// tournament that is over plays no round.
func (t *Tournament) round(check SetupCheck) Step {
	if t.Over {
		return Step{}
	}
	for _, ri := range t.Pending() {
		p := t.Played[ri[0]].Pairings[ri[1]]
		if err := check(len(p.Seats), t.Options); err != nil {
			t.Halt()
			return Step{Halted: &Halted{Seats: len(p.Seats), Err: err}}
		}
	}
	number := t.Current() + 1
	step := Step{Round: number}
	for _, ri := range t.Pending() {
		p := t.Played[ri[0]].Pairings[ri[1]]
		step.Boards = append(step.Boards, Start{Round: ri[0], Pairing: ri[1], Number: number,
			Seats: p.Seats, Options: maps.Clone(t.Options), Replay: p.Replay})
	}
	return step
}

// Started records the board the core started for s and counts it in
// the transaction's tally (TallyBoards).
func Started(tx *store.Tx, t *Tournament, s Start, board int) {
	t.SetBoard(s.Round, s.Pairing, board)
	tx.Tally(TallyBoards, 1)
}

// RecordBoard loads the tournament name of game and records the result
// of its board number, ended with res at seats seats (an aborted board
// scores half a point a seat). The caller advances (Next) and saves
// the tournament; an error wrapping store.ErrNotFound when there is
// none.
func RecordBoard(tx *store.Tx, game, name string, number int, res engine.Result, seats int, aborted bool) (*Tournament, error) {
	t, err := Load(tx, game, name)
	if err != nil {
		return nil, err
	}
	pts := Points(res, seats)
	if aborted {
		for i := range pts {
			pts[i] = 0.5
		}
	}
	if err := t.Record(number, pts); err != nil {
		return nil, err
	}
	return t, nil
}

// SeatsError: the game does not seat N players (it seats Lo to Hi),
// and a board of the tournament may have N.
type SeatsError struct{ N, Lo, Hi int }

func (e *SeatsError) Error() string {
	return fmt.Sprintf("the game seats %d to %d players, not %d", e.Lo, e.Hi, e.N)
}

// SetupError: the game does not start a board of Seats players with
// the tournament's options (Err, the SetupCheck's error).
type SetupError struct {
	Seats int
	Err   error
}

func (e *SetupError) Error() string {
	return fmt.Sprintf("a board of %d seats: %v", e.Seats, e.Err)
}

func (e *SetupError) Unwrap() error { return e.Err }

// CheckBoards refuses a tournament that could not run to its end: a
// board it can reach (any number of seats, pools down to a final of
// two) that a game seating lo to hi players would not start with its
// options (check). A board that could not start would leave the board
// before it unable to end.
func (t *Tournament) CheckBoards(lo, hi int, check SetupCheck) error {
	for _, n := range t.ReachableSeats() {
		if n < lo || n > hi {
			return &SeatsError{N: n, Lo: lo, Hi: hi}
		}
		if err := check(n, t.Options); err != nil {
			return &SetupError{Seats: n, Err: err}
		}
	}
	return nil
}

// Abort ends t where it stands, by an admin: it returns the boards of
// its pairings that were started and have not ended, for the core to
// abort (those that already ended it skips); a tournament already over
// is refused.
func (t *Tournament) Abort() ([]int, error) {
	if t.Over {
		return nil, refuse("TournAlreadyEnded", "Name", t.Name)
	}
	t.Over = true
	var boards []int
	for _, rd := range t.Played {
		for _, p := range rd.Pairings {
			if p.Done || p.Board == 0 {
				continue
			}
			boards = append(boards, p.Board)
		}
	}
	return boards, nil
}
