package board

import (
	"slices"
	"strings"

	"github.com/pbmgo/pbm/engine"
)

// Why a player named in a challenge was refused.
const (
	PlayerComputerLevel = iota + 1 // "computer:<level>" with no such level
	PlayerBarred                   // no account, or a closed one
	PlayerTwice                    // the same player named twice
)

// PlayerError says why a player named in a challenge was refused.
type PlayerError struct {
	Kind int
	// Arg is the name as given.
	Arg string
	// ID is the player's userid (PlayerTwice).
	ID string
}

func (e *PlayerError) Error() string { return "player " + e.Arg + " refused" }

// Find looks up a player named in a challenge: its userid, and whether
// it may not play (no account, or a closed one).
type Find func(name string) (id string, barred bool, err error)

// ChallengeArgs reads the arguments of a challenge of g in order: an
// option ("-..." or "--...", Option) into opts, any other a player, the
// computer at any level in as many seats as named, a person looked up
// by find. It returns the players in seat order, or at the first
// refused argument an *OptionError, a *PlayerError or find's error.
func ChallengeArgs(g engine.Game, args []string, opts map[string]string, find Find) ([]string, error) {
	var players []string
	for _, a := range args {
		if strings.HasPrefix(a, "-") {
			if err := Option(g, a, opts); err != nil {
				return nil, err
			}
			continue
		}
		if id, _, ok := ComputerID(a); ok {
			players = append(players, id)
			continue
		}
		if strings.EqualFold(a, ComputerName) || strings.HasPrefix(strings.ToLower(a), ComputerName+":") {
			return nil, &PlayerError{Kind: PlayerComputerLevel, Arg: a}
		}
		id, barred, err := find(a)
		if err != nil {
			return nil, err
		}
		if barred {
			return nil, &PlayerError{Kind: PlayerBarred, Arg: a}
		}
		if slices.ContainsFunc(players, func(p string) bool { return strings.EqualFold(p, id) }) {
			return nil, &PlayerError{Kind: PlayerTwice, Arg: a, ID: id}
		}
		players = append(players, id)
	}
	return players, nil
}
