package tournament

// Entered reports whether the user id (compared without case) is an
// entrant of t, withdrawn or not.
func (t *Tournament) Entered(id string) bool { return t.index(id) >= 0 }
