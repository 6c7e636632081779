package pbm

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// cmdAdmin runs "admin <userid> <password> <command> [<args>...]" for
// the configured admins. Every admin action is logged, and mailed to
// the players it affects.
func (s *Server) cmdAdmin(c *call) error {
	id, pw := c.args[0], c.args[1]
	if !s.isAdmin(id) {
		s.log.Warn("admin refused", "userid", id, "from", c.msg.From)
		return refuse("%s is not an admin here.", trimLine(id))
	}
	u, err := c.auth(id, pw)
	if err != nil {
		s.log.Warn("admin refused", "userid", id, "from", c.msg.From, "reason", err)
		return err
	}
	if err := adminReady(u); err != nil {
		s.log.Warn("admin refused", "userid", id, "from", c.msg.From, "reason", err)
		return err
	}
	set := s.global.only(true)
	name, cmd, err := set.lookup(c.args[2])
	if err != nil {
		return refuse("%v; admin commands: %s.", err, strings.Join(set.names(), ", "))
	}
	args := c.args[3:]
	masked := append([]string{"admin", u.ID, "********", name}, args...)
	for _, i := range cmd.secrets {
		if i < len(args) {
			masked[4+i] = "********"
		}
	}
	c.sec.Command = trimLine(strings.Join(masked, " "))
	if len(args) < cmd.minArgs {
		return refuse("Usage: admin <userid> <password> %s %s", name, cmd.usage)
	}
	sub := *c
	sub.args = args
	s.log.Info("admin", "userid", u.ID, "from", c.msg.From, "command", c.sec.Command)
	return cmd.handle(&sub)
}

func (s *Server) adminUsers(c *call) error {
	users, err := c.tx.Users()
	if err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d accounts:\n", len(users))
	for _, u := range users {
		state := ""
		if u.Closed {
			state = " (closed)"
		}
		fmt.Fprintf(&b, "  %-20s %s%s, since %s\n", u.ID, strings.Join(u.Addresses, " "), state, u.Created.UTC().Format("2006-01-02"))
	}
	c.sec.Text = b.String()
	return nil
}

func (s *Server) adminGames(c *call) error {
	boards, err := c.tx.Boards("")
	if err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d boards:\n", len(boards))
	for _, bd := range boards {
		state := "running"
		if bd.Over {
			state = bd.Outcome
		}
		fmt.Fprintf(&b, "  %-10s %5d %4d moves  %-30s %s\n", bd.Game, bd.Number, len(bd.Log), strings.Join(bd.Players, " "), state)
	}
	c.sec.Text = b.String()
	return nil
}

// adminStats reads the store's counters: it counts no board and no
// account.
func (s *Server) adminStats(c *call) error {
	n := c.tx.Counts()
	running, finished := n.Boards()
	var games []string
	for _, g := range c.s.cfg.Games.Games() {
		name := strings.ToLower(g.Name())
		if r, f := n.Running[name], n.Finished[name]; r+f > 0 {
			games = append(games, fmt.Sprintf("%s %d running, %d finished", g.Name(), r, f))
		}
	}
	failed, err := c.tx.FailedMail()
	if err != nil {
		return err
	}
	c.sec.Text = fmt.Sprintf("accounts %d; boards %d (%d running, %d finished); mails remembered against copies %d (for %d days); senders counted for the rate limit %d; outbox %d; failed deliveries %d",
		n.Users, running+finished, running, finished, n.Processed, int(c.s.cfg.DedupeWindow/(24*time.Hour)), n.Rates, c.tx.OutboxLen(), len(failed))
	if len(games) > 0 {
		c.sec.Text += "\n\n" + strings.Join(games, "\n")
	}
	return nil
}

// adminBoard finds the board named by "<game> <board>".
func (c *call) adminBoard(gameName, num string) (store.Board, error) {
	g, ok := c.s.cfg.Games.Lookup(gameName)
	if !ok {
		return store.Board{}, refuse("There is no game %q.", trimLine(gameName))
	}
	c.game, c.sec.game = g, g
	n, _, err := boardArg(g, num)
	if err != nil {
		return store.Board{}, err
	}
	return c.loadBoard(n)
}

func (s *Server) adminAbort(c *call) error {
	b, err := c.adminBoard(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	if b.Over {
		return refuse("%s board %d has already ended: %s", c.game.Title(), b.Number, b.Outcome)
	}
	g, st, err := s.replay(b, -1)
	if err != nil {
		return err
	}
	b.Aborted = true
	if err := c.commit(&b, g, st, change{Event: "An admin aborted this game."}); err != nil {
		return err
	}
	c.sec.Text = fmt.Sprintf("%s board %d aborted.", g.Title(), b.Number)
	return nil
}

func (s *Server) adminForfeit(c *call) error {
	b, err := c.adminBoard(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	if b.Over {
		return refuse("%s board %d has already ended: %s", c.game.Title(), b.Number, b.Outcome)
	}
	seat := board.SeatOf(b, c.args[2])
	if seat < 0 {
		return refuse("%s is not playing %s board %d.", trimLine(c.args[2]), c.game.Title(), b.Number)
	}
	if err := c.resignSeat(b, seat, "forfeit", lang.Literal("An admin forfeited "+b.Players[seat]+".")); err != nil {
		return err
	}
	c.sec.Text = fmt.Sprintf("%s forfeits %s board %d.", b.Players[seat], c.game.Title(), b.Number)
	return nil
}

func (s *Server) adminSetPassword(c *call) error {
	u, err := c.tx.User(c.args[0])
	if errors.Is(err, store.ErrNotFound) {
		return refuse("There is no user %q.", trimLine(c.args[0]))
	} else if err != nil {
		return err
	}
	if err := checkPassword(c.args[1]); err != nil {
		return err
	}
	if u.Hash, err = s.hash(c.args[1]); err != nil {
		return err
	}
	if err := c.tx.PutUser(u); err != nil {
		return err
	}
	s.creds.Forget(u.ID)
	for _, a := range u.Addresses {
		if err := c.notice(a, "pbm: your password was reset", fmt.Sprintf(
			"An admin set a new password for your account %s. Ask the admins for it.", u.ID)); err != nil {
			return err
		}
	}
	c.sec.Text = fmt.Sprintf("The password of %s is set; the user was told.", u.ID)
	return nil
}

func (s *Server) adminBroadcast(c *call) error {
	if strings.TrimSpace(c.comment) == "" {
		return refuse("The body of the mail is the broadcast, and it is empty.")
	}
	users, err := c.tx.Users()
	if err != nil {
		return err
	}
	n := 0
	for _, u := range users {
		if u.Closed {
			continue
		}
		for _, a := range u.Addresses {
			if err := c.notice(a, "Broadcast from "+s.cfg.Name, c.comment); err != nil {
				return err
			}
			n++
		}
	}
	c.sec.Text = fmt.Sprintf("Broadcast queued for %d addresses.", n)
	return nil
}

// adminBackup writes a consistent copy of the database once this
// mail's transaction has committed (a read transaction inside a write
// transaction of the same goroutine could deadlock bbolt).
func (s *Server) adminBackup(c *call) error {
	name := "pbm-backup-" + s.now().UTC().Format("20060102-150405") + ".db"
	path := filepath.Join(s.cfg.BackupDir, name)
	c.after = append(c.after, func() {
		n, err := s.cfg.Store.Backup(path)
		if err != nil {
			s.log.Error("backup", "path", path, "error", err)
			return
		}
		s.log.Info("backup", "path", path, "bytes", strconv.FormatInt(n, 10))
	})
	c.sec.Text = "A consistent copy of the database is being written to " + path + " (failures are in the log)."
	return nil
}

// adminRetry lists the set-aside mails, or replays one of them alone
// once this mail's transaction has committed (the replay has a
// transaction and a mark of its own, see setaside.go).
func (s *Server) adminRetry(c *call) error {
	if len(c.args) == 0 {
		recs, err := c.tx.SetAsideMails()
		if err != nil {
			return err
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%d set-aside mails:\n", len(recs))
		for _, r := range recs {
			fmt.Fprintf(&b, "  %4d  %s  from %s, subject %q, set aside %d times: %s\n", r.Seq, stamp(r.At), r.From, trimLine(r.Subject), r.Failures, trimLine(r.Reason))
		}
		c.sec.Text = b.String()
		return nil
	}
	seq, err := strconv.ParseUint(c.args[0], 10, 64)
	if err != nil || seq == 0 {
		return refuse("%q is not the number of a set-aside mail; \"admin <userid> <password> retry\" lists them.", trimLine(c.args[0]))
	}
	rec, err := c.tx.SetAsideMail(seq)
	if errors.Is(err, store.ErrNotFound) {
		return refuse("There is no set-aside mail %d; \"admin <userid> <password> retry\" lists them.", seq)
	} else if err != nil {
		return err
	}
	c.after = append(c.after, func() {
		if _, err := s.Replay(context.Background(), seq, false); err != nil {
			s.log.Error("replay of a set-aside mail", "set_aside", seq, "error", err)
		}
	})
	c.sec.Text = fmt.Sprintf("Set-aside mail %d, from %s (subject %q), is replayed alone once this mail is done; the admins are told its outcome.", seq, rec.From, trimLine(rec.Subject))
	return nil
}

// maxRecipients bounds the users one message command reaches.
const maxRecipients = 20

// cmdMessage: "message <userid> <password> <to>...": the body of the
// mail goes to each user named (pbmserv's message), from the sender's
// userid; the addresses stay unknown to the sender.
func (s *Server) cmdMessage(c *call) error {
	u, err := c.auth(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	if strings.TrimSpace(c.comment) == "" {
		return refuse("The body of the mail is the message, and it is empty.")
	}
	to := c.args[2:]
	if len(to) > maxRecipients {
		return refuse("At most %d users per message.", maxRecipients)
	}
	var sent, unknown []string
	for _, id := range to {
		r, err := c.tx.User(id)
		if errors.Is(err, store.ErrNotFound) || (err == nil && r.Closed) {
			unknown = append(unknown, trimLine(id))
			continue
		} else if err != nil {
			return err
		}
		if contains(sent, r.ID) {
			continue
		}
		if err := c.tellUser(r.ID, "pbm message from "+u.ID, u.ID+" writes:\n\n"+c.comment); err != nil {
			return err
		}
		sent = append(sent, r.ID)
	}
	if len(sent) == 0 {
		return refuse("No message was sent: %s not a player here.", strings.Join(unknown, ", "))
	}
	c.sec.Text = fmt.Sprintf("Your message went to %s.", strings.Join(sent, ", "))
	if len(unknown) > 0 {
		c.sec.Text += fmt.Sprintf(" Not sent to %s: not a player here.", strings.Join(unknown, ", "))
	}
	return nil
}
