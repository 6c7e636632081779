package web

import (
	"regexp"
	"strings"
	"testing"
)

// The description of a board's picture names each game's men and
// stacks by the words of its rule book (pbm/lang/glossary), not by one
// word for every game: an Ekö disc is no "Stein" in German, a
// HexEmergo man no "bábu" in Hungarian, Hexatri's men on a hexagon are
// no stack.
func TestPieceWordsOfEachGame(t *testing.T) {
	base, _, _ := languageSite(t)
	desc := regexp.MustCompile(`(?s)<desc>(.*?)</desc>`)
	for _, c := range []struct {
		game, code string
		say, not   []string
	}{
		{"eko", "de", []string{"Scheibe"}, []string{"Stein"}},
		{"eko", "hu", []string{"korong"}, []string{"bábu", "oszlop"}},
		{"eko", "en", []string{"disc"}, []string{" man", "column"}},
		{"hexemergo", "hu", []string{"korong"}, []string{"bábu"}},
		{"hexemergo", "de", []string{"Stein"}, []string{"Scheibe", "Figur"}},
		{"hexemergo", "nl", []string{"schij"}, []string{"stuk"}},
		{"hexatri", "de", nil, []string{"Stein", "Stapel"}},
		{"hexatri", "en", nil, []string{"stack"}},
		{"hexatri", "cs", nil, []string{"kámen", "sloupec"}},
		{"esagek", "de", []string{"Stein"}, []string{"Figur"}},
		{"esagek", "en", []string{"piece"}, []string{" man"}},
	} {
		_, page := getIn(t, base+"/"+c.game+"/101", "Accept-Language", c.code)
		m := desc.FindStringSubmatch(page)
		if m == nil {
			t.Errorf("%s %s: no description", c.game, c.code)
			continue
		}
		for _, w := range c.say {
			if !strings.Contains(m[1], w) {
				t.Errorf("%s %s: the description never says %q: %s", c.game, c.code, w, m[1])
			}
		}
		for _, w := range c.not {
			if strings.Contains(m[1], w) {
				t.Errorf("%s %s: the description says %q: %s", c.game, c.code, w, m[1])
			}
		}
	}
}
