package hexemergo

import (
	"testing"

	"github.com/pbmgo/pbm/engine/picture/picturetest"
)

// TestPictureWordsAreMessages: in played-out games, and after a
// resignation, every word of every picture (status, notes, colour
// words, key) is the English of its message, so that the server can
// write the picture in the reader's language and English readers see
// what they always saw.
func TestPictureWordsAreMessages(t *testing.T) {
	picturetest.WordsAreMessages(t, Game{}, []picturetest.Setup{{Players: 2, Opts: nil}})
}
