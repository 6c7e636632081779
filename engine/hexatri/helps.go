package hexatri

import (
	"embed"
	"strings"
)

// helpFiles are the rules summary in other languages than English, one
// file per BCP 47 code (help/hu.txt: the language of the rule book),
// each the translation of helpText up to the map, which is drawn.
//
//go:embed help/*.txt
var helpFiles embed.FS

// HelpIn is the rules summary in the language of code (engine.Helps).
func (Game) HelpIn(code string) (string, bool) {
	if code == "en" {
		return helpText(), true
	}
	if code == "" || strings.ContainsAny(code, "/.\\") {
		return "", false
	}
	text, err := helpFiles.ReadFile("help/" + code + ".txt")
	if err != nil {
		return "", false
	}
	var b strings.Builder
	b.Write(text)
	for _, l := range staticMap(geoms[3], false) {
		b.WriteString(l + "\n")
	}
	return b.String(), true
}
