package pbm

import (
	"errors"
	"fmt"
	netmail "net/mail"
	"regexp"
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/store"
)

// Userids: 2-20 letters, digits, '_' and '-' (protocol.md, Accounts).
var validUserid = regexp.MustCompile(`^[A-Za-z0-9_-]{2,20}$`)

// reserved are words that cannot be userids: they would read as
// selectors or keywords in commands.
var reserved = map[string]bool{
	"all": true, "active": true, "inactive": true, "next": true, "new": true,
	"admin": true, "help": true, "none": true, "nobody": true,
	computerName: true, // the computer player (opponent.go)
}

func checkPassword(pw string) error {
	switch {
	case pw == "":
		return refuseMsg(lang.M("AcctPasswordEmpty"))
	case len(pw) > 72:
		return refuseMsg(lang.M("AcctPasswordLong"))
	}
	return nil
}

// parseAddresses checks delivery addresses (RFC 5322 section 3.4.1
// addr-spec) and returns them in lower case.
func parseAddresses(words []string) ([]string, error) {
	var out []string
	for _, w := range words {
		a, err := netmail.ParseAddress(w)
		if err != nil || strings.ContainsAny(a.Address, "\r\n\t <>\"") || !strings.Contains(a.Address, "@") {
			return nil, refuseMsg(lang.M("AcctNotAddress", "Word", quotedWord(w)))
		}
		out = append(out, strings.ToLower(a.Address))
	}
	if len(out) > 5 {
		return nil, refuseMsg(lang.M("AcctMaxAddresses"))
	}
	return out, nil
}

func (s *Server) hash(pw string) ([]byte, error) { return account.Hash(pw, s.cfg.BcryptCost) }

// auth checks a userid and password and returns the account.
func (c *call) auth(id, pw string) (store.User, error) {
	u, err := c.tx.User(id)
	if errors.Is(err, store.ErrNotFound) {
		return u, refuseMsg(lang.M("RefuseUserid", "User", quotedWord(id)))
	}
	if err != nil {
		return u, err
	}
	if account.FromOwnAddress(u, c.msg.From) {
		c.speaks(u)
	}
	if u.Closed {
		return u, refuseMsg(lang.M("RefuseClosed", "User", u.ID))
	}
	if c.tokenUser != "" && strings.EqualFold(c.tokenUser, u.ID) {
		c.speaks(u)
		return u, nil // the reply token was checked against address and password hash
	}
	if !contains(u.Addresses, c.msg.From) && c.owner == nil {
		c.owner = &u
	}
	if err := c.locked(u); err != nil {
		return u, err
	}
	if !c.checkPassword(u, pw) {
		if account.FromOwnAddress(u, c.msg.From) {
			c.badPassword(u)
			return u, refuseMsg(lang.M("RefusePassword", "User", u.ID))
		}
		return u, c.wrongPassword(u)
	}
	c.speaks(u)
	return u, nil
}

func (s *Server) cmdSignup(c *call) error {
	id, pw := c.args[0], c.args[1]
	rest, code, err := languageOption(c.args[2:])
	if err != nil {
		return err
	}
	c.args = append(c.args[:2:2], rest...)
	if !validUserid.MatchString(id) || reserved[strings.ToLower(id)] {
		return refuseMsg(lang.M("AcctBadUserid", "Word", quotedWord(id)))
	}
	if _, ok := s.cfg.Games.Lookup(id); ok {
		return refuseMsg(lang.M("AcctGameName", "Word", fmt.Sprintf("%q", id)))
	}
	if err := checkPassword(pw); err != nil {
		return err
	}
	if _, err := c.tx.User(id); err == nil {
		return refuseMsg(lang.M("AcctTaken", "User", id))
	} else if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	addrs := []string{c.msg.From}
	if len(c.args) > 2 {
		var err error
		if addrs, err = parseAddresses(c.args[2:]); err != nil {
			if !strings.Contains(c.args[2], "@") {
				// "signup alice apple pie": the third word is no
				// address, so it is likely part of the password.
				// Nothing of it is echoed.
				return refuseMsg(lang.M("AcctPasswordWords"))
			}
			return err
		}
	}
	claim := s.isAdmin(id)
	if claim {
		if err := c.checkClaim(id, addrs); err != nil {
			return err
		}
	}
	h, err := s.hash(pw)
	if err != nil {
		return err
	}
	u := store.User{ID: id, Hash: h, Created: s.now(), Language: code}
	fresh := c.setAddresses(&u, addrs, true, claim)
	if claim {
		return c.claimed(u, fresh)
	}
	if err := c.tx.PutUser(u); err != nil {
		return err
	}
	if err := c.confirmAll(u, fresh); err != nil {
		return err
	}
	goes := lang.M("AcctGoes", "Addresses", strings.Join(u.Addresses, ", "))
	if len(u.Addresses) == 0 {
		goes = lang.M("AcctGoesNowhere")
	}
	ms := []lang.Msg{lang.M("AcctWelcome", "User", id), goes}
	ms = append(ms, c.pendingMsgs(u.Pending)...)
	ms = append(ms, lang.M("AcctWelcomeTail"))
	if u.Language != "" {
		c.speaks(u)
		ms = append(ms, lang.M("LanguageIs", "Name", lang.Name(u.Language), "Code", u.Language))
	}
	c.sec.say(ms...)
	return nil
}

func (s *Server) cmdChangePassword(c *call) error {
	u, err := c.auth(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	if err := checkPassword(c.args[2]); err != nil {
		return err
	}
	if u.Hash, err = s.hash(c.args[2]); err != nil {
		return err
	}
	if err := c.tx.PutUser(u); err != nil {
		return err
	}
	s.creds.Forget(u.ID)
	c.sec.say(lang.M("AcctPasswordChanged", "User", u.ID))
	return nil
}

func (s *Server) cmdChangeAddress(c *call) error {
	u, err := c.auth(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	addrs, err := parseAddresses(c.args[2:])
	if err != nil {
		return err
	}
	old := u.Addresses
	fresh := c.setAddresses(&u, addrs, true, false)
	if err := c.tx.PutUser(u); err != nil {
		return err
	}
	if err := c.confirmAll(u, fresh); err != nil {
		return err
	}
	c.sec.say(append([]lang.Msg{lang.M("AcctMailGoes", "User", u.ID, "Addresses", addressList(u.Addresses))}, c.pendingMsgs(u.Pending)...)...)
	addrs = u.Addresses
	// The old addresses hear of the change too, so a stolen password
	// does not redirect an account silently.
	for _, a := range old {
		if !contains(addrs, a) && a != c.msg.From {
			if err := c.noticeIn(c.s.printerOf(u), a, lang.M("MailSubjectAddressChanged", "User", u.ID),
				lang.M("AcctChangedNotice", "User", u.ID, "Addresses", strings.Join(addrs, ", "), "From", c.msg.From)); err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *Server) cmdSignoff(c *call) error {
	u, err := c.auth(c.args[0], c.args[1])
	if err != nil {
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
		if _, err := c.leave(b, board.SeatOf(b, u.ID), "resign", lang.M("AcctClosedResigns", "Who", u.ID), lang.M("AcctClosedDeclines", "Who", u.ID)); err != nil {
			var ref *Refusal
			if errors.As(err, &ref) {
				continue
			}
			return err
		}
		resigned++
	}
	u.Closed = true
	if err := c.tx.PutUser(u); err != nil {
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

// reportForeign tells an account's own addresses of a command that
// named it from another address, with its outcome: a forged sender or
// a guessed password does not go unnoticed.
func (c *call) reportForeign() error {
	p := c.s.printerOf(*c.owner)
	outcome := lang.M("AcctForeignDone")
	if c.sec.Refused {
		why := c.sec.Text
		if len(c.sec.msgs) > 0 {
			why = p.Join(c.sec.msgs)
		}
		outcome = lang.M("AcctForeignRefused", "Why", firstLineOf(why))
	}
	text := mail.Wrap(p.T("AcctForeign", "From", c.msg.From, "User", c.owner.ID, "Command", c.sec.Command, "Outcome", outcome), 79)
	for _, a := range c.owner.Addresses {
		if err := c.notice(a, p.T("MailSubjectForeign", "User", c.owner.ID, "From", c.msg.From), text); err != nil {
			return err
		}
	}
	return nil
}

func firstLineOf(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// cmdAdd: "add <userid> <password> <address>...": more addresses the
// account's mail goes to (pbmserv's add). The addresses it had hear of
// it, as for change address.
func (s *Server) cmdAdd(c *call) error {
	u, err := c.auth(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	addrs, err := parseAddresses(c.args[2:])
	if err != nil {
		return err
	}
	old := u.Addresses
	var added []string
	for _, a := range addrs {
		if !contains(u.Addresses, a) && account.PendingIndex(u.Pending, a) < 0 {
			added = append(added, a)
		}
	}
	if len(added) == 0 {
		return refuseMsg(lang.M("AcctAlready", "User", u.ID, "Addresses", strings.Join(addrs, ", ")))
	}
	if n := len(u.Addresses) + len(u.Pending); n+len(added) > 5 {
		return refuseMsg(lang.N("AcctHasAddresses", n, "User", u.ID, "Count", n))
	}
	fresh := c.setAddresses(&u, added, false, false)
	if err := c.tx.PutUser(u); err != nil {
		return err
	}
	if err := c.confirmAll(u, fresh); err != nil {
		return err
	}
	c.sec.say(append([]lang.Msg{lang.M("AcctMailGoes", "User", u.ID, "Addresses", addressList(u.Addresses))}, c.pendingMsgs(fresh)...)...)
	for _, a := range old {
		if a != c.msg.From {
			if err := c.noticeIn(c.s.printerOf(u), a, lang.M("MailSubjectAddressAdded", "User", u.ID),
				lang.M("AcctAddedNotice", "User", u.ID, "Addresses", strings.Join(added, ", "), "From", c.msg.From)); err != nil {
				return err
			}
		}
	}
	return nil
}

// An admin userid is claimed by the operator, never by the first mail
// that names it. By mail, "signup <admin> <password>" is taken only
// from an address the configuration lists for that userid
// (Config.AdminClaim), and even then the account gives no admin power
// until the address confirms it by a reply to the answer: a From line
// can be forged, the mailbox behind it cannot. On the host,
// CreateAdmin ("pbmd admin add") writes the account straight into the
// store. The daemon warns at start of each admin userid with no
// confirmed account (UnclaimedAdmins).

// checkClaim refuses the signup of an admin userid from an address the
// configuration does not list for it, or for addresses it does not
// list.
func (c *call) checkClaim(id string, addrs []string) error {
	allowed := c.s.cfg.AdminClaim[strings.ToLower(id)]
	ok := contains(allowed, c.msg.From)
	for _, a := range addrs {
		ok = ok && contains(allowed, a)
	}
	if !ok {
		c.s.log.Warn("admin claim refused", "userid", id, "from", c.msg.From)
		return refuseMsg(lang.M("AcctAdminClaim", "User", id))
	}
	return nil
}

// claimed writes a claimed admin account, all of its addresses
// pending: the answer to the claim is the confirmation of the sender's
// address, and the other addresses get theirs.
func (c *call) claimed(u store.User, fresh []store.PendingAddress) error {
	if err := c.tx.PutUser(u); err != nil {
		return err
	}
	var others []store.PendingAddress
	for _, p := range fresh {
		if strings.EqualFold(p.Address, c.msg.From) {
			reply, err := c.s.confirmAddress(c.tx, u.ID, p)
			if err != nil {
				return err
			}
			c.replyTo = reply
			continue
		}
		others = append(others, p)
	}
	if err := c.confirmAll(u, others); err != nil {
		return err
	}
	c.s.log.Warn("admin claimed, awaiting confirmation", "userid", u.ID, "from", c.msg.From)
	c.sec.say(lang.N("AcctAdminWelcome", c.s.cfg.ConfirmDays, "User", u.ID, "From", c.msg.From, "Days", c.s.cfg.ConfirmDays))
	return nil
}

// adminReady refuses admin commands of an account that has no
// confirmed address: an admin claim not yet confirmed.
func adminReady(u store.User) error {
	if len(u.Addresses) == 0 {
		return refuseMsg(lang.M("AcctAdminUnconfirmed", "User", u.ID))
	}
	return nil
}

// UnclaimedAdmins lists the configured admin userids that have no
// account with a confirmed address: on a new install, anyone who
// could sign them up would be admin, so the daemon warns of each.
func (s *Server) UnclaimedAdmins() ([]string, error) {
	var out []string
	err := s.cfg.Store.View(func(tx *store.Tx) error {
		for _, id := range s.cfg.Admins {
			u, err := tx.User(id)
			if errors.Is(err, store.ErrNotFound) || (err == nil && (u.Closed || len(u.Addresses) == 0)) {
				out = append(out, id)
				continue
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("admin accounts: %w", err)
	}
	return out, nil
}

// CreateAdmin writes the account of a configured admin userid with the
// password and addresses given, all confirmed: the operator's way to
// claim it on the host, with the daemon stopped. An existing account
// of that userid gets the password and addresses (and is opened again
// if closed). It reports whether the account existed.
func (s *Server) CreateAdmin(id, pw string, addresses []string) (existed bool, err error) {
	if !s.isAdmin(id) {
		return false, fmt.Errorf("%q is not in the admins of the configuration", id)
	}
	if !validUserid.MatchString(id) || reserved[strings.ToLower(id)] {
		return false, fmt.Errorf("%q cannot be a userid: use 2-20 letters, digits, '_' or '-', and not a keyword", id)
	}
	if err := checkPassword(pw); err != nil {
		return false, errors.New(strings.TrimSuffix(err.Error(), "."))
	}
	if len(addresses) == 0 {
		return false, errors.New("no address given")
	}
	addrs, err := parseAddresses(addresses)
	if err != nil {
		return false, errors.New(strings.TrimSuffix(err.Error(), "."))
	}
	h, err := s.hash(pw)
	if err != nil {
		return false, err
	}
	err = s.cfg.Store.Update(func(tx *store.Tx) error {
		u, err := tx.User(id)
		switch {
		case errors.Is(err, store.ErrNotFound):
			u = store.User{ID: id, Created: s.now()}
		case err != nil:
			return err
		default:
			existed = true
		}
		u.Hash, u.Addresses, u.Pending, u.Closed = h, addrs, nil, false
		if err := tx.PutUser(u); err != nil {
			return err
		}
		// A lockout from guesses at the old password ends with it.
		return tx.PutGuesses(u.ID, store.Guesses{})
	})
	if err != nil {
		return existed, fmt.Errorf("write admin account %s: %w", id, err)
	}
	s.creds.Forget(id)
	s.log.Info("admin account written on the host", "userid", id, "addresses", strings.Join(addrs, " "), "existed", existed)
	return existed, nil
}

// printer writes in a language code; "" is the server's language.
func (s *Server) printer(code string) lang.Printer {
	if code == "" {
		code = s.cfg.Language
	}
	return s.cat.For(code)
}

// printerOf writes in an account's language.
func (s *Server) printerOf(u store.User) lang.Printer { return s.printer(u.Language) }

// english writes the catalogue's source language: the texts kept in
// the store (a board's outcome) and in logs.
func (s *Server) english() lang.Printer { return s.cat.For(lang.Default) }

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
		return r.s.printerOf(*r.speaker)
	}
	for _, sec := range r.sections {
		words := strings.Fields(sec.Command)
		for _, w := range words[:min(len(words), 5)] {
			if !validUserid.MatchString(w) {
				continue
			}
			if u, err := r.tx.User(w); err == nil && !u.Closed && account.FromOwnAddress(u, r.msg.From) {
				return r.s.printerOf(u)
			}
		}
	}
	// A mail that names no account of its sender (help, list) is
	// answered in the language of the account at its address.
	if u, ok := r.s.accountAt(r.tx, r.msg.From); ok {
		return r.s.printerOf(u)
	}
	return r.s.printer("")
}

// cmdLanguage: "language <userid> <password> <code>": the language
// of the account's mail, a BCP 47 code matched to one the server
// speaks ("hu-HU" and "HU" are Hungarian).
func (s *Server) cmdLanguage(c *call) error {
	u, err := c.auth(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	code, ok := lang.Match(c.args[2])
	if !ok {
		return refuseMsg(lang.M("LanguageUnknown", "Code", quotedWord(c.args[2]), "Codes", strings.Join(lang.Codes, ", ")))
	}
	u.Language = code
	if err := c.tx.PutUser(u); err != nil {
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
			return nil, "", refuseMsg(lang.M("LanguageUnknown", "Code", quotedWord(v), "Codes", strings.Join(lang.Codes, ", ")))
		}
		code = m
	}
	return rest, code, nil
}

func quotedWord(s string) string { return fmt.Sprintf("%q", trimLine(s)) }

// Limits follow pbmserv's limit, accept and reject: a player bounds
// the running boards of a game others may challenge him to, or refuses
// challenges to it altogether. The challenger's own limit does not
// stop his challenge: sending it is consent.

// maxLimit is the largest limit one can set; above it means none.
const maxLimit = 1000

// cmdLimit: "<game> limit <userid> <password> [<n>|0|reject|accept|all|inf]";
// with no value it tells the limit and the running boards.
func (s *Server) cmdLimit(c *call) error {
	u, err := c.auth(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	if len(c.args) == 2 {
		running, err := c.running(u.ID)
		if err != nil {
			return err
		}
		c.sec.say(lang.M("AcctLimitStatus", "Title", c.game.Title(), "User", u.ID, "Limit", limitMsg(u, c.game.Name()), "Running", running))
		return nil
	}
	old := limitMsg(u, c.game.Name())
	switch v := strings.ToLower(c.args[2]); v {
	case "reject", "none":
		account.SetLimit(&u, c.game.Name(), 0)
	case "accept", "all", "inf", "unlimited":
		account.SetLimit(&u, c.game.Name(), -1)
	default:
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return refuseMsg(lang.M("AcctLimitBad"))
		}
		if n > maxLimit {
			n = -1
		}
		account.SetLimit(&u, c.game.Name(), n)
	}
	if err := c.tx.PutUser(u); err != nil {
		return err
	}
	c.sec.say(lang.M("AcctLimitSet", "Title", c.game.Title(), "User", u.ID, "Was", old, "Now", limitMsg(u, c.game.Name())))
	c.sec.subject = lang.M("MailSubjectLimited", "Title", c.game.Title())
	return nil
}

// cmdAcceptAll and cmdRejectAll: "<game> acceptall|rejectall <userid>
// <password>", pbmserv's per-game accept and reject, named apart from
// the draw votes.
func (s *Server) cmdAcceptAll(c *call) error { return c.allChallenges(-1, "MailSubjectAllAccepted") }
func (s *Server) cmdRejectAll(c *call) error { return c.allChallenges(0, "MailSubjectAllRejected") }

func (c *call) allChallenges(limit int, subject string) error {
	u, err := c.auth(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	account.SetLimit(&u, c.game.Name(), limit)
	if err := c.tx.PutUser(u); err != nil {
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

// running counts the running boards of the call's game a user plays.
func (c *call) running(id string) (int, error) {
	boards, err := c.tx.BoardsOf(id, c.game.Name())
	if err != nil {
		return 0, err
	}
	n := 0
	for _, b := range boards {
		if !b.Over && board.SeatOf(b, id) >= 0 {
			n++
		}
	}
	return n, nil
}

// checkLimits refuses a challenge when a player other than the
// challenger rejects challenges to the game or is at his limit; the
// refusal names each of them, as pbmserv's "Invalid challenge" does.
func (c *call) checkLimits(players []string, challenger string) error {
	var problems []lang.Msg
	for _, id := range players {
		if strings.EqualFold(id, challenger) {
			continue
		}
		u, err := c.tx.User(id)
		if err != nil {
			continue // the challenge checks the accounts
		}
		n, ok := account.LimitOf(u, c.game.Name())
		if !ok {
			continue
		}
		if n == 0 {
			problems = append(problems, lang.M("AcctRejects", "User", u.ID, "Title", c.game.Title()))
			continue
		}
		r, err := c.running(u.ID)
		if err != nil {
			return err
		}
		if r >= n {
			problems = append(problems, lang.N("AcctAtLimit", n, "User", u.ID, "Count", n, "Title", c.game.Title()))
		}
	}
	if len(problems) > 0 {
		ms := []lang.Msg{lang.M("AcctInvalidChallenge")}
		for i, m := range problems {
			if i > 0 {
				ms = append(ms, lang.Literal("; "))
			}
			ms = append(ms, m)
		}
		return refuseMsg(append(ms, lang.Literal("."))...)
	}
	return nil
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

// noticeIn queues a short notice to one address, written by p.
func (c *call) noticeIn(p lang.Printer, to string, subject lang.Msg, ms ...lang.Msg) error {
	return c.notice(to, p.Render(subject), p.Join(ms))
}

// tellUserSaying sends a notice of messages to every address of a
// user, written in the user's language (tellUserIn).
func (c *call) tellUserSaying(id string, subject lang.Msg, ms ...lang.Msg) error {
	return c.tellUserIn(id, in(subject), func(p lang.Printer) string { return p.Join(ms) })
}
