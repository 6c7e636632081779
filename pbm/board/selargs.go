package board

// SelArgs splits the arguments of a list of boards ("<game> games",
// "<game> show <userid>...") into the userids and the selection word
// (ParseSel): the last one given, SelActive when none is.
func SelArgs(args []string) (who []string, sel string) {
	sel = SelActive
	for _, a := range args {
		if l, ok := ParseSel(a); ok {
			sel = l
		} else {
			who = append(who, a)
		}
	}
	return who, sel
}
