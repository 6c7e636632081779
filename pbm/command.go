package pbm

import (
	"errors"
	"strings"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/pbm/board"
	cmdtab "github.com/pbmgo/pbm/pbm/command"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/limit"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/pbm/quote"
	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/store"
)

// Refusal is an error a player reads: the command was refused and
// nothing of it was applied.
type Refusal struct {
	Board int // the board the command concerned, or 0
	// msgs are the refusal, written in the reader's language.
	msgs []lang.Msg
}

// Error is the refusal in English, for logs.
func (r *Refusal) Error() string { return lang.InEnglish(r.msgs...) }

// refuseMsg is a refusal from the catalogue.
func refuseMsg(ms ...lang.Msg) *Refusal {
	return &Refusal{msgs: ms}
}

// refuseOn is refuseMsg about a board.
func refuseOn(board int, ms ...lang.Msg) *Refusal {
	r := refuseMsg(ms...)
	r.Board = board
	return r
}

// refusalOn is err as a refusal about a board: a refusal keeps its
// messages from the catalogue, as does a bound on the moves
// (board.Bounds), any other error is its text, alike in every language.
func refusalOn(n int, err error) *Refusal {
	var ref *Refusal
	if errors.As(err, &ref) {
		out := *ref
		out.Board = n
		return &out
	}
	var bound *board.BoundError
	if errors.As(err, &bound) {
		return refuseOn(n, bound.Msg)
	}
	return &Refusal{Board: n, msgs: []lang.Msg{lang.Literal(err.Error())}}
}

// section is the part of the reply about one command.
type section struct {
	Command string // the line as given, secrets masked
	Refused bool
	// Text is the section as the answer writes it: set when the answer
	// is written (from msgs, or by write), or by a command that writes
	// its answer in the answer's language itself (a table).
	Text string
	// Bare is a section written alone, without the command and its
	// OK above it: the welcome.
	Bare    bool
	game    engine.Game
	board   int
	subject lang.Msg // subject when this is the only command
	table   bool     // laid out in columns: not wrapped
	// msgs, when set, are the section's text, written in the language
	// of the answer when it is sent.
	msgs []lang.Msg
	// write, when set, writes Text in a language: the help, written
	// again in the language of the answer once every command of the
	// mail has run (rewrite).
	write func(lang.Printer) (string, error)
}

// say sets the section's text, written when the answer is.
func (sec *section) say(ms ...lang.Msg) {
	sec.msgs = ms
}

// call is one command being run.
type call struct {
	*run
	name    []string // command words: "change", "password"
	args    []string
	game    engine.Game
	sec     *section
	comment string
	// owner is the account a command named when the mail came from an
	// address that is not the account's: the account hears of it.
	owner *store.User
	// tokenUser is the userid vouched for by a move-by-reply token.
	tokenUser string
	// What the dispatcher authenticated as the table declares
	// (authenticate): the account; of a player's command, also the board
	// and the player's seat on it; of an entrant's, the tournament.
	user       store.User
	board      store.Board
	seat       int
	tournament *tournament.Tournament
}

// run is the handling of one mail.
type run struct {
	*unit
	msg      *mail.Message
	sections []*section
	after    []func()
	// guessed is set when a command refused a password, foreignGuess
	// when it was for an account the sender's address is not one of
	// (reportForeign).
	guessed, foreignGuess bool
	// replyTo, when set, is the Reply-To of the answer: the
	// confirmation address of an admin claim (claimed).
	replyTo string
	// own is the sender's own text of the body (bodyLines).
	own []string
	// checked are the passwords checked for this mail (checkPassword).
	checked map[string]bool
	// speaker is the account the mail spoke for (speaks): its
	// answer is in the account's language.
	speaker *store.User
	// verdict is the operator's MTA's word on the mail's From
	// (mail.Judge).
	verdict mail.Verdict
	// lim is what the mail has spent of its limits (gate).
	lim limit.Mail
}

func (r *run) refused() int {
	n := 0
	for _, s := range r.sections {
		if s.Refused {
			n++
		}
	}
	return n
}

// all reads the mail's commands, runs each, and queues the reply.
func (r *run) all() error {
	k, err := known(r.tx, r.s.cfg.Name, r.s.cfg.Address, r.msg)
	if err != nil {
		return err
	}
	r.own = mail.OwnLines(r.msg.Body, k)
	lines, comment := lineReader(r.s).Lines(r.msg.Subject, r.own)
	if done, err := r.byAddressReply(); done || err != nil {
		return err
	}
	if done, err := r.byReply(); done || err != nil {
		return err
	}
	words := strings.Fields(cmdtab.Head(cmdtab.FirstLine(r.msg.Subject, r.msg.Body)))
	echo := strings.Join(words[:min(1, len(words))], " ")
	if len(words) > 1 {
		echo += " ..."
	}
	if welcomes(r.s, r.tx, r.msg, lines) {
		sec := welcomeSection(r.s)
		sec.Command = trimLine(echo)
		r.sections = append(r.sections, sec)
		lines = nil
	} else if len(lines) == 0 {
		sec := &section{Command: trimLine(echo), Refused: true}
		sec.say(lineReader(r.s).NoCommand(r.msg.Subject, words)...)
		r.sections = append(r.sections, sec)
	}
	extra := 0
	if len(lines) > r.s.cfg.MaxCommands {
		extra = len(lines) - r.s.cfg.MaxCommands
		lines = lines[:r.s.cfg.MaxCommands]
	}
	for _, line := range lines {
		if err := r.one(line, comment); err != nil {
			return err
		}
	}
	if extra > 0 {
		sec := &section{Command: "...", Refused: true}
		sec.say(lang.N("CmdMoreLines", extra, "Max", r.s.cfg.MaxCommands))
		r.sections = append(r.sections, sec)
	}
	if err := r.rewrite(); err != nil {
		return err
	}
	return r.reply()
}

// rewrite writes the sections that write themselves (help) again in
// the language of the answer: a command after them may have told
// whose mail it is.
func (r *run) rewrite() error {
	var p *lang.Printer
	for _, sec := range r.sections {
		if sec.write == nil {
			continue
		}
		if p == nil {
			answer := r.answerPrinter()
			p = &answer
		}
		text, err := sec.write(*p)
		if err != nil {
			return err
		}
		sec.Text = text
	}
	return nil
}

// one runs one command line. Only internal errors (the store failing)
// are returned; refusals become the section's text.
func (r *run) one(line, comment string) error {
	if r.longLine(line) {
		return r.checkDeadline()
	}
	return r.oneAs(strings.Fields(line), comment, "")
}

// oneAs runs one command given as words. tokenUser, when set, is the
// userid a move-by-reply token vouched for: its password is not asked.
func (r *run) oneAs(words []string, comment, tokenUser string) error {
	if err := r.checkDeadline(); err != nil {
		return err
	}
	// The words of a reply come from a line of its own (byReply).
	if n := len(words) - 1; n >= 0 {
		for _, w := range words {
			n += len(w)
		}
		if n > r.s.cfg.MaxLineBytes && r.longLine(strings.Join(words, " ")) {
			return nil
		}
	}
	// A line that is not understood is echoed only by its first words:
	// the rest may hold a password.
	sec := &section{Command: cmdtab.Echo(words)}
	r.sections = append(r.sections, sec)
	c, err := r.resolve(words, comment, sec)
	if c.cmd != nil {
		sec.Command = trimLine(lineReader(r.s).Masked(strings.Join(words, " ")))
		sec.table = c.cmd.Table
	}
	if err == nil {
		c.tokenUser = tokenUser
		if err = c.gate(c.cmd); err == nil {
			var cmd *command
			if cmd, err = authenticate(c.call, c.cmd); err == nil {
				err = handlerOf(cmd)(c.call)
			}
		}
	}
	var ref *Refusal
	if errors.As(err, &ref) {
		sec.Refused = true
		sec.msgs = ref.msgs
		if ref.Board != 0 {
			sec.board = ref.Board
		}
		err = nil
	}
	if err == nil && c.call != nil && c.owner != nil && !c.guessed {
		err = c.reportForeign()
	}
	return err
}

type resolved struct {
	*call
	cmd *command
}

// resolve finds the command of a line in the table (command.Parse) and
// maps why a line is none to its refusal.
func (r *run) resolve(words []string, comment string, sec *section) (resolved, error) {
	c := &call{run: r, sec: sec, comment: comment}
	l, err := parseLine(r.s.cfg.Games, words)
	if l.Game != "" {
		g, _ := r.s.cfg.Games.Lookup(l.Game)
		c.game, sec.game = g, g
	}
	c.name = l.Name
	var usage *cmdtab.UsageError
	switch {
	case err == nil:
		c.args = l.Args
		return resolved{call: c, cmd: l.Cmd}, nil
	case errors.As(err, &usage):
		c.args = l.Args
		return resolved{call: c, cmd: l.Cmd}, refuseMsg(lang.M("RefuseUsage", "Usage", usage.Usage))
	}
	if ms := lineReader(r.s).Refusal(err); ms != nil {
		return resolved{}, refuseMsg(ms...)
	}
	return resolved{}, err
}

// authenticate does what the table declares of how a command
// authenticates (command.Auth) before its handler runs, and sets the
// call's user, and board and seat or tournament. The refusals and
// their order are those of the command's own checks: a board or a
// tournament that is not there is refused before the password is
// checked. It returns the command to run: a verb of "move" ("move
// <board> <userid> <password> resign") runs the command of its name.
func authenticate(c *call, cmd *command) (*command, error) {
	var err error
	switch cmd.Auth {
	case cmdtab.User:
		c.user, err = c.auth(c.args[cmd.AuthArg], c.args[cmd.AuthArg+1])
	case cmdtab.Player:
		if len(cmd.Verbs) > 0 && len(c.args) == 4 {
			verb, ok, err := c.moveVerb()
			if err != nil {
				return cmd, err
			}
			if ok {
				cmd = verb
			}
		}
		// The board, the account, then its seat on the running board.
		i := cmd.AuthArg
		if c.board, _, err = c.boardOf(c.args[i]); err != nil {
			return cmd, err
		}
		if c.user, err = c.auth(c.args[i+1], c.args[i+2]); err != nil {
			return cmd, err
		}
		b := c.board
		if c.seat = board.SeatOf(b, c.user.ID); c.seat < 0 {
			return cmd, refuseOn(b.Number, lang.M("RefuseNotPlaying", "Title", c.game.Title(), "Number", b.Number))
		}
		if b.Over {
			return cmd, refuseOn(b.Number, lang.M("GameEnded", "Title", c.game.Title(), "Number", b.Number, "Outcome", outcomeMsg(b)))
		}
	case cmdtab.BoardUser:
		i := cmd.AuthArg
		if c.board, _, err = c.boardOf(c.args[i]); err != nil {
			return cmd, err
		}
		c.user, err = c.auth(c.args[i+1], c.args[i+2])
	case cmdtab.Entrant:
		// "<userid> <password> <name>" is put in the usage's order
		// first; the tournament, then the account.
		userFirstOrder(c)
		i := cmd.AuthArg
		if c.tournament, err = loadTournament(c.tx, c.game, c.args[i]); err != nil {
			return cmd, err
		}
		c.user, err = c.auth(c.args[i+1], c.args[i+2])
	case cmdtab.Admin:
		err = adminAuth(c)
	}
	return cmd, err
}

// adminAuth authenticates "admin <userid> <password> <command>": a
// configured admin, the password, and an account that may act as
// admin. Every refusal is logged.
func adminAuth(c *call) error {
	s := c.s
	id, pw := c.args[0], c.args[1]
	if !s.cfg.IsAdmin(id) {
		s.log.Warn("admin refused", "userid", id, "from", c.msg.From)
		return refuseMsg(lang.M("AdminNotAdmin", "User", trimLine(id)))
	}
	u, err := c.auth(id, pw)
	if err != nil {
		s.log.Warn("admin refused", "userid", id, "from", c.msg.From, "reason", err)
		return err
	}
	if bar := account.MayAdmin(u); bar.Barred() {
		err := refuseMsg(barMsg(bar, ""))
		s.log.Warn("admin refused", "userid", id, "from", c.msg.From, "reason", err)
		return err
	}
	c.user = u
	return nil
}

// gameName is the name of g, "" for none.
func gameName(g engine.Game) string {
	if g == nil {
		return ""
	}
	return g.Name()
}

// parseLine parses a command line given as words (command.Parse) with
// the games of reg.
func parseLine(reg *engine.Registry, words []string) (cmdtab.Line, error) {
	return cmdtab.Parse(words, func(w string) (string, bool) {
		g, ok := reg.Lookup(w)
		if !ok {
			return "", false
		}
		return g.Name(), true
	})
}

// maskLine rebuilds a command line with its secret words replaced
// (command.MaskLine).
func maskLine(words []string, nameLen int, secrets []int) string {
	return cmdtab.MaskLine(words, nameLen, secrets)
}

func trimLine(s string) string { return cmdtab.TrimLine(s) }

// lineReader is the command reader of s's configuration: its games,
// its name and address, its bound on a line.
func lineReader(s *Server) cmdtab.Reader {
	var games []string
	for _, g := range s.cfg.Games.Games() {
		games = append(games, g.Name())
	}
	return cmdtab.Reader{Games: games, IsGame: func(w string) bool {
		_, ok := s.cfg.Games.Lookup(w)
		return ok
	}, Known: quote.Known{Name: s.cfg.Name, Address: s.cfg.Address}, MaxLineBytes: s.cfg.MaxLineBytes}
}

// welcomes reports whether a mail is answered with the welcome rather
// than with refusals: it comes from an address no account has ever
// had, and neither its subject nor any line of its own text begins
// with a command word. "Hello, how do I play?" is such a mail; a
// typo of a command ("sigup ...") is not, and is answered with the
// command it resembles.
func welcomes(s *Server, tx *store.Tx, m *mail.Message, lines []string) bool {
	if m.From == "" {
		return false
	}
	if users, err := tx.UsersAt(m.From); err != nil || len(users) > 0 {
		return false
	}
	return !lineReader(s).Speaks(m.Subject, lines)
}

// welcomeSection is the whole answer to a stranger's mail without a
// command (command.Welcome).
func welcomeSection(s *Server) *section {
	sec := &section{subject: lang.M("MailWelcomeSubject"), table: true, Bare: true}
	sec.write = func(p lang.Printer) (string, error) {
		return cmdtab.Welcome(p, helpGames(s.cfg.Games), s.cfg.Address, s.cfg.WebURL), nil
	}
	return sec
}

// gate applies the limits of one mail and one sender (package limit)
// to a command before it runs; a refusal leaves it unrun. cmd is the
// command of the line as resolved. A command that gives no userid and
// password of an account (signup, the lists, a userid that is no
// account) nor comes with the reply token of a reply is counted
// against its sender address's hourly allowance (Config.RateLimit,
// the one rateLimit counts whole mails against; a mail that proves
// nobody has its first command counted there already); past it, such
// a command is refused with the time the count starts again. A
// command that gives an account's password runs, right or wrong: a
// wrong one is bounded by the account's lock after wrong passwords
// (account.WrongPassword) and by the mail's bcrypt work, and no
// refusal here tells a right password from a wrong one. A signup is
// refused when an address it gives (its sender's when none) has
// Config.MaxAccounts open accounts.
func (c *call) gate(cmd *command) error {
	r, name := c.run, cmdtab.Line{Name: c.name, Args: c.args, Cmd: cmd, Game: gameName(c.game)}.Words()
	if name == "signup" {
		if err := c.accountsAt(); err != nil {
			return err
		}
	}
	// The credential of the line as parsed once (resolve).
	user, password, hasCred := cmdtab.Line{Name: c.name, Args: c.args, Cmd: cmd}.Credential()
	var u store.User
	fresh := false
	if hasCred {
		var err error
		if u, err = r.tx.User(user); errors.Is(err, store.ErrNotFound) || err == nil && u.Closed {
			hasCred = false
		} else if err != nil {
			return err
		}
		_, known := r.checked[strings.ToLower(u.ID)+"\x00"+password]
		fresh = hasCred && !known
	}
	cfg := limitsOf(r.s.cfg)
	if refusal := cmdtab.LimitRefusal(r.lim.Admit(cfg, name, len(r.checked), fresh), cfg); refusal != nil {
		return refuseMsg(refusal...)
	}
	if c.tokenUser != "" || hasCred {
		return nil // a reply token, or an account's password, right or wrong
	}
	if r.lim.Counted {
		r.lim.Counted = false
		return nil
	}
	a, ok, err := account.Spend(r.tx, r.msg.From, 1, r.s.cfg.RateLimit, r.s.now())
	if err != nil {
		return err
	}
	if !ok {
		r.s.log.Warn("command over the hourly allowance", "from", r.msg.From, "command", name)
		return refuseMsg(lang.M("LimitCommands", "Count", a.Max, "From", r.msg.From, "Until", a.Resets.UTC()))
	}
	return nil
}

// accountsAt refuses a signup whose addresses (its sender's when it
// gives none) have Config.MaxAccounts open accounts already.
func (c *call) accountsAt() error {
	addrs := []string{c.msg.From}
	rest, _, _ := languageOption(c.args[min(2, len(c.args)):])
	if given, err := account.ParseAddresses(rest); err == nil && len(given) > 0 {
		addrs = given
	}
	at, crowded, err := account.CrowdedAt(c.tx, addrs, c.s.cfg.MaxAccounts)
	if err != nil || !crowded {
		return err
	}
	return refuseMsg(lang.M("LimitAccounts", "Count", c.s.cfg.MaxAccounts, "Address", at))
}
