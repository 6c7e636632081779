package pbm

import (
	"slices"
	"strings"

	"github.com/pbmgo/pbm/pbm/mail"

	"github.com/pbmgo/pbm/store"
)

// userPassword is a userid and the password a command gives for it.
type userPassword struct {
	user, password string
	hash           []byte
}

// prefetchCredentials verifies the passwords the mails of a batch give,
// on every core at once, before the batch's one transaction checks
// them in order on one. A password is verified in full only the first
// time the daemon sees it (package credential), but after a restart
// every player is seen for the first time, and a backlog of such mails
// would otherwise pay a full bcrypt each, one after another. Only
// mails that will be read are looked at: not automatic mails, not mails
// already handled. A sender past the rate limit is looked at too: its
// passwords are checked to tell whether the limit holds its mail
// (rate.go).
func (s *Server) prefetchCredentials(msgs []*mail.Message) {
	var pairs []userPassword
	s.cfg.Store.View(func(tx *store.Tx) error {
		pairs = s.credentialsOf(tx, msgs)
		return nil
	})
	if len(pairs) < 2 {
		return // one alone is verified in the transaction as soon
	}
	onEveryCore(pairs, func(p userPassword) { s.creds.Prefetch(p.user, p.password, p.hash) })
}

// credentialsOf lists the userid and password pairs the commands of
// msgs give for existing accounts, each pair once.
func (s *Server) credentialsOf(tx *store.Tx, msgs []*mail.Message) []userPassword {
	var out []userPassword
	for _, m := range msgs {
		if m.Automatic != "" || m.From == "" {
			continue
		}
		if done, err := seen(tx, m); err != nil || done {
			continue
		}
		lines, _ := s.commandLines(m)
		for _, line := range lines[:min(len(lines), s.cfg.MaxCommands)] {
			if len(line) > s.cfg.MaxLineBytes {
				continue // refused unread (bound.go)
			}
			user, password, ok := s.credentialOf(strings.Fields(line))
			if !ok {
				continue
			}
			u, err := tx.User(user)
			if err != nil || u.Closed {
				continue
			}
			p := userPassword{user: u.ID, password: password, hash: u.Hash}
			if !slices.ContainsFunc(out, func(q userPassword) bool {
				return strings.EqualFold(q.user, p.user) && q.password == p.password
			}) {
				out = append(out, p)
			}
		}
	}
	return out
}

// credentialOf is the userid and password a command line gives: the
// first secret word of its command and the word before it, when that
// word is not a secret too.
func (s *Server) credentialOf(words []string) (user, password string, ok bool) {
	if len(words) == 0 {
		return "", "", false
	}
	c, err := (&run{s: s}).resolve(words, "", &section{})
	if err != nil || c.cmd == nil {
		return "", "", false
	}
	for _, i := range c.cmd.secrets {
		if i >= 1 && i < len(c.args) && !slices.Contains(c.cmd.secrets, i-1) {
			return c.args[i-1], c.args[i], true
		}
	}
	return "", "", false
}
