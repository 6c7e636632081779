package esagek

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
	picturetest.WordsAreMessages(t, Game{}, []picturetest.Setup{{2, nil}, {2, map[string]string{"home": ""}}, {3, map[string]string{"invasion": ""}}, {3, map[string]string{"surrounder": ""}}, {1, map[string]string{"alone": ""}}})
}
