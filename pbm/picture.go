package pbm

import (
	"bytes"
	"fmt"
	"html"
	htmltemplate "html/template"
	"net/url"
	"strings"

	"github.com/emersion/go-message"
	gomail "github.com/emersion/go-message/mail"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/picture"
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
	if removed(b, st) {
		// The engine took the decline for a resignation; the board
		// has no winner.
		p.Status, p.ToMove = declineStatus(b), -1
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

// htmlView is what templates/html.tmpl shows.
type htmlView struct {
	Subject, Alt, Link string
	// Text is the mail's text escaped by preText: html/template's own
	// escaper costs more than the rest of the HTML part.
	Text  htmltemplate.HTML
	Image htmltemplate.URL
}

// preText escapes a mail's text for the <pre> of its HTML part
// (html.EscapeString: &, <, >, ' and ").
func preText(text string) htmltemplate.HTML {
	return htmltemplate.HTML(html.EscapeString(text))
}

// mimeWithPicture writes a mail whose HTML part shows the picture:
//
//	multipart/alternative (RFC 2046 section 5.1.4)
//	  text/plain                    the text, as in every mail
//	  multipart/related; type="text/html"   (RFC 2387 section 3.1)
//	    text/html                   <img src="cid:...">
//	    image/png; Content-ID       (RFC 2392 section 2)
func (s *Server) mimeWithPicture(h gomail.Header, m outMail, text, id string) ([]byte, error) {
	h.SetContentType("multipart/alternative", nil)
	var b bytes.Buffer
	w, err := message.CreateWriter(&b, h.Header)
	if err != nil {
		return nil, fmt.Errorf("compose: %w", err)
	}
	var ph message.Header
	ph.SetContentType("text/plain", map[string]string{"charset": "utf-8"})
	ph.Set("Content-Transfer-Encoding", "quoted-printable")
	pw, err := w.CreatePart(ph)
	if err != nil {
		return nil, fmt.Errorf("compose: %w", err)
	}
	pw.Write([]byte(text))
	pw.Close()

	var rh message.Header
	rh.SetContentType("multipart/related", map[string]string{"type": "text/html"})
	rw, err := w.CreatePart(rh)
	if err != nil {
		return nil, fmt.Errorf("compose: %w", err)
	}
	// RFC 2392 section 2: the cid: URL is the Content-ID without its
	// angle brackets, URL-encoded.
	cid := "board." + id
	var hh message.Header
	hh.SetContentType("text/html", map[string]string{"charset": "utf-8"})
	hh.Set("Content-Transfer-Encoding", "quoted-printable")
	hw, err := rw.CreatePart(hh)
	if err != nil {
		return nil, fmt.Errorf("compose: %w", err)
	}
	v := htmlView{Subject: m.Subject, Text: preText(text), Link: m.Link, Alt: m.Subject,
		Image: htmltemplate.URL("cid:" + url.PathEscape(cid))}
	if err := s.tpl.html.Execute(hw, v); err != nil {
		return nil, fmt.Errorf("compose html: %w", err)
	}
	hw.Close()
	var ih message.Header
	ih.SetContentType("image/png", map[string]string{"name": "board.png"})
	ih.Set("Content-Transfer-Encoding", "base64")
	ih.Set("Content-ID", "<"+cid+">")
	ih.Set("Content-Disposition", `inline; filename="board.png"`)
	iw, err := rw.CreatePart(ih)
	if err != nil {
		return nil, fmt.Errorf("compose: %w", err)
	}
	iw.Write(m.picture.png)
	iw.Close()
	if err := rw.Close(); err != nil {
		return nil, fmt.Errorf("compose: %w", err)
	}
	if err := w.Close(); err != nil {
		return nil, fmt.Errorf("compose: %w", err)
	}
	return b.Bytes(), nil
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
