package board

import (
	"slices"
	"testing"
)

// TestSelArgs: the selection word is found in any case and place, the
// last one counts, active when none is given; the rest are userids.
func TestSelArgs(t *testing.T) {
	for _, c := range []struct {
		args []string
		who  []string
		sel  string
	}{
		{nil, nil, SelActive},
		{[]string{"alice"}, []string{"alice"}, SelActive},
		{[]string{"NEXT", "alice", "bob"}, []string{"alice", "bob"}, SelNext},
		{[]string{"all", "inactive"}, nil, SelInactive},
	} {
		who, sel := SelArgs(c.args)
		if !slices.Equal(who, c.who) || sel != c.sel {
			t.Errorf("SelArgs(%v) = %v %q, want %v %q", c.args, who, sel, c.who, c.sel)
		}
	}
}
