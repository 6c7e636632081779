// Package config is what a play-by-email server (package pbm) is
// configured with: its fields, their defaults and the checks of what
// is given. It holds no state and may not read files, the environment,
// the store's contents or mail.
package config

import (
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/guard"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/limit"
	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/store"
	"golang.org/x/crypto/bcrypt"
)

// Config is what a Server needs.
type Config struct {
	Store *store.Store
	Games *engine.Registry
	// Address is the server's own mail address: players write to it,
	// and it is the sender of every mail the server writes.
	Address string
	// Name is the display name in From and in signatures.
	Name string
	// Admins are the userids allowed to run admin commands.
	Admins []string
	// BackupDir is where the admin command backup writes its copies.
	BackupDir string
	// MaxCommands bounds the commands read from one mail; default 50.
	MaxCommands int
	// MaxLineBytes bounds one command line (the Subject, a body line,
	// the line of a reply); default 4096. A longer line is refused
	// unread, whatever it holds.
	MaxLineBytes int
	// MaxMoveBytes bounds one move string handed to a game (the joined
	// turn of a game of engine.Turns); default 2048. MaxMoves bounds
	// the moves (the words) of one command; default 100.
	MaxMoveBytes, MaxMoves int
	// RateLimit is the most mails that fail authentication (rateLimit)
	// one sender address may have handled in an hour; default 60. Past
	// it, the address is told once and further such mail is recorded
	// without effect until the hour is over; mail with a valid password
	// or reply token is handled all the same, but each of its commands
	// that proves no account counts against the same allowance and is
	// refused past it (gate).
	RateLimit int
	// The limits of one mail and one sender (gate), each with its
	// default when zero: MessageLimit, the copies of messages and chat
	// one player may send other players an hour (40); MaxSignups, the
	// signups of one mail (2); MaxPasswordWork, the bcrypt checks and
	// hashes of one mail (4); MaxLists, the list commands of one mail
	// (5); MaxAccounts, the open accounts of one address (5).
	MessageLimit, MaxSignups, MaxPasswordWork, MaxLists, MaxAccounts int
	// DedupeWindow is how long a mail handled is remembered, so that a
	// copy of it is not applied again; a mail dated longer ago than
	// that is refused as stale. Default 30 days.
	DedupeWindow time.Duration
	// NagDays and ForfeitDays are the clock of a board unless its
	// challenge sets --nag or --forfeit; defaults 7 and 21.
	NagDays, ForfeitDays int
	// VacationDays bounds the days of vacation per account and
	// calendar year; default 30.
	VacationDays int
	// BcryptCost is the cost of new password hashes; default
	// bcrypt.DefaultCost.
	BcryptCost int
	// MailTimeout bounds the time one mail may take (guard.Mark.Guard);
	// default 30 s.
	MailTimeout time.Duration
	// OnHang is called when a mail has not finished after four times
	// MailTimeout; the daemon exits there. AttemptFile is where the
	// mark of the mail being handled is kept; default the store's path
	// with ".handling".
	OnHang      func(id string)
	AttemptFile string
	// AdminClaim lists, per admin userid (lower case), the addresses
	// from which it may be signed up by mail (checkClaim); an admin
	// userid not listed is created only on the host (CreateAdmin).
	AdminClaim map[string][]string
	// ConfirmDays is how long an address given for an account waits
	// for its owner's confirmation before it is dropped; default 3.
	ConfirmDays int
	// Tournaments bound what one organiser's tournaments ask of the
	// server (tournament.Limits).
	Tournaments tournament.Limits
	// WebURL is the base address of the web site, put into board mails
	// as the link to each board's page; empty for none.
	WebURL string
	// TokenKey is the key of the reply tokens (replyToken), kept out
	// of the store by the daemon; nil keeps one in the store.
	TokenKey []byte
	// AuthServID is the authserv-id of the operator's MTA: the
	// Authentication-Results fields (RFC 8601) under it say whether a
	// mail's From is genuine (mail.Judge); empty reads none of them.
	AuthServID string
	// Language is the code of the language (pbm/lang) of new accounts
	// and of the answers to people without one; default "en".
	Language string
	// Now is the clock; default time.Now.
	Now    func() time.Time
	Logger *slog.Logger
}

// Complete checks cfg and returns it with the default of each field
// left empty: an error when it names no store, when its address has no
// domain or when its language is not one of the catalogue's. The
// bounds of what the core reads of a command (MaxLineBytes,
// MaxMoveBytes, MaxMoves) and MailTimeout are left as given: their
// defaults are the core's.
func (cfg Config) Complete() (Config, error) {
	if cfg.Store == nil {
		return cfg, errors.New("pbm: no store")
	}
	if cfg.Games == nil {
		cfg.Games = engine.NewRegistry()
	}
	if _, domain, ok := strings.Cut(cfg.Address, "@"); !ok || domain == "" {
		return cfg, fmt.Errorf("pbm: server address %q has no domain", cfg.Address)
	}
	cfg.Address = strings.ToLower(cfg.Address)
	if cfg.Name == "" {
		cfg.Name = "PBM Server"
	}
	if cfg.MaxCommands <= 0 {
		cfg.MaxCommands = 50
	}
	if cfg.NagDays <= 0 {
		cfg.NagDays = 7
	}
	if cfg.ForfeitDays <= 0 {
		cfg.ForfeitDays = 21
	}
	if cfg.VacationDays <= 0 {
		cfg.VacationDays = 30
	}
	if cfg.ConfirmDays <= 0 {
		cfg.ConfirmDays = 3
	}
	if cfg.RateLimit <= 0 {
		cfg.RateLimit = 60
	}
	for _, l := range []struct {
		v   *int
		def int
	}{
		{&cfg.MessageLimit, 40}, {&cfg.MaxSignups, limit.DefaultSignups}, {&cfg.MaxPasswordWork, limit.DefaultPasswordWork},
		{&cfg.MaxLists, limit.DefaultLists}, {&cfg.MaxAccounts, 5},
	} {
		if *l.v <= 0 {
			*l.v = l.def
		}
	}
	if cfg.DedupeWindow <= 0 {
		cfg.DedupeWindow = guard.DefaultDedupeWindow
	}
	if cfg.BcryptCost == 0 {
		cfg.BcryptCost = bcrypt.DefaultCost
	}
	if cfg.BackupDir == "" {
		cfg.BackupDir = "."
	}
	if cfg.AttemptFile == "" {
		cfg.AttemptFile = cfg.Store.Path() + ".handling"
	}
	if cfg.Language == "" {
		cfg.Language = lang.Default
	}
	code, ok := lang.Match(cfg.Language)
	if !ok {
		return cfg, fmt.Errorf("pbm: server language %q is not one of %s", cfg.Language, strings.Join(lang.Codes, ", "))
	}
	cfg.Language = code
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return cfg, nil
}

// Domain is the domain of the server's address.
func (cfg Config) Domain() string {
	_, domain, _ := strings.Cut(cfg.Address, "@")
	return domain
}

// IsAdmin reports whether id is one of the admins.
func (cfg Config) IsAdmin(id string) bool {
	for _, a := range cfg.Admins {
		if strings.EqualFold(a, id) {
			return true
		}
	}
	return false
}
