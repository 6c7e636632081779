package notice

import (
	"strings"
	"time"

	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/pbm/quote"
	"github.com/pbmgo/pbm/store"
)

// Mail is one mail to one recipient, before it is rendered to MIME.
type Mail struct {
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
	// Picture is the board shown in the HTML part, drawn before the
	// mail is queued (Picture.Draw); Link the address of the board's
	// web page. Both are optional.
	Picture *Picture
	Link    string
	// Unsubscribe is the List-Unsubscribe value (ListUnsubscribe), set
	// when the mail is queued.
	Unsubscribe string
	// Lang is the language of the reader, which the writer of the
	// mail knows. The lines added to the mail when it is queued are
	// written in it.
	Lang string
}

// Enqueue renders m and puts it in the outbox within tx, under the
// outbox sequence number reserved for it (store.Tx.ReserveOutbox), or
// a new one when seq is 0. The Message-ID is fixed now and stored
// with the entry, so a resend after a crash is the same mail. A mail
// without a recipient is dropped.
func (w *Writer) Enqueue(tx *store.Tx, seq uint64, m Mail) error {
	if m.To == "" {
		return nil
	}
	p := w.printer(m.Lang)
	if err := w.ListUnsubscribe(tx, &m, p); err != nil {
		return err
	}
	if w.cfg.Bound != nil {
		m.Text = w.cfg.Bound(p, m.Text)
	}
	_, domain, _ := strings.Cut(w.cfg.Address, "@")
	id := mail.NewID("pbm", domain)
	raw, err := w.MIME(m, id, p)
	if err != nil {
		return err
	}
	if err := w.KeepSent(tx, id, m.Text); err != nil {
		return err
	}
	_, err = tx.Enqueue(store.Mail{
		Seq:       seq,
		MessageID: id,
		From:      w.cfg.Address,
		To:        m.To,
		Subject:   m.Subject,
		Raw:       raw,
		Shared:    m.Picture.lines(),
		Queued:    w.now(),
		Report:    m.Report,
	})
	return err
}

// MIME writes m as the mail with the Message-ID id, its HTML part's
// words written by p. A picture is drawn before (Picture.Draw).
func (w *Writer) MIME(m Mail, id string, p lang.Printer) ([]byte, error) {
	out := mail.Out{To: m.To, Subject: m.Subject, Text: m.Text, Kind: m.Kind, InReplyTo: m.InReplyTo,
		References: m.References, ReplyTo: m.ReplyTo, Unsubscribe: m.Unsubscribe, Link: m.Link,
		Lang: p.Code(), LinkText: p.T("MailWebLink")}
	if m.Picture != nil {
		out.Picture, out.Alt = m.Picture.pic, m.Picture.alt
	}
	return w.mime.Compose(out, id, w.now())
}

// ListUnsubscribe adds the RFC 2369 List-Unsubscribe header and a line
// of text, written by p, to a mail that does not answer its
// recipient's own mail.
func (w *Writer) ListUnsubscribe(tx *store.Tx, m *Mail, p lang.Printer) error {
	if m.Kind == "auto-replied" {
		return nil
	}
	key, err := w.Secret(tx)
	if err != nil {
		return err
	}
	addr := w.Subaddress(account.UnsubTag + "." + account.AddrToken(key, account.UnsubTag, m.To))
	m.Text = strings.TrimRight(m.Text, "\n") + "\n\n" + p.T("MailUnsubscribe", "Server", w.cfg.Name, "Address", addr) + "\n"
	// RFC 2369 section 3.2: a mailto URL in angle brackets; the
	// subject is a hint for the mail client. There is no https URL,
	// so no List-Unsubscribe-Post (RFC 8058 section 3.1 needs one).
	m.Unsubscribe = "<mailto:" + addr + "?subject=unsubscribe>"
	return nil
}

// Subaddress is the server's address with the subaddress sub (RFC
// 5233): "local+sub@domain".
func (w *Writer) Subaddress(sub string) string { return mail.Subaddress(w.cfg.Address, sub) }

// What the server sent, for reading the replies to it. Each mail it
// sends keeps, under its Message-ID, the digests of its lines
// (quote.Digests): not its text, and no line that holds a reply
// address (its token). A reply names the mail it answers in
// In-Reply-To and References (RFC 5322 section 3.6.4); the lines of
// that mail are dropped from the reply wherever they stand, marked as
// quoted or not (package quote, Known).

// sentKept is how long the digests of a mail are kept: as long as a
// board mail's reply address is in use in a slow game.
const sentKept = 180 * 24 * time.Hour

// sentLines bounds the lines of one mail recognised in a reply.
const sentLines = 400

// KeepSent keeps the digests of the lines of a mail queued with
// Message-ID id, and drops a few records older than sentKept.
func (w *Writer) KeepSent(tx *store.Tx, id, text string) error {
	local, _, _ := strings.Cut(strings.ToLower(w.cfg.Address), "@")
	token := func(l string) bool { return strings.Contains(strings.ToLower(l), local+"+") }
	ds := quote.Digests(text, sentLines, token)
	if len(ds) == 0 {
		return nil
	}
	rec := store.Sent{At: w.now(), Digests: make([]uint64, len(ds))}
	for i, d := range ds {
		rec.Digests[i] = uint64(d)
	}
	if err := tx.PutSent(id, rec); err != nil {
		return err
	}
	_, err := tx.PruneSent(w.now().Add(-sentKept), 8)
	return err
}
