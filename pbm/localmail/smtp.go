package localmail

import (
	"fmt"
	"io"
	"net"
	"strings"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// smtpBackend hands out one smtpSession per SMTP connection.
type smtpBackend struct{ s *Server }

func (b smtpBackend) NewSession(c *smtp.Conn) (smtp.Session, error) {
	remote := ""
	if nc := c.Conn(); nc != nil {
		remote = nc.RemoteAddr().String()
	}
	return &smtpSession{s: b.s, conn: c, remote: remote}, nil
}

// smtpSession accepts every sender and recipient and delivers locally.
// AUTH is not required; AUTH PLAIN with any credentials is accepted so that
// mail clients configured with a login work too.
type smtpSession struct {
	s      *Server
	conn   *smtp.Conn
	remote string

	from  string
	rcpts []string
}

var _ smtp.AuthSession = (*smtpSession)(nil)

func (ss *smtpSession) AuthMechanisms() []string { return []string{sasl.Plain} }

func (ss *smtpSession) Auth(mech string) (sasl.Server, error) {
	if mech != sasl.Plain {
		return nil, smtp.ErrAuthUnknownMechanism
	}
	return sasl.NewPlainServer(func(identity, username, password string) error {
		ss.s.log.Debug("smtp auth accepted", "user", username)
		return nil
	}), nil
}

func (ss *smtpSession) Mail(from string, _ *smtp.MailOptions) error {
	ss.from = from
	return nil
}

func (ss *smtpSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	if err := ss.s.checkFault(to); err != nil {
		ss.s.log.Info("smtp rcpt refused by fault hook", "rcpt", logAddr(to), "err", err)
		return err
	}
	ss.rcpts = append(ss.rcpts, to)
	return nil
}

func (ss *smtpSession) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err // go-smtp maps ErrDataTooLarge to 552
	}
	for _, rcpt := range ss.rcpts {
		if err := ss.s.checkFault(rcpt); err != nil {
			ss.s.log.Info("smtp data refused by fault hook", "rcpt", logAddr(rcpt), "err", err)
			return err
		}
	}
	for _, rcpt := range ss.rcpts {
		if err := ss.s.deliver(rcpt, ss.traceHeader(rcpt), raw); err != nil {
			ss.s.log.Error("local delivery failed", "rcpt", logAddr(rcpt), "err", err)
			return &smtp.SMTPError{
				Code:         451,
				EnhancedCode: smtp.EnhancedCode{4, 3, 0},
				Message:      "Local delivery failed",
			}
		}
		ss.s.log.Info("smtp mail delivered", "from", ss.from, "rcpt", logAddr(rcpt), "size", len(raw))
		ss.s.mu.Lock()
		f := ss.s.delivered
		ss.s.mu.Unlock()
		if f != nil {
			f(rcpt)
		}
	}
	return nil
}

// traceHeader builds the header fields that the final delivery adds (RFC
// 5321 section 4.4): Return-Path with the envelope sender, which is "<>"
// for bounces, and a Received line.
func (ss *smtpSession) traceHeader(rcpt string) []byte {
	host := ss.conn.Hostname()
	ip := ss.remote
	if h, _, err := net.SplitHostPort(ss.remote); err == nil {
		ip = h
	}
	return fmt.Appendf(nil, "Return-Path: <%s>\r\nReceived: from %s ([%s])\r\n\tby %s (pbm localmail) with ESMTP\r\n\tfor <%s>; %s\r\n",
		ss.from, host, ip, ss.s.cfg.Domain, rcpt, time.Now().Format(time.RFC1123Z))
}

func (ss *smtpSession) Reset() {
	ss.from, ss.rcpts = "", nil
}

func (ss *smtpSession) Logout() error { return nil }

// logAddr is a recipient as the log shows it: a subaddress (RFC 5233)
// may carry a reply token, which is a secret, so it is masked.
func logAddr(addr string) string {
	plus := strings.Index(addr, "+")
	at := strings.LastIndex(addr, "@")
	if plus < 0 || at < plus {
		return addr
	}
	return addr[:plus+1] + "********" + addr[at:]
}
