// Package tournament is a tournament as data: its entrants, the rounds
// paired so far with the boards that play them, the points and
// tie-breaks of the standings, and the pairing of the next round for
// each format (round robin, Swiss, knockout, pools).
//
// It reads and writes its own documents in the store (Load, Save, and
// the operations over several tournaments: an organiser's limits, a
// player's withdrawal, the tournaments due to start and those a player
// entered) and returns what advancing a tournament asks
// for as data (Begin, Next: a Step). It knows boards only by their
// numbers and results only by the points each seat scored: it starts
// no board, writes no other record of the store and writes no mail.
// The core starts the boards a step asks for, records each board's
// result when it ends (RecordBoard), and advances the tournament in
// the same transaction, so that a round is paired exactly once.
package tournament

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Format is how entrants are paired.
type Format string

const (
	// RoundRobin: every entrant meets every other once (twice with
	// Double, seats swapped); with more than two seats, every entrant
	// plays the same number of boards, once in each seat.
	RoundRobin Format = "roundrobin"
	// Swiss: Rounds rounds, each pairing entrants of equal score who
	// have not met (see Tournament.swiss).
	Swiss Format = "swiss"
	// Knockout: single elimination seeded by rating; a drawn match is
	// replayed once with seats swapped, then the higher seed goes on.
	Knockout Format = "knockout"
	// Pools: tables of Seats entrants; the best of each table goes on
	// to the next stage until one table remains.
	Pools Format = "pools"
)

// Formats lists the formats by name, for help and parsing.
var Formats = []Format{RoundRobin, Swiss, Knockout, Pools}

// ParseFormat reads a format's name.
func ParseFormat(s string) (Format, bool) {
	for _, f := range Formats {
		if strings.EqualFold(s, string(f)) {
			return f, true
		}
	}
	return "", false
}

// Entrant is one player of a tournament.
type Entrant struct {
	ID     string `json:"id"`
	Rating int    `json:"rating"`
	// Withdrawn: the entrant left the server after the start, and is
	// paired in no later round.
	Withdrawn bool `json:"withdrawn,omitempty"`
}

// Pairing is one board of a round: the entrants in seat order (the
// first moves first). A pairing of one entrant is a bye, scored as a
// win without a board.
type Pairing struct {
	Seats  []string  `json:"seats"`
	Board  int       `json:"board,omitempty"`  // 0 until the board is started
	Done   bool      `json:"done,omitempty"`   // the board ended (a bye is done at once)
	Points []float64 `json:"points,omitempty"` // per seat, once done
	Replay bool      `json:"replay,omitempty"` // a knockout match replayed after a draw
}

// Bye reports whether the pairing is a bye.
func (p Pairing) Bye() bool { return len(p.Seats) == 1 }

// Round is the pairings of one round (or stage of pools).
type Round struct {
	Pairings []Pairing `json:"pairings"`
}

// Tournament is one event of one game.
type Tournament struct {
	Game      string `json:"game"`
	Name      string `json:"name"`
	Organiser string `json:"organiser"`
	Format    Format `json:"format"`
	Seats     int    `json:"seats"`            // seats per board
	Rounds    int    `json:"rounds,omitempty"` // Swiss: rounds to play
	Double    bool   `json:"double,omitempty"` // round robin: twice
	Size      int    `json:"size,omitempty"`   // starts by itself at this many entrants
	// Created is when the tournament was announced; zero in documents
	// written before it was kept.
	Created time.Time `json:"created,omitzero"`
	// Options are the options of every board, as a challenge gives
	// them (server options such as "-nag" among them).
	Options map[string]string `json:"options,omitempty"`
	// StartOn starts the tournament by itself on that day, when it has
	// entrants enough; zero never.
	StartOn  time.Time `json:"start_on,omitzero"`
	Entrants []Entrant `json:"entrants"` // seeded order once started
	Played   []Round   `json:"played,omitempty"`
	Started  bool      `json:"started,omitempty"`
	Over     bool      `json:"over,omitempty"`
	Winner   string    `json:"winner,omitempty"`
}

// Errors of the tournament's own rules, for the core to answer with.
var (
	ErrStarted  = refuse("TournRuleStarted")
	ErrNotEntry = refuse("TournRuleNotEntrant")
	ErrEntered  = refuse("TournRuleEntered")
	// ErrClosed: the tournament is over (finished or aborted); it
	// takes no entrant and does not start.
	ErrClosed = refuse("TournRuleClosed")
)

// CheckAnnounced tells whether a tournament being announced makes
// sense: Check, no setting its format does not use, and a --size it
// can take and start with.
func (t *Tournament) CheckAnnounced() error {
	if err := t.Check(); err != nil {
		return err
	}
	if t.Rounds > 0 && t.Format != Swiss {
		return refuse("TournRuleNotFor", "Option", "--rounds", "Format", string(t.Format))
	}
	if t.Double && t.Format != RoundRobin {
		return refuse("TournRuleNotFor", "Option", "--double", "Format", string(t.Format))
	}
	if t.Size > 0 {
		if hi := t.MaxEntrants(); t.Size > hi {
			return refuseN("TournRuleSizeMax", hi, "Size", t.Size, "N", hi)
		}
		if lo := t.MinEntrants(); t.Size < lo {
			return refuseN("TournRuleSizeMin", lo, "Size", t.Size, "N", lo)
		}
	}
	return nil
}

// Check tells whether the tournament's settings can be paired: the
// seats and rounds its format needs.
func (t *Tournament) Check() error {
	switch t.Format {
	case RoundRobin:
		if t.Seats < 2 {
			return refuseN("TournRuleRoundRobinSeats", t.Seats, "N", t.Seats)
		}
	case Swiss, Knockout:
		if t.Seats != 2 {
			return refuseN("TournRuleTwoSeats", t.Seats, "Format", string(t.Format), "N", t.Seats)
		}
		if t.Format == Swiss && t.Rounds < 1 {
			return refuse("TournRuleRounds")
		}
	case Pools:
		if t.Seats < 3 {
			return refuseN("TournRulePoolSeats", t.Seats, "N", t.Seats)
		}
	default:
		return refuse("TournRuleFormat", "Format", fmt.Sprintf("%q", t.Format))
	}
	return nil
}

// Join enters id.
func (t *Tournament) Join(id string, rating int) error {
	if t.Over {
		return ErrClosed
	}
	if t.Started {
		return ErrStarted
	}
	if t.index(id) >= 0 {
		return ErrEntered
	}
	if n := t.MaxEntrants(); len(t.Entrants) >= n {
		return refuseN("TournRuleFull", n, "N", n)
	}
	t.Entrants = append(t.Entrants, Entrant{ID: id, Rating: rating})
	return nil
}

// Leave takes id out before the start.
func (t *Tournament) Leave(id string) error {
	if t.Over {
		return ErrClosed
	}
	if t.Started {
		return ErrStarted
	}
	i := t.index(id)
	if i < 0 {
		return ErrNotEntry
	}
	t.Entrants = slices.Delete(t.Entrants, i, i+1)
	return nil
}

// Ready reports whether the tournament starts by itself now that
// entrants have joined.
func (t *Tournament) Ready() bool {
	return !t.Started && !t.Over && t.Size > 0 && len(t.Entrants) >= t.Size
}

// MinEntrants is the fewest entrants the format can start with.
func (t *Tournament) MinEntrants() int {
	switch t.Format {
	case RoundRobin:
		return max(t.Seats, 2)
	case Swiss:
		return max(t.Rounds+1, 2)
	case Pools:
		return t.Seats + 1
	}
	return 2
}

// Start seeds the entrants by rating (the order of joining breaks
// ties) and pairs the first round.
func (t *Tournament) Start() error {
	if t.Over {
		return ErrClosed
	}
	if t.Started {
		return ErrStarted
	}
	if err := t.Check(); err != nil {
		return err
	}
	if n := t.MinEntrants(); len(t.Entrants) < n {
		return refuseN("TournRuleFew", n, "Format", string(t.Format), "N", n, "Has", len(t.Entrants))
	}
	slices.SortStableFunc(t.Entrants, func(a, b Entrant) int { return cmp.Compare(b.Rating, a.Rating) })
	t.Started = true
	r, err := t.pair()
	if err != nil {
		return err
	}
	t.Played = append(t.Played, r)
	return nil
}

// Current is the index of the round being played, or -1.
func (t *Tournament) Current() int { return len(t.Played) - 1 }

// Pending lists the pairings of the current round that need a board:
// (round, pairing) indexes.
func (t *Tournament) Pending() [][2]int {
	var out [][2]int
	r := t.Current()
	if r < 0 || t.Over {
		return nil
	}
	for i, p := range t.Played[r].Pairings {
		if !p.Bye() && p.Board == 0 && !p.Done {
			out = append(out, [2]int{r, i})
		}
	}
	return out
}

// SetBoard records the board started for a pairing.
func (t *Tournament) SetBoard(round, pairing, board int) {
	t.Played[round].Pairings[pairing].Board = board
}

// Find returns the round and pairing that board plays, or ok false.
func (t *Tournament) Find(board int) (round, pairing int, ok bool) {
	for r, rd := range t.Played {
		for i, p := range rd.Pairings {
			if p.Board == board {
				return r, i, true
			}
		}
	}
	return 0, 0, false
}

// Record sets the points of the board's seats, once: a board recorded
// twice is not counted twice. A drawn knockout match that was not a
// replay gets its replay, seats swapped, in the same round.
func (t *Tournament) Record(board int, points []float64) error {
	r, i, ok := t.Find(board)
	if !ok {
		return fmt.Errorf("board %d is not a board of tournament %s", board, t.Name)
	}
	p := &t.Played[r].Pairings[i]
	if p.Done {
		return nil
	}
	if len(points) != len(p.Seats) {
		return fmt.Errorf("board %d: %d points for %d seats", board, len(points), len(p.Seats))
	}
	p.Done, p.Points = true, slices.Clone(points)
	if t.Format == Knockout && !p.Replay && points[0] == points[1] {
		t.Played[r].Pairings = append(t.Played[r].Pairings, Pairing{Seats: []string{p.Seats[1], p.Seats[0]}, Replay: true})
	}
	return nil
}

// RoundDone reports whether every pairing of the current round ended.
func (t *Tournament) RoundDone() bool {
	r := t.Current()
	if r < 0 {
		return false
	}
	for _, p := range t.Played[r].Pairings {
		if !p.Done {
			return false
		}
	}
	return true
}

// Advance pairs the next round once the current one is done, or ends
// the tournament. It reports whether anything changed.
func (t *Tournament) Advance() (bool, error) {
	if !t.Started || t.Over || !t.RoundDone() {
		return false, nil
	}
	if t.finished() {
		t.Over = true
		if st := t.Standings(); len(st) > 0 {
			t.Winner = st[0].ID
		}
		if t.Format == Knockout || t.Format == Pools {
			t.Winner = t.survivors()[0]
		}
		return true, nil
	}
	r, err := t.pair()
	if err != nil {
		return false, err
	}
	t.Played = append(t.Played, r)
	return true, nil
}

// finished reports whether no round follows the current one.
func (t *Tournament) finished() bool {
	switch t.Format {
	case RoundRobin:
		return len(t.Played) >= 1
	case Swiss:
		return len(t.Played) >= t.Rounds
	}
	return len(t.survivors()) <= 1
}

// pair makes the next round.
func (t *Tournament) pair() (Round, error) {
	var r Round
	var err error
	switch t.Format {
	case RoundRobin:
		r = t.roundRobin()
	case Swiss:
		r, err = t.swiss()
	case Knockout:
		r = t.knockout()
	case Pools:
		r = t.pools()
	}
	for i := range r.Pairings {
		if r.Pairings[i].Bye() {
			r.Pairings[i].Done, r.Pairings[i].Points = true, []float64{1}
		}
	}
	return r, err
}

// Withdraw takes id out of the tournament, a player who leaves the
// server: before the start as Leave does; after it id is marked
// withdrawn and paired in no later round (the results so far stand).
// It returns the boards still running that id sits at, for the core to
// resign; a tournament that is over is left as it is.
func (t *Tournament) Withdraw(id string) []int {
	i := t.index(id)
	if i < 0 || t.Over {
		return nil
	}
	if !t.Started {
		t.Entrants = slices.Delete(t.Entrants, i, i+1)
		return nil
	}
	t.Entrants[i].Withdrawn = true
	var running []int
	for _, rd := range t.Played {
		for _, p := range rd.Pairings {
			if !p.Done && p.Board != 0 && slices.ContainsFunc(p.Seats, func(s string) bool { return strings.EqualFold(s, id) }) {
				running = append(running, p.Board)
			}
		}
	}
	return running
}

// Replace puts newID in the place of oldID: in the entrants and in
// every pairing, so that the substitute takes over the results so far
// with the seat.
func (t *Tournament) Replace(oldID, newID string) error {
	i := t.index(oldID)
	if i < 0 {
		return ErrNotEntry
	}
	if t.index(newID) >= 0 {
		return ErrEntered
	}
	t.Entrants[i].ID = newID
	for r := range t.Played {
		for k := range t.Played[r].Pairings {
			p := &t.Played[r].Pairings[k]
			for s := range p.Seats {
				if strings.EqualFold(p.Seats[s], oldID) {
					p.Seats[s] = newID
				}
			}
		}
	}
	return nil
}

func (t *Tournament) index(id string) int {
	return slices.IndexFunc(t.Entrants, func(e Entrant) bool { return strings.EqualFold(e.ID, id) })
}

// seed is an entrant's seed number, 0 the highest.
func (t *Tournament) seed(id string) int { return t.index(id) }
