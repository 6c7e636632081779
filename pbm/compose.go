package pbm

import (
	"bytes"
	"fmt"
	"text/template"
	"time"

	"github.com/pbmgo/pbm/pbm/mail"

	"github.com/pbmgo/pbm/store"
	"github.com/pbmgo/pbm/templates"
)

// mailTemplates are the parsed templates of the text of every
// outgoing mail (the HTML part is package mail's).
type mailTemplates struct {
	text *template.Template
}

func loadTemplates() (*mailTemplates, error) {
	t, err := template.ParseFS(templates.FS, "*.txt")
	if err != nil {
		return nil, fmt.Errorf("templates: %w", err)
	}
	return &mailTemplates{text: t}, nil
}

func (mt *mailTemplates) render(name string, data any) (string, error) {
	var b bytes.Buffer
	if err := mt.text.ExecuteTemplate(&b, name, data); err != nil {
		return "", broken(fmt.Errorf("template %s: %w", name, err))
	}
	return b.String(), nil
}

// outMail is one mail to one recipient, before it is rendered to MIME.
type outMail struct {
	To      string
	Subject string
	Text    string
	// Kind is the RFC 3834 section 5 Auto-Submitted value:
	// "auto-replied" for the answer to a mail, "auto-generated" for a
	// notice nobody asked for.
	Kind       string
	InReplyTo  string
	References []string
	ReplyTo    string
	Report     bool
	// picture is the board shown in the HTML part, drawn when the mail
	// is queued (run.send); Link the address of the board's web page.
	// Both are optional.
	picture *pictureJob
	Link    string
	// unsubscribe is the List-Unsubscribe value (confirm.go), set
	// when the mail is queued.
	unsubscribe string
}

// enqueue renders m and puts it in the outbox within tx. The
// Message-ID is fixed now and stored with the entry, so a resend after
// a crash is the same mail.
func (s *Server) enqueue(tx *store.Tx, m outMail) error {
	return s.enqueueAt(tx, 0, m)
}

// enqueueAt queues a mail under an outbox sequence number reserved
// for it (store.Tx.ReserveOutbox), or a new one when seq is 0.
func (s *Server) enqueueAt(tx *store.Tx, seq uint64, m outMail) error {
	if m.To == "" {
		return nil
	}
	var err error
	if m.unsubscribe, err = s.listUnsubscribe(tx, &m); err != nil {
		return err
	}
	m.Text = boundText(m.Text)
	id := mail.NewID("pbm", s.domain)
	raw, err := s.mime(m, id)
	if err != nil {
		return err
	}
	if err := s.keepSent(tx, id, m.Text); err != nil {
		return err
	}
	_, err = tx.Enqueue(store.Mail{
		Seq:       seq,
		MessageID: id,
		From:      s.cfg.Address,
		To:        m.To,
		Subject:   m.Subject,
		Raw:       raw,
		Queued:    s.now(),
		Report:    m.Report,
	})
	return err
}

// mime writes m as the mail with the Message-ID id.
func (s *Server) mime(m outMail, id string) ([]byte, error) {
	out := mail.Out{To: m.To, Subject: m.Subject, Text: m.Text, Kind: m.Kind, InReplyTo: m.InReplyTo,
		References: m.References, ReplyTo: m.ReplyTo, Unsubscribe: m.unsubscribe, Link: m.Link}
	if m.picture != nil {
		out.PNG = m.picture.png
	}
	return s.writer.Compose(out, id, s.now())
}

func (s *Server) now() time.Time {
	if s.cfg.Now != nil {
		return s.cfg.Now()
	}
	return time.Now()
}
