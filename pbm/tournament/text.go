package tournament

// IDs are the userids of the entrants, in the order they entered.
func (t *Tournament) IDs() []string {
	ids := make([]string, len(t.Entrants))
	for i, e := range t.Entrants {
		ids[i] = e.ID
	}
	return ids
}
