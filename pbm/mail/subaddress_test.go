package mail

import "testing"

func TestIsSubaddress(t *testing.T) {
	for addr, want := range map[string]bool{
		"pbm@games.test":         true,
		"PBM@Games.Test":         true,
		"pbm+bounce@games.test":  true,
		"pbm+@games.test":        true,
		"pbmx@games.test":        false,
		"pbm@other.test":         false,
		"pbm+x@other.test":       false,
		"alice+pbm@games.test":   false,
		"":                       false,
		"pbm":                    false,
		"pbm+x@games.test.other": false,
	} {
		if got := IsSubaddress(addr, "pbm@games.test"); got != want {
			t.Errorf("IsSubaddress(%q) = %v, want %v", addr, got, want)
		}
	}
}

func TestSubaddressAndDetail(t *testing.T) {
	if got := Subaddress("pbm@games.test", "confirm.alice.tok"); got != "pbm+confirm.alice.tok@games.test" {
		t.Errorf("Subaddress = %q", got)
	}
	for _, c := range []struct {
		to   []string
		rest string
		ok   bool
	}{
		{[]string{"x@y.test", "PBM+Confirm.Alice.TOK@Games.Test"}, "alice.tok", true},
		{[]string{"pbm+unsub.tok@games.test"}, "", false},
		{[]string{"pbm@games.test"}, "", false},
		{[]string{"pbm+confirm.a.b@other.test"}, "", false},
		{[]string{"other+confirm.a.b@games.test"}, "", false},
		{[]string{"pbm+confirmx.a@games.test"}, "", false},
		{nil, "", false},
	} {
		rest, ok := Detail("pbm@games.test", c.to, "confirm")
		if rest != c.rest || ok != c.ok {
			t.Errorf("Detail(%v) = %q %v, want %q %v", c.to, rest, ok, c.rest, c.ok)
		}
	}
}
