package tournament

import "slices"

// MaxBoardsAtOnce bounds the boards one step of a tournament starts
// together: its first round, or a round paired when the last board of
// the one before ends. Each board is written and mailed in the
// transaction of that step (the intake's or the clock's), so the bound
// keeps such a transaction short; MaxEntrants derives from it the
// entrants each format may take. A round robin starts all its boards
// at once (correspondence style), so it takes the fewest entrants.
const MaxBoardsAtOnce = 64

// EntrantsCap bounds the entrants of any tournament: each round mails
// every entrant the standings of all, a cost that grows as the square
// of the entrants (64 entrants: 128 mails of a 64-line table).
const EntrantsCap = 64

// MaxEntrants is the most entrants the tournament takes: as many as
// keep its largest round within MaxBoardsAtOnce boards, EntrantsCap at
// most.
func (t *Tournament) MaxEntrants() int { return min(t.maxEntrants(), EntrantsCap) }

func (t *Tournament) maxEntrants() int {
	per := 1
	if t.Double {
		per = 2
	}
	switch t.Format {
	case RoundRobin:
		if t.Seats > 2 {
			return max(MaxBoardsAtOnce/per, t.Seats)
		}
		n := 2
		for (n+1)*n/2*per <= MaxBoardsAtOnce {
			n++
		}
		return n
	case Pools:
		return MaxBoardsAtOnce * max(t.Seats, 1)
	}
	return 2*MaxBoardsAtOnce + 1
}

// BoardsAtOnce is the most boards a round of the tournament starts
// together with n entrants.
func (t *Tournament) BoardsAtOnce(n int) int {
	per := 1
	if t.Double {
		per = 2
	}
	switch t.Format {
	case RoundRobin:
		if t.Seats > 2 {
			return n * per
		}
		return n * (n - 1) / 2 * per
	case Pools:
		return (n + t.Seats - 1) / max(t.Seats, 1)
	}
	return n / 2
}

// ReachableSeats lists every number of seats a board of the tournament
// can have, whatever the number of entrants: the options of its boards
// must suit each. Pools end on a final table of the stage's winners,
// as few as two; every other format seats Seats at every board.
func (t *Tournament) ReachableSeats() []int {
	if t.Format != Pools {
		return []int{t.Seats}
	}
	var out []int
	for n := 2; n <= t.Seats; n++ {
		out = append(out, n)
	}
	return out
}

// Withdrawn reports whether id withdrew (left the server) after the
// start.
func (t *Tournament) Withdrawn(id string) bool {
	i := t.index(id)
	return i >= 0 && t.Entrants[i].Withdrawn
}

// active drops the withdrawn entrants from ids, unless none would be
// left.
func (t *Tournament) active(ids []string) []string {
	out := slices.DeleteFunc(slices.Clone(ids), t.Withdrawn)
	if len(out) == 0 {
		return ids
	}
	return out
}

// ComputerBoards is the most boards of the tournament at once at which
// every seat is the computer, given which entrants are the computer:
// what the tournament asks of the server's own player.
func (t *Tournament) ComputerBoards(isComputer func(id string) bool) int {
	k := 0
	for _, e := range t.Entrants {
		if isComputer(e.ID) && !e.Withdrawn {
			k++
		}
	}
	switch {
	case k < 2:
		return 0
	case t.Format == RoundRobin && t.Seats > 2 && k < t.Seats:
		return 0
	case t.Format == RoundRobin:
		return t.BoardsAtOnce(k)
	}
	return k / 2
}

// Halt ends the tournament where it stands, when a board its current
// round needs cannot start: the pairings not started are dropped (a
// round left without any, too), and the leader of the standings wins.
func (t *Tournament) Halt() {
	if r := t.Current(); r >= 0 {
		rd := &t.Played[r]
		rd.Pairings = slices.DeleteFunc(rd.Pairings, func(p Pairing) bool { return !p.Bye() && p.Board == 0 && !p.Done })
		if len(rd.Pairings) == 0 {
			t.Played = t.Played[:r]
		}
	}
	t.Over = true
	if st := t.Standings(); len(st) > 0 {
		t.Winner = st[0].ID
	}
}
