package pbm

import (
	"crypto/hmac"
	"fmt"
	"strings"
	"time"

	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/pbm/mail"

	"github.com/pbmgo/pbm/store"
)

// Addresses given for an account. An address that is not the sender's
// own (in signup, change address, add) gets nothing from the server
// but one confirmation mail until its owner answers it: the mail's
// Reply-To is "pbm+confirm.<userid>.<token>@domain" (an RFC 5233
// subaddress), the token an HMAC under the store's secret over the
// userid, the address and when it was asked for, so a reply from that
// address, and only from it, confirms it. An address not confirmed
// within the configured days is dropped by the clock (Tick). The
// sender's own address is confirmed at once, except in an admin claim
// (claim.go).
//
// Every mail that does not answer its recipient's own mail carries
// List-Unsubscribe (RFC 2369 section 3.2) with a mailto: address
// "pbm+unsub.<token>@domain", the token an HMAC over the recipient's
// address, and a line in its text saying so: a mail to it from that
// address takes the address off every account, and no more mail goes
// there.

// subaddress is the server's address with a subaddress (RFC 5233
// section 1).
func (s *Server) subaddress(sub string) string {
	local, domain, _ := strings.Cut(s.cfg.Address, "@")
	return local + "+" + sub + "@" + domain
}

// confirmAddress is the Reply-To of the confirmation of p for id.
func (s *Server) confirmAddress(tx *store.Tx, id string, p store.PendingAddress) (string, error) {
	key, err := s.secret(tx)
	if err != nil {
		return "", err
	}
	return s.subaddress(account.ConfirmTag + "." + strings.ToLower(id) + "." + account.ConfirmToken(key, id, p)), nil
}

// unsubAddress is the address a mail to which stops the mail to addr.
func (s *Server) unsubAddress(tx *store.Tx, addr string) (string, error) {
	key, err := s.secret(tx)
	if err != nil {
		return "", err
	}
	return s.subaddress(account.UnsubTag + "." + account.AddrToken(key, account.UnsubTag, addr)), nil
}

// setAddresses gives the account the addresses want, replacing the
// ones it has when replace is set and adding to them otherwise. An
// address the account has confirmed stays confirmed; the sender's own
// is confirmed at once unless ownPending; any other is pending. It
// returns the addresses newly pending, for their confirmation mails
// (confirmAll).
func (c *call) setAddresses(u *store.User, want []string, replace, ownPending bool) []store.PendingAddress {
	now := c.s.now()
	var addrs []string
	var pend []store.PendingAddress
	if !replace {
		addrs, pend = append(addrs, u.Addresses...), append(pend, u.Pending...)
	}
	var fresh []store.PendingAddress
	for _, a := range want {
		switch {
		case contains(addrs, a):
		case contains(u.Addresses, a), strings.EqualFold(a, c.msg.From) && !ownPending:
			addrs = append(addrs, a)
			pend = account.DropPending(pend, a)
		case account.PendingIndex(pend, a) >= 0:
		case account.PendingIndex(u.Pending, a) >= 0:
			// Asked for before: its one confirmation mail went out.
			pend = append(pend, u.Pending[account.PendingIndex(u.Pending, a)])
		default:
			p := store.PendingAddress{Address: a, Since: now, By: c.msg.From}
			pend = append(pend, p)
			fresh = append(fresh, p)
		}
	}
	u.Addresses, u.Pending = addrs, pend
	return fresh
}

// pendingText is the sentence of an answer about addresses awaiting
// confirmation, or "".
func (c *call) pendingText(pend []store.PendingAddress) string {
	if len(pend) == 0 {
		return ""
	}
	var list []string
	for _, p := range pend {
		list = append(list, p.Address)
	}
	return fmt.Sprintf(" Nothing goes to %s until it is confirmed: one mail asking for that went there; it lapses in %d days.",
		strings.Join(list, ", "), c.s.cfg.ConfirmDays)
}

// confirmAll queues the one confirmation mail of each address newly
// pending for u.
func (c *call) confirmAll(u store.User, fresh []store.PendingAddress) error {
	for _, p := range fresh {
		reply, err := c.s.confirmAddress(c.tx, u.ID, p)
		if err != nil {
			return err
		}
		text := mail.Wrap(fmt.Sprintf("A mail from %s asked that the mail of the account %s on %s go to this address, %s.\n\n"+
			"To agree, reply to this mail (the reply goes to %s; its text does not matter). "+
			"If you do nothing, nothing more comes from %s to this address, and the request lapses on %s.",
			p.By, u.ID, c.s.cfg.Name, p.Address, reply, c.s.cfg.Name, stamp(p.Since.Add(time.Duration(c.s.cfg.ConfirmDays)*day))), 79)
		body, err := c.s.tpl.render("notice.txt", map[string]any{"Text": text, "Server": c.s.cfg.Name})
		if err != nil {
			return err
		}
		if err := c.send(outMail{To: p.Address, Subject: "pbm: confirm mail for " + u.ID, Text: body, ReplyTo: reply}); err != nil {
			return err
		}
	}
	return nil
}

// addressTag finds a subaddress of the server's address with the tag
// among the mail's recipients and returns what follows the tag.
func (r *run) addressTag(tag string) (string, bool) {
	local, domain, _ := strings.Cut(r.s.cfg.Address, "@")
	for _, to := range r.msg.To {
		l, d, _ := strings.Cut(strings.ToLower(to), "@")
		base, sub, plus := strings.Cut(l, "+")
		if !plus || base != local || d != domain {
			continue
		}
		if rest, ok := strings.CutPrefix(sub, tag+"."); ok {
			return rest, true
		}
	}
	return "", false
}

// byAddressReply handles a mail to a confirmation or unsubscribe
// address; done reports whether the mail was one.
func (r *run) byAddressReply() (done bool, err error) {
	if rest, ok := r.addressTag(account.ConfirmTag); ok {
		return true, r.confirmReply(rest)
	}
	if rest, ok := r.addressTag(account.UnsubTag); ok {
		return true, r.unsubscribe(rest)
	}
	return false, nil
}

// confirmReply confirms the pending address the reply comes from.
func (r *run) confirmReply(rest string) error {
	sec := &section{Command: "confirm an address"}
	r.sections = append(r.sections, sec)
	id, tok, _ := strings.Cut(rest, ".")
	u, err := r.tx.User(id)
	i := -1
	if err == nil && !u.Closed {
		i = account.PendingIndex(u.Pending, r.msg.From)
	}
	if i >= 0 {
		key, err := r.s.secret(r.tx)
		if err != nil {
			return err
		}
		if !hmac.Equal([]byte(account.ConfirmToken(key, u.ID, u.Pending[i])), []byte(tok)) {
			i = -1
		}
	}
	if i < 0 {
		sec.Refused = true
		sec.Text = fmt.Sprintf("This confirmation is not valid for %s: it holds only for the address it was sent to, from that address, and lapses after %d days. Nothing was changed.",
			r.msg.From, r.s.cfg.ConfirmDays)
		return r.reply()
	}
	p := u.Pending[i]
	u.Pending = account.DropPending(u.Pending, p.Address)
	if !contains(u.Addresses, p.Address) {
		u.Addresses = append(u.Addresses, p.Address)
	}
	if err := r.tx.PutUser(u); err != nil {
		return err
	}
	r.s.log.Info("address confirmed", "userid", u.ID, "address", p.Address)
	sec.Text = fmt.Sprintf("Confirmed: the mail of %s now goes to %s.", u.ID, strings.Join(u.Addresses, ", "))
	if r.s.isAdmin(u.ID) {
		sec.Text += " The admin account is yours."
	}
	return r.reply()
}

// unsubscribe takes the sender's address off every account, when the
// token is the one of that address.
func (r *run) unsubscribe(tok string) error {
	sec := &section{Command: "unsubscribe"}
	r.sections = append(r.sections, sec)
	key, err := r.s.secret(r.tx)
	if err != nil {
		return err
	}
	if !hmac.Equal([]byte(account.AddrToken(key, account.UnsubTag, r.msg.From)), []byte(tok)) {
		sec.Refused = true
		sec.Text = fmt.Sprintf("This unsubscribe address is not the one of %s: send to the address in the mail %s received. Nothing was changed.", r.msg.From, r.msg.From)
		return r.reply()
	}
	users, err := r.tx.Users()
	if err != nil {
		return err
	}
	var ids []string
	for _, u := range users {
		if !contains(u.Addresses, r.msg.From) && account.PendingIndex(u.Pending, r.msg.From) < 0 {
			continue
		}
		u.Addresses = toggle(u.Addresses, r.msg.From, false)
		u.Pending = account.DropPending(u.Pending, r.msg.From)
		if err := r.tx.PutUser(u); err != nil {
			return err
		}
		ids = append(ids, u.ID)
	}
	r.s.log.Info("unsubscribed", "address", r.msg.From, "accounts", len(ids))
	sec.Text = fmt.Sprintf("No more mail from %s goes to %s.", r.s.cfg.Name, r.msg.From)
	if len(ids) > 0 {
		sec.Text += fmt.Sprintf(" The address was taken off the accounts %s; \"add <userid> <password> %s\" sent from it puts it back.", strings.Join(ids, ", "), r.msg.From)
	}
	return r.reply()
}

// lapse drops the addresses pending for longer than the configured
// days; nothing is mailed about it.
func (r *run) lapse(now time.Time) (int, error) {
	cutoff := now.Add(-time.Duration(r.s.cfg.ConfirmDays) * day)
	users, err := r.tx.PendingBefore(cutoff)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, u := range users {
		var keep []store.PendingAddress
		for _, p := range u.Pending {
			if p.Since.Before(cutoff) {
				n++
				continue
			}
			keep = append(keep, p)
		}
		u.Pending = keep
		if err := r.tx.PutUser(u); err != nil {
			return 0, err
		}
	}
	return n, r.tx.PruneRefusals(now.Add(-day))
}

// listUnsubscribe adds the RFC 2369 List-Unsubscribe header and a line
// of text to a mail that does not answer its recipient's own mail.
func (s *Server) listUnsubscribe(tx *store.Tx, m *outMail) (string, error) {
	if m.Kind == "auto-replied" {
		return "", nil
	}
	addr, err := s.unsubAddress(tx, m.To)
	if err != nil {
		return "", err
	}
	m.Text = strings.TrimRight(m.Text, "\n") + "\n\nTo stop all mail from " + s.cfg.Name + " to this address, send any mail to " + addr + "\n"
	// RFC 2369 section 3.2: a mailto URL in angle brackets; the
	// subject is a hint for the mail client. There is no https URL,
	// so no List-Unsubscribe-Post (RFC 8058 section 3.1 needs one).
	return "<mailto:" + addr + "?subject=unsubscribe>", nil
}
