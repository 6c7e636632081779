package main

// The bench's floor: a relay that does only the mail work of the
// daemon, so the bench can show what the mail path alone costs on this
// machine. It reads each mail from the server's INBOX over IMAP, sends
// two answers of a board mail's size over SMTP (one to the sender in
// reply, one more as the opponent's board mail would be), and moves
// the mails it answered out of the INBOX, as the daemon does. No
// store, no rules, no templates, no MIME.

import (
	"bytes"
	"fmt"
	"net"
	"net/mail"
	"os"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-smtp"
)

// relayBody is the length of a text board mail, text and HTML parts
// (about 4.5 KB in the bench), and the least size of the relay's
// answers.
const relayBody = 4400

// relayBatch is how many mails the relay fetches at once, the
// daemon's batch.
const relayBatch = 64

// relayDone is the mailbox the relay moves answered mail to.
const relayDone = "Relayed"

// runRelay answers mail until the process is stopped, with the
// daemon's PBM_IMAP_* and PBM_SMTP_* settings from the environment, in
// mails of about size bytes: a text board's lines, then as many lines
// of base64 as a picture's part holds (RFC 2045, 6.8: 76 characters).
func runRelay(size int) error {
	env := os.Getenv
	wake := make(chan struct{}, 1)
	c, err := imapclient.DialInsecure(net.JoinHostPort(env("PBM_IMAP_HOST"), env("PBM_IMAP_PORT")), &imapclient.Options{
		UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			Mailbox: func(d *imapclient.UnilateralDataMailbox) {
				if d.NumMessages != nil && *d.NumMessages > 0 {
					select {
					case wake <- struct{}{}:
					default:
					}
				}
			},
		},
	})
	if err != nil {
		return fmt.Errorf("relay: %w", err)
	}
	defer c.Close()
	if err := c.Login(env("PBM_IMAP_USERNAME"), env("PBM_IMAP_PASSWORD")).Wait(); err != nil {
		return fmt.Errorf("relay: login: %w", err)
	}
	c.Create(relayDone, nil).Wait() // it may exist from an earlier run
	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		return fmt.Errorf("relay: %w", err)
	}
	sc, err := smtp.Dial(net.JoinHostPort(env("PBM_SMTP_HOST"), env("PBM_SMTP_PORT")))
	if err != nil {
		return fmt.Errorf("relay: %w", err)
	}
	defer sc.Close()
	from := env("PBM_SERVER_ADDRESS")
	body := relayBodyOf(size)
	var n int
	for {
		// At most a daemon's batch of the oldest mails (pbm/inbox).
		var batch imap.SeqSet
		batch.AddRange(1, relayBatch)
		msgs, err := c.Fetch(batch, &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{{Peek: true}}}).Collect()
		if err != nil {
			return fmt.Errorf("relay: fetch: %w", err)
		}
		var done imap.UIDSet
		for _, m := range msgs {
			var raw []byte
			for _, b := range m.BodySection {
				raw = b.Bytes
			}
			h, err := mail.ReadMessage(bytes.NewReader(raw))
			done.AddNum(m.UID)
			if err != nil {
				continue
			}
			sender, err := mail.ParseAddress(h.Header.Get("From"))
			if err != nil {
				continue
			}
			for i, reply := range []string{h.Header.Get("Message-ID"), ""} {
				n++
				var b bytes.Buffer
				fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\nSubject: relayed\r\nMessage-ID: <relay.%d.%d@localhost>\r\nDate: %s\r\n", from, sender.Address, n, i, time.Now().Format(time.RFC1123Z))
				if reply != "" {
					fmt.Fprintf(&b, "In-Reply-To: %s\r\n", reply)
				}
				b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n")
				b.Write(body)
				if err := sc.SendMail(from, []string{sender.Address}, &b); err != nil {
					return fmt.Errorf("relay: send: %w", err)
				}
			}
		}
		if len(done) > 0 {
			if _, err := c.Move(done, relayDone).Wait(); err != nil {
				return fmt.Errorf("relay: move: %w", err)
			}
			continue
		}
		if err := relayWait(c, wake); err != nil {
			return err
		}
	}
}

// relayWait idles until the server tells of mail in the INBOX (RFC
// 2177), or a second has passed.
func relayWait(c *imapclient.Client, wake chan struct{}) error {
	idle, err := c.Idle()
	if err != nil {
		return fmt.Errorf("relay: idle: %w", err)
	}
	select {
	case <-wake:
	case <-time.After(time.Second):
	}
	if err := idle.Close(); err != nil {
		return fmt.Errorf("relay: idle: %w", err)
	}
	return idle.Wait()
}

// relayBodyOf is the body of the relay's answers of about size bytes,
// headers included: a text board, then base64 lines.
func relayBodyOf(size int) []byte {
	const header = 300 // about what the relay writes before the body
	body := bytes.Repeat([]byte("board line . . . . . . . . . . . . . . . . . .\r\n"), relayBody/48)
	line := append(bytes.Repeat([]byte("iVBORw0KGgo"), 7)[:76], "\r\n"...)
	for len(body)+header+len(line) <= size {
		body = append(body, line...)
	}
	return body
}
