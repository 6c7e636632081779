package lang

import (
	"regexp"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine/eko"
)

// ekoTerms are, per language, the words of Ekö's key terms as the
// game's texts write them (the rule book's words: in Dutch those of
// the original, "dorp" and "stukken"; the terrain "reg" as the rule
// book names it), and the alternates that must not appear beside them.
var ekoTerms = map[string]struct {
	words     []string // each appears in both the catalogue's Ekö messages and the rules summary
	forbidden []string // patterns matched against both
}{
	"en": {
		words:     []string{"disc", "camp", "stack", "reserve", "Emperor"},
		forbidden: []string{`(?i)\bpieces?\b`, `(?i)\bpawns?\b`, `(?i)\bvillages?\b`, `(?i)\bencampments?\b`},
	},
	"nl": {
		words:     []string{"stuk", "dorp", "stapel", "reserve", "keizer"},
		forbidden: []string{`(?i)\bpion(nen)?\b`, `(?i)\bkamp(en)?\b`, `(?i)\bschij(f|ven)\b`, `(?i)\bdorpje`},
	},
	"cs": {
		words:     []string{"kotouč", "tábor", "sloupec", "rezerv", "císař"},
		forbidden: []string{`(?i)(^|[^\pL])(kámen|kameny|kamene|kamenů|kamenem|kamenech|kamínk\pL*)($|[^\pL])`, `(?i)(^|[^\pL])(disk\pL*|žeton\pL*)`, `(?i)v zásobě máte|máte v zásobě|vaší zásoby|zásoba je prázdná`, `(?i)kamenitá poušť`},
	},
	"hu": {
		words:     []string{"korong", "tábor", "halom", "tartalék", "császár"},
		forbidden: []string{`(?i)(^|[^\pL])bábu`, `(?i)(^|[^\pL])(oszlopa|oszlopot|oszlopban|oszlopra|oszlopokra)($|[^\pL])`, `(?i)(^|[^\pL])falu`, `(?i)kősivatag`},
	},
	"de": {
		words:     []string{"Scheibe", "Lager", "Stapel", "Reserve", "Kaiser"},
		forbidden: []string{`\bSteine?n?\b`, `\bDorf\b|\bDörfer`, `Scheiben? (im|in Ihrem) Vorrat|Ihres Vorrats|Ihr Vorrat ist leer`, `Geröllwüste`},
	},
}

// ekoMessage reports whether a message id is one of Ekö's texts.
func ekoMessage(id string) bool {
	return strings.HasPrefix(id, "Eko") || strings.HasPrefix(id, "RefuseEko") || strings.HasPrefix(id, "BoardEko") || strings.HasPrefix(id, "PictureEko")
}

// TestEkoTermsOneWord: in each language, Ekö's refusals, board texts
// and rules summary call a disc, a camp, a stack, the reserve and the
// Emperor by one word each, the same in all of them, and so do the
// captions of its pictures.
func TestEkoTermsOneWord(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, code := range Codes {
		terms, ok := ekoTerms[code]
		if !ok {
			t.Errorf("no Ekö terms for %s", code)
			continue
		}
		var msgs []string
		for _, m := range c.Files[code].Messages {
			if ekoMessage(m.ID) {
				for _, text := range plurals(m) {
					msgs = append(msgs, m.ID+": "+text)
				}
			}
		}
		if len(msgs) < 50 {
			t.Errorf("%s: only %d Ekö messages", code, len(msgs))
		}
		help, ok := eko.Game{}.HelpIn(code)
		if !ok || help == "" {
			t.Errorf("%s: no rules summary", code)
		}
		catalogue := strings.Join(msgs, "\n")
		for _, w := range terms.words {
			if !strings.Contains(strings.ToLower(catalogue), strings.ToLower(w)) {
				t.Errorf("%s: the Ekö messages never say %q", code, w)
			}
			if !strings.Contains(strings.ToLower(help), strings.ToLower(w)) {
				t.Errorf("%s: the Ekö rules summary never says %q", code, w)
			}
		}
		for _, f := range terms.forbidden {
			re := regexp.MustCompile(f)
			for _, m := range msgs {
				if re.MatchString(m) {
					t.Errorf("%s: %s says %q, not the rule book's word", code, m, re.FindString(m))
				}
			}
			for _, l := range strings.Split(help, "\n") {
				if re.MatchString(l) {
					t.Errorf("%s: the rules summary says %q, not the rule book's word: %s", code, re.FindString(l), l)
				}
			}
		}
	}
}
