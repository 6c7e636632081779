// Package daemon wires the parts of the server together: the store,
// the command core, the IMAP intake, the SMTP delivery and, when no
// mail server is configured, the embedded mail servers. cmd/pbmd reads
// the configuration and calls Start; the end-to-end tests do the same.
package daemon

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm"
	"github.com/pbmgo/pbm/pbm/inbox"
	"github.com/pbmgo/pbm/pbm/lmtp"
	"github.com/pbmgo/pbm/pbm/localmail"
	"github.com/pbmgo/pbm/pbm/outbox"
	"github.com/pbmgo/pbm/pbm/testclock"
	"github.com/pbmgo/pbm/store"
)

// Config is the whole configuration, as read from the YAML file
// (config.example.yaml documents every key).
type Config struct {
	Data      string   `mapstructure:"data"`
	BackupDir string   `mapstructure:"backup"`
	Admins    []string `mapstructure:"admins"`
	// Claim lists, per admin userid, the addresses from which it may
	// be signed up by mail; see pbm.Config.AdminClaim.
	Claim map[string][]string `mapstructure:"claim"`
	// RateLimit is the most mails one sender may send in an hour.
	RateLimit int `mapstructure:"ratelimit"`
	// MessageLimit is the most copies of messages one player may mail
	// other players in an hour.
	MessageLimit int `mapstructure:"messagelimit"`
	// MailTimeout bounds the time one mail may take (guard.Mark.Guard).
	MailTimeout time.Duration `mapstructure:"mailtimeout"`
	// Dedupe is how long a mail handled is remembered against copies;
	// older mail is refused as stale (guard.Unfit).
	Dedupe time.Duration `mapstructure:"dedupe"`
	Clock  struct {
		Nag      int           `mapstructure:"nag"`      // days idle before a reminder
		Forfeit  int           `mapstructure:"forfeit"`  // days idle before a forfeit
		Vacation int           `mapstructure:"vacation"` // vacation days per year
		Tick     time.Duration `mapstructure:"tick"`     // how often the clocks run
		Confirm  int           `mapstructure:"confirm"`  // days an address waits for its confirmation
	} `mapstructure:"clock"`
	Server struct {
		Address string `mapstructure:"address"`
		Name    string `mapstructure:"name"`
		// Language is the language (en, hu, cs, nl, de) of new
		// accounts and of answers to people without an account.
		Language string `mapstructure:"language"`
	} `mapstructure:"server"`
	IMAP struct {
		Host      string        `mapstructure:"host"`
		Port      int           `mapstructure:"port"`
		TLS       string        `mapstructure:"tls"`
		Username  string        `mapstructure:"username"`
		Password  string        `mapstructure:"password"`
		Mailbox   string        `mapstructure:"mailbox"`
		Processed string        `mapstructure:"processed"`
		Poll      time.Duration `mapstructure:"poll"`
		// CAFile names PEM certificates to trust besides the system's.
		CAFile string `mapstructure:"cafile"`
	} `mapstructure:"imap"`
	SMTP struct {
		Host     string        `mapstructure:"host"`
		Port     int           `mapstructure:"port"`
		TLS      string        `mapstructure:"tls"`
		Username string        `mapstructure:"username"`
		Password string        `mapstructure:"password"`
		Helo     string        `mapstructure:"helo"`
		Poll     time.Duration `mapstructure:"poll"`
		CAFile   string        `mapstructure:"cafile"`
	} `mapstructure:"smtp"`
	// LMTP is the intake from the operator's MTA (pbm/lmtp).
	// MaxConnections caps its open connections (0: derived from the
	// file limit, shareDescriptors); IdleTimeout closes a connection that
	// waits that long for a command (0: lmtp.DefaultIdleTimeout).
	LMTP struct {
		Listen         string        `mapstructure:"listen"`
		MaxSize        int64         `mapstructure:"maxsize"`
		MaxConnections int           `mapstructure:"maxconnections"`
		IdleTimeout    time.Duration `mapstructure:"idletimeout"`
	} `mapstructure:"lmtp"`
	// Web is the read-only web site (pbm/web): Listen is its address,
	// empty for none; URL the base address put into board mails;
	// MaxConnections caps its open connections (0: derived from the
	// file limit, shareDescriptors); IdleTimeout closes a keep-alive
	// connection that long without a request (0:
	// DefaultWebIdleTimeout).
	Web struct {
		Listen         string        `mapstructure:"listen"`
		URL            string        `mapstructure:"url"`
		MaxConnections int           `mapstructure:"maxconnections"`
		IdleTimeout    time.Duration `mapstructure:"idletimeout"`
	} `mapstructure:"web"`
	// Log is the daemon's log: Level is debug, info, warn or error.
	Log struct {
		Level string `mapstructure:"level"`
	} `mapstructure:"log"`
	// Token is the key of the reply tokens (pbm.Config.TokenKey): Key is
	// its hex, empty for the key file beside the database (keyFile).
	Token struct {
		Key string `mapstructure:"key"`
	} `mapstructure:"token"`
	// Mail is what the operator's MTA tells of incoming mail:
	// AuthServID is the authserv-id under which it stamps
	// Authentication-Results (RFC 8601; see pbm.Config.AuthServID),
	// empty for none.
	Mail struct {
		AuthServID string `mapstructure:"authservid"`
	} `mapstructure:"mail"`
	// Tournament bounds what one organiser's tournaments ask of the
	// server (pbm.TournamentLimits): Open is the most unfinished
	// tournaments a player organises, ComputerBoards the most boards
	// of the computer against itself at once in them.
	Tournament struct {
		Open           int `mapstructure:"open"`
		ComputerBoards int `mapstructure:"computer"`
	} `mapstructure:"tournament"`
	Embedded struct {
		IMAP     string `mapstructure:"imap"`
		SMTP     string `mapstructure:"smtp"`
		Password string `mapstructure:"password"`
	} `mapstructure:"embedded"`

	// Set by the caller, not the file.
	Games      *engine.Registry `mapstructure:"-"`
	Logger     *slog.Logger     `mapstructure:"-"`
	BcryptCost int              `mapstructure:"-"`
	// Retry is the outbox's wait after each temporary failure in a
	// row; the last repeats. Empty: the outbox's default.
	Retry []time.Duration `mapstructure:"retry"`
	// Backoff is the intake's first wait after a lost connection or a
	// mail that could not be stored; it doubles up to 20 times itself.
	// Zero: the intake's defaults.
	Backoff time.Duration `mapstructure:"backoff"`
	// Now is the clock (tests); default time.Now.
	Now func() time.Time `mapstructure:"-"`
}

// Daemon is a running server.
type Daemon struct {
	Store  *store.Store
	Server *pbm.Server
	// Local is the embedded mail server, or nil when a real one is
	// configured.
	Local  *localmail.Server
	inbox  *inbox.Inbox
	lmtp   *lmtp.Server
	web    *webSite
	sender *outbox.Sender
	cancel context.CancelFunc
	wg     sync.WaitGroup
	log    *slog.Logger
	wake   chan struct{} // wakes the computer's worker (Daemon.opponent)
	// testClock is the clock PBM_TEST_CLOCK sets, or nil (withTestClock).
	testClock *testclock.Clock
}

// Start opens the store and starts the intake and the delivery. It
// returns once everything is listening; Close stops it.
func Start(ctx context.Context, cfg Config) (*Daemon, error) {
	log := cfg.Logger
	if log == nil {
		log = slog.Default()
	}
	if cfg.Server.Address == "" {
		return nil, errors.New("daemon: server.address is empty")
	}
	if err := CheckAddress(cfg.Server.Address); err != nil {
		return nil, fmt.Errorf("daemon: server.address: %w", err)
	}
	if err := CheckHost(cfg); err != nil {
		return nil, fmt.Errorf("daemon: %w", err)
	}
	if err := checkIntake(cfg); err != nil {
		return nil, err
	}
	tc, err := withTestClock(&cfg, log)
	if err != nil {
		return nil, err
	}
	st, key, err := openStore(cfg, log)
	if err != nil {
		return nil, err
	}
	d := &Daemon{Store: st, log: log, testClock: tc}
	fail := func(err error) (*Daemon, error) {
		d.closeParts()
		return nil, err
	}
	// Board mails link the site only at its public address, web.url:
	// the address it listens on may be loopback or behind a proxy.
	// The web site and LMTP get capped shares of the file
	// descriptors, and the rest is kept for the mail (shareDescriptors).
	caps := shareDescriptors(fileLimit(), cfg.Web.MaxConnections, cfg.LMTP.MaxConnections, cfg.LMTP.Listen != "", log)
	log.Info("file descriptors", "limit", caps.Limit, "reserve", caps.Reserve, "web_max_connections", caps.Web, "lmtp_max_connections", caps.LMTP)
	if d.web, err = startWeb(cfg, st, caps.Web, log); err != nil {
		return fail(err)
	}
	webURL := cfg.Web.URL
	if webURL == "" && d.web != nil {
		if cfg.IMAP.Host == "" && !(cfg.LMTP.Listen != "" && cfg.SMTP.Host != "") {
			// Trial mode, on the embedded mail servers: the players
			// are on this machine, and the site's own address is
			// the one they can open.
			webURL = "http://" + d.web.addr + "/"
			log.Info("web.url is empty: board mails link the web site at its own address", "url", webURL)
		} else {
			log.Warn("web.url is empty: board mails carry no link to the web site; set it to the site's public address")
		}
	}
	d.Server, err = pbm.New(pbm.Config{
		Store: st, Games: cfg.Games, Address: cfg.Server.Address, Name: cfg.Server.Name,
		Admins: cfg.Admins, BackupDir: cfg.BackupDir, BcryptCost: cfg.BcryptCost, Logger: log,
		RateLimit: cfg.RateLimit, MessageLimit: cfg.MessageLimit, NagDays: cfg.Clock.Nag, ForfeitDays: cfg.Clock.Forfeit,
		VacationDays: cfg.Clock.Vacation, Now: cfg.Now, WebURL: webURL, TokenKey: key,
		MailTimeout: cfg.MailTimeout, DedupeWindow: cfg.Dedupe,
		AdminClaim: cfg.Claim, ConfirmDays: cfg.Clock.Confirm, Language: cfg.Server.Language,
		AuthServID:  cfg.Mail.AuthServID,
		Tournaments: pbm.TournamentLimits{Open: cfg.Tournament.Open, ComputerBoards: cfg.Tournament.ComputerBoards},
		// A mail that never returns holds bbolt's write transaction,
		// which nothing can abandon: the process exits, which is safe
		// at any point; after a restart the mail's mark sets it aside
		// (guard.Mark.Load).
		OnHang: func(id string) {
			log.Error("a mail hangs the intake; exiting so that it is set aside after the restart", "id", id)
			os.Exit(70)
		},
	})
	if err != nil {
		return fail(err)
	}
	// A configured admin userid with no account is open to whoever
	// signs it up first, were the claim not guarded (account.Open with
	// Signup.Claim): the operator is told to claim it.
	unclaimed, err := d.Server.UnclaimedAdmins()
	if err != nil {
		return fail(err)
	}
	for _, id := range unclaimed {
		log.Warn("admin userid has no confirmed account; claim it with \"pbmd admin add "+id+" <address>\" with the daemon stopped, or by mail from an address listed for it under claim",
			"userid", id, "claim_addresses", len(cfg.Claim[strings.ToLower(id)]))
	}

	imapAddr := net.JoinHostPort(cfg.IMAP.Host, strconv.Itoa(cfg.IMAP.Port))
	smtpAddr := net.JoinHostPort(cfg.SMTP.Host, strconv.Itoa(cfg.SMTP.Port))
	imapUser, imapPass, imapTLS := cfg.IMAP.Username, cfg.IMAP.Password, cfg.IMAP.TLS
	smtpTLS := cfg.SMTP.TLS
	// Without an IMAP server the embedded mail servers start, unless
	// mail comes over LMTP and goes out through a configured SMTP
	// server (the operator's own MTA).
	lmtpOnly := cfg.IMAP.Host == "" && cfg.LMTP.Listen != "" && cfg.SMTP.Host != ""
	if cfg.IMAP.Host == "" && !lmtpOnly {
		d.Local, err = localmail.Start(localmail.Config{
			IMAPAddr: cfg.Embedded.IMAP, SMTPAddr: cfg.Embedded.SMTP,
			ServerAddress: cfg.Server.Address, Password: cfg.Embedded.Password, Logger: log,
		})
		if err != nil {
			return fail(fmt.Errorf("embedded mail servers: %w", err))
		}
		imapAddr, smtpAddr = d.Local.IMAPAddr(), d.Local.SMTPAddr()
		imapUser, imapPass, imapTLS, smtpTLS = cfg.Server.Address, cfg.Embedded.Password, "none", "none"
		if imapPass == "" {
			imapPass = localmail.DefaultPassword
		}
		log.Info("embedded mail servers", "imap", imapAddr, "smtp", smtpAddr, "server_address", cfg.Server.Address)
	}

	imapTLSConfig, err := tlsConfig(imapAddr, cfg.IMAP.CAFile)
	if err != nil {
		return fail(err)
	}
	smtpTLSConfig, err := tlsConfig(smtpAddr, cfg.SMTP.CAFile)
	if err != nil {
		return fail(err)
	}
	d.sender, err = outbox.New(outbox.Config{
		Store: st, Addr: smtpAddr, TLS: smtpTLS, TLSConfig: smtpTLSConfig, Username: cfg.SMTP.Username, Password: cfg.SMTP.Password,
		Helo: cfg.SMTP.Helo, Poll: cfg.SMTP.Poll, Retry: cfg.Retry, OnFailure: d.Server.ReportFailure, Logger: log,
		Now: cfg.Now,
	})
	if err != nil {
		return fail(err)
	}
	var maxBackoff time.Duration
	if cfg.Backoff > 0 {
		maxBackoff = 20 * cfg.Backoff
	}
	if !lmtpOnly {
		d.inbox, err = inbox.New(inbox.Config{
			Addr: imapAddr, TLS: imapTLS, TLSConfig: imapTLSConfig, Username: imapUser, Password: imapPass,
			Mailbox: cfg.IMAP.Mailbox, Processed: cfg.IMAP.Processed, Poll: cfg.IMAP.Poll,
			MinBackoff: cfg.Backoff, MaxBackoff: maxBackoff, RetryBackoff: cfg.Backoff,
			Handler: d.handle, BatchHandler: d.handleBatch, Logger: log,
			UnreadHandler: d.handleUnread,
		})
		if err != nil {
			return fail(err)
		}
	}
	// Before any mail is taken in: the start is counted, and the mails
	// set aside at an earlier start are replayed, each by itself
	// (guard.Start, pbm.Server.Replay).
	if err := d.Server.StartUp(ctx); err != nil {
		return fail(err)
	}
	if cfg.LMTP.Listen != "" {
		if d.lmtp, err = startLMTP(cfg, d.handle, caps.LMTP, log); err != nil {
			return fail(err)
		}
	}
	ctx, d.cancel = context.WithCancel(ctx)
	tick := cfg.Clock.Tick
	if tick <= 0 {
		tick = time.Hour
	}
	if d.inbox != nil {
		d.wg.Add(1)
		go func() { defer d.wg.Done(); d.inbox.Run(ctx) }()
	}
	d.wake = make(chan struct{}, 1)
	d.wg.Add(3)
	go func() { defer d.wg.Done(); d.sender.Run(ctx) }()
	go func() { defer d.wg.Done(); d.clock(ctx, tick) }()
	go func() { defer d.wg.Done(); d.opponent(ctx, d.wake, time.Second) }()
	return d, nil
}

// checkIntake refuses a configuration that names a real mail server
// but no intake: with imap.host and lmtp.listen both empty the daemon
// would start its embedded servers on loopback and ignore the rest, a
// private mail server nobody writes to. It names the keys that are set.
func checkIntake(cfg Config) error {
	if cfg.IMAP.Host != "" || cfg.LMTP.Listen != "" {
		return nil
	}
	var set []string
	for _, k := range []struct{ name, value string }{
		{"smtp.host", cfg.SMTP.Host}, {"smtp.username", cfg.SMTP.Username}, {"smtp.password", cfg.SMTP.Password},
		{"imap.username", cfg.IMAP.Username}, {"imap.password", cfg.IMAP.Password},
	} {
		if k.value != "" {
			set = append(set, k.name)
		}
	}
	if len(set) == 0 {
		return nil
	}
	return fmt.Errorf("daemon: %s set, but no intake: set imap.host (the mailbox to read) or lmtp.listen (mail handed over by your MTA); "+
		"for the embedded mail servers leave %s empty", strings.Join(set, ", "), strings.Join(set, ", "))
}

// tlsConfig trusts the system's roots plus the certificates in
// caFile, if one is named.
func tlsConfig(addr, caFile string) (*tls.Config, error) {
	host, _, _ := net.SplitHostPort(addr)
	cfg := &tls.Config{ServerName: host}
	if caFile == "" {
		return cfg, nil
	}
	pem, err := os.ReadFile(caFile)
	if err != nil {
		return nil, fmt.Errorf("daemon: ca file: %w", err)
	}
	pool, err := x509.SystemCertPool()
	if err != nil {
		pool = x509.NewCertPool()
	}
	if !pool.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("daemon: no certificate in %s", caFile)
	}
	cfg.RootCAs = pool
	return cfg, nil
}

// handle passes one mail to the core and wakes the sender when it
// queued mail.
func (d *Daemon) handle(ctx context.Context, raw []byte) error {
	out, err := d.Server.Handle(ctx, raw)
	if err == nil && out.Queued > 0 {
		d.sender.Poke()
		d.pokeOpponent()
	}
	return err
}

// handleUnread tells the sender of a mail the intake does not read
// why.
func (d *Daemon) handleUnread(ctx context.Context, header []byte, reason string) error {
	out, err := d.Server.HandleUnread(ctx, header, reason)
	if err == nil && out.Queued > 0 {
		d.sender.Poke()
	}
	return err
}

// handleBatch passes the mails the intake has in hand to the core as
// one group commit and wakes the sender.
func (d *Daemon) handleBatch(ctx context.Context, raws [][]byte) []error {
	errs := d.Server.HandleBatch(ctx, raws)
	if len(errs) > 0 && errs[0] == nil {
		d.sender.Poke()
	}
	return errs
}

// clock runs the boards' clocks (reminders, forfeits) every tick.
func (d *Daemon) clock(ctx context.Context, tick time.Duration) {
	t := time.NewTicker(tick)
	defer t.Stop()
	for {
		d.reloadTestClock()
		if n, err := d.Server.Tick(ctx); err != nil {
			d.log.Error("clock", "error", err)
		} else if n > 0 {
			d.sender.Poke()
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Close stops the intake and the delivery and closes the store.
func (d *Daemon) Close() error {
	if d.cancel != nil {
		d.cancel()
	}
	d.wg.Wait()
	return d.closeParts()
}

func (d *Daemon) closeParts() error {
	var errs []error
	if d.lmtp != nil {
		// First, so that no mail is handled once the store closes.
		errs = append(errs, d.lmtp.Close())
	}
	if d.web != nil {
		errs = append(errs, d.web.close())
	}
	if d.Local != nil {
		errs = append(errs, d.Local.Close())
	}
	if d.Store != nil {
		errs = append(errs, d.Store.Close())
	}
	return errors.Join(errs...)
}
