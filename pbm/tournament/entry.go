package tournament

import (
	"strings"

	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/store"
)

// Entry and departure of the players of a tournament by mail: who may
// enter whom, leave, or start it. Each refusal is a *Refusal.

// Runs reports whether the player by may run tournament t: its
// organiser, or an admin of the server (admin).
func (t *Tournament) Runs(by string, admin bool) bool {
	return admin || strings.EqualFold(t.Organiser, by)
}

// Enter enters who into t, asked by the player by (admin when by is an
// admin of the server), with who's rating at the game
// (board.RatingOf). A player enters himself; the computer (an id of
// board.ComputerID) is entered by the one who runs t, and not when the
// organiser's unfinished tournaments of the games would then hold more
// boards of the computer against itself at once than l allows
// (CheckComputerBoards). The caller saves t.
func Enter(tx *store.Tx, t *Tournament, by, who string, admin bool, games []string, l Limits) error {
	computer := who != by
	if computer && !t.Runs(by, admin) {
		return refuse("TournOrganiserComputer", "Name", t.Name, "Who", t.Organiser)
	}
	rating, err := board.RatingOf(tx, t.Game, who)
	if err != nil {
		return err
	}
	if err := t.Join(who, int(rating)); err != nil {
		return refuse("TournCannotJoin", "Who", who, "Name", t.Name, "Why", Why(err))
	}
	if computer {
		return CheckComputerBoards(tx, games, l, t, isComputer)
	}
	return nil
}

// isComputer tells the computer's ids (board.ComputerID).
func isComputer(id string) bool { _, _, ok := board.ComputerID(id); return ok }

// Quit takes player id out of t before its start (Leave). The caller
// saves t.
func Quit(t *Tournament, id string) error {
	if err := t.Leave(id); err != nil {
		return refuse("TournCannotLeave", "Who", id, "Name", t.Name, "Why", Why(err))
	}
	return nil
}

// CheckStarter refuses the start of t by the player by (admin when by
// is an admin of the server) unless by runs t (Runs).
func CheckStarter(t *Tournament, by string, admin bool) error {
	if !t.Runs(by, admin) {
		return refuse("TournOrganiserStart", "Name", t.Name, "Who", t.Organiser)
	}
	return nil
}
