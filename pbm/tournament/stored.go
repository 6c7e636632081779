package tournament

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"

	"github.com/pbmgo/pbm/store"
)

// The tournament in the store: reading and writing its document, and
// the rules that read more than one tournament (the limits of one
// organiser, a player's withdrawal from every tournament) or the
// transaction (the boards it began).

// Load reads tournament name of game; an error wrapping
// store.ErrNotFound when there is none.
func Load(tx *store.Tx, game, name string) (*Tournament, error) {
	doc, err := tx.Tournament(game, name)
	if err != nil {
		return nil, fmt.Errorf("tournament %s/%s: %w", game, name, err)
	}
	t, err := Decode(doc)
	if err != nil {
		return nil, fmt.Errorf("tournament %s/%s: %w", game, name, err)
	}
	return t, nil
}

// Decode reads a tournament's document as the store keeps it
// (store.Tx.Tournaments lists them).
func Decode(doc []byte) (*Tournament, error) {
	t := new(Tournament)
	if err := json.Unmarshal(doc, t); err != nil {
		return nil, err
	}
	return t, nil
}

// Exists reports whether game has a tournament of that name; an error
// is a failure of the store.
func Exists(tx *store.Tx, game, name string) (bool, error) {
	_, err := tx.Tournament(game, name)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("tournament %s/%s: %w", game, name, err)
	}
	return true, nil
}

// Save writes t.
func Save(tx *store.Tx, t *Tournament) error {
	doc, err := json.Marshal(t)
	if err != nil {
		return fmt.Errorf("tournament %s/%s: %w", t.Game, t.Name, err)
	}
	return tx.PutTournament(t.Game, t.Name, doc)
}

// ValidName reports whether s may name a tournament: 2-20 letters and
// digits.
func ValidName(s string) bool {
	if n := len([]rune(s)); n < 2 || n > 20 {
		return false
	}
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// Unfinished lists the tournaments of the games that have not ended
// and that keep returns true for.
func Unfinished(tx *store.Tx, games []string, keep func(t *Tournament) bool) ([]*Tournament, error) {
	var out []*Tournament
	for _, g := range games {
		docs, err := tx.Tournaments(g)
		if err != nil {
			return nil, err
		}
		for _, doc := range docs {
			t, err := Decode(doc)
			if err != nil {
				return nil, fmt.Errorf("tournaments of %s: %w", g, err)
			}
			if !t.Over && keep(t) {
				out = append(out, t)
			}
		}
	}
	return out, nil
}

// Limits bound what one organiser's tournaments ask of the server
// (pbmd's tournament.open and tournament.computer); a field of zero or
// less takes its default.
type Limits struct {
	// Open is the most tournaments that have not ended one player may
	// organise (admins are not bound); default 25.
	Open int
	// ComputerBoards is the most boards at once, over one organiser's
	// unfinished tournaments, at which every seat is the computer;
	// default 2. Such boards cost the computer's thinking and no
	// player is waiting for them.
	ComputerBoards int
}

const (
	defaultOpenTournaments = 25
	defaultComputerBoards  = 2
)

// OpenMax is Open or its default.
func (l Limits) OpenMax() int {
	if l.Open <= 0 {
		return defaultOpenTournaments
	}
	return l.Open
}

// ComputerBoardsMax is ComputerBoards or its default.
func (l Limits) ComputerBoardsMax() int {
	if l.ComputerBoards <= 0 {
		return defaultComputerBoards
	}
	return l.ComputerBoards
}

// CheckOrganiser refuses a new tournament to who, a player (not an
// admin) who organises as many unfinished ones of the games as
// l.Open allows.
func CheckOrganiser(tx *store.Tx, games []string, l Limits, who string) error {
	mine, err := Unfinished(tx, games, func(t *Tournament) bool { return strings.EqualFold(t.Organiser, who) })
	if err != nil {
		return err
	}
	if len(mine) >= l.OpenMax() {
		return refuseN("TournOpenLimit", len(mine), "Who", who, "N", len(mine))
	}
	return nil
}

// CheckComputerBoards refuses the computer's entry into t (already
// joined to t, not yet saved) when the organiser's unfinished
// tournaments of the games would then hold more boards of the computer
// against itself at once than l.ComputerBoards; isComputer tells the
// computer's ids.
func CheckComputerBoards(tx *store.Tx, games []string, l Limits, t *Tournament, isComputer func(id string) bool) error {
	others, err := Unfinished(tx, games, func(o *Tournament) bool {
		return strings.EqualFold(o.Organiser, t.Organiser) && !(strings.EqualFold(o.Game, t.Game) && strings.EqualFold(o.Name, t.Name))
	})
	if err != nil {
		return err
	}
	have := t.ComputerBoards(isComputer)
	for _, o := range others {
		have += o.ComputerBoards(isComputer)
	}
	if limit := l.ComputerBoardsMax(); have > limit {
		return refuseN("TournComputerLimit", limit, "Name", t.Name, "Who", t.Organiser, "Have", have, "N", limit)
	}
	return nil
}

// WithdrawEverywhere takes a player who signs off out of every
// tournament of the games that has not ended (Withdraw) and saves
// them. The caller then resigns the player's running boards, so that
// the round those boards complete is paired without the player.
func WithdrawEverywhere(tx *store.Tx, games []string, id string) error {
	ts, err := Unfinished(tx, games, func(t *Tournament) bool {
		for _, e := range t.Entrants {
			if strings.EqualFold(e.ID, id) && !e.Withdrawn {
				return true
			}
		}
		return false
	})
	if err != nil {
		return err
	}
	for _, t := range ts {
		t.Withdraw(id)
		if err := Save(tx, t); err != nil {
			return err
		}
	}
	return nil
}

// TallyBoards counts, per write transaction (store.Tx.Tally), the
// tournament boards begun in it: by starts, and by the rounds that
// moves and forfeits completed. Started counts them.
const TallyBoards = "tournament boards"

// CheckMailBoards refuses the start of t (paired, nothing written yet)
// when the transaction, which may hold a group of mails, already began
// so many tournament boards that t's would take it past
// MaxBoardsAtOnce: a transaction stays short however many starts its
// mails hold. The first tournament boards of a transaction always go.
func CheckMailBoards(tx *store.Tx, t *Tournament) error {
	boards := len(t.Pending())
	if began := tx.Tally(TallyBoards, 0); began > 0 && began+boards > MaxBoardsAtOnce {
		return refuseN("TournMailBoards", began, "Name", t.Name, "Boards", boards, "N", began, "Max", MaxBoardsAtOnce)
	}
	return nil
}

// CheckStartDay refuses a --start day before today (now, in UTC).
func (t *Tournament) CheckStartDay(now time.Time) error {
	if t.StartOn.IsZero() {
		return nil
	}
	now = now.UTC()
	if t.StartOn.Before(time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)) {
		return refuse("TournStartPast", "Day", t.StartOn.Format("2006-01-02"))
	}
	return nil
}
