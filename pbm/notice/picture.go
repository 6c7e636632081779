package notice

import (
	"bytes"
	"fmt"
	"sync/atomic"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/picture"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/drawing"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/store"
)

// Pictures of boards in mail: the HTML part of a board mail shows the
// board as a PNG image carried in the same mail, above the text board.

// Picture is the picture of one position in one language, drawn and
// encoded for mail once for every mail that shows it. It is not safe
// for use by several goroutines at once.
type Picture struct {
	pr   lang.Printer // the language of its words
	g    engine.Game
	b    store.Board  // its own copy
	st   engine.State // its own copy
	pic  *mail.Picture
	alt  string // the picture's text equivalent
	err  error
	done bool
}

// NewPicture is the picture of board b at st written by pr, to be
// drawn later (Draw); it keeps its own copies of b and st.
func NewPicture(pr lang.Printer, g engine.Game, b store.Board, st engine.State) *Picture {
	return &Picture{pr: pr, g: g, b: b.Clone(), st: st.Clone()}
}

// Draw draws the picture, once; a game without pictures draws none.
func (j *Picture) Draw() error {
	if !j.done {
		PicturesDrawn.Add(1)
		var png []byte
		if png, j.alt, j.err = boardPNG(j.pr, j.g, j.b, j.st); j.err == nil && png != nil {
			j.pic = mail.NewPicture(png)
		}
		j.done = true
	}
	return j.err
}

// fail ends the picture with err undrawn: a drawing that panicked.
func (j *Picture) fail(err error) { j.err, j.done = err, true }

// PicturesDrawn counts the pictures drawn for board mails, for tests.
var PicturesDrawn atomic.Uint64

// BoardPicture returns the description of a board's position with the
// players' userids on their seats and the last move marked, in English
// (board.PictureIn): the picture of the web pages and of tests, which
// are English. It is false when the game does not describe its
// positions.
func BoardPicture(b store.Board, st engine.State) (picture.Picture, bool) {
	return board.PictureIn(lang.English(), b, st)
}

// boardPNG draws the board for mail in pr's language, with its text
// equivalent (board.Describe); nil when the game has no picture.
func boardPNG(pr lang.Printer, g engine.Game, b store.Board, st engine.State) ([]byte, string, error) {
	p, ok := board.PictureIn(pr, b, st)
	if !ok {
		return nil, "", nil
	}
	var buf bytes.Buffer
	if err := drawing.PNG(&buf, p); err != nil {
		return nil, "", fmt.Errorf("picture of board %d: %w", b.Number, err)
	}
	title, desc := board.Describe(pr, g, b, p, len(b.Log))
	return buf.Bytes(), title + ". " + desc, nil
}

// lines are the base64 lines of the drawn picture, which the outbox
// keeps once for every mail that shows them; nil for none.
func (j *Picture) lines() []byte {
	if j == nil {
		return nil
	}
	return j.pic.Lines()
}
