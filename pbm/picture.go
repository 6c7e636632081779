package pbm

import (
	"bytes"
	"fmt"
	"net/url"
	"strings"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/picture"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/drawing"
	"github.com/pbmgo/pbm/store"
)

// Pictures of boards in mail: the HTML part of a board mail shows the
// board as a PNG image carried in the same mail, above the text board.

// BoardPicture returns the description of a board's position with the
// players' userids on their seats and the last move marked, or false
// when the game does not describe its positions.
func BoardPicture(b store.Board, st engine.State) (picture.Picture, bool) {
	src, ok := st.(picture.Source)
	if !ok {
		return picture.Picture{}, false
	}
	p := src.Picture()
	if board.Removed(b, st) {
		// The engine took the decline for a resignation; the board
		// has no winner.
		p.Status, p.ToMove = board.DeclineStatus(b), -1
	}
	for i := range p.Seats {
		if i < len(b.Players) {
			p.Seats[i].Player = b.Players[i]
		}
	}
	if p.Last == "" {
		for i := len(b.Log) - 1; i >= 0; i-- {
			if e := b.Log[i]; e.Kind == "" && e.Move != "" {
				p.MarkLast(e.Move)
				break
			}
		}
	}
	return p, true
}

// boardPNG draws the board for mail; nil when the game has no picture.
func boardPNG(b store.Board, st engine.State) ([]byte, error) {
	p, ok := BoardPicture(b, st)
	if !ok {
		return nil, nil
	}
	var buf bytes.Buffer
	if err := drawing.PNG(&buf, p); err != nil {
		return nil, fmt.Errorf("picture of board %d: %w", b.Number, err)
	}
	return buf.Bytes(), nil
}

// BoardPath is the path of a board's page on the web site.
func BoardPath(game string, number int) string {
	return "/" + url.PathEscape(game) + "/" + fmt.Sprint(number)
}

// boardLink is the address of a board's page, or "" without web.url.
func (s *Server) boardLink(game string, number int) string {
	if s.cfg.WebURL == "" {
		return ""
	}
	return strings.TrimRight(s.cfg.WebURL, "/") + BoardPath(game, number)
}

// cmdPictures turns the pictures in a user's board mails on or off.
func (s *Server) cmdPictures(c *call) error {
	u, err := c.auth(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	switch strings.ToLower(c.args[2]) {
	case "on":
		u.NoPictures = false
	case "off":
		u.NoPictures = true
	default:
		return refuse("Say pictures %s <password> on, or off; not %q.", u.ID, c.args[2])
	}
	if err := c.tx.PutUser(u); err != nil {
		return err
	}
	if u.NoPictures {
		c.sec.Text = "Board mails to you now carry the text board only."
	} else {
		c.sec.Text = "Board mails to you now show a picture of the board above the text."
	}
	return nil
}
