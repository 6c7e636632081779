package lang

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pelletier/go-toml/v2"

	"github.com/pbmgo/pbm/engine/eko"
	"github.com/pbmgo/pbm/engine/esagek"
	"github.com/pbmgo/pbm/engine/hexatri"
	"github.com/pbmgo/pbm/engine/hexemergo"
)

// glossary is one file of glossary/: a game's terms in one language,
// each with its source in the rule book.
type glossary struct {
	Game     string
	Language string
	Term     []struct {
		Concept  string
		Word     string
		Source   string
		Synonyms []string
	}
}

// gameIDs are the names the message ids of each game hold.
var gameIDs = map[string]string{"eko": "Eko", "esagek": "Esagek", "hexatri": "Hexatri", "hexemergo": "Hexemergo"}

// gameHelp are the games' rules summaries (engine/<game>/help/<code>.txt,
// and the engine's own text in English).
var gameHelp = map[string]interface {
	HelpIn(code string) (string, bool)
}{"eko": eko.Game{}, "esagek": esagek.Game{}, "hexatri": hexatri.Game{}, "hexemergo": hexemergo.Game{}}

// wordStart makes a glossary's pattern match from the start of a word,
// in any case.
func wordStart(p string) *regexp.Regexp {
	return regexp.MustCompile(`(?i)(^|[^\pL])(` + p + `)`)
}

// placeholder is a template action, whose names are not words of the
// text ("{{.Hexagon}}").
var placeholder = regexp.MustCompile(`\{\{[^{}]*\}\}`)

// gameTexts are the texts of a game in a language, each named by where
// it stands: the catalogue's messages whose id holds the game's name
// (every message for "pbm", the server's own words), in each plural
// form, and the lines of the game's rules summary in that language.
func gameTexts(t *testing.T, c *Catalogue, game, code string) []string {
	t.Helper()
	f, ok := c.Files[code]
	if !ok {
		t.Fatalf("no catalogue for %q", code)
	}
	var out []string
	for _, m := range f.Messages {
		if game != "pbm" && !strings.Contains(m.ID, gameIDs[game]) {
			continue
		}
		for _, text := range plurals(m) {
			out = append(out, m.ID+": "+placeholder.ReplaceAllString(text, "_"))
		}
	}
	if game != "pbm" {
		help, ok := gameHelp[game].HelpIn(code)
		if !ok || help == "" {
			t.Fatalf("no rules summary of %s in %s", game, code)
		}
		for i, l := range strings.Split(help, "\n") {
			out = append(out, "the rules summary of "+game+" in "+code+", line "+itoa(i+1)+": "+l)
		}
	}
	return out
}

func itoa(n int) string {
	var b []byte
	for n >= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(append([]byte{byte('0' + n)}, b...))
}

// TestGlossaries: in each glossary's language, every text of its game
// uses the rule book's word for each concept and none of the synonyms
// the glossary lists; every term names its source in the rule book.
func TestGlossaries(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob("glossary/*.toml")
	if err != nil || len(files) < 10 {
		t.Fatalf("glossaries: %d files, %v", len(files), err)
	}
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var g glossary
		if err := toml.Unmarshal(b, &g); err != nil {
			t.Errorf("%s: %v", file, err)
			continue
		}
		if want := g.Game + "." + g.Language + ".toml"; filepath.Base(file) != want {
			t.Errorf("%s: says game %q, language %q", file, g.Game, g.Language)
			continue
		}
		if _, ok := gameIDs[g.Game]; !ok && g.Game != "pbm" {
			t.Errorf("%s: no game %q", file, g.Game)
			continue
		}
		if len(g.Term) == 0 {
			t.Errorf("%s: no terms", file)
		}
		texts := gameTexts(t, c, g.Game, g.Language)
		for _, term := range g.Term {
			if !strings.Contains(term.Source, "rules/") && !strings.Contains(term.Source, "seeds/") && !strings.Contains(term.Source, "README") {
				t.Errorf("%s: %s: the source %q names no rule book", file, term.Concept, term.Source)
			}
			used := false
			word := wordStart(term.Word)
			for _, text := range texts {
				if word.MatchString(text) {
					used = true
					break
				}
			}
			if !used {
				t.Errorf("%s: %s: no text of the game says %q", file, term.Concept, term.Word)
			}
			for _, s := range term.Synonyms {
				re := wordStart(s)
				for _, text := range texts {
					if m := re.FindStringSubmatch(text); m != nil {
						t.Errorf("%s: %s: says %q, not the rule book's %q: %s", file, term.Concept, m[2], term.Word, text)
					}
				}
			}
		}
	}
}

// TestHungarianNoSuffixOnNumber: Hungarian suffixes follow the sound
// of the number they are put on ("1-be", "2-be", "3-ba"), which a
// message cannot know; no Hungarian message glues a suffix to a
// placeholder ("{{.Cost}}ba" reads "1ba").
func TestHungarianNoSuffixOnNumber(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	glued := regexp.MustCompile(`\{\{\.[A-Za-z]+\}\}\pL`)
	for _, m := range c.Files["hu"].Messages {
		for _, text := range plurals(m) {
			if g := glued.FindString(text); g != "" {
				t.Errorf("%s: %q: a suffix glued to a placeholder: %s", m.ID, g, text)
			}
		}
	}
}
