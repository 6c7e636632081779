package pbm

import (
	"errors"
	"fmt"
	"strings"

	"github.com/pbmgo/pbm/store"
)

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
		return refuse("%s is an admin userid here: only the operator can sign it up, from the address the configuration names for it or with \"pbmd admin add\" on the host.", id)
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
	c.sec.Text = fmt.Sprintf("Welcome, %s. This is an admin account: it runs no admin command until its address is confirmed. Reply to this mail (any text) from %s to confirm it; the claim lapses in %d days otherwise.",
		u.ID, c.msg.From, c.s.cfg.ConfirmDays)
	return nil
}

// adminReady refuses admin commands of an account that has no
// confirmed address: an admin claim not yet confirmed.
func adminReady(u store.User) error {
	if len(u.Addresses) == 0 {
		return refuse("The admin account %s has no confirmed address yet: reply to the answer to its signup from that address first.", u.ID)
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
