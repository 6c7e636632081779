package eko

import (
	"embed"

	"github.com/pbmgo/pbm/engine"
)

// helpFiles are the rules summary in other languages than English, one
// file per BCP 47 code (help/nl.txt: the language of the rule book).
//
//go:embed help/*.txt
var helpFiles embed.FS

// HelpIn is the rules summary in the language of code (engine.Helps).
func (Game) HelpIn(code string) (string, bool) { return engine.HelpFile(helpFiles, help, code) }
