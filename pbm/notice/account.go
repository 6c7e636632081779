package notice

import (
	"strings"
	"time"

	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/store"
)

// The notices of an account's guards: the lock after wrong passwords,
// the report of a command that named the account from another address,
// the one warning of the rate limit to a sender, and the confirmation
// of an address given for an account. Each is written here in its
// reader's language, wrapped at 79 columns; the core decides when one
// is sent.

// Window is a span of time of the account's guards: hours, or minutes
// under an hour.
func Window(d time.Duration) lang.Msg {
	if d >= time.Hour && d%time.Hour == 0 {
		h := int(d / time.Hour)
		return lang.N("AcctHours", h, "Count", h)
	}
	m := int(d / time.Minute)
	return lang.N("AcctMinutes", m, "Count", m)
}

// Locked are the notices to each address of u that the account is
// locked until then after wrong passwords, the last from the address
// from.
func (w *Writer) Locked(u store.User, from string, until time.Time) []Notice {
	p := w.printer(u.Language)
	window := Window(account.GuessWindow)
	if p.Code() == lang.Default {
		// English writes the window as it always has, as Go does.
		window = lang.Literal(account.GuessWindow.String())
	}
	text := mail.Wrap(p.N("AcctLockedNotice", account.GuessAllowed, "Count", account.GuessAllowed, "User", u.ID,
		"Window", window, "From", from, "Until", until.UTC()), 79)
	return w.each(u.Addresses, p, lang.M("MailSubjectLocked", "User", u.ID), text, "", "")
}

// Foreign are the notices to each address of owner of the command
// that named the account from the address from, with its outcome: done,
// or refused and why (the first line of the refusal's text, or of its
// messages when it has any).
func (w *Writer) Foreign(owner store.User, from, command string, refused bool, text string, msgs []lang.Msg) []Notice {
	p := w.printer(owner.Language)
	outcome := lang.M("AcctForeignDone")
	if refused {
		why := text
		if len(msgs) > 0 {
			why = p.Join(msgs)
		}
		line, _, _ := strings.Cut(why, "\n")
		outcome = lang.M("AcctForeignRefused", "Why", line)
	}
	body := mail.Wrap(p.T("AcctForeign", "From", from, "User", owner.ID, "Command", command, "Outcome", outcome), 79)
	return w.each(owner.Addresses, p, lang.M("MailSubjectForeign", "User", owner.ID, "From", from), body, "", "")
}

// RateLimited is the one notice, in p's language, to the address from
// that it sent more than count mails that proved no account within
// the hour, and that such mail is not handled until then. It is an
// automatic answer (RFC 3834 section 5: Auto-Submitted auto-replied).
func (w *Writer) RateLimited(p lang.Printer, from string, count int, until time.Time) Notice {
	text := mail.Wrap(p.N("AcctRateLimited", count, "Count", count, "From", from, "Until", until.UTC()), 79)
	return w.each([]string{from}, p, lang.M("MailSubjectTooMany"), text, "auto-replied", "")[0]
}

// Confirmation is the one mail to the pending address pa of u that asks
// its owner to confirm it by a reply to reply, before lapses.
func (w *Writer) Confirmation(u store.User, pa store.PendingAddress, reply string, lapses time.Time) Notice {
	p := w.printer(u.Language)
	text := mail.Wrap(p.T("AcctConfirmMail", "From", pa.By, "User", u.ID, "Server", w.cfg.Name, "Address", pa.Address,
		"Reply", reply, "Lapses", lapses.UTC()), 79)
	n := w.each([]string{pa.Address}, p, lang.M("MailSubjectConfirm", "User", u.ID), text, "", reply)[0]
	n.Lang = u.Language
	return n
}

// each is one notice of subject and text to each address of to, in
// p's language.
func (w *Writer) each(to []string, p lang.Printer, subject lang.Msg, text, kind, replyTo string) []Notice {
	var out []Notice
	for _, a := range to {
		out = append(out, Notice{To: []string{a}, Lang: p.Code(), Kind: kind, ReplyTo: replyTo, Subject: subject, Body: []lang.Msg{lang.Literal(text)}})
	}
	return out
}

// AddressesChanged are the notices to each of the old addresses of u
// that is neither among its addresses now nor the sender's (from) that
// the account's mail now goes to them: a stolen password does not
// redirect an account silently.
func AddressesChanged(u store.User, old []string, from string) []Notice {
	var out []Notice
	for _, a := range old {
		if !containsFold(u.Addresses, a) && a != from {
			out = append(out, Notice{To: []string{a}, Lang: u.Language, Subject: lang.M("MailSubjectAddressChanged", "User", u.ID),
				Body: []lang.Msg{lang.M("AcctChangedNotice", "User", u.ID, "Addresses", strings.Join(u.Addresses, ", "), "From", from)}})
		}
	}
	return out
}

// AddressesAdded are the notices to each of the old addresses of u but
// the sender's (from) that the addresses added were added to it.
func AddressesAdded(u store.User, old, added []string, from string) []Notice {
	var out []Notice
	for _, a := range old {
		if a != from {
			out = append(out, Notice{To: []string{a}, Lang: u.Language, Subject: lang.M("MailSubjectAddressAdded", "User", u.ID),
				Body: []lang.Msg{lang.M("AcctAddedNotice", "User", u.ID, "Addresses", strings.Join(added, ", "), "From", from)}})
		}
	}
	return out
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}
