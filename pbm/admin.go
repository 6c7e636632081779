package pbm

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/guard"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/pbm/notice"
	"github.com/pbmgo/pbm/store"
)

// cmdAdmin runs "admin <userid> <password> <command> [<args>...]" for
// the configured admins. Every admin action is logged, and mailed to
// the players it affects.
func cmdAdmin(c *call) error {
	s, u := c.s, c.user
	set := s.global.Only(true)
	name, cmd, err := set.Lookup(c.args[2])
	if err != nil {
		first := lang.Literal(err.Error())
		var unknown *unknownError
		if errors.As(err, &unknown) {
			first = unknownMsg(unknown)
		}
		return refuseMsg(first, lang.M("AdminCommands", "Commands", strings.Join(set.Names(), ", ")))
	}
	args := c.args[3:]
	masked := append([]string{"admin", u.ID, "********", name}, args...)
	for _, i := range cmd.Secrets {
		if i < len(args) {
			masked[4+i] = "********"
		}
	}
	c.sec.Command = trimLine(strings.Join(masked, " "))
	if len(args) < cmd.MinArgs {
		return refuseMsg(lang.M("RefuseUsage", "Usage", "admin <userid> <password> "+name+" "+cmd.Usage))
	}
	sub := *c
	sub.args = args
	s.log.Info("admin", "userid", u.ID, "from", c.msg.From, "command", c.sec.Command)
	return handlerOf(cmd)(&sub)
}

func adminUsers(c *call) error {
	ms, err := notice.Accounts(c.tx)
	if err != nil {
		return err
	}
	c.sec.say(ms...)
	return nil
}

func adminGames(c *call) error {
	boards, err := c.tx.Boards("")
	if err != nil {
		return err
	}
	c.sec.say(board.Roster(boards)...)
	return nil
}

// adminStats reads the store's counters: it counts no board and no
// account.
func adminStats(c *call) error {
	ms, err := notice.Stats(c.tx, c.s.cfg.Games.Games(), c.s.cfg.DedupeWindow)
	if err != nil {
		return err
	}
	c.sec.say(ms...)
	return nil
}

// adminBoard finds the board named by "<game> <board>".
func adminBoard(c *call, gameName, num string) (store.Board, error) {
	g, ok := c.s.cfg.Games.Lookup(gameName)
	if !ok {
		return store.Board{}, refuseMsg(lang.M("AdminNoGame", "Word", mail.Quoted(gameName)))
	}
	c.game, c.sec.game = g, g
	n, _, err := boardArg(g, num)
	if err != nil {
		return store.Board{}, err
	}
	return c.loadBoard(n)
}

func adminAbort(c *call) error {
	s := c.s
	b, err := adminBoard(c, c.args[0], c.args[1])
	if err != nil {
		return err
	}
	if b.Over {
		return refuseMsg(lang.M("AdminEnded", "Title", c.game.Title(), "Number", b.Number, "Outcome", board.OutcomeMsg(b)))
	}
	g, st, err := s.boards.Replay(b, -1)
	if err != nil {
		return err
	}
	b.Aborted = true
	said := []lang.Msg{lang.M("AdminAbortedEvent")}
	if err := commit(c.unit, &b, g, st, change{Said: said}); err != nil {
		return err
	}
	c.sec.say(lang.M("AdminAborted", "Title", g.Title(), "Number", b.Number))
	return nil
}

func adminForfeit(c *call) error {
	b, err := adminBoard(c, c.args[0], c.args[1])
	if err != nil {
		return err
	}
	if b.Over {
		return refuseMsg(lang.M("AdminEnded", "Title", c.game.Title(), "Number", b.Number, "Outcome", board.OutcomeMsg(b)))
	}
	seat := board.SeatOf(b, c.args[2])
	if seat < 0 {
		return refuseMsg(lang.M("AdminNotPlaying", "User", trimLine(c.args[2]), "Title", c.game.Title(), "Number", b.Number))
	}
	if err := resignSeat(c, b, seat, "forfeit", lang.M("AdminForfeitedEvent", "Who", b.Players[seat])); err != nil {
		return err
	}
	c.sec.say(lang.M("AdminForfeits", "Who", b.Players[seat], "Title", c.game.Title(), "Number", b.Number))
	return nil
}

func adminSetPassword(c *call) error {
	s := c.s
	u, err := c.tx.User(c.args[0])
	if errors.Is(err, store.ErrNotFound) {
		return refuseMsg(lang.M("AdminNoUser", "Word", mail.Quoted(c.args[0])))
	} else if err != nil {
		return err
	}
	if u, err = account.SetPassword(c.tx, u, c.args[1], s.cfg.BcryptCost); err != nil {
		return accountRefusal(err, u.ID)
	}
	s.creds.Forget(u.ID)
	for _, a := range u.Addresses {
		if err := tell(c.unit, notice.Notice{To: []string{a}, Lang: u.Language, Subject: lang.M("MailSubjectPasswordReset"), Body: []lang.Msg{lang.M("AdminPasswordReset", "User", u.ID)}}); err != nil {
			return err
		}
	}
	c.sec.say(lang.M("AdminPasswordSet", "User", u.ID))
	return nil
}

func adminBroadcast(c *call) error {
	s := c.s
	if strings.TrimSpace(c.comment) == "" {
		return refuseMsg(lang.M("AdminBroadcastEmpty"))
	}
	to, err := account.Addressees(c.tx)
	if err != nil {
		return err
	}
	for _, a := range to {
		if err := tell(c.unit, notice.Notice{To: []string{a.Address}, Lang: s.cat.For(a.Language).Code(), Subject: lang.M("MailSubjectBroadcast", "Server", s.cfg.Name), Body: []lang.Msg{lang.Literal(c.comment)}}); err != nil {
			return err
		}
	}
	c.sec.say(lang.N("AdminBroadcastQueued", len(to), "Count", len(to)))
	return nil
}

// adminBackup writes a consistent copy of the database once this
// mail's transaction has committed (a read transaction inside a write
// transaction of the same goroutine could deadlock bbolt).
func adminBackup(c *call) error {
	s := c.s
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
	c.sec.say(lang.M("AdminBackup", "Path", path))
	return nil
}

// adminRetry lists the set-aside mails, or replays one of them alone
// once this mail's transaction has committed (the replay has a
// transaction and a mark of its own, Server.Replay).
func adminRetry(c *call) error {
	s := c.s
	if len(c.args) == 0 {
		ms, err := guard.SetAsideList(c.tx, trimLine)
		if err != nil {
			return err
		}
		c.sec.say(ms...)
		return nil
	}
	seq, err := strconv.ParseUint(c.args[0], 10, 64)
	if err != nil || seq == 0 {
		return refuseMsg(lang.M("AdminRetryBad", "Word", mail.Quoted(c.args[0])))
	}
	rec, err := c.tx.SetAsideMail(seq)
	if errors.Is(err, store.ErrNotFound) {
		return refuseMsg(lang.M("AdminRetryNone", "Number", seq))
	} else if err != nil {
		return err
	}
	c.after = append(c.after, func() {
		if _, err := s.Replay(context.Background(), seq, false); err != nil {
			s.log.Error("replay of a set-aside mail", "set_aside", seq, "error", err)
		}
	})
	c.sec.say(lang.M("AdminRetryQueued", "Number", seq, "From", rec.From, "Subject", fmt.Sprintf("%q", trimLine(rec.Subject))))
	return nil
}

// cmdMessage: "message <userid> <password> <to>...": the body of the
// mail goes to each user named (pbmserv's message), from the sender's
// userid; the addresses stay unknown to the sender. Each player gets
// one copy per mail however often it names him, a player who blocks
// the sender gets none (and the sender is told), and the copies to
// other players are counted against the sender's hourly allowance
// (account.Spend): a message that would pass it is refused whole.
func cmdMessage(c *call) error {
	u := c.user
	if strings.TrimSpace(c.comment) == "" {
		return refuseMsg(lang.M("AcctMessageEmpty"))
	}
	to := c.args[2:]
	if err := account.CheckRecipients(to); err != nil {
		return refuseMsg(lang.N("AcctMessageMax", account.MaxRecipients, "Count", account.MaxRecipients))
	}
	rcpt, err := account.AddressMessage(c.tx, u.ID, to, c.lim.Messaged)
	if err != nil {
		return err
	}
	targets, already, blocked := rcpt.To, rcpt.Already, rcpt.Blocked
	var unknown []string
	for _, id := range rcpt.Unknown {
		if !contains(unknown, trimLine(id)) {
			unknown = append(unknown, trimLine(id))
		}
	}
	copies := rcpt.Copies(u.ID)
	if err := spendMessages(c, u.ID, copies); err != nil {
		return err
	}
	for _, id := range targets {
		if err := tell(c.unit, notice.Notice{User: id, Subject: lang.M("MailSubjectMessageFrom", "User", u.ID), Body: []lang.Msg{lang.M("BoardCommentBy", "Who", u.ID), lang.Literal("\n\n" + c.comment)}}); err != nil {
			return err
		}
		c.lim.MarkMessaged(id)
	}
	var ms []lang.Msg
	if len(targets) > 0 {
		ms = append(ms, lang.M("AcctMessageSent", "Users", strings.Join(targets, ", ")))
	}
	if len(already) > 0 {
		ms = append(ms, lang.M("LimitMessageAlready", "Users", strings.Join(already, ", ")))
	}
	if len(blocked) > 0 {
		ms = append(ms, lang.M("LimitMessageBlocked", "Users", strings.Join(blocked, ", ")))
	}
	if len(unknown) > 0 {
		if len(ms) == 0 {
			return refuseMsg(lang.M("AcctMessageNoneSent", "Users", strings.Join(unknown, ", ")))
		}
		ms = append(ms, lang.M("AcctMessageNotTo", "Users", strings.Join(unknown, ", ")))
	}
	if len(targets) == 0 && len(already) == 0 {
		return refuseMsg(ms...)
	}
	c.sec.say(ms...)
	return nil
}

// spendMessages takes n copies from the hourly allowance of messages
// (message, chat) of the player id, Config.MessageLimit; past it, the
// refusal says how many are left and when the count starts again, and
// nothing is taken.
func spendMessages(c *call, id string, n int) error {
	if n == 0 {
		return nil
	}
	a, ok, err := account.Spend(c.tx, account.MessageKey(id), n, c.s.cfg.MessageLimit, c.s.now())
	if err != nil {
		return err
	}
	if !ok {
		return refuseMsg(lang.M("LimitMessages", "Count", a.Max, "Left", a.Left, "Need", n, "Until", a.Resets.UTC()))
	}
	return nil
}

// cmdBlock: "block <userid> <password> [<sender>...]": the account
// takes no more messages ("message") from the players named; with none
// named, the answer lists whom it blocks. Board mails, chat on a shared
// board and every other mail still come; a blocked sender's message is
// not delivered and its sender is told so (cmdMessage).
func cmdBlock(c *call) error {
	u := c.user
	if len(c.args) == 2 {
		have, err := c.tx.Blocks(u.ID)
		if err != nil {
			return err
		}
		if len(have) == 0 {
			c.sec.say(lang.M("LimitBlockNone", "User", u.ID))
		} else {
			c.sec.say(lang.M("LimitBlockList", "User", u.ID, "Users", strings.Join(have, ", ")))
		}
		return nil
	}
	blocked, unknown, err := account.Block(c.tx, u.ID, c.args[2:])
	if errors.Is(err, account.ErrTooManyBlocks) {
		return refuseMsg(lang.M("LimitBlockMax", "Count", account.MaxBlocks))
	} else if err != nil {
		return err
	}
	for i := range unknown {
		unknown[i] = trimLine(unknown[i])
	}
	if len(blocked) == 0 {
		return refuseMsg(lang.M("AcctMessageNoneSent", "Users", strings.Join(unknown, ", ")))
	}
	ms := []lang.Msg{lang.M("LimitBlocked", "User", u.ID, "Users", strings.Join(blocked, ", "))}
	if len(unknown) > 0 {
		ms = append(ms, lang.M("LimitBlockUnknown", "Users", strings.Join(unknown, ", ")))
	}
	c.sec.say(ms...)
	return nil
}

// cmdUnblock: "unblock <userid> <password> <sender>...|all": the
// account takes messages from the players named again.
func cmdUnblock(c *call) error {
	u := c.user
	freed, not, err := account.Unblock(c.tx, u.ID, c.args[2:])
	if err != nil {
		return err
	}
	for i := range not {
		not[i] = trimLine(not[i])
	}
	if len(freed) == 0 {
		return refuseMsg(lang.M("LimitUnblockNone", "User", u.ID, "Users", strings.Join(not, ", ")))
	}
	ms := []lang.Msg{lang.M("LimitUnblocked", "User", u.ID, "Users", strings.Join(freed, ", "))}
	if len(not) > 0 {
		ms = append(ms, lang.M("LimitUnblockNot", "Users", strings.Join(not, ", ")))
	}
	c.sec.say(ms...)
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

// claimed answers the claim of an admin account (account.Open wrote
// it, all of its addresses pending, after the configuration's
// addresses for it allowed the sender and the addresses): the answer
// to the claim is the confirmation of the sender's address, and the
// other addresses get theirs.
func claimed(c *call, u store.User, fresh []store.PendingAddress) error {
	var others []store.PendingAddress
	for _, p := range fresh {
		if strings.EqualFold(p.Address, c.msg.From) {
			key, err := c.s.notices.Secret(c.tx)
			if err != nil {
				return err
			}
			reply := confirmAddress(c.s.cfg.Address, key, u.ID, p)
			c.replyTo = reply
			continue
		}
		others = append(others, p)
	}
	if err := confirmAll(c, u, others); err != nil {
		return err
	}
	c.s.log.Warn("admin claimed, awaiting confirmation", "userid", u.ID, "from", c.msg.From)
	c.sec.say(lang.N("AcctAdminWelcome", c.s.cfg.ConfirmDays, "User", u.ID, "From", c.msg.From, "Days", c.s.cfg.ConfirmDays))
	return nil
}

// UnclaimedAdmins lists the configured admin userids that have no
// account with a confirmed address: on a new install, anyone who
// could sign them up would be admin, so the daemon warns of each.
func (s *Server) UnclaimedAdmins() ([]string, error) {
	var out []string
	err := s.cfg.Store.View(func(tx *store.Tx) (err error) {
		out, err = account.Unclaimed(tx, s.cfg.Admins)
		return err
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
	if !s.cfg.IsAdmin(id) {
		return false, fmt.Errorf("%q is not in the admins of the configuration", id)
	}
	if !account.ValidUserid(id) {
		return false, fmt.Errorf("%q cannot be a userid: use 2-20 letters, digits, '_' or '-', and not a keyword", id)
	}
	if err := checkPassword(pw); err != nil {
		return false, errors.New(strings.TrimSuffix(err.Error(), "."))
	}
	if len(addresses) == 0 {
		return false, errors.New("no address given")
	}
	addrs, err := account.ParseAddresses(addresses)
	if err != nil {
		return false, errors.New(strings.TrimSuffix(accountRefusal(err, id).Error(), "."))
	}
	h, err := account.Hash(pw, s.cfg.BcryptCost)
	if err != nil {
		return false, err
	}
	err = s.cfg.Store.Update(func(tx *store.Tx) error {
		// A lockout from guesses at the old password ends with it.
		existed, err = account.WriteAdmin(tx, id, h, addrs, s.now())
		return err
	})
	if err != nil {
		return existed, fmt.Errorf("write admin account %s: %w", id, err)
	}
	s.creds.Forget(id)
	s.log.Info("admin account written on the host", "userid", id, "addresses", strings.Join(addrs, " "), "existed", existed)
	return existed, nil
}
