package tournament

import "strings"

// Who may run a tournament, leave it or start it. Each refusal is a
// *Refusal.

// Runs reports whether the player by may run tournament t: its
// organiser, or an admin of the server (admin).
func (t *Tournament) Runs(by string, admin bool) bool {
	return admin || strings.EqualFold(t.Organiser, by)
}

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
