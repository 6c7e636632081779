// Package mail is a mail as pbm reads it and as it writes it: an
// incoming RFC 5322 mail reduced to its sender, subject, own text and
// marks of automatic mail, within limits on what is read; the verdict
// on its sender that the operator's MTA stamped on it
// (Authentication-Results, ParseAuthResults and Judge); the subject
// and body lines a command is read from; wrapping of text; and the
// MIME of an outgoing mail with its optional picture.
//
// It knows nothing of games, boards, accounts or the store: the core
// (package pbm) decides what a mail means and what to answer.
package mail

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	netmail "net/mail"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset" // charsets beyond UTF-8 and ASCII
	gomail "github.com/emersion/go-message/mail"
	"golang.org/x/net/html"
)

// Limits on what is read of an incoming mail.
const (
	maxHeaderBytes = 256 << 10 // header block
	maxPartBytes   = 256 << 10 // one text part
	maxParts       = 100       // parts looked at
	// MaxDepth bounds the multipart levels read. Each level wraps the
	// reader of the one above, so reading n bytes d levels down costs
	// n*d: unbounded, a deeply nested mail costs time quadratic in its
	// size. Parts deeper than this are skipped unread, at a cost linear
	// in their size.
	MaxDepth = 16
)

// Message is an incoming mail reduced to what the server reads.
type Message struct {
	ID         string // Message-ID without brackets, or "sha256:<hex>" of the header block
	From       string // the sender's address, lower case
	FromName   string
	Subject    string
	Body       string // the text, LF line ends, UTF-8
	InReplyTo  string
	References []string
	To         []string // the addresses in To, Cc and Delivered-To, lower case
	// Automatic is non-empty when the mail is itself automatic (a
	// bounce, an auto-reply, a list mail): it names the reason, and the
	// mail is never answered (RFC 3834 section 2).
	Automatic string
	// Date is when the mail was written (its Date field, RFC 5322
	// section 3.6.1), or else when the nearest MTA took it (the date of
	// the topmost Received field, RFC 5321 section 4.4); zero when the
	// mail says neither.
	Date time.Time
	// Unread is non-empty when the mail could not be read, only its
	// header scanned for a sender: it names the reason.
	Unread string
	// Key is the mail's dedupe key: a digest of its Message-ID, its
	// sender and what it says. Two copies of one mail have the same
	// key; another mail under the same Message-ID has another.
	Key [32]byte
	// AuthResults are the values of the mail's Authentication-Results
	// fields (RFC 8601), topmost first, at most MaxAuthFields of them:
	// what Judge reads.
	AuthResults []string
}

// Parse reads a raw RFC 5322 mail. It reads the text/plain part
// if there is one, else the HTML part reduced to text; transfer
// encodings and charsets are decoded. An error means the mail could
// not be read at all; such a mail has no usable sender.
func Parse(raw []byte) (*Message, error) {
	headerEnd := headerBlock(raw)
	top, err := message.Read(bytes.NewReader(raw))
	if err != nil && !message.IsUnknownCharset(err) && !message.IsUnknownEncoding(err) {
		return nil, fmt.Errorf("parse mail: %w", err)
	}
	if top == nil {
		return nil, fmt.Errorf("parse mail: no reader")
	}
	m, addressed := headerMessage(top.Header, raw[:headerEnd])

	var plain, htm string
	haveHTML := false
	parts := newPartWalker(top)
	for i := 0; i < maxParts; i++ {
		p, err := parts.next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil && !message.IsUnknownCharset(err) && !message.IsUnknownEncoding(err) {
			break // a broken part ends the reading; what was read stands
		}
		ct, _, _ := p.Header.ContentType()
		if ct == "message/delivery-status" && m.Automatic == "" {
			m.Automatic = "delivery report"
		}
		if disp, _, _ := p.Header.ContentDisposition(); disp != "inline" && (disp == "attachment" || !strings.HasPrefix(ct, "text/")) {
			continue // attachments are not read
		}
		switch {
		case ct == "text/plain" && plain == "":
			b, _ := io.ReadAll(io.LimitReader(p.Body, maxPartBytes))
			plain = string(b)
			if plain == "" {
				plain = " "
			}
		case ct == "text/html" && !haveHTML:
			b, _ := io.ReadAll(io.LimitReader(p.Body, maxPartBytes))
			htm = htmlText(b)
			haveHTML = true
		}
	}
	if parts.report && m.Automatic == "" {
		m.Automatic = "delivery report"
	}
	text := plain
	if strings.TrimSpace(text) == "" {
		text = htm
	}
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	m.Body = strings.ToValidUTF8(text, "\uFFFD")
	m.Subject = strings.ToValidUTF8(m.Subject, "\uFFFD")
	m.Key = mailKey("mail", m.ID, m.From, strings.Join(m.To[:addressed], ","), m.Subject, m.Body)
	return m, nil
}

// mailKey is the digest of the fields given, each with its length, so
// that no two lists of fields run together into one.
func mailKey(fields ...string) [32]byte {
	h := sha256.New()
	for _, f := range fields {
		var n [8]byte
		for i, l := 0, len(f); i < 8; i, l = i+1, l>>8 {
			n[i] = byte(l)
		}
		h.Write(n[:])
		h.Write([]byte(f))
	}
	var d [32]byte
	h.Sum(d[:0])
	return d
}

// ScanHeader reads what it can of the header block of a mail that
// could not be parsed (a field name with a character RFC 5322 section
// 2.2 does not allow, a header too large for the parser, or only the
// header of a mail too large to download): the fields whose names are
// well formed, unfolded, for the sender, the Message-ID, the date and
// the marks of automatic mail. reason says why the mail is not read;
// it becomes the mail's Unread.
func ScanHeader(header []byte, reason string) *Message {
	header = header[:headerBlock(header)]
	var h message.Header
	var name string
	var value []byte
	flush := func() {
		if name != "" && h.Len() < 1000 {
			h.Add(name, strings.TrimSpace(string(value)))
		}
		name, value = "", nil
	}
	for _, line := range bytes.Split(header, []byte("\n")) {
		line = bytes.TrimRight(line, "\r")
		if len(line) > 0 && (line[0] == ' ' || line[0] == '\t') {
			if name != "" && len(value) < 64<<10 {
				value = append(append(value, ' '), bytes.TrimSpace(line)...)
			}
			continue
		}
		flush()
		k, v, ok := bytes.Cut(line, []byte(":"))
		k = bytes.TrimRight(k, " \t") // RFC 5322 section 4.5.8
		if !ok || len(k) == 0 || len(k) > 100 || !fieldName(k) {
			continue
		}
		name, value = string(k), append([]byte(nil), v...)
	}
	flush()
	m, _ := headerMessage(h, header)
	// Fields added one by one are listed last added first: the
	// Authentication-Results fields read from the top come back
	// bottom first.
	var ar []string
	for _, k := range h.Values("Authentication-Results") {
		ar = append([]string{k}, ar...)
	}
	m.AuthResults = ar[:min(len(ar), MaxAuthFields)]
	m.Unread = reason
	m.Subject = strings.ToValidUTF8(m.Subject, "\uFFFD")
	sum := sha256.Sum256(header)
	m.Key = mailKey("unread", m.ID, m.From, string(sum[:]))
	return m
}

// fieldName reports whether k is a field name of RFC 5322 section
// 2.2: printable US-ASCII other than the colon.
func fieldName(k []byte) bool {
	for _, c := range k {
		if c < 33 || c > 126 {
			return false
		}
	}
	return true
}

// headerMessage reads the fields of a mail's header block; addressed
// is how many of m.To come from To and Cc.
func headerMessage(top message.Header, header []byte) (m *Message, addressed int) {
	h := gomail.Header{Header: top}
	m = &Message{}
	// RFC 5322 section 3.6.4: Message-ID identifies the mail; without
	// a usable one, the header block stands for it.
	if id, err := h.MessageID(); err == nil && usableID(id) {
		m.ID = id
	} else if v := strings.Trim(strings.TrimSpace(h.Get("Message-Id")), "<>"); usableID(v) {
		m.ID = v
	} else {
		sum := sha256.Sum256(header)
		m.ID = "sha256:" + hex.EncodeToString(sum[:])
	}
	if len(m.ID) > 500 {
		sum := sha256.Sum256([]byte(m.ID))
		m.ID = "sha256:" + hex.EncodeToString(sum[:])
	}
	if from, err := h.AddressList("From"); err == nil && len(from) > 0 {
		m.From = strings.ToLower(from[0].Address)
		m.FromName = from[0].Name
	} else if a, err := netmail.ParseAddress(h.Get("From")); err == nil {
		m.From = strings.ToLower(a.Address)
	}
	if s, err := h.Subject(); err == nil {
		m.Subject = s
	} else {
		m.Subject = h.Get("Subject")
	}
	m.Subject = OneLine(m.Subject)
	if ids, err := h.MsgIDList("In-Reply-To"); err == nil && len(ids) > 0 {
		m.InReplyTo = ids[0]
	}
	if ids, err := h.MsgIDList("References"); err == nil {
		m.References = ids
	}
	for _, k := range []string{"To", "Cc", "Delivered-To"} {
		if list, err := h.AddressList(k); err == nil {
			for _, a := range list {
				m.To = append(m.To, strings.ToLower(a.Address))
			}
		}
		if k == "Cc" {
			// Delivered-To is the MTA's, and differs between copies
			// of one mail delivered to two addresses.
			addressed = len(m.To)
		}
	}
	if d, err := h.Date(); err == nil && !d.IsZero() && h.Get("Date") != "" {
		m.Date = d
	} else if rcvd := h.Get("Received"); rcvd != "" {
		// RFC 5321 section 4.4: the stamp ends with "; date-time".
		if i := strings.LastIndexByte(rcvd, ';'); i >= 0 {
			if d, err := netmail.ParseDate(strings.TrimSpace(rcvd[i+1:])); err == nil {
				m.Date = d
			}
		}
	}
	m.Automatic = automatic(h.Header, m.From)
	// A parsed header lists the values of a field in the mail's
	// order, topmost first.
	m.AuthResults = h.Values("Authentication-Results")
	if len(m.AuthResults) > MaxAuthFields {
		m.AuthResults = m.AuthResults[:MaxAuthFields]
	}
	return m, addressed
}

// usableID reports whether id can be the mail's dedupe key and be
// echoed in In-Reply-To: not empty, and made only of the printable
// characters of a msg-id (RFC 5322 section 3.6.4: no spaces, controls
// or angle brackets; RFC 6532 section 3.2 adds UTF-8). "<>", "< >" and
// the like are not ids; the header hash stands in for them.
func usableID(id string) bool {
	if id == "" || !utf8.ValidString(id) {
		return false
	}
	for _, r := range id {
		if r <= ' ' || r == 0x7f || r == '<' || r == '>' || (r >= 0x80 && r < 0xa0) {
			return false
		}
	}
	return true
}

// partWalker visits the leaf parts of a mail depth first, as
// go-message's mail.Reader does, but descends at most MaxDepth
// multipart levels.
type partWalker struct {
	single *message.Entity           // a mail that is not multipart
	stack  []message.MultipartReader // the open multipart levels
	// tooDeep is set when a multipart part was skipped for its depth;
	// report when a nested multipart/report part was seen (RFC 6522;
	// automatic looks at the top level).
	tooDeep, report bool
}

func newPartWalker(e *message.Entity) *partWalker {
	if mr := e.MultipartReader(); mr != nil {
		return &partWalker{stack: []message.MultipartReader{mr}}
	}
	return &partWalker{single: e}
}

// next returns the next leaf part, or io.EOF after the last. An error
// for which message.IsUnknownCharset or IsUnknownEncoding holds comes
// with a part that can be read.
func (w *partWalker) next() (*message.Entity, error) {
	if e := w.single; e != nil {
		w.single = nil
		return e, nil
	}
	for len(w.stack) > 0 {
		top := len(w.stack) - 1
		p, err := w.stack[top].NextPart()
		if errors.Is(err, io.EOF) {
			w.stack = w.stack[:top]
			continue
		}
		if err != nil && !message.IsUnknownCharset(err) && !message.IsUnknownEncoding(err) {
			return nil, err
		}
		if pmr := p.MultipartReader(); pmr != nil {
			if ct, _, _ := p.Header.ContentType(); ct == "multipart/report" {
				w.report = true
			}
			if len(w.stack) >= MaxDepth {
				// Not read: the next NextPart of this level skips it.
				w.tooDeep = true
				continue
			}
			w.stack = append(w.stack, pmr)
			continue
		}
		return p, err
	}
	return nil, io.EOF
}

// headerBlock returns the length of the header block of raw.
func headerBlock(raw []byte) int {
	if i := bytes.Index(raw, []byte("\r\n\r\n")); i >= 0 {
		return i
	}
	if i := bytes.Index(raw, []byte("\n\n")); i >= 0 {
		return i
	}
	return len(raw)
}

// TrimLine is a text of a mail as one line (OneLine) of at most 200
// characters, as a command or a word of it is echoed in an answer.
func TrimLine(s string) string {
	s = OneLine(s)
	if r := []rune(s); len(r) > 200 {
		s = string(r[:200]) + "..."
	}
	return s
}

// Quoted is a word of a mail as an answer quotes it: on one line, cut
// (TrimLine), in Go's double quotes.
func Quoted(s string) string { return fmt.Sprintf("%q", TrimLine(s)) }

// OneLine removes line breaks and control characters, so that no text
// taken from a mail can break a header of an outgoing one.
func OneLine(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\r' || r == '\n' || r == '\t':
			b.WriteByte(' ')
		case r < 0x20 || r == 0x7f:
		default:
			b.WriteRune(r)
		}
	}
	return strings.TrimSpace(b.String())
}

// automatic tells why a mail is automatic, or "" for a person's mail.
// RFC 3834 section 2: no automatic response to mail whose
// Auto-Submitted is other than "no"; list mail (List-*) may be ignored;
// Precedence bulk/junk/list is the long-standing convention of
// vacation programs. A null sender (Return-Path: <>) marks bounces
// (RFC 5321 section 4.5.5).
func automatic(h message.Header, from string) string {
	if v := strings.ToLower(strings.TrimSpace(h.Get("Auto-Submitted"))); v != "" && v != "no" {
		return "Auto-Submitted: " + v
	}
	switch strings.ToLower(strings.TrimSpace(h.Get("Precedence"))) {
	case "bulk", "junk", "list", "auto_reply":
		return "Precedence: " + h.Get("Precedence")
	}
	for _, k := range []string{"List-Id", "List-Unsubscribe", "X-Autoreply", "X-Autorespond", "X-Auto-Response-Suppress"} {
		if h.Has(k) {
			return k + " present"
		}
	}
	if rp := strings.TrimSpace(h.Get("Return-Path")); rp == "<>" {
		return "null sender"
	}
	if ct, _, _ := h.ContentType(); ct == "multipart/report" {
		return "delivery report"
	}
	local, _, _ := strings.Cut(from, "@")
	switch local {
	case "":
		return "no sender"
	case "mailer-daemon", "postmaster":
		return "sender " + local
	}
	return ""
}

// htmlText reduces an HTML body to text: tags dropped, entities
// decoded, a line break for each block element, script and style left
// out. The lines of a <blockquote> (Gmail's gmail_quote, Apple Mail's
// type=cite) start with "> " for each level, as a text client quotes,
// so that the quote stays known for what it is.
func htmlText(b []byte) string {
	z := html.NewTokenizer(bytes.NewReader(b))
	var out strings.Builder
	skip, depth, lineStart := 0, 0, true
	newline := func() {
		out.WriteByte('\n')
		lineStart = true
	}
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			return out.String()
		case html.TextToken:
			if skip == 0 {
				for i, part := range strings.Split(string(z.Text()), "\n") {
					if i > 0 {
						newline()
					}
					if part == "" {
						continue
					}
					if lineStart && depth > 0 {
						out.WriteString(strings.Repeat("> ", depth))
					}
					out.WriteString(part)
					lineStart = false
				}
			}
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			name, _ := z.TagName()
			switch string(name) {
			case "script", "style", "head", "title":
				if tt == html.StartTagToken {
					skip++
				} else if tt == html.EndTagToken && skip > 0 {
					skip--
				}
			case "blockquote":
				newline()
				if tt == html.StartTagToken {
					depth++
				} else if tt == html.EndTagToken && depth > 0 {
					depth--
				}
			case "br", "p", "div", "tr", "li", "pre", "h1", "h2", "h3", "hr":
				newline()
			}
		}
		if out.Len() > maxPartBytes {
			return out.String()
		}
	}
}
