package pbm

import (
	"log/slog"
	"strings"
	"time"

	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/pbm/notice"
	"github.com/pbmgo/pbm/store"
)

// auth checks a userid and password and returns the account: the
// account's bars (account.Find, account.LockedAt) and the password,
// or a reply token that vouches for the account.
func (c *call) auth(id, pw string) (store.User, error) {
	u, bar, err := account.Find(c.tx, id)
	if err != nil {
		return u, err
	}
	if bar.Reason == account.NoAccount {
		return u, refuseMsg(barMsg(bar, ""))
	}
	if account.FromOwnAddress(u, c.msg.From) {
		c.speaks(u)
	}
	if bar.Barred() {
		return u, refuseMsg(barMsg(bar, ""))
	}
	if c.tokenUser != "" && strings.EqualFold(c.tokenUser, u.ID) {
		c.speaks(u)
		return u, nil // the reply token was checked against address and password hash
	}
	if !contains(u.Addresses, c.msg.From) && c.owner == nil {
		c.owner = &u
	}
	who := account.GuesserOf(u, c.msg.From, c.proof())
	try, err := account.TryPassword(c.tx, u, who, c.s.now(), func() bool { return c.checkPassword(u, pw) })
	if err != nil {
		return u, err
	}
	if !try.OK {
		c.badPassword(u)
	}
	if try.Bar.Barred() {
		return u, refuseMsg(barMsg(try.Bar, ""))
	}
	if !try.OK {
		return u, c.wrongPassword(u, try.Miss)
	}
	c.speaks(u)
	return u, nil
}

// barMsg is why an account may not do what was asked, for an answer;
// title is the game's, for the bars of limits.
func barMsg(b account.Bar, title string) lang.Msg {
	switch b.Reason {
	case account.NoAccount:
		return lang.M("RefuseUserid", "User", mail.Quoted(b.User))
	case account.Closed:
		return lang.M("RefuseClosed", "User", b.User)
	case account.Locked:
		return lang.M("AcctLocked", "User", b.User, "Until", b.Until.UTC())
	case account.OwnLocked:
		return lang.M("AcctOwnLocked", "User", b.User, "Until", b.Until.UTC())
	case account.Unconfirmed:
		return lang.M("AcctAdminUnconfirmed", "User", b.User)
	case account.Rejects:
		return lang.M("AcctRejects", "User", b.User, "Title", title)
	case account.AtLimit:
		return lang.N("AcctAtLimit", b.Limit, "User", b.User, "Count", b.Limit, "Title", title)
	}
	return lang.Literal("")
}

// wrongPassword is the refusal of a wrong password for u that did l
// (account.TryPassword): the owner is told of a lock it brought, and
// the verified owner of her own limit (ownWrongPassword).
func (c *call) wrongPassword(u store.User, l account.Miss) error {
	if l.Own {
		return ownWrongPassword(c.s.log, u, l)
	}
	if !l.Counted {
		return refuseMsg(lang.M("RefusePassword", "User", u.ID))
	}
	if l.Locked {
		c.s.log.Warn("account locked after wrong passwords", "userid", u.ID, "until", l.Until.UTC().Format(time.RFC3339), "last_from", c.msg.From)
	}
	if l.Tell {
		// The owner is told at each of the account's addresses.
		if err := tellEach(c.unit, c.s.notices.Locked(u, c.msg.From, l.Until)); err != nil {
			return err
		}
	}
	return refuseMsg(lang.M("RefusePassword", "User", u.ID))
}

// badPassword marks the mail as holding a refused password, for the
// backscatter bound (mayAnswer) and so that the account's owner is not
// sent a report of each guess (reportForeign): the lockout tells him.
func (c *call) badPassword(u store.User) {
	c.guessed = true
	if !contains(u.Addresses, c.msg.From) {
		c.foreignGuess = true
	}
}

// reportForeign tells an account's own addresses of a command that
// named it from another address, with its outcome: a forged sender or
// a guessed password does not go unnoticed.
func (c *call) reportForeign() error {
	return tellEach(c.unit, c.s.notices.Foreign(*c.owner, c.msg.From, c.sec.Command, c.sec.Refused, c.sec.Text, c.sec.msgs))
}

// tellEach queues the mails of each notice (tell).
func tellEach(u *unit, ns []notice.Notice) error {
	for _, n := range ns {
		if err := tell(u, n); err != nil {
			return err
		}
	}
	return nil
}

// mayAnswer reports whether the answer to the mail may be sent: not
// when it refuses a wrong password to an address that is not the
// account's and that was sent such a refusal within the day. It
// records the refusal it lets through.
func (r *run) mayAnswer() (bool, error) {
	if r.silenced() {
		return false, nil
	}
	if !r.foreignGuess {
		return true, nil
	}
	ok, err := account.MayMailRefusal(r.tx, r.msg.From, r.s.now())
	if err == nil && !ok {
		r.s.log.Warn("refusal not mailed", "from", r.msg.From, "reason", "a wrong password refused to this address within the day")
	}
	return ok, err
}

// authenticated decides whether a mail proves who sent it: a reply
// token valid for its sender, or a userid and password that check in
// one of its commands. It is the one place where "authentication
// failed for this mail" is decided: a mail that proves nobody (a wrong
// or missing password, a bad reply token, or no command that needs
// one) counts against its sender's rate limit, and one that proves an
// account is never held back by it, whatever a forger sent under the
// same address. It only reads; the passwords it checks are remembered
// for the mail's commands (checkPassword), so each costs one bcrypt.
func (r *run) authenticated() (bool, error) {
	if _, ok, err := r.replyToken(); ok {
		if _, refused := err.(*Refusal); err != nil && !refused {
			return false, err
		}
		if err == nil {
			return true, nil
		}
	}
	lines, _ := lineReader(r.s).Mail(r.msg)
	for _, line := range lines[:min(len(lines), r.s.cfg.MaxCommands)] {
		if len(r.checked) >= r.s.cfg.MaxPasswordWork {
			break // the bcrypt work of one mail is bounded (gate)
		}
		user, password, ok := credentialOf(r.s.cfg.Games, strings.Fields(line))
		if !ok {
			continue
		}
		u, err := r.tx.User(user)
		if err != nil || u.Closed {
			continue
		}
		if r.checkPassword(u, password) {
			return true, nil
		}
	}
	return false, nil
}

// checkPassword checks a password of an account, each pair once per
// mail.
func (r *run) checkPassword(u store.User, password string) bool {
	k := strings.ToLower(u.ID) + "\x00" + password
	if ok, known := r.checked[k]; known {
		return ok
	}
	ok := r.s.creds.Check(u.ID, password, u.Hash)
	if r.checked == nil {
		r.checked = map[string]bool{}
	}
	r.checked[k] = ok
	return ok
}

// rateLimit counts a mail that failed authentication against its
// sender's hourly allowance, kept in the store so that a restart does
// not reset it. It reports whether the mail is over the limit; the
// first such mail in a window gets one notice at the address (in the
// spirit of RFC 3834 section 2: no flood of answers to one sender).
func (r *run) rateLimit() (bool, error) {
	f, err := account.CountFailure(r.tx, r.msg.From, r.s.cfg.RateLimit, r.s.now(), !r.silenced())
	if err != nil {
		return false, err
	}
	if f.Warn {
		n := r.s.notices.RateLimited(r.answerPrinter(), r.msg.From, r.s.cfg.RateLimit, f.Rate.Start.Add(account.RateWindow))
		if err := tell(r.unit, n); err != nil {
			return false, err
		}
	}
	if f.Over {
		r.s.log.Warn("rate limited", "from", r.msg.From, "count", f.Rate.Count)
	}
	return f.Over, nil
}

// Addresses given for an account. An address that is not the sender's
// own (in signup, change address, add) gets nothing from the server
// but one confirmation mail until its owner answers it: the mail's
// Reply-To is "pbm+confirm.<userid>.<token>@domain" (an RFC 5233
// subaddress), the token an HMAC under the store's secret over the
// userid, the address and when it was asked for, so a reply from that
// address, and only from it, confirms it. An address not confirmed
// within the configured days is dropped by the clock (Tick). The
// sender's own address is confirmed at once, except in an admin claim
// (claimed).
//
// Every mail that does not answer its recipient's own mail carries
// List-Unsubscribe (RFC 2369 section 3.2) with a mailto: address
// "pbm+unsub.<token>@domain", the token an HMAC over the recipient's
// address, and a line in its text saying so: a mail to it from that
// address takes the address off every account, and no more mail goes
// there.

// confirmAddress is the Reply-To of the confirmation of p for id: a
// subaddress of the server's address with the token under key.
func confirmAddress(address string, key []byte, id string, p store.PendingAddress) string {
	return mail.Subaddress(address, account.ConfirmDetail(key, id, p))
}

// pendingMsgs is the sentence of an answer about addresses awaiting
// confirmation, or none.
func pendingMsgs(days int, pend []store.PendingAddress) []lang.Msg {
	if len(pend) == 0 {
		return nil
	}
	var list []string
	for _, p := range pend {
		list = append(list, p.Address)
	}
	return []lang.Msg{lang.N("AcctPending", days, "Addresses", strings.Join(list, ", "), "Days", days)}
}

// confirmAll queues the one confirmation mail of each address newly
// pending for u.
func confirmAll(c *call, u store.User, fresh []store.PendingAddress) error {
	for _, p := range fresh {
		key, err := c.s.notices.Secret(c.tx)
		if err != nil {
			return err
		}
		reply := confirmAddress(c.s.cfg.Address, key, u.ID, p)
		n := c.s.notices.Confirmation(u, p, reply, p.Since.Add(time.Duration(c.s.cfg.ConfirmDays)*day))
		if err := tell(c.unit, n); err != nil {
			return err
		}
	}
	return nil
}

// byAddressReply handles a mail to a confirmation or unsubscribe
// address; done reports whether the mail was one.
func (r *run) byAddressReply() (done bool, err error) {
	if rest, ok := mail.Detail(r.s.cfg.Address, r.msg.To, account.ConfirmTag); ok {
		return true, confirmReply(r, rest)
	}
	if rest, ok := mail.Detail(r.s.cfg.Address, r.msg.To, account.UnsubTag); ok {
		return true, unsubscribe(r, rest)
	}
	return false, nil
}

// confirmReply confirms the pending address the reply comes from.
func confirmReply(r *run, rest string) error {
	sec := &section{Command: "confirm an address"}
	r.sections = append(r.sections, sec)
	u, addr, err := account.ConfirmReply(r.tx, rest, r.msg.From, r.forged(), func() ([]byte, error) { return r.s.notices.Secret(r.tx) })
	if err != nil {
		return err
	}
	if addr == "" {
		sec.Refused = true
		sec.say(lang.N("AcctConfirmInvalid", r.s.cfg.ConfirmDays, "From", r.msg.From, "Days", r.s.cfg.ConfirmDays))
		return r.reply()
	}
	r.s.log.Info("address confirmed", "userid", u.ID, "address", addr)
	r.speaks(u)
	ms := []lang.Msg{lang.M("AcctConfirmed", "User", u.ID, "Addresses", strings.Join(u.Addresses, ", "))}
	if r.s.cfg.IsAdmin(u.ID) {
		ms = append(ms, lang.M("AcctConfirmedAdmin"))
	}
	sec.say(ms...)
	return r.reply()
}

// unsubscribe takes the sender's address off every account, when the
// token is the one of that address.
func unsubscribe(r *run, tok string) error {
	sec := &section{Command: "unsubscribe"}
	r.sections = append(r.sections, sec)
	ids, owners, ok, err := account.UnsubscribeBy(r.tx, r.msg.From, tok, r.forged(), func() ([]byte, error) { return r.s.notices.Secret(r.tx) })
	if err != nil {
		return err
	}
	if !ok {
		sec.Refused = true
		sec.say(lang.M("AcctUnsubInvalid", "From", r.msg.From))
		return r.reply()
	}
	for _, u := range owners {
		r.speaks(u) // the answer is in the language of the address's account
	}
	r.s.log.Info("unsubscribed", "address", r.msg.From, "accounts", len(ids))
	ms := []lang.Msg{lang.M("AcctUnsubscribed", "Server", r.s.cfg.Name, "From", r.msg.From)}
	if len(ids) > 0 {
		ms = append(ms, lang.M("AcctUnsubscribedFrom", "Users", strings.Join(ids, ", "), "From", r.msg.From))
	}
	sec.say(ms...)
	return r.reply()
}

// The operator's MTA's word on a mail's From. When Config.AuthServID
// is set, the Authentication-Results fields under that authserv-id
// (RFC 8601; pbm/mail reads them) make a mail's From verified, failed
// or unknown:
//
//   - a failed mail is never answered, nor told of the rate limit,
//     nor apologised to when it is set aside (no backscatter to the
//     forged address); it is handled and recorded as done all the
//     same. Its wrong passwords are a stranger's
//     (account.GuesserOf), whatever address it names, and it never acts
//     through a reply token, a confirmation or an unsubscribe address,
//     nor gives its own address to an account (signup, add, change
//     address: that address is left out, with no confirmation mail);
//   - a verified mail from one of the account's own addresses is the
//     owner's: the lock that strangers' guesses caused does not refuse
//     her, and her own wrong passwords have a limit of their own,
//     which the refusal tells her;
//   - an unknown mail, or any mail when no authserv-id is set, is
//     handled as it always was.

// proof is the mail's verdict as the account rules take it.
func (r *run) proof() account.Proof {
	switch r.verdict {
	case mail.Verified:
		return account.Genuine
	case mail.Failed:
		return account.Forged
	}
	return account.Unproven
}

// forged reports whether the operator's MTA found the mail's From
// forged.
func (r *run) forged() bool { return r.verdict == mail.Failed }

// silenced reports whether nothing is to be mailed to the mail's
// sender: its From failed the MTA's checks.
func (r *run) silenced() bool {
	if !r.forged() {
		return false
	}
	r.s.log.Warn("answer not mailed", "from", r.msg.From, "reason", "the From failed the checks of the operator's mail server (Authentication-Results)")
	return true
}

// ownWrongPassword is the refusal of a wrong password from the
// verified owner: it tells her of her own limit, or of the lock it
// brought.
func ownWrongPassword(log *slog.Logger, u store.User, m account.Miss) error {
	if m.Locked {
		log.Warn("account locked against its owner's own addresses after her wrong passwords", "userid", u.ID, "until", m.Until.UTC().Format(time.RFC3339))
		return refuseMsg(lang.M("RefusePassword", "User", u.ID), lang.Literal(" "), lang.M("AcctOwnLocked", "User", u.ID, "Until", m.Until.UTC()))
	}
	return refuseMsg(lang.M("RefusePassword", "User", u.ID), lang.Literal(" "),
		lang.N("AcctOwnGuesses", account.OwnGuessAllowed, "Count", account.OwnGuessAllowed, "Window", notice.Window(account.GuessWindow)))
}
