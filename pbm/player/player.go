// Package player is a scripted mail user for end-to-end tests: it
// sends commands over SMTP and reads its own mailbox over IMAP, like a
// person with an ordinary mail client.
package player

import (
	"bytes"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	gomail "github.com/emersion/go-message/mail"
	"github.com/emersion/go-smtp"
)

// Player is one mail user.
type Player struct {
	Address  string // the player's own address
	Server   string // the game server's address
	SMTP     string // host:port, plain SMTP
	IMAP     string // host:port, plain IMAP (or TLS when TLSConfig is set)
	Password string // IMAP password
	// Username is the IMAP login; default Address.
	Username  string
	TLSConfig *tls.Config // implicit TLS for IMAP when set
}

// Send mails one message to the game server and returns its
// Message-ID. Extra headers are "Name: value" strings.
func (p *Player) Send(subject, body string, headers ...string) (string, error) {
	var b [8]byte
	rand.Read(b[:])
	id := hex.EncodeToString(b[:]) + "@" + domain(p.Address)
	var m strings.Builder
	fmt.Fprintf(&m, "From: %s\r\nTo: %s\r\nSubject: %s\r\nMessage-ID: <%s>\r\nDate: %s\r\n",
		p.Address, p.Server, subject, id, time.Now().Format(time.RFC1123Z))
	for _, h := range headers {
		m.WriteString(h + "\r\n")
	}
	m.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n")
	m.WriteString(strings.ReplaceAll(body, "\n", "\r\n"))
	return id, p.SendRaw([]byte(m.String()))
}

// SendRaw mails a message as it is.
func (p *Player) SendRaw(raw []byte) error {
	c, err := smtp.Dial(p.SMTP)
	if err != nil {
		return fmt.Errorf("player %s: smtp: %w", p.Address, err)
	}
	defer c.Close()
	if err := c.SendMail(p.Address, []string{p.Server}, bytes.NewReader(raw)); err != nil {
		return fmt.Errorf("player %s: send: %w", p.Address, err)
	}
	return c.Quit()
}

// Mail is a message read from the mailbox.
type Mail struct {
	Subject   string
	Text      string // the text/plain part, LF line ends
	HTML      string
	Image     []byte // the image/png part, the board's picture
	MessageID string
	InReplyTo string
	Header    gomail.Header
	Raw       []byte
}

// Parse reads a raw message.
func Parse(raw []byte) (Mail, error) {
	mr, err := gomail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		return Mail{}, err
	}
	m := Mail{Header: mr.Header, Raw: raw}
	m.Subject, _ = mr.Header.Subject()
	m.MessageID, _ = mr.Header.MessageID()
	if ids, _ := mr.Header.MsgIDList("In-Reply-To"); len(ids) > 0 {
		m.InReplyTo = ids[0]
	}
	for {
		part, err := mr.NextPart()
		if err != nil {
			break
		}
		b, _ := io.ReadAll(part.Body)
		if h, ok := part.Header.(*gomail.InlineHeader); ok {
			switch ct, _, _ := h.ContentType(); ct {
			case "text/plain":
				m.Text = string(bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n")))
			case "text/html":
				m.HTML = string(bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n")))
			case "image/png":
				m.Image = b
			}
		}
	}
	return m, nil
}

// Mails reads every message in the player's INBOX over IMAP, oldest
// first, without changing flags.
func (p *Player) Mails() ([]Mail, error) { return p.fetch(nil) }

// fetch reads the messages that match criteria (all when nil).
func (p *Player) fetch(criteria *imap.SearchCriteria) ([]Mail, error) {
	var c *imapclient.Client
	var err error
	if p.TLSConfig != nil {
		c, err = imapclient.DialTLS(p.IMAP, &imapclient.Options{TLSConfig: p.TLSConfig})
	} else {
		c, err = imapclient.DialInsecure(p.IMAP, nil)
	}
	if err != nil {
		return nil, fmt.Errorf("player %s: imap: %w", p.Address, err)
	}
	defer c.Close()
	user := p.Username
	if user == "" {
		user = p.Address
	}
	if err := c.Login(user, p.Password).Wait(); err != nil {
		return nil, fmt.Errorf("player %s: login: %w", p.Address, err)
	}
	sel, err := c.Select("INBOX", &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		return nil, fmt.Errorf("player %s: select: %w", p.Address, err)
	}
	if sel.NumMessages == 0 {
		return nil, c.Logout().Wait()
	}
	var set imap.NumSet = imap.SeqSet{{Start: 1, Stop: 0}}
	if criteria != nil {
		// RFC 9051 section 6.4.4: UID SEARCH, then fetch only the hits.
		sd, err := c.UIDSearch(criteria, nil).Wait()
		if err != nil {
			return nil, fmt.Errorf("player %s: search: %w", p.Address, err)
		}
		uids := sd.AllUIDs()
		if len(uids) == 0 {
			return nil, c.Logout().Wait()
		}
		set = imap.UIDSetNum(uids...)
	}
	body := &imap.FetchItemBodySection{Peek: true}
	msgs, err := c.Fetch(set, &imap.FetchOptions{
		UID: true, BodySection: []*imap.FetchItemBodySection{body},
	}).Collect()
	if err != nil {
		return nil, fmt.Errorf("player %s: fetch: %w", p.Address, err)
	}
	sort.Slice(msgs, func(i, j int) bool { return msgs[i].UID < msgs[j].UID })
	var out []Mail
	for _, msg := range msgs {
		m, err := Parse(msg.FindBodySection(body))
		if err != nil {
			return nil, fmt.Errorf("player %s: parse: %w", p.Address, err)
		}
		out = append(out, m)
	}
	c.Logout().Wait()
	return out, nil
}

// Await polls the mailbox until done holds for its mails, or the
// timeout passes. The polls grow apart, from 50 ms to half a second.
func (p *Player) Await(timeout time.Duration, done func([]Mail) bool) ([]Mail, error) {
	return p.await(nil, timeout, done)
}

func (p *Player) await(criteria *imap.SearchCriteria, timeout time.Duration, done func([]Mail) bool) ([]Mail, error) {
	deadline := time.Now().Add(timeout)
	wait := 50 * time.Millisecond
	for {
		mails, err := p.fetch(criteria)
		if err == nil && done(mails) {
			return mails, nil
		}
		if time.Now().After(deadline) {
			if err == nil {
				err = fmt.Errorf("player %s: condition not met after %s (%d mails)", p.Address, timeout, len(mails))
			}
			return mails, err
		}
		time.Sleep(wait)
		wait = min(wait*3/2, 500*time.Millisecond)
	}
}

// Reply waits for the reply to the mail with the given Message-ID.
func (p *Player) Reply(id string, timeout time.Duration) (Mail, error) {
	var found Mail
	_, err := p.await(nil, timeout, func(ms []Mail) bool {
		for _, m := range ms {
			if m.InReplyTo == id {
				found = m
				return true
			}
		}
		return false
	})
	return found, err
}

// Count is a condition: n mails whose subject starts with prefix.
func Count(prefix string, n int) func([]Mail) bool {
	return func(ms []Mail) bool { return len(WithSubject(ms, prefix)) >= n }
}

// WithSubject picks the mails whose subject starts with prefix.
func WithSubject(ms []Mail, prefix string) []Mail {
	var out []Mail
	for _, m := range ms {
		if strings.HasPrefix(m.Subject, prefix) {
			out = append(out, m)
		}
	}
	return out
}

func domain(addr string) string {
	if _, d, ok := strings.Cut(addr, "@"); ok {
		return d
	}
	return "localhost"
}
