package eko

import (
	"testing"

	"github.com/pbmgo/pbm/engine/enginetest"
)

// The rules summary in Dutch, the language of the rule book, and in
// every other language written, carries the notation of the English
// and keeps its width.
func TestHelpIn(t *testing.T) {
	enginetest.CheckHelps(t, Game{}, []string{"en", "nl"})
}
