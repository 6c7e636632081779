package pbm

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	htmltemplate "html/template"
	"strings"
	"text/template"
	"time"

	gomail "github.com/emersion/go-message/mail"

	"github.com/pbmgo/pbm/store"
	"github.com/pbmgo/pbm/templates"
)

// mailTemplates are the parsed templates of every outgoing mail.
type mailTemplates struct {
	text *template.Template
	html *htmltemplate.Template
}

func loadTemplates() (*mailTemplates, error) {
	t, err := template.ParseFS(templates.FS, "*.txt")
	if err != nil {
		return nil, fmt.Errorf("templates: %w", err)
	}
	h, err := htmltemplate.ParseFS(templates.FS, "html.tmpl")
	if err != nil {
		return nil, fmt.Errorf("templates: %w", err)
	}
	return &mailTemplates{text: t, html: h}, nil
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

// newID returns a fresh Message-ID (without brackets) on our domain.
// RFC 5322 section 3.6.4: globally unique, right-hand side ours.
func newID(prefix, domain string) string {
	var b [10]byte
	rand.Read(b[:])
	return prefix + "." + hex.EncodeToString(b[:]) + "@" + domain
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
	id := newID("pbm", s.domain)
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

func (s *Server) mime(m outMail, id string) ([]byte, error) {
	var h gomail.Header
	h.SetDate(s.now())
	h.SetAddressList("From", []*gomail.Address{{Name: s.cfg.Name, Address: s.cfg.Address}})
	h.SetAddressList("To", []*gomail.Address{{Address: m.To}})
	h.SetSubject(oneLine(m.Subject))
	if m.ReplyTo != "" {
		h.SetAddressList("Reply-To", []*gomail.Address{{Address: m.ReplyTo}})
	}
	h.SetMessageID(id)
	if m.unsubscribe != "" {
		h.Set("List-Unsubscribe", m.unsubscribe)
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
	if m.picture != nil && len(m.picture.png) > 0 {
		return s.mimeWithPicture(h, m, text, id)
	}
	var b bytes.Buffer
	w, err := gomail.CreateInlineWriter(&b, h)
	if err != nil {
		return nil, fmt.Errorf("compose: %w", err)
	}
	var ph gomail.InlineHeader
	ph.SetContentType("text/plain", map[string]string{"charset": "utf-8"})
	ph.Set("Content-Transfer-Encoding", "quoted-printable")
	pw, err := w.CreatePart(ph)
	if err != nil {
		return nil, fmt.Errorf("compose: %w", err)
	}
	pw.Write([]byte(text))
	pw.Close()

	var hh gomail.InlineHeader
	hh.SetContentType("text/html", map[string]string{"charset": "utf-8"})
	hh.Set("Content-Transfer-Encoding", "quoted-printable")
	hw, err := w.CreatePart(hh)
	if err != nil {
		return nil, fmt.Errorf("compose: %w", err)
	}
	if err := s.tpl.html.Execute(hw, htmlView{Subject: m.Subject, Text: preText(text), Link: m.Link}); err != nil {
		return nil, fmt.Errorf("compose html: %w", err)
	}
	hw.Close()
	if err := w.Close(); err != nil {
		return nil, fmt.Errorf("compose: %w", err)
	}
	return b.Bytes(), nil
}

func (s *Server) now() time.Time {
	if s.cfg.Now != nil {
		return s.cfg.Now()
	}
	return time.Now()
}
