package limit

import (
	"slices"
	"testing"
)

func TestAdmit(t *testing.T) {
	cfg := Config{Lists: 2, Signups: 2, PasswordWork: 3}
	var m Mail
	for i, want := range []Bar{None, None, Lists, Lists} {
		if got := m.Admit(cfg, "games", 0, false); got != want {
			t.Errorf("list %d: %v, want %v", i, got, want)
		}
	}
	if got := m.Admit(cfg, "show", 0, false); got != None {
		t.Errorf("show is no list: %v", got)
	}
	// Two signups spend two hashes; one fresh password check makes
	// three: the work is spent, and a pair already checked is free.
	for i, want := range []Bar{None, None, Signups} {
		if got := m.Admit(cfg, "signup", 0, false); got != want {
			t.Errorf("signup %d: %v, want %v", i, got, want)
		}
	}
	if got := m.Admit(cfg, "move", 1, false); got != None {
		t.Errorf("a pair checked already: %v", got)
	}
	if got := m.Admit(cfg, "move", 1, true); got != PasswordWork {
		t.Errorf("a fourth bcrypt: %v", got)
	}
	if got := m.Admit(cfg, "change password", 1, false); got != PasswordWork {
		t.Errorf("a hash past the work: %v", got)
	}
	if m.Messaged("Bob") {
		t.Error("messaged before any message")
	}
	m.MarkMessaged("bob")
	if !m.Messaged("BOB") {
		t.Error("messaged is not case-blind")
	}
}

func TestPages(t *testing.T) {
	for _, c := range []struct {
		n, total, size  int
		ok              bool
		from, to, pages int
		more            bool
	}{
		{1, 0, 100, true, 0, 0, 1, false},
		{1, 250, 100, true, 0, 100, 3, true},
		{3, 250, 100, true, 200, 250, 3, false},
		{4, 250, 100, false, 0, 0, 3, false},
		{0, 250, 100, false, 0, 0, 3, false},
		{2, 200, 100, true, 100, 200, 2, false},
	} {
		p, ok := PageOf(c.n, c.total, c.size)
		if ok != c.ok || p.Pages != c.pages || ok && (p.From != c.from || p.To != c.to || p.More() != c.more) {
			t.Errorf("PageOf(%d, %d, %d) = %+v %v", c.n, c.total, c.size, p, ok)
		}
	}
	rest, n, bad := ParsePage([]string{"alice", "PAGE=3", "all"})
	if n != 3 || bad != "" || !slices.Equal(rest, []string{"alice", "all"}) {
		t.Errorf("ParsePage: %v %d %q", rest, n, bad)
	}
	if _, n, _ := ParsePage(nil); n != 1 {
		t.Errorf("no page word: page %d", n)
	}
	for _, w := range []string{"page=0", "page=-1", "page=x", "page=", "page=99999999999"} {
		if _, _, bad := ParsePage([]string{w}); bad != w {
			t.Errorf("%s taken as a page", w)
		}
	}
}
