package pbm

import (
	"errors"
	"fmt"
	netmail "net/mail"
	"regexp"
	"strings"

	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/mail"

	"github.com/pbmgo/pbm/pbm/lang"
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
		return refuse("The password is empty.")
	case len(pw) > 72:
		return refuse("The password is longer than 72 bytes.")
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
			return nil, refuse("%q is not a mail address.", trimLine(w))
		}
		out = append(out, strings.ToLower(a.Address))
	}
	if len(out) > 5 {
		return nil, refuse("At most 5 addresses.")
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
		return refuse("%q cannot be a userid: use 2-20 letters, digits, '_' or '-', and not a keyword.", trimLine(id))
	}
	if _, ok := s.cfg.Games.Lookup(id); ok {
		return refuse("%q is the name of a game and cannot be a userid.", id)
	}
	if err := checkPassword(pw); err != nil {
		return err
	}
	if _, err := c.tx.User(id); err == nil {
		return refuse("The userid %s is taken.", id)
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
				return refuse("The word after the password is not a mail address. A password is one word, without spaces: the words after the userid and the password are read as the addresses your mail goes to. Nothing was done.")
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
	goes := "Your mail goes to " + strings.Join(u.Addresses, ", ") + "."
	if len(u.Addresses) == 0 {
		goes = "No mail goes anywhere yet but the answers to your mails."
	}
	c.sec.Text = fmt.Sprintf("Welcome, %s. %s%s Send \"list\" for the games and \"help\" for the commands.",
		id, goes, c.pendingText(u.Pending))
	if u.Language != "" {
		c.speaks(u)
		c.sec.say(lang.Literal(c.sec.Text), lang.M("LanguageIs", "Name", lang.Name(u.Language), "Code", u.Language))
	}
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
	c.sec.Text = fmt.Sprintf("The password of %s is changed.", u.ID)
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
	c.sec.Text = fmt.Sprintf("Mail for %s now goes to %s.%s", u.ID, orNone(u.Addresses), c.pendingText(u.Pending))
	addrs = u.Addresses
	// The old addresses hear of the change too, so a stolen password
	// does not redirect an account silently.
	for _, a := range old {
		if !contains(addrs, a) && a != c.msg.From {
			if err := c.notice(a, "pbm: address changed for "+u.ID,
				fmt.Sprintf("The mail of %s now goes to %s, by a command from %s.", u.ID, strings.Join(addrs, ", "), c.msg.From)); err != nil {
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
		if _, err := c.leave(b, board.SeatOf(b, u.ID), "resign", lang.Literal(u.ID+" closed the account and resigns."), lang.Literal(u.ID+" closed the account and declines the challenge.")); err != nil {
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
	c.sec.Text = fmt.Sprintf("The account %s is closed; %d running games resigned.", u.ID, resigned)
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
	outcome := "It was carried out."
	if c.sec.Refused {
		outcome = "It was refused: " + firstLineOf(c.sec.Text)
	}
	text := mail.Wrap(fmt.Sprintf("A mail from %s, which is not an address of your account, gave this command for %s:\n\n  %s\n\n%s\nIf that was not you, change your password.",
		c.msg.From, c.owner.ID, c.sec.Command, outcome), 79)
	for _, a := range c.owner.Addresses {
		if err := c.notice(a, "pbm: a command for "+c.owner.ID+" from "+c.msg.From, text); err != nil {
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
		return refuse("Mail for %s goes to %s already, or awaits its confirmation.", u.ID, strings.Join(addrs, ", "))
	}
	if n := len(u.Addresses) + len(u.Pending); n+len(added) > 5 {
		return refuse("At most 5 addresses; %s has %d.", u.ID, n)
	}
	fresh := c.setAddresses(&u, added, false, false)
	if err := c.tx.PutUser(u); err != nil {
		return err
	}
	if err := c.confirmAll(u, fresh); err != nil {
		return err
	}
	c.sec.Text = fmt.Sprintf("Mail for %s now goes to %s.%s", u.ID, orNone(u.Addresses), c.pendingText(fresh))
	for _, a := range old {
		if a != c.msg.From {
			if err := c.notice(a, "pbm: address added for "+u.ID,
				fmt.Sprintf("The mail of %s now goes to %s as well (an address other than the sender's once it is confirmed), by a command from %s.", u.ID, strings.Join(added, ", "), c.msg.From)); err != nil {
				return err
			}
		}
	}
	return nil
}
