package daemon

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strconv"

	"github.com/pbmgo/pbm/pbm"
	"github.com/pbmgo/pbm/pbm/outbox"
)

// HandleOnce handles one mail the way a program started per mail
// does (pbmserv's model): it opens the store, runs the mail through
// the core, delivers what it queued over the configured SMTP server,
// and closes the store. It needs a configured mail server (IMAP host
// set); the embedded servers are not started.
func HandleOnce(ctx context.Context, cfg Config, raw []byte) error {
	if cfg.SMTP.Host == "" {
		return errors.New("daemon: handle once needs smtp.host")
	}
	log := cfg.Logger
	if log == nil {
		log = slog.Default()
	}
	if _, err := withTestClock(&cfg, log); err != nil {
		return err
	}
	st, key, err := openStore(cfg, log)
	if err != nil {
		return err
	}
	defer st.Close()
	srv, err := pbm.New(pbm.Config{
		Store: st, Games: cfg.Games, Address: cfg.Server.Address, Name: cfg.Server.Name,
		Admins: cfg.Admins, BackupDir: cfg.BackupDir, BcryptCost: cfg.BcryptCost, Logger: cfg.Logger,
		RateLimit: cfg.RateLimit, MessageLimit: cfg.MessageLimit, NagDays: cfg.Clock.Nag, ForfeitDays: cfg.Clock.Forfeit,
		VacationDays: cfg.Clock.Vacation, Now: cfg.Now, TokenKey: key, DedupeWindow: cfg.Dedupe,
		AdminClaim: cfg.Claim, ConfirmDays: cfg.Clock.Confirm, Language: cfg.Server.Language,
		Tournaments: pbm.TournamentLimits{Open: cfg.Tournament.Open, ComputerBoards: cfg.Tournament.ComputerBoards},
	})
	if err != nil {
		return err
	}
	if _, err := srv.Handle(ctx, raw); err != nil {
		return err
	}
	smtpAddr := net.JoinHostPort(cfg.SMTP.Host, strconv.Itoa(cfg.SMTP.Port))
	tlsc, err := tlsConfig(smtpAddr, cfg.SMTP.CAFile)
	if err != nil {
		return err
	}
	sender, err := outbox.New(outbox.Config{
		Store: st, Addr: smtpAddr, TLS: cfg.SMTP.TLS, TLSConfig: tlsc, Username: cfg.SMTP.Username, Password: cfg.SMTP.Password,
		Helo: cfg.SMTP.Helo, Retry: cfg.Retry, OnFailure: srv.ReportFailure, Logger: cfg.Logger,
	})
	if err != nil {
		return err
	}
	defer sender.Close()
	if _, err := sender.Flush(ctx); err != nil {
		return fmt.Errorf("daemon: deliver: %w", err)
	}
	return nil
}
