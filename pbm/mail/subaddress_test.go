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
