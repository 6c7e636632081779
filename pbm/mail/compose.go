package mail

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"html"
	htmltemplate "html/template"
	"io"
	"mime/quotedprintable"
	"net/url"
	"strings"
	"time"

	"github.com/emersion/go-message"
	gomail "github.com/emersion/go-message/mail"
	"github.com/emersion/go-message/textproto"

	"github.com/pbmgo/pbm/templates"
)

// Out is one mail to one recipient, as the server wants it written.
type Out struct {
	To      string
	Subject string
	Text    string
	// Kind is the RFC 3834 section 5 Auto-Submitted value:
	// "auto-replied" for the answer to a mail, "auto-generated" (the
	// default) for a notice nobody asked for.
	Kind       string
	InReplyTo  string
	References []string
	ReplyTo    string
	// Unsubscribe is the List-Unsubscribe value (RFC 2369 section
	// 3.2), empty for none.
	Unsubscribe string
	// Link is the address of a web page about the mail's subject,
	// shown in its HTML part; Picture (or PNG, encoded for this mail
	// alone) is a picture shown there. All are optional.
	Link    string
	Picture *Picture
	PNG     []byte
	// Alt says in words what the picture shows (its text equivalent,
	// WCAG 1.1.1); the subject when empty.
	Alt string
	// Lang is the language of the text (BCP 47, the HTML part's lang)
	// and LinkText the words of the link to Link, in it; without
	// them, English.
	Lang, LinkText string
}

// Writer writes mails from one sender.
type Writer struct {
	// From is the sender's address and Name its display name.
	From, Name string
	html       *htmltemplate.Template
}

// NewWriter returns the writer of mails from the given sender, with
// the HTML part of templates/html.tmpl.
func NewWriter(from, name string) (*Writer, error) {
	h, err := htmltemplate.ParseFS(templates.FS, "html.tmpl")
	if err != nil {
		return nil, fmt.Errorf("mail: templates: %w", err)
	}
	return &Writer{From: from, Name: name, html: h}, nil
}

// NewID returns a fresh Message-ID (without brackets) on the domain.
// RFC 5322 section 3.6.4: globally unique, right-hand side ours.
func NewID(prefix, domain string) string {
	var b [10]byte
	rand.Read(b[:])
	return prefix + "." + hex.EncodeToString(b[:]) + "@" + domain
}

// newBoundary returns a fresh multipart boundary: 30 random bytes in
// hex, 60 characters of the 70 RFC 2046 section 5.1.1 allows, which no
// line of a part can begin with by chance.
func newBoundary() (string, error) {
	var b [30]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("compose: boundary: %w", err)
	}
	return hex.EncodeToString(b[:]), nil
}

// htmlView is what templates/html.tmpl shows.
type htmlView struct {
	Subject, Alt, Link string
	Lang, LinkText     string
	// Text is the mail's text escaped by preText: html/template's own
	// escaper costs more than the rest of the HTML part.
	Text  htmltemplate.HTML
	Image htmltemplate.URL
}

// lang is the language of the mail's text, English when not given.
func (m Out) lang() string {
	if m.Lang == "" {
		return "en"
	}
	return m.Lang
}

// alt is the text equivalent of the picture.
func (m Out) alt() string {
	if m.Alt == "" {
		return m.Subject
	}
	return m.Alt
}

// linkText is the words of the link to the web page.
func (m Out) linkText() string {
	if m.LinkText == "" {
		return "This board on the web"
	}
	return m.LinkText
}

// preText escapes a mail's text for the <pre> of its HTML part
// (html.EscapeString: &, <, >, ' and ").
func preText(text string) htmltemplate.HTML {
	return htmltemplate.HTML(html.EscapeString(text))
}

// Compose writes m as an RFC 5322 mail with the Message-ID id, dated
// date: a text/plain part and an HTML part that shows the same text
// (with the picture, when there is one).
func (w *Writer) Compose(m Out, id string, date time.Time) ([]byte, error) {
	var h gomail.Header
	h.SetDate(date)
	h.SetAddressList("From", []*gomail.Address{{Name: w.Name, Address: w.From}})
	h.SetAddressList("To", []*gomail.Address{{Address: m.To}})
	h.SetSubject(OneLine(m.Subject))
	if m.ReplyTo != "" {
		h.SetAddressList("Reply-To", []*gomail.Address{{Address: m.ReplyTo}})
	}
	h.SetMessageID(id)
	if m.Unsubscribe != "" {
		h.Set("List-Unsubscribe", m.Unsubscribe)
	}
	if m.InReplyTo != "" {
		h.SetMsgIDList("In-Reply-To", []string{m.InReplyTo})
	}
	if len(m.References) > 0 {
		h.SetMsgIDList("References", m.References)
	}
	kind := m.Kind
	if kind == "" {
		kind = "auto-generated"
	}
	// RFC 3834 section 5: every automatic response says so. The
	// Microsoft header keeps Exchange from answering with out-of-office
	// mail (MS-OXCMAIL 2.1.3.2.20).
	h.Set("Auto-Submitted", kind)
	h.Set("X-Auto-Response-Suppress", "All")
	h.Set("MIME-Version", "1.0")

	text := strings.ReplaceAll(m.Text, "\r\n", "\n")
	if m.Picture == nil && len(m.PNG) > 0 {
		m.Picture = NewPicture(m.PNG)
	}
	if m.Picture != nil && len(m.Picture.png) > 0 {
		return w.withPicture(h, m, text, id)
	}
	var b bytes.Buffer
	mw, err := gomail.CreateInlineWriter(&b, h)
	if err != nil {
		return nil, fmt.Errorf("compose: %w", err)
	}
	inline := func(ph message.Header) (io.WriteCloser, error) { return mw.CreatePart(gomail.InlineHeader{Header: ph}) }
	if err := textPart(inline, "text/plain", func(pw io.Writer) error { _, err := io.WriteString(pw, text); return err }); err != nil {
		return nil, err
	}
	v := htmlView{Subject: m.Subject, Text: preText(text), Link: m.Link, Lang: m.lang(), LinkText: m.linkText()}
	if err := textPart(inline, "text/html", func(hw io.Writer) error { return w.html.Execute(hw, v) }); err != nil {
		return nil, err
	}
	if err := mw.Close(); err != nil {
		return nil, fmt.Errorf("compose: %w", err)
	}
	return b.Bytes(), nil
}

// textPart writes one part of text of the type ct in UTF-8 and
// quoted-printable (RFC 2045 section 6.7), its body written by body.
func textPart(create func(message.Header) (io.WriteCloser, error), ct string, body func(io.Writer) error) error {
	var ph message.Header
	ph.SetContentType(ct, map[string]string{"charset": "utf-8"})
	ph.Set("Content-Transfer-Encoding", "quoted-printable")
	pw, err := create(ph)
	if err != nil {
		return fmt.Errorf("compose: %w", err)
	}
	if err := body(pw); err != nil {
		return fmt.Errorf("compose %s: %w", ct, err)
	}
	return pw.Close()
}

// withPicture writes a mail whose HTML part shows the picture:
//
//	multipart/alternative (RFC 2046 section 5.1.4)
//	  text/plain                    the text, as in every mail
//	  multipart/related; type="text/html"   (RFC 2387 section 3.1)
//	    text/html                   <img src="cid:...">
//	    image/png; Content-ID       (RFC 2392 section 2)
func (w *Writer) withPicture(h gomail.Header, m Out, text, id string) ([]byte, error) {
	h.SetContentType("multipart/alternative", nil)
	var b bytes.Buffer
	// The text twice (plain and HTML, quoted-printable), the picture
	// and the headers, at once rather than by doubling.
	b.Grow(3*len(text) + m.Picture.Len() + 4<<10)
	mw, err := message.CreateWriter(&b, h.Header)
	if err != nil {
		return nil, fmt.Errorf("compose: %w", err)
	}
	if err := textPart(func(ph message.Header) (io.WriteCloser, error) { return mw.CreatePart(ph) }, "text/plain",
		func(pw io.Writer) error { _, err := io.WriteString(pw, text); return err }); err != nil {
		return nil, err
	}
	// The related part is written here, not by go-message, so that
	// the picture's base64 lines, made once for every mail that shows
	// it, are copied as they are rather than encoded for each mail.
	boundary, err := newBoundary()
	if err != nil {
		return nil, err
	}
	var rh message.Header
	rh.SetContentType("multipart/related", map[string]string{"type": "text/html", "boundary": boundary})
	rw, err := mw.CreatePart(rh)
	if err != nil {
		return nil, fmt.Errorf("compose: %w", err)
	}
	related := textproto.NewMultipartWriter(rw)
	if err := related.SetBoundary(boundary); err != nil {
		return nil, fmt.Errorf("compose: %w", err)
	}
	// RFC 2392 section 2: the cid: URL is the Content-ID without its
	// angle brackets, URL-encoded.
	cid := "board." + id
	v := htmlView{Subject: m.Subject, Text: preText(text), Link: m.Link, Alt: m.alt(), Lang: m.lang(), LinkText: m.linkText(),
		Image: htmltemplate.URL("cid:" + url.PathEscape(cid))}
	if err := textPart(func(ph message.Header) (io.WriteCloser, error) {
		pw, err := related.CreatePart(ph.Header)
		if err != nil {
			return nil, err
		}
		return quotedprintable.NewWriter(pw), nil
	}, "text/html", func(hw io.Writer) error { return w.html.Execute(hw, v) }); err != nil {
		return nil, err
	}
	var ih message.Header
	ih.SetContentType("image/png", map[string]string{"name": "board.png"})
	ih.Set("Content-Transfer-Encoding", "base64")
	ih.Set("Content-ID", "<"+cid+">")
	ih.Set("Content-Disposition", `inline; filename="board.png"`)
	iw, err := related.CreatePart(ih.Header)
	if err != nil {
		return nil, fmt.Errorf("compose: %w", err)
	}
	if _, err := iw.Write(m.Picture.lines); err != nil {
		return nil, fmt.Errorf("compose: %w", err)
	}
	if err := related.Close(); err != nil {
		return nil, fmt.Errorf("compose: %w", err)
	}
	if err := rw.Close(); err != nil {
		return nil, fmt.Errorf("compose: %w", err)
	}
	if err := mw.Close(); err != nil {
		return nil, fmt.Errorf("compose: %w", err)
	}
	return b.Bytes(), nil
}
