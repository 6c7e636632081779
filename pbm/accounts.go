package pbm

import (
	"errors"
	"fmt"
	"strings"

	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/pbm/notice"
	"github.com/pbmgo/pbm/store"
)

// checkPassword is the rule of a new password (account.CheckPassword)
// as its refusal.
func checkPassword(pw string) error { return accountRefusal(account.CheckPassword(pw), "") }

// accountRefusal is the refusal of an account operation's error, id
// the account it is about; any other error is returned as it is.
func accountRefusal(err error, id string) error {
	var bad *account.AddressError
	var already *account.AlreadyError
	var full *account.FullError
	switch {
	case err == nil:
		return nil
	case errors.Is(err, account.ErrPasswordEmpty):
		return refuseMsg(lang.M("AcctPasswordEmpty"))
	case errors.Is(err, account.ErrPasswordLong):
		return refuseMsg(lang.M("AcctPasswordLong"))
	case errors.As(err, &bad):
		return refuseMsg(lang.M("AcctNotAddress", "Word", mail.Quoted(bad.Word)))
	case errors.Is(err, account.ErrMaxAddresses):
		return refuseMsg(lang.M("AcctMaxAddresses"))
	case errors.Is(err, account.ErrBadUserid):
		return refuseMsg(lang.M("AcctBadUserid", "Word", mail.Quoted(id)))
	case errors.Is(err, account.ErrGameName):
		return refuseMsg(lang.M("AcctGameName", "Word", fmt.Sprintf("%q", id)))
	case errors.Is(err, account.ErrTaken):
		return refuseMsg(lang.M("AcctTaken", "User", id))
	case errors.Is(err, account.ErrPasswordWords):
		// Nothing of the password is echoed.
		return refuseMsg(lang.M("AcctPasswordWords"))
	case errors.Is(err, account.ErrAdminClaim):
		return refuseMsg(lang.M("AcctAdminClaim", "User", id))
	case errors.As(err, &already):
		return refuseMsg(lang.M("AcctAlready", "User", id, "Addresses", strings.Join(already.Addresses, ", ")))
	case errors.As(err, &full):
		return refuseMsg(lang.N("AcctHasAddresses", full.Have, "User", id, "Count", full.Have))
	}
	return err
}

// senderOf is the mail's sender as the account rules take it.
func senderOf(c *call) account.Sender {
	return account.Sender{From: c.msg.From, Forged: c.forged(), Now: c.s.now()}
}

func cmdSignup(c *call) error {
	s := c.s
	// -lang=<code> may stand anywhere among the words, as the masking
	// of secrets reads them (usageOptions).
	rest, code, err := languageOption(c.args)
	if err != nil {
		return err
	}
	if len(rest) < 2 {
		return refuseMsg(lang.M("RefuseUsage", "Usage", "signup "+s.global["signup"].Usage))
	}
	c.args = rest
	id := c.args[0]
	claim := s.cfg.IsAdmin(id)
	u, fresh, err := account.Open(c.tx, account.Signup{
		ID: id, Password: c.args[1], Cost: s.cfg.BcryptCost, Language: code, Addresses: c.args[2:], By: senderOf(c),
		IsGame: func(w string) bool { _, ok := s.cfg.Games.Lookup(w); return ok },
		Claim:  claim, ClaimFrom: s.cfg.AdminClaim[strings.ToLower(id)],
	})
	if errors.Is(err, account.ErrAdminClaim) {
		s.log.Warn("admin claim refused", "userid", id, "from", c.msg.From)
	}
	if err != nil {
		return accountRefusal(err, id)
	}
	if claim {
		return claimed(c, u, fresh)
	}
	if err := confirmAll(c, u, fresh); err != nil {
		return err
	}
	goes := lang.M("AcctGoes", "Addresses", strings.Join(u.Addresses, ", "))
	if len(u.Addresses) == 0 {
		goes = lang.M("AcctGoesNowhere")
	}
	ms := []lang.Msg{lang.M("AcctWelcome", "User", id), goes}
	ms = append(ms, pendingMsgs(c.s.cfg.ConfirmDays, u.Pending)...)
	ms = append(ms, lang.M("AcctWelcomeTail"))
	if u.Language != "" {
		c.speaks(u)
		ms = append(ms, lang.M("LanguageIs", "Name", lang.Name(u.Language), "Code", u.Language))
	}
	c.sec.say(ms...)
	return nil
}

func cmdChangePassword(c *call) error {
	s := c.s
	u := c.user
	var err error
	if u, err = account.SetPassword(c.tx, u, c.args[2], s.cfg.BcryptCost); err != nil {
		return accountRefusal(err, u.ID)
	}
	s.creds.Forget(u.ID)
	c.sec.say(lang.M("AcctPasswordChanged", "User", u.ID))
	return nil
}

func cmdChangeAddress(c *call) error {
	u := c.user
	var err error
	old := u.Addresses
	u, fresh, err := account.ChangeAddresses(c.tx, u, c.args[2:], senderOf(c))
	if err != nil {
		return accountRefusal(err, u.ID)
	}
	if err := confirmAll(c, u, fresh); err != nil {
		return err
	}
	c.sec.say(append([]lang.Msg{lang.M("AcctMailGoes", "User", u.ID, "Addresses", addressList(u.Addresses))}, pendingMsgs(c.s.cfg.ConfirmDays, u.Pending)...)...)
	// The old addresses hear of the change too.
	return tellEach(c.unit, notice.AddressesChanged(u, old, c.msg.From))
}

func cmdSignoff(c *call) error {
	u := c.user
	// Out of the tournaments first, so that the rounds the
	// resignations complete are paired without the player.
	if err := withdrawEverywhere(c, u.ID); err != nil {
		return err
	}
	boards, err := c.tx.BoardsOf(u.ID, "")
	if err != nil {
		return err
	}
	resigned := 0
	for _, b := range boards {
		if b.Over || board.SeatOf(b, u.ID) < 0 {
			continue
		}
		if _, err := leave(c.unit, b, board.SeatOf(b, u.ID), "resign", lang.M("AcctClosedResigns", "Who", u.ID), lang.M("AcctClosedDeclines", "Who", u.ID), c.comment); err != nil {
			var ref *Refusal
			if errors.As(err, &ref) {
				continue
			}
			return err
		}
		resigned++
	}
	if err := account.Close(c.tx, u); err != nil {
		return err
	}
	c.sec.say(lang.N("AcctSignedOff", resigned, "User", u.ID, "Count", resigned))
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// cmdAdd: "add <userid> <password> <address>...": more addresses the
// account's mail goes to (pbmserv's add). The addresses it had hear of
// it, as for change address.
func cmdAdd(c *call) error {
	u := c.user
	var err error
	old := u.Addresses
	u, added, fresh, err := account.AddAddresses(c.tx, u, c.args[2:], senderOf(c))
	if err != nil {
		return accountRefusal(err, u.ID)
	}
	if err := confirmAll(c, u, fresh); err != nil {
		return err
	}
	c.sec.say(append([]lang.Msg{lang.M("AcctMailGoes", "User", u.ID, "Addresses", addressList(u.Addresses))}, pendingMsgs(c.s.cfg.ConfirmDays, fresh)...)...)
	return tellEach(c.unit, notice.AddressesAdded(u, old, added, c.msg.From))
}

// speaks records the account a mail speaks for: its answer is written
// in the account's language. The first account found from one of its
// own addresses, or vouched for by a reply token, wins; the language
// of the mail's own text never counts.
func (r *run) speaks(u store.User) {
	if r.speaker == nil {
		r.speaker = &u
	}
}

// answerPrinter writes the answer to the mail: in the language of the
// account the mail spoke for; else of an account a command named (by
// one of its first words) whose own address the mail came from; else
// of the account at the sender's address; else in the server's.
func (r *run) answerPrinter() lang.Printer {
	if r.speaker != nil {
		return r.s.cat.For(r.speaker.Language)
	}
	// A mail that names no account of its sender (help, list) is
	// answered in the language of the account at its address.
	var commands []string
	for _, sec := range r.sections {
		commands = append(commands, sec.Command)
	}
	if u, ok := account.Addressed(r.tx, commands, r.msg.From); ok {
		return r.s.cat.For(u.Language)
	}
	return r.s.cat.For("")
}

// cmdLanguage: "language <userid> <password> <code>": the language
// of the account's mail, a BCP 47 code matched to one the server
// speaks ("hu-HU" and "HU" are Hungarian).
func cmdLanguage(c *call) error {
	u := c.user
	var err error
	code, ok := lang.Match(c.args[2])
	if !ok {
		return refuseMsg(lang.M("LanguageUnknown", "Code", mail.Quoted(c.args[2]), "Codes", strings.Join(lang.Codes, ", ")))
	}
	if u, err = account.SetLanguage(c.tx, u, code); err != nil {
		return err
	}
	if c.speaker != nil && strings.EqualFold(c.speaker.ID, u.ID) {
		c.speaker.Language = code
	}
	c.sec.say(lang.M("LanguageSet", "User", u.ID, "Name", lang.Name(code), "Code", code))
	return nil
}

// languageOption takes a signup's -lang=<code> (or --lang=) out of its
// words: the code matched, "" when none is given.
func languageOption(args []string) ([]string, string, error) {
	var rest []string
	code := ""
	for _, a := range args {
		v, ok := strings.CutPrefix(strings.ToLower(a), "-lang=")
		if !ok {
			v, ok = strings.CutPrefix(strings.ToLower(a), "--lang=")
		}
		if !ok {
			rest = append(rest, a)
			continue
		}
		m, found := lang.Match(v)
		if !found {
			return nil, "", refuseMsg(lang.M("LanguageUnknown", "Code", mail.Quoted(v), "Codes", strings.Join(lang.Codes, ", ")))
		}
		code = m
	}
	return rest, code, nil
}

// cmdLimit: "<game> limit <userid> <password> [<n>|0|reject|accept|all|inf]";
// with no value it tells the limit and the running boards (the rules
// of limits: account.ParseLimit, account.MayStart).
func cmdLimit(c *call) error {
	u := c.user
	var err error
	if len(c.args) == 2 {
		running, err := account.Running(c.tx, u.ID, c.game.Name())
		if err != nil {
			return err
		}
		c.sec.say(lang.M("AcctLimitStatus", "Title", c.game.Title(), "User", u.ID, "Limit", limitMsg(u, c.game.Name()), "Running", running))
		return nil
	}
	old := limitMsg(u, c.game.Name())
	if u, err = account.ChangeLimit(c.tx, u, c.game.Name(), c.args[2]); errors.Is(err, account.ErrBadLimit) {
		return refuseMsg(lang.M("AcctLimitBad"))
	} else if err != nil {
		return err
	}
	c.sec.say(lang.M("AcctLimitSet", "Title", c.game.Title(), "User", u.ID, "Was", old, "Now", limitMsg(u, c.game.Name())))
	c.sec.subject = lang.M("MailSubjectLimited", "Title", c.game.Title())
	return nil
}

// cmdAcceptAll and cmdRejectAll: "<game> acceptall|rejectall <userid>
// <password>", pbmserv's per-game accept and reject, named apart from
// the draw votes.
func cmdAcceptAll(c *call) error { return allChallenges(c, -1, "MailSubjectAllAccepted") }
func cmdRejectAll(c *call) error { return allChallenges(c, 0, "MailSubjectAllRejected") }

func allChallenges(c *call, limit int, subject string) error {
	u := c.user
	var err error
	if u, err = account.PutLimit(c.tx, u, c.game.Name(), limit); err != nil {
		return err
	}
	id := "AcctAllAccepted"
	if limit == 0 {
		id = "AcctAllRejected"
	}
	c.sec.say(lang.M(id, "Title", c.game.Title(), "User", u.ID))
	c.sec.subject = lang.M(subject, "Title", c.game.Title())
	return nil
}

// checkLimits refuses a challenge when a player other than the
// challenger may not start one more board of the game now
// (account.Barred); the refusal names each of them, as pbmserv's
// "Invalid challenge" does.
func checkLimits(c *call, players []string, challenger string) error {
	bars, err := account.Barred(c.tx, c.game.Name(), players, challenger)
	if err != nil || len(bars) == 0 {
		return err
	}
	ms := []lang.Msg{lang.M("AcctInvalidChallenge")}
	for i, b := range bars {
		if i > 0 {
			ms = append(ms, lang.Literal("; "))
		}
		ms = append(ms, barMsg(b, c.game.Title()))
	}
	return refuseMsg(append(ms, lang.Literal("."))...)
}

// limitMsg is an account's limit of challenges to a game.
func limitMsg(u store.User, game string) lang.Msg {
	n, ok := account.LimitOf(u, game)
	switch {
	case !ok:
		return lang.M("AcctNoLimit")
	case n == 0:
		return lang.M("AcctLimitNone")
	}
	return lang.N("AcctLimitAtMost", n, "Count", n)
}

// addressList is a list of addresses, or the word for none.
func addressList(list []string) lang.Msg {
	if len(list) == 0 {
		return lang.M("AcctNone")
	}
	return lang.Literal(strings.Join(list, ", "))
}
