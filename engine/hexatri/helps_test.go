package hexatri

import (
	"testing"

	"github.com/pbmgo/pbm/engine/enginetest"
)

// The rules summary in Hungarian, the language of the rule book, and
// in every other language written, carries the notation of the
// English and keeps its width.
func TestHelpIn(t *testing.T) {
	// The names of a round's phases, in capitals in each language.
	phases := []string{"MOVEMENT", "PRODUCTION", "COMBAT", "HARC", "BEWEGUNG", "PRODUKTION", "KAMPF",
		"BEWEGING", "PRODUCTIE", "GEVECHT", "POHYB", "PRODUKCE", "BOJ"}
	enginetest.CheckHelps(t, Game{}, []string{"en", "hu"}, phases...)
}
