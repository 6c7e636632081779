package pbm

import (
	"time"

	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/store"
)

// The operator's MTA's word on a mail's From. When Config.AuthServID
// is set, the Authentication-Results fields under that authserv-id
// (RFC 8601; pbm/mail reads them) make a mail's From verified, failed
// or unknown:
//
//   - a failed mail is never answered, nor told of the rate limit,
//     nor apologised to when it is set aside (no backscatter to the
//     forged address); it is handled and recorded as done all the
//     same. Its wrong passwords are a stranger's (pbm/account,
//     sender.go), whatever address it names, and it never acts
//     through a reply token, a confirmation or an unsubscribe address,
//     nor gives its own address to an account (signup, add, change
//     address: that address is left out, with no confirmation mail);
//   - a verified mail from one of the account's own addresses is the
//     owner's: the lock that strangers' guesses caused does not refuse
//     her, and her own wrong passwords have a limit of their own,
//     which the refusal tells her;
//   - an unknown mail, or any mail when no authserv-id is set, is
//     handled as it always was.

// judge is the operator's MTA's word on the From of m.
func judge(cfg Config, m *mail.Message) mail.Verdict {
	return mail.Judge(m.AuthResults, cfg.AuthServID, m.From)
}

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
func (c *call) ownWrongPassword(u store.User, m account.Miss) error {
	if m.Locked {
		c.s.log.Warn("account locked against its owner's own addresses after her wrong passwords", "userid", u.ID, "until", m.Until.UTC().Format(time.RFC3339))
		return refuseMsg(lang.M("RefusePassword", "User", u.ID), lang.Literal(" "), lang.M("AcctOwnLocked", "User", u.ID, "Until", m.Until.UTC()))
	}
	return refuseMsg(lang.M("RefusePassword", "User", u.ID), lang.Literal(" "),
		lang.N("AcctOwnGuesses", account.OwnGuessAllowed, "Count", account.OwnGuessAllowed, "Window", windowMsg(account.GuessWindow)))
}
