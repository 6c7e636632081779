package pbm

import (
	"fmt"
	"strings"

	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/store"
)

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
	lines, _ := r.s.commandLines(r.msg)
	for _, line := range lines[:min(len(lines), r.s.cfg.MaxCommands)] {
		user, password, ok := r.s.credentialOf(strings.Fields(line))
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
	now := r.s.now()
	rate, err := r.tx.Rate(r.msg.From)
	if err != nil {
		return false, err
	}
	rate = account.RateAt(rate, now)
	rate.Count++
	over := rate.Count > r.s.cfg.RateLimit
	if over && !rate.Warned {
		rate.Warned = true
		text := fmt.Sprintf("More than %d mails from %s without a valid password or reply token came in an hour. Until %s, such mail from this address is ignored; mail with your password, or a reply to a board mail, is still handled.",
			r.s.cfg.RateLimit, r.msg.From, stamp(rate.Start.Add(account.RateWindow)))
		body, err := r.s.tpl.render("notice.txt", map[string]any{"Text": text, "Server": r.s.cfg.Name})
		if err != nil {
			return false, err
		}
		if err := r.send(outMail{To: r.msg.From, Subject: "pbm error: too many mails", Text: body, Kind: "auto-replied"}); err != nil {
			return false, err
		}
	}
	if over {
		r.s.log.Warn("rate limited", "from", r.msg.From, "count", rate.Count)
	}
	return over, r.tx.PutRate(r.msg.From, rate)
}
