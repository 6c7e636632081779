// Package notice is the writer of pbm's outgoing mails: it renders
// their text from the templates, in each reader's language, turns a
// mail into MIME (package mail), gives a board mail its picture and a
// player's mail its reply address (a token under the server's key),
// and keeps the digests of what was sent for reading the replies.
//
// It knows mail, the templates, the message catalogue (package lang),
// the store and the board domain. It never imports the core (package
// pbm), reads no incoming mail and decides no rule of a game: the
// core tells it what to write, to whom, in which language.
package notice

import (
	"bytes"
	"fmt"
	"text/template"
	"time"

	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/templates"
)

// Config is what the writer needs of the server's configuration.
type Config struct {
	Name    string // the server's name, the signature of every mail
	Address string // the server's address, "local@domain"
	// TokenKey is the key of reply tokens; nil keeps one in the store
	// (Writer.Secret).
	TokenKey []byte
	// Now is the clock; nil is time.Now.
	Now func() time.Time
	// Broken marks an error that does not come and go (a template
	// that does not render, a picture that panics), so that its
	// caller sets aside the mail that hit it; nil leaves it as it is.
	Broken func(error) error
}

// Writer writes the server's outgoing mails.
type Writer struct {
	cfg  Config
	text *template.Template
	mime *mail.Writer
}

// New parses the templates of the text of every outgoing mail (the
// HTML part is package mail's) and makes the MIME writer of the
// server's address.
func New(cfg Config) (*Writer, error) {
	t, err := template.ParseFS(templates.FS, "*.txt")
	if err != nil {
		return nil, fmt.Errorf("templates: %w", err)
	}
	mw, err := mail.NewWriter(cfg.Address, cfg.Name)
	if err != nil {
		return nil, err
	}
	return &Writer{cfg: cfg, text: t, mime: mw}, nil
}

// Render writes the template name with data.
func (w *Writer) Render(name string, data any) (string, error) {
	var b bytes.Buffer
	if err := w.text.ExecuteTemplate(&b, name, data); err != nil {
		return "", w.broken(fmt.Errorf("template %s: %w", name, err))
	}
	return b.String(), nil
}

func (w *Writer) broken(err error) error {
	if w.cfg.Broken != nil {
		return w.cfg.Broken(err)
	}
	return err
}

func (w *Writer) now() time.Time {
	if w.cfg.Now != nil {
		return w.cfg.Now()
	}
	return time.Now()
}

// Notice is a short notice to one address, written by p (the lines
// the outbox adds to it too).
func (w *Writer) Notice(p lang.Printer, to, subject, text string) (Mail, error) {
	body, err := w.Render("notice.txt", map[string]any{"Text": text, "Server": w.cfg.Name})
	if err != nil {
		return Mail{}, err
	}
	return Mail{To: to, Subject: subject, Text: body, Lang: p.Code()}, nil
}
