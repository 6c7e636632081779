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
	for _, run := range []struct {
		players int
		opts    map[string]string
	}{{2, nil}, {2, map[string]string{"home": ""}}, {3, map[string]string{"invasion": ""}}, {3, map[string]string{"surrounder": ""}}, {1, map[string]string{"alone": ""}}} {
		pictures, ended := picturetest.PlayOut(t, Game{}, run.players, run.opts, []uint64{1, 2, 3}, 2000)
		if ended == 0 {
			t.Errorf("%d players %v: no game ended in %d pictures", run.players, run.opts, pictures)
		}
		if _, alone := run.opts["alone"]; alone {
			continue // the patience has no seat to resign
		}
		st, _ := picturetest.Play(t, Game{}, run.players, run.opts, 4, 6, nil)
		if err := st.Resign(st.ToMove()); err != nil {
			t.Fatalf("%d players %v: resign: %v", run.players, run.opts, err)
		}
		p := picturetest.Describe(t, st)
		picturetest.Messages(t, p)
		if st.Result().Over && p.StatusMsg == nil {
			t.Errorf("%d players %v: the end after a resignation has no message", run.players, run.opts)
		}
	}
}
