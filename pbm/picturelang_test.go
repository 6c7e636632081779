package pbm

import (
	"bytes"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/esagek"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/drawing"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// One Esagek board of five players reading Hungarian (two of them),
// Czech, Dutch and English: after a move each board mail carries the
// picture written in its reader's language, the very PNG of
// board.PictureIn in that language, the English one as BoardPicture
// draws it; the picture is drawn once per language, four times, not
// once per recipient; the two Hungarians get the same picture and
// every other language its own.
func TestBoardMailPictureInReadersLanguage(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.Games = engine.NewRegistry(esagek.Game{})
	f.s.cfg.RateLimit = 1000
	langs := map[string]string{"alice": "hu", "bob": "cs", "carol": "hu", "dave": "nl", "erin": "en"}
	for _, id := range []string{"alice", "bob", "carol", "dave", "erin"} {
		if langs[id] == "en" {
			f.signup(id)
		} else {
			f.signupIn(id, langs[id])
		}
	}
	f.send("alice@players.test", "esagek challenge alice pw-alice alice bob carol dave erin -invasion", "")
	board101 := func() (b store.Board) {
		if err := f.st.View(func(tx *store.Tx) (err error) { b, err = tx.Board("esagek", 101); return }); err != nil {
			t.Fatal(err)
		}
		return b
	}
	b := board101()
	_, st, err := f.s.boards.Replay(b, -1)
	if err != nil {
		t.Fatal(err)
	}
	who := board.ToMove(b, st)
	before := picturesDrawn.Load()
	mails := f.send(who+"@players.test", "esagek move 101 "+who+" pw-"+who+" "+st.Legal()[0], "")
	if n := picturesDrawn.Load() - before; n != 4 {
		t.Errorf("%d pictures drawn for the move, want 4: one per language of the recipients", n)
	}
	b = board101()
	if _, st, err = f.s.boards.Replay(b, -1); err != nil {
		t.Fatal(err)
	}
	cat, err := lang.Load()
	if err != nil {
		t.Fatal(err)
	}
	pngs := map[string][]byte{}
	for _, m := range f.outbox() {
		for id := range langs {
			if m.To == id+"@players.test" {
				pngs[id] = pngOf(t, m.Raw) // the last mail to each, the board mail of the move
			}
		}
	}
	for id, code := range langs {
		f.only(mails, id+"@players.test")
		p, ok := board.PictureIn(cat.For(code), b, st)
		if !ok {
			t.Fatal("no picture")
		}
		if code != "en" && (p.Title == "" || p.LastLabel == "" || p.Status == "") {
			t.Errorf("%s: the picture in %s has no words written: %q %q", id, code, p.Title, p.LastLabel)
		}
		var want bytes.Buffer
		if err := drawing.PNG(&want, p); err != nil {
			t.Fatal(err)
		}
		if got := pngs[id]; !bytes.Equal(got, want.Bytes()) {
			t.Errorf("%s (%s): the mail's picture (%d bytes) is not the picture in %s (%d bytes)", id, code, len(got), code, want.Len())
		}
	}
	en, _ := BoardPicture(b, st)
	var enPNG bytes.Buffer
	if err := drawing.PNG(&enPNG, en); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(pngs["erin"], enPNG.Bytes()) {
		t.Error("the English reader's picture is not the English picture")
	}
	if !bytes.Equal(pngs["alice"], pngs["carol"]) {
		t.Error("the two Hungarian readers get different pictures")
	}
	for _, pair := range [][2]string{{"alice", "bob"}, {"alice", "dave"}, {"alice", "erin"}, {"bob", "dave"}, {"bob", "erin"}, {"dave", "erin"}} {
		if bytes.Equal(pngs[pair[0]], pngs[pair[1]]) {
			t.Errorf("%s (%s) and %s (%s) get the same picture", pair[0], langs[pair[0]], pair[1], langs[pair[1]])
		}
	}
}
