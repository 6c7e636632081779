// Package pbm is the core of the play-by-email server: it reads one
// incoming mail as bytes, runs its commands against the store and the
// game engines, and queues every mail that follows in the outbox, all
// in one transaction. It joins the domain (boards, accounts,
// tournaments) to mail; it opens no sockets: the transports beside it
// (pbm/inbox, pbm/outbox, pbm/localmail, pbm/lmtp) move the bytes, and
// no package below it imports it. The README's Layout section lists the
// packages it joins and what each may import.
//
// The walk of one mail:
//
//	Server.Handle, handle      the guard's mark and bound (pbm/guard)
//	Server.apply               one transaction: seen before (guard.Seen),
//	                           ignored, the rate limit, a mail unfit
//	run.all                    a reply by token (byReply) or the mail's
//	                           command lines (command.Reader), each:
//	run.oneAs, resolve         the line parsed once (pbm/command)
//	gate, authenticate         the mail's limits, then the account, board
//	                           or tournament the table says (account.TryPassword)
//	the handler (cmdX)         a free function of its concept: it calls
//	                           the domain (pbm/board, pbm/account,
//	                           pbm/tournament, pbm/seek) and says the
//	                           result as messages (lang.Msg)
//	commit, record             a board's change saved and its board mails
//	                           written (notice.Writer.BoardMails)
//	run.reply                  the unit's mails queued (boardMails), the
//	                           sender's board mail as the answer when the
//	                           mail changed one board, else the answer
//	                           of every command
//
// The clock (Server.Tick), the computer (Server.PlayComputer) and the
// steps of a tournament use the same unit of work (unit, endUnit) and
// the same commit, without a mail.
package pbm

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/config"
	"github.com/pbmgo/pbm/pbm/credential"
	"github.com/pbmgo/pbm/pbm/guard"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/pbm/notice"
	"github.com/pbmgo/pbm/store"
)

// Config is what a Server needs (package config: its fields, defaults
// and checks).
type Config = config.Config

// Server handles incoming mail.
type Server struct {
	cfg    Config
	domain string
	// notices writes every outgoing mail (pbm/notice).
	notices *notice.Writer
	// cat is the message catalogue: the texts in each language, the
	// server's own for those who chose none.
	cat lang.Local
	// now is the clock (Config.Now).
	now func() time.Time
	log *slog.Logger
	// creds remembers verified passwords (pbm/credential).
	creds *credential.Cache
	// boards replays boards from a cache of the last position of busy
	// boards (pbm/board).
	boards *board.Boards
	global commandSet
	game   commandSet
	// tries is the guard's mark of the mails in hand (pbm/guard).
	tries *guard.Mark
	// start is the number of this start of the daemon (StartUp), 0
	// before it.
	start int
}

// New returns a server for the given configuration.
func New(cfg Config) (*Server, error) {
	cfg, err := cfg.Complete()
	if err != nil {
		return nil, err
	}
	if cfg.MaxLineBytes <= 0 {
		cfg.MaxLineBytes = defaultMaxLine
	}
	if cfg.MaxMoveBytes <= 0 {
		cfg.MaxMoveBytes = defaultMaxMove
	}
	if cfg.MaxMoves <= 0 {
		cfg.MaxMoves = defaultMaxMoves
	}
	if cfg.MailTimeout <= 0 {
		cfg.MailTimeout = defaultMailTimeout
	}
	cat, err := lang.Load()
	if err != nil {
		return nil, err
	}
	log, domain := cfg.Logger, cfg.Domain()
	s := &Server{cfg: cfg, domain: domain, now: cfg.Now, log: log, tries: guard.NewMark(cfg.AttemptFile, log), creds: credential.New(0)}
	s.cat = cat.Local(&s.cfg.Language)
	s.boards = board.NewBoards(func() *engine.Registry { return s.cfg.Games }, 10000)
	if s.notices, err = notice.New(notice.Config{Name: cfg.Name, Address: cfg.Address, TokenKey: cfg.TokenKey, Now: s.now, Printer: s.cat.For, Broken: broken, Bound: boundText,
		ForfeitDays: cfg.ForfeitDays, Log: log,
		Link: func(game string, number int) string { return notice.BoardLink(s.cfg.WebURL, game, number) }, Vote: notice.VoteLine, Bank: bankText, Computer: isComputer}); err != nil {
		return nil, err
	}
	s.global, s.game = commands()
	s.tries.Load()
	return s, nil
}

// Outcome says what became of one mail.
type Outcome struct {
	ID        string
	From      string
	Commands  int
	Refused   int
	Duplicate bool
	// Ignored is non-empty when the mail was recorded and not
	// answered: the reason.
	Ignored string
	Queued  int // mails put in the outbox
}

func (o Outcome) String() string {
	switch {
	case o.Duplicate:
		return "duplicate"
	case o.Ignored != "":
		return "ignored: " + o.Ignored
	case o.Refused > 0:
		return fmt.Sprintf("%d commands, %d refused", o.Commands, o.Refused)
	}
	return fmt.Sprintf("%d commands", o.Commands)
}

// Handle processes one raw mail. A nil error means the mail is done
// for good (applied, refused, ignored or a duplicate) and may be
// acknowledged; an error means nothing of it was kept and it should be
// offered again later.
func (s *Server) Handle(ctx context.Context, raw []byte) (Outcome, error) {
	return s.handle(ctx, readMail(raw), raw)
}

// HandleUnread handles a mail that is not read, of which only its
// header (or the start of it) is known: one too large to download.
// reason says why; the sender, if the header names one, is told so
// (with the rules of any answer: the rate limit, RFC 3834). The nil
// error means the same as Handle's.
func (s *Server) HandleUnread(ctx context.Context, header []byte, reason string) (Outcome, error) {
	return s.handle(ctx, mail.ScanHeader(header, reason), header)
}

func (s *Server) handle(ctx context.Context, m *mail.Message, raw []byte) (Outcome, error) {
	var out Outcome
	var after []func()
	out.ID, out.From = m.ID, m.From
	s.tries.Settle(ctx, m.ID)
	deaths := 0
	err := s.cfg.Store.Update(func(tx *store.Tx) (err error) {
		// The guard holds the mail only inside the write transaction:
		// a death while it waits for another mail's is not its own.
		hctx, tries, release := s.tries.Guard(ctx, []string{m.ID}, 0, s.cfg.MailTimeout, s.cfg.OnHang)
		defer func() { release(err == nil) }()
		deaths = tries - 1
		out, after, err = s.apply(hctx, tx, m, tries)
		return err
	})
	if bug, ok := asBroken(err); ok {
		// The same mail would fail the same way every time, and hold
		// back the mail after it: it is set aside with an
		// apology to its sender and a report to the admins, and nothing
		// else of it.
		s.log.Error("mail", "id", m.ID, "from", m.From, "subject", lineReader(s).Masked(m.Subject), "error", err)
		out, after = Outcome{ID: m.ID, From: m.From, Ignored: "internal error"}, nil
		err = s.cfg.Store.Update(func(tx *store.Tx) error {
			// The mail is marked processed and kept whole among the
			// set-aside mails (deaths: the deaths of the daemon
			// charged to it); its sender is told, once, that nothing
			// of it was applied, and the admins are told.
			rec, err := guard.GiveUp(tx, m, store.SetAside{MessageID: m.ID, Key: m.Key, From: m.From, Subject: lineReader(s).Masked(m.Subject), Raw: raw,
				Reason: bug.Error(), Deaths: deaths, At: s.now(), Start: s.start})
			if err != nil {
				return err
			}
			if rec.Failures == 1 && m.From != "" && !mail.IsSubaddress(m.From, s.cfg.Address) && m.Automatic == "" && mail.Judge(m.AuthResults, s.cfg.AuthServID, m.From) != mail.Failed {
				p := s.cat.For("")
				if u, ok := account.At(tx, m.From); ok {
					p = s.cat.For(u.Language)
				}
				if err := s.notices.Apology(tx, m.From, m.ID, p); err != nil {
					return err
				}
			}
			return s.notices.SetAside(tx, s.cfg.Admins, rec, lang.M("GuardWhatBroken"))
		})
		if err == nil {
			s.tries.Forget(m.ID)
		}
	}
	if err != nil {
		s.log.Error("mail", "id", m.ID, "from", m.From, "subject", lineReader(s).Masked(m.Subject), "error", err)
		return out, fmt.Errorf("handle mail %s: %w", m.ID, err)
	}
	for _, f := range after {
		f()
	}
	s.log.Info("mail", "id", m.ID, "from", m.From, "subject", lineReader(s).Masked(m.Subject), "outcome", out.String(), "queued", out.Queued)
	return out, nil
}

// readMail parses a mail; of an unreadable one, only the header is
// scanned, for a sender to tell.
func readMail(raw []byte) *mail.Message {
	m, perr := mail.Parse(raw)
	if perr != nil {
		m = mail.ScanHeader(raw, perr.Error())
	}
	return m
}

// apply runs one mail inside tx: the duplicate check, the guard's
// mark, the rate limit, every command, the processed record. It
// returns the outcome and what to run once tx has committed.
func (s *Server) apply(ctx context.Context, tx *store.Tx, m *mail.Message, tries int) (out Outcome, after []func(), err error) {
	defer func() {
		// A panic (an engine's bug on some input) rolls the
		// transaction back and sets the mail aside.
		if p := recover(); p != nil {
			err = broken(fmt.Errorf("panic: %v", p))
		}
	}()
	out = Outcome{ID: m.ID, From: m.From}
	if done, err := guard.Seen(tx, m); err != nil || done {
		out.Duplicate = done
		return out, nil, err
	}
	if err := guard.Poisoned(tries); err != nil {
		return out, nil, broken(err)
	}
	now := s.now()
	if err := guard.Expire(tx, now, s.cfg.DedupeWindow, account.RateWindow); err != nil {
		return out, nil, err
	}
	mark := func(outcome string) error { return guard.Done(tx, m, m.Key, now, outcome) }
	if reason := ignored(m, s.cfg.Address); reason != "" {
		out.Ignored = reason
		return out, nil, mark("ignored: " + reason)
	}
	r := &run{unit: &unit{s: s, tx: tx, ctx: ctx}, msg: m, verdict: mail.Judge(m.AuthResults, s.cfg.AuthServID, m.From)}
	if authed, err := r.authenticated(); err != nil {
		return out, nil, err
	} else if !authed {
		if limited, err := r.rateLimit(); err != nil {
			return out, nil, err
		} else if limited {
			out.Ignored, out.Queued = "rate limited", r.queued
			return out, nil, mark("ignored: rate limited")
		}
		r.lim.Counted = true
	}
	if why := guard.Unfit(m, now, s.cfg.DedupeWindow); len(why) > 0 {
		if u, ok := account.At(tx, m.From); ok {
			r.speaks(u)
		}
		sec := &section{Command: "(your mail)", Refused: true}
		sec.say(why...)
		r.sections = append(r.sections, sec)
		if err := r.reply(); err != nil {
			return out, nil, err
		}
		out.Refused, out.Queued = 1, r.queued
		return out, nil, mark(out.String())
	}
	if err := r.all(); err != nil {
		return out, nil, err
	}
	out.Commands, out.Refused, out.Queued = len(r.sections), r.refused(), r.queued
	return out, r.after, mark(out.String())
}

// ignored tells why a mail gets no answer, or "" when it is answered
// (own: the server's address).
func ignored(m *mail.Message, own string) string {
	if m.Automatic != "" {
		return m.Automatic
	}
	if mail.IsSubaddress(m.From, own) {
		// Our own mail coming back would start a loop (RFC 3834
		// section 2).
		return "from our own address"
	}
	return ""
}

// ReportFailure is called within the transaction that records a
// mail's permanent delivery failure: it tells the admins. A report
// that itself fails is only recorded.
func (s *Server) ReportFailure(tx *store.Tx, m store.Mail) error {
	if m.Report {
		return nil
	}
	// Each admin reads the report in the admin's language; the
	// reason is the mail server's, in English.
	texts := map[string]string{}
	for _, a := range s.notices.Admins(tx, s.cfg.Admins) {
		text, ok := texts[a.P.Code()]
		if !ok {
			rows := lang.Columns(a.P, []lang.Row{
				{Label: lang.M("FailureTo"), Value: m.To},
				{Label: lang.M("FailureSubject"), Value: m.Subject},
				{Label: lang.M("FailureQueued"), Value: a.P.Stamp(m.Queued.UTC())},
				{Label: lang.M("FailureAttempts"), Value: fmt.Sprint(m.Attempts)},
				{Label: lang.M("FailureReason"), Value: m.LastError},
			})
			var err error
			if text, err = s.notices.Render("failure.txt", map[string]any{"L": a.P, "Rows": rows, "Server": s.cfg.Name}); err != nil {
				return err
			}
			texts[a.P.Code()] = text
		}
		if err := s.notices.Enqueue(tx, 0, outMail{To: a.Address, Subject: a.P.T("MailSubjectUndeliverable", "To", m.To), Text: text, Report: true, Lang: a.P.Code()}); err != nil {
			return err
		}
	}
	s.log.Warn("delivery failed", "to", m.To, "subject", m.Subject, "reason", m.LastError)
	return nil
}

// brokenError is a failure that does not come and go: a board whose
// log no longer replays, a template that does not render.
type brokenError struct{ err error }

func (e *brokenError) Error() string { return e.err.Error() }
func (e *brokenError) Unwrap() error { return e.err }

func broken(err error) error { return &brokenError{err} }

// asBroken is the failure of err that does not come and go, if it has
// one: a brokenError, or a board that does not replay
// (board.Unreplayable).
func asBroken(err error) (error, bool) {
	var bug *brokenError
	if errors.As(err, &bug) {
		return bug, true
	}
	var lost *board.Unreplayable
	if errors.As(err, &lost) {
		return lost, true
	}
	return nil, false
}
