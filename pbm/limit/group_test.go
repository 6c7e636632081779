package limit

import "testing"

// TestGroup: a group takes mails while their hashes and lists, each
// mail's cut at its own bounds, stay within one mail's; the first mail
// always fits; password checks and other commands are free.
func TestGroup(t *testing.T) {
	cfg := Config{Lists: 2, Signups: 2, PasswordWork: 3}
	var g Group
	for i, c := range []struct {
		names []string
		want  bool
	}{
		{[]string{"signup", "signup", "signup", "signup", "games"}, true}, // first: 3 hashes (cut), 1 list
		{[]string{"move", "show", "chat"}, true},
		{[]string{"games"}, true}, // 2 lists
		{[]string{"change password"}, false},
	} {
		if got := g.Add(cfg, c.names); got != c.want {
			t.Errorf("mail %d %v: fits %v, want %v", i, c.names, got, c.want)
		}
	}
	var lists Group
	if !lists.Add(cfg, []string{"games", "history", "standings", "all show"}) {
		t.Error("the first mail does not fit")
	}
	if lists.Add(cfg, []string{"list"}) {
		t.Error("a list past one mail's fits")
	}
}
