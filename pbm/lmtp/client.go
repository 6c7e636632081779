package lmtp

import (
	"errors"
	"fmt"
	"net"
	"time"

	"github.com/emersion/go-smtp"
)

// Refusal is a final answer other than 250 from the LMTP server.
type Refusal struct {
	Code     int
	Enhanced smtp.EnhancedCode
	Message  string
}

func (r *Refusal) Error() string {
	return fmt.Sprintf("%d %d.%d.%d %s", r.Code, r.Enhanced[0], r.Enhanced[1], r.Enhanced[2], r.Message)
}

// Temporary reports a 4xx answer: the mail may be offered again
// (RFC 5321 section 4.2.1).
func (r *Refusal) Temporary() bool { return r.Code/100 == 4 }

// Deliver hands one mail to the LMTP server at addr (a socket path or
// host:port) for the recipient rcpt, with from as the envelope sender
// ("" for the null reverse-path), and returns nil only on a 250 for
// that recipient: the mail is committed. A *Refusal is the server's
// answer; any other error means the server could not be reached or the
// connection broke, so whether the mail was kept is unknown (offering
// it again is safe: it is recognised by its Message-ID).
func Deliver(addr, from, rcpt string, raw []byte, timeout time.Duration) error {
	network := "tcp"
	if IsUnix(addr) {
		network = "unix"
	}
	conn, err := net.DialTimeout(network, addr, timeout)
	if err != nil {
		return fmt.Errorf("lmtp: %w", err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(timeout))
	c := smtp.NewClientLMTP(conn)
	defer c.Close()
	// RFC 2033 section 4.1: LHLO, then as SMTP.
	if err := c.Hello("localhost"); err != nil {
		return answer(err)
	}
	if err := c.Mail(from, nil); err != nil {
		return answer(err)
	}
	if err := c.Rcpt(rcpt, nil); err != nil {
		return answer(err)
	}
	w, err := c.Data()
	if err != nil {
		return answer(err)
	}
	if _, err := w.Write(raw); err != nil {
		return fmt.Errorf("lmtp: send: %w", err)
	}
	if _, err := w.CloseWithLMTPResponse(); err != nil {
		var lerr smtp.LMTPDataError
		if errors.As(err, &lerr) {
			for _, e := range lerr {
				return answer(e)
			}
		}
		return answer(err)
	}
	c.Quit()
	return nil
}

// answer turns a server's SMTP error into a Refusal.
func answer(err error) error {
	var serr *smtp.SMTPError
	if errors.As(err, &serr) {
		return &Refusal{Code: serr.Code, Enhanced: serr.EnhancedCode, Message: serr.Message}
	}
	return fmt.Errorf("lmtp: %w", err)
}
