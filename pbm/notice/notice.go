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
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"text/template"
	"time"

	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/store"
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
	// Printer writes in a language code, "" the server's language;
	// nil writes English.
	Printer func(code string) lang.Printer
	// ForfeitDays is the forfeit limit of a board that sets none.
	ForfeitDays int
	// What a board mail shows that the writer does not decide, each
	// optional: the address of a board's web page ("" for none), the
	// line of a board's open vote, the line of its time banks at now,
	// and whether a userid is the computer's (which moves by itself).
	Link     func(game string, number int) string
	Vote     func(p lang.Printer, b store.Board) string
	Bank     func(p lang.Printer, tx *store.Tx, b store.Board, toMove int, now time.Time) string
	Computer func(id string) bool
	// Bound cuts the text of a mail too long to be sent, saying so
	// in the reader's language; nil sends every text whole.
	Bound func(p lang.Printer, text string) string
	// Broken marks an error that does not come and go (a template
	// that does not render, a picture that panics), so that its
	// caller sets aside the mail that hit it; nil leaves it as it is.
	Broken func(error) error
	// Log is where the reports to the admins are logged too; nil is
	// slog.Default.
	Log *slog.Logger
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

// Notice is a short mail nobody asked for (a reminder, a chat, an
// account's change): to one account at each of its addresses, or to
// given addresses, written in the reader's language.
type Notice struct {
	// User, when set, is the account told: at each of its addresses
	// (To when given) and in its language. A closed or unknown
	// account is not told.
	User string
	// To are the addresses told; Lang is their reader's language (a
	// code of lang.Codes, "" the server's), when no User is given.
	To   []string
	Lang string
	// Subject and Body are the notice, written for each reader.
	Subject lang.Msg
	Body    []lang.Msg
	// Board, when set, is the board the notice is about: the notice
	// is in the board's thread (RFC 5322 section 3.6.4), and a player
	// of the running board gets the board's reply address.
	Board *store.Board
	// Kind is the mail's Auto-Submitted value (Mail.Kind).
	Kind string
	// ReplyTo, when set, is the Reply-To of the notice's mails: the
	// address that confirms an address.
	ReplyTo string
}

// Mails are the mails of a notice, one per address (RFC 3834 section
// 3.1.3: one recipient per automatic mail), its subject and body
// written once in the reader's language.
func (w *Writer) Mails(tx *store.Tx, n Notice) ([]Mail, error) {
	to, code := n.To, n.Lang
	var u store.User
	if n.User != "" {
		var err error
		u, err = tx.User(n.User)
		if errors.Is(err, store.ErrNotFound) || err == nil && u.Closed {
			return nil, nil
		} else if err != nil {
			return nil, err
		}
		code = u.Language
		if to == nil {
			to = u.Addresses
		}
	}
	p := w.printer(code)
	body, err := w.Render("notice.txt", map[string]any{"Text": p.Join(n.Body), "Server": w.cfg.Name})
	if err != nil {
		return nil, err
	}
	subject := p.Render(n.Subject)
	var out []Mail
	for _, a := range to {
		m := Mail{To: a, Subject: subject, Text: body, Kind: n.Kind, ReplyTo: n.ReplyTo, Lang: p.Code()}
		if b := n.Board; b != nil {
			m.InReplyTo = b.ThreadID
			if b.ThreadID != "" {
				m.References = []string{b.ThreadID}
			}
			if n.User != "" && board.SeatOf(*b, u.ID) >= 0 && !b.Over {
				if m.ReplyTo, err = w.ReplyAddress(tx, *b, u, strings.ToLower(a)); err != nil {
					return nil, err
				}
			}
		}
		out = append(out, m)
	}
	return out, nil
}

func (w *Writer) printer(code string) lang.Printer {
	if w.cfg.Printer != nil {
		return w.cfg.Printer(code)
	}
	return lang.English()
}

// Written is the body of a notice that its caller writes in the
// reader's language itself.
func Written(write func(lang.Printer) string) []lang.Msg {
	return []lang.Msg{{Write: write}}
}
