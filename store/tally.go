package store

// Tally adds n to the transaction's count of kind and returns the
// count: a tally that lives as long as the transaction and is never
// stored, for a bound that spans everything one transaction does (the
// mails of a group commit, the boards of a clock tick).
func (t *Tx) Tally(kind string, n int) int {
	if t.sums == nil {
		t.sums = map[string]int{}
	}
	t.sums[kind] += n
	return t.sums[kind]
}
