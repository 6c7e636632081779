package hexatri

import (
	"embed"
	"strings"

	"github.com/pbmgo/pbm/engine"
)

// helpFiles are the rules summary in other languages than English, one
// file per BCP 47 code (help/hu.txt: the language of the rule book),
// each the translation of helpText up to the map, which is drawn.
//
//go:embed help/*.txt
var helpFiles embed.FS

// HelpIn is the rules summary in the language of code (engine.Helps):
// the translation, and the map, which is drawn.
func (Game) HelpIn(code string) (string, bool) {
	if code == "en" {
		return helpText(), true
	}
	text, ok := engine.HelpFile(helpFiles, "", code)
	if !ok {
		return "", false
	}
	var b strings.Builder
	b.WriteString(text)
	for _, l := range staticMap(geoms[3], false) {
		b.WriteString(l + "\n")
	}
	return b.String(), true
}
