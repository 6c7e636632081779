package daemon

import (
	"log/slog"
	"strings"

	"github.com/pbmgo/pbm/pbm/lmtp"
	"github.com/pbmgo/pbm/pbm/mail"
)

// startLMTP opens the LMTP listener (lmtp.listen): each mail goes to
// the same handler as the IMAP intake's, and a mail that cannot be
// parsed at all is refused for good, so that the MTA returns it to
// its sender. At most maxConns connections are open at once.
func startLMTP(cfg Config, h lmtp.Handler, maxConns int, log *slog.Logger) (*lmtp.Server, error) {
	_, domain, _ := strings.Cut(cfg.Server.Address, "@")
	return lmtp.Listen(lmtp.Config{
		Listen: cfg.LMTP.Listen, MaxSize: cfg.LMTP.MaxSize, Domain: domain, Logger: log,
		MaxConnections: maxConns, IdleTimeout: cfg.LMTP.IdleTimeout,
		Handler: h,
		Check: func(raw []byte) error {
			_, err := mail.Parse(raw)
			return err
		},
	})
}

// LMTPAddr is the LMTP listener's address, or "" without one.
func (d *Daemon) LMTPAddr() string {
	if d.lmtp == nil {
		return ""
	}
	return d.lmtp.Addr()
}
