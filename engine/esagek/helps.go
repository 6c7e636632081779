package esagek

import (
	"embed"
	"strings"
)

// helpFiles are the rules summary in other languages than English, one
// file per BCP 47 code (help/de.txt: the language of the original
// booklet, of which the rule book we have is a translation).
//
//go:embed help/*.txt
var helpFiles embed.FS

// HelpIn is the rules summary in the language of code (engine.Helps).
func (Game) HelpIn(code string) (string, bool) {
	if code == "en" {
		return helpText, true
	}
	if code == "" || strings.ContainsAny(code, "/.\\") {
		return "", false
	}
	text, err := helpFiles.ReadFile("help/" + code + ".txt")
	if err != nil {
		return "", false
	}
	return string(text), true
}
