package web

import (
	"html"
	"regexp"
	"strings"
	"testing"
)

var svgTextRE = regexp.MustCompile(`<text[^>]*>([^<]*)</text>`)

// svgTexts are the texts an SVG draws, unescaped.
func svgTexts(svg string) []string {
	var out []string
	for _, m := range svgTextRE.FindAllStringSubmatch(svg, -1) {
		out = append(out, html.UnescapeString(m[1]))
	}
	return out
}

// The board's picture on the web, in the page and alone, is drawn in
// the reader's language: its title line says who is to move and its
// last move is labelled in Hungarian, Czech and Dutch, and no caption
// is the English one; in English the captions are as ever.
func TestPictureInReadersLanguage(t *testing.T) {
	base, _, _ := languageSite(t)
	words := map[string][2]string{
		"en": {" to move", "Last move:"},
		"hu": {" következik", "Utolsó lépés:"},
		"cs": {"Na tahu: ", "Poslední tah:"},
		"nl": {" is aan zet", "Laatste zet:"},
	}
	for _, game := range []string{"hexemergo", "esagek", "hexatri", "eko"} {
		for code, w := range words {
			for _, path := range []string{"/" + game + "/101/svg", "/" + game + "/101"} {
				_, page := getIn(t, base+path, "Accept-Language", code)
				start, end := strings.Index(page, "<svg"), strings.Index(page, "</svg>")
				if start < 0 || end < start {
					t.Errorf("%s %s: no SVG", code, path)
					continue
				}
				texts := svgTexts(page[start:end])
				var title, last string
				for _, s := range texts {
					if strings.Contains(s, " · ") && title == "" {
						title = s
					}
					if s == w[1] {
						last = s
					}
				}
				if !strings.Contains(title, w[0]) {
					t.Errorf("%s %s: the title line %q does not say %q", code, path, title, w[0])
				}
				if last == "" {
					t.Errorf("%s %s: no label %q of the last move in %q", code, path, w[1], texts)
				}
				if code == "en" {
					continue
				}
				for _, s := range texts {
					for _, english := range []string{"to move", "Last move:", "Game over", "Turn ", "Round ", "Move ", " in hand", " on board", "(out)"} {
						if strings.Contains(s, english) {
							t.Errorf("%s %s: the caption %q holds the English %q", code, path, s, english)
						}
					}
				}
			}
		}
	}
}

// The description of an Ekö board's picture names the terrain of each
// cell with a piece in the reader's language, by the words of its rule
// book, and in English by the terrain's name.
func TestTerrainInReadersLanguage(t *testing.T) {
	base, _, _ := languageSite(t)
	desc := regexp.MustCompile(`(?s)<desc>(.*?)</desc>`)
	terrain := regexp.MustCompile(`(?:^|\. )[A-Za-z]+[0-9]+ \(([^()]+)\):`)
	for code, want := range map[string][]string{
		"en": {"sand", "chasm", "reg", "ravine", "mountain", "capital"},
		"hu": {"homok", "szakadék", "reg", "szurdok", "hegy", "főváros"},
		"nl": {"zand", "kloof", "reg", "ravijn", "berg", "hoofdstad"},
	} {
		_, page := getIn(t, base+"/eko/101/svg", "Accept-Language", code)
		m := desc.FindStringSubmatch(page)
		if m == nil {
			t.Fatalf("%s: no desc in the Ekö picture", code)
		}
		named := terrain.FindAllStringSubmatch(html.UnescapeString(m[1]), -1)
		if len(named) == 0 {
			t.Errorf("%s: no cell's terrain named in %q", code, m[1])
		}
		for _, n := range named {
			found := false
			for _, w := range want {
				found = found || n[1] == w
			}
			if !found {
				t.Errorf("%s: terrain %q is not one of %q", code, n[1], want)
			}
		}
	}
}
