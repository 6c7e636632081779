package esagek

import (
	"testing"

	"github.com/pbmgo/pbm/engine/enginetest"
)

// The rules summary in German, the language of the original booklet,
// and in every other language written, carries the notation of the
// English and keeps its width.
func TestHelpIn(t *testing.T) {
	enginetest.CheckHelps(t, Game{}, []string{"en", "de"})
}
