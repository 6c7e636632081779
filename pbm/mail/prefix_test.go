package mail

import (
	"strings"
	"testing"
)

// Replies and forwards from the clients of many languages lose their
// prefixes, however many and whatever the colon; a subject that only
// looks like one keeps its words.
func TestUnprefixed(t *testing.T) {
	for _, c := range []struct{ subject, want string }{
		{"Re: Hexatri Board 12 alice", "Hexatri Board 12 alice"},
		{"RE: RE: Hexatri Board 12", "Hexatri Board 12"},
		{"Re[2]: Hexatri Board 12", "Hexatri Board 12"},
		{"Fwd: Fw: AW: WG: Esagek Board 3", "Esagek Board 3"},
		{"Vá: Hexatri, 12. tábla alice", "Hexatri, 12. tábla alice"},
		{"Válasz: Hexatri, 12. tábla", "Hexatri, 12. tábla"},
		{"TOV: Hexatri, 12. tábla", "Hexatri, 12. tábla"},
		{"Odp: Deska HexEmergo č. 3 alice", "Deska HexEmergo č. 3 alice"},
		{"PŘ: Deska HexEmergo č. 3", "Deska HexEmergo č. 3"},
		{"Antw: Ekö-bord 7 bob", "Ekö-bord 7 bob"},
		{"Doorst: Ekö-bord 7", "Ekö-bord 7"},
		{"SV: VS: Esagek Board 3", "Esagek Board 3"},
		{"TR: RIF: RV: RES: ENC: Esagek Board 3", "Esagek Board 3"},
		{"ΑΠ: Esagek Board 3", "Esagek Board 3"},
		{"απ: ΣΧΕΤ: Esagek Board 3", "Esagek Board 3"},
		{"YNT: Esagek Board 3", "Esagek Board 3"},
		{"回复：Hexatri Board 12 alice", "Hexatri Board 12 alice"},
		{"答复: 转发: Hexatri Board 12", "Hexatri Board 12"},
		{"회신: Hexatri Board 12", "Hexatri Board 12"},
		{"[pbm] Re: Hexatri Board 12", "Hexatri Board 12"},
		{"  re :  Hexatri Board 12", "Hexatri Board 12"},
		{"Re:\u00a0Re:\u2002Hexatri Board 12", "Hexatri Board 12"},
		// Not prefixes: a word that begins like one, no colon, a move.
		{"rest: Hexatri Board 12", "rest: Hexatri Board 12"},
		{"Return Hexatri Board 12", "Return Hexatri Board 12"},
		{"eko move 7 bob pw B:G3:C:F4;R:G4:1", "eko move 7 bob pw B:G3:C:F4;R:G4:1"},
		{"B:G3:C:F4;R:G4:1", "B:G3:C:F4;R:G4:1"},
		{"Tovább: Hexatri", "Tovább: Hexatri"},
		{"", ""},
	} {
		if got := Unprefixed(c.subject); got != c.want {
			t.Errorf("Unprefixed(%q) = %q, want %q", c.subject, got, c.want)
		}
		if n := ReplyPrefix(c.subject); c.subject[n:] == c.subject && c.want != c.subject {
			t.Errorf("ReplyPrefix(%q) = 0, want the prefix's length", c.subject)
		}
	}
}

// FuzzUnprefixed: taking the prefixes off never panics, leaves a
// trimmed tail of the subject, and has nothing more to take off.
func FuzzUnprefixed(f *testing.F) {
	for _, s := range []string{"Re: x", "回复：Re[3]: [pbm] AW: y", "rest: z", "\xff: Re:", "Re:\u00a0Re: x", "Re:\vRe:\u0085x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Unprefixed(s)
		if n := ReplyPrefix(s); n < 0 || n > len(s) {
			t.Fatalf("ReplyPrefix(%q) = %d", s, n)
		}
		if !strings.HasSuffix(strings.TrimSpace(s), got) {
			t.Errorf("Unprefixed(%q) = %q, not a tail of it", s, got)
		}
		if again := Unprefixed(got); again != got {
			t.Errorf("Unprefixed(%q) = %q, then %q", s, got, again)
		}
	})
}
