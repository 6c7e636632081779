package limit

// A Group is the mails of one group commit as it grows: a batch of
// mails handled in one transaction holds it about as long as one mail
// may, so together they make no more new password hashes and answer
// no more list commands than Config allows one mail. Password checks
// are made before the transaction and are not counted. The zero
// value is the empty group.
type Group struct {
	mails, hashes, lists int
}

// Add counts a mail whose commands are named (their words without the
// game's name: "signup", "games"), each of its counts cut at what one
// mail may do, and reports whether the group still holds within cfg.
// The first mail of a group always fits: alone, it is bounded by its
// own limits.
func (g *Group) Add(cfg Config, names []string) bool {
	h, l := 0, 0
	for _, name := range names {
		if Hashes(name) {
			h++
		}
		if IsList(name) {
			l++
		}
	}
	g.mails++
	g.hashes += min(h, cfg.PasswordWork)
	g.lists += min(l, cfg.Lists)
	return g.mails == 1 || g.hashes <= cfg.PasswordWork && g.lists <= cfg.Lists
}
