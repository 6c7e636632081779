package command

import (
	"testing"

	"github.com/pbmgo/pbm/pbm/lang"
)

// The subjects of board mails, with the userid to move, the word of a
// removed board and the comment's mark, and of errors, are known in
// every language; commands are not.
func TestBoardSubjectPatterns(t *testing.T) {
	yes := []string{
		"Nim Board 101", "Nim Board 101 alice", "New Nim Board 101 alice **", "Hexatri Board 7 removed", "Nim Board 101 Error", "Nim error", "pbm error",
		"Nim, 101. tábla", "Új: Hexatri, 12. tábla bob **", "Nim, 101. tábla törölve", "Nim, 101. tábla: hiba", "Nim: hiba", "pbm: hiba",
		"Deska HexEmergo č. 3 alice", "Nová deska Nim č. 101 alice **", "DESKA NIM Č. 101", "Deska Nim č. 101: chyba", "Nim: chyba",
		"Ekö-bord 5 karel", "Nieuw Ekö-bord 5 karel", "Ekö-bord 5 verwijderd", "Ekö-bord 5: fout",
		"Esagek-Brett 9 anna **", "Neues Esagek-Brett 9 anna", "Esagek-Brett 9 entfernt", "Esagek-Brett 9: Fehler",
	}
	no := []string{
		"nim move 101 alice pw-alice take1", "language alice pw-alice hu", "signup alice secret", "help",
		"Nim tábla 101", "Deska Nim 101", "Nim-bord alice", "Nim Board abc", "password alice old new",
	}
	for _, s := range yes {
		if !IsBoardSubject(s) {
			t.Errorf("%q is not known as a board subject", s)
		}
	}
	for _, s := range no {
		if IsBoardSubject(s) {
			t.Errorf("%q is taken for a board subject", s)
		}
	}
	// Every language's subjects, written by the catalogue, are known.
	for _, code := range lang.Codes {
		p := lang.English()
		if c, err := lang.Load(); err == nil {
			p = c.For(code)
		}
		for _, id := range append(append([]string(nil), boardSubjectWords...), boardErrorWords...) {
			s := p.T(id, "Title", "Hexatri", "Number", 42)
			if !IsBoardSubject(s) {
				t.Errorf("%s %s: %q not known", code, id, s)
			}
		}
	}
}
