package pbm

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/limit"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/pbm/quote"
	"github.com/pbmgo/pbm/store"
)

// command is one entry of the command table. The table is declarative
// (in the manner of soju's service commands): help is generated from
// it, and the dispatcher does the checks it declares.
type command struct {
	usage string // the words after the command name
	help  string // in English
	// helpID is help's message in the catalogue (helpIDs), written
	// in the reader's language.
	helpID string
	// secrets are the indexes in args of words never echoed back
	// (passwords).
	secrets []int
	// minArgs is the least number of args; fewer is a usage error.
	minArgs int
	// userFirst commands take "<name> <userid> <password>" (their
	// usage) or "<userid> <password> <name>"; the handler tells them
	// apart by the store (tournamentAs). Where the store is not read
	// (Masked, for logs) both places the password may stand in are
	// masked.
	userFirst bool
	// admin commands are dispatched only under "admin" for the
	// configured admins.
	admin    bool
	handle   func(*call) error
	children commandSet
	aliases  []string
	// verbs are words that stand for a whole command in place of the
	// last argument: "move <board> <userid> <password> resign" runs
	// resign (pbmserv's move forms).
	verbs []string
	// table marks a command whose answer is laid out in columns (a
	// table, a board): the reply never wraps it.
	table bool
}

type commandSet map[string]*command

// lookup finds a command by name, alias, or unique prefix of at least
// three letters (pbmserv accepts "chall" for "challenge"). An unknown
// word is an *unknownError with the nearest command as suggestion.
func (cs commandSet) lookup(word string) (string, *command, error) {
	word = strings.ToLower(word)
	if name, c, ok := cs.find(word); ok {
		return name, c, nil
	}
	var found []string
	if len(word) >= 3 {
		for name := range cs {
			if strings.HasPrefix(name, word) {
				found = append(found, name)
			}
		}
	}
	switch len(found) {
	case 1:
		return found[0], cs[found[0]], nil
	case 0:
		return "", nil, &unknownError{word: word, suggestion: cs.canonical(nearest(word, cs.words(false)))}
	}
	sort.Strings(found)
	return "", nil, &ambiguousError{word: word, found: found}
}

// ambiguousError is a prefix of more than one command of a set.
type ambiguousError struct {
	word  string
	found []string
}

func (e *ambiguousError) Error() string {
	return fmt.Sprintf("command %q is ambiguous: %s", e.word, strings.Join(e.found, ", "))
}

// unknownError is a word that is no command of a set.
type unknownError struct{ word, suggestion string }

func (e *unknownError) Error() string { return unknownCommand(e.word, e.suggestion) }

// msg is the error from the catalogue; its English is Error's text.
func (e *unknownError) msg() lang.Msg {
	word := `"` + trimLine(strings.ToLower(e.word)) + `"`
	if e.suggestion != "" {
		return lang.M("RefuseUnknownSuggest", "Word", word, "Suggestion", e.suggestion)
	}
	return lang.M("RefuseUnknown", "Word", word)
}

// afterMsg is the refusal of a word, unknown or ambiguous, that
// follows the command words named (a game's name, "change"): with the
// commands that may follow them.
func afterMsg(err error, named []string, set commandSet) lang.Msg {
	after, cmds := fmt.Sprintf("%q", strings.Join(named, " ")), strings.Join(set.names(), ", ")
	var amb *ambiguousError
	if errors.As(err, &amb) {
		return lang.M("CmdAmbiguousAfter", "Word", fmt.Sprintf("%q", amb.word), "Found", strings.Join(amb.found, ", "), "After", after, "Commands", cmds)
	}
	var unknown *unknownError
	if errors.As(err, &unknown) {
		return lang.M("CmdUnknownAfter", "Word", `"`+trimLine(strings.ToLower(unknown.word))+`"`, "After", after, "Commands", cmds)
	}
	return lang.Literal(fmt.Sprintf("%v after %s; commands: %s.", err, after, cmds))
}

// only returns the commands whose admin flag is admin.
func (cs commandSet) only(admin bool) commandSet {
	out := commandSet{}
	for n, c := range cs {
		if c.admin == admin {
			out[n] = c
		}
	}
	return out
}

func (cs commandSet) names() []string {
	var out []string
	for n := range cs {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

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
// messages from the catalogue (commandMoves'), any other error is
// its text, alike in every language.
func refusalOn(board int, err error) *Refusal {
	var ref *Refusal
	if errors.As(err, &ref) {
		out := *ref
		out.Board = board
		return &out
	}
	return &Refusal{Board: board, msgs: []lang.Msg{lang.Literal(err.Error())}}
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
}

// run is the handling of one mail.
type run struct {
	s        *Server
	ctx      context.Context // the mail's deadline (guard.go)
	tx       *store.Tx
	msg      *mail.Message
	sections []*section
	queued   int
	after    []func()
	// guessed is set when a command refused a password, foreignGuess
	// when it was for an account the sender's address is not one of
	// (tellLocked, auth.go).
	guessed, foreignGuess bool
	// replyTo, when set, is the Reply-To of the answer: the
	// confirmation address of an admin claim (admin.go).
	replyTo string
	// held are the board mails to the sender's own address, kept back
	// so that the answer to the mail can be the board (replies.go): the
	// mover gets one mail per move.
	held []heldBoard
	// own is the sender's own text of the body (bodyLines).
	own []string
	// checked are the passwords checked for this mail (rateLimit, auth.go).
	checked map[string]bool
	// speaker is the account the mail spoke for (speaks, accounts.go): its
	// answer is in the account's language.
	speaker *store.User
	// verdict is the operator's MTA's word on the mail's From
	// (auth.go).
	verdict mail.Verdict
	// lim is what the mail has spent of its limits (gate).
	lim limit.Mail
}

// heldBoard is a board mail to the sender kept back until the answer.
type heldBoard struct {
	game  string
	board int
	m     outMail
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
	k, err := r.known()
	if err != nil {
		return err
	}
	r.own = mail.OwnLines(r.msg.Body, k)
	lines, comment := r.s.commandLinesOf(r.msg, r.own)
	if done, err := r.byAddressReply(); done || err != nil {
		return err
	}
	if done, err := r.byReply(); done || err != nil {
		return err
	}
	words := strings.Fields(head(firstLine(r.msg.Subject, r.msg.Body)))
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
		text := lang.M("CmdNone")
		if subj := mail.Unprefixed(r.msg.Subject); subj != "" && !isBoardSubject(subj) {
			// The player did put something in the Subject: say what
			// was wrong with it, not to do what he did.
			text = lang.M("CmdNoneSubject")
		}
		sec := &section{Command: trimLine(echo), Refused: true}
		sec.say(text)
		if len(words) > 0 {
			if sug := r.s.suggestGlobal(words[0]); sug != "" {
				sec.say((&unknownError{word: words[0], suggestion: sug}).msg(), lang.M("RefuseUnknownTail"))
			}
		}
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
	// The words of a reply come from a line of its own (replies.go).
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
	sec := &section{Command: trimLine(strings.Join(words[:min(2, len(words))], " "))}
	if len(words) > 2 {
		sec.Command += " ..."
	}
	r.sections = append(r.sections, sec)
	c, err := r.resolve(words, comment, sec)
	if c.cmd != nil {
		sec.Command = trimLine(r.s.Masked(strings.Join(words, " ")))
		sec.table = c.cmd.table
	}
	if err == nil {
		c.tokenUser = tokenUser
		if err = c.gate(words); err == nil {
			err = c.cmd.handle(c.call)
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

// resolve finds the command of a line in the table.
func (r *run) resolve(words []string, comment string, sec *section) (resolved, error) {
	c := &call{run: r, sec: sec, comment: comment}
	set := r.s.global
	if g, ok := r.s.cfg.Games.Lookup(words[0]); ok {
		c.game, sec.game = g, g
		c.name = []string{g.Name()}
		set = r.s.game
		words = words[1:]
		if len(words) == 0 {
			return resolved{}, refuseMsg(lang.M("CmdGameWhat", "Game", g.Name(), "Commands", strings.Join(set.names(), ", ")))
		}
	}
	for {
		name, cmd, err := set.lookup(words[0])
		if err != nil {
			if c.game == nil && len(c.name) == 0 {
				var unknown *unknownError
				if errors.As(err, &unknown) {
					u := &unknownError{word: unknown.word, suggestion: r.s.suggestGlobal(unknown.word)}
					return resolved{}, refuseMsg(u.msg(), lang.M("RefuseUnknownTail"))
				}
				var amb *ambiguousError
				if errors.As(err, &amb) {
					return resolved{}, refuseMsg(lang.M("CmdAmbiguous", "Word", fmt.Sprintf("%q", amb.word), "Found", strings.Join(amb.found, ", ")), lang.M("RefuseUnknownTail"))
				}
				return resolved{}, refuseMsg(lang.Literal(err.Error()), lang.M("RefuseUnknownTail"))
			}
			var unknown *unknownError
			if errors.As(err, &unknown) && unknown.suggestion != "" {
				return resolved{}, refuseMsg(unknown.msg())
			}
			return resolved{}, refuseMsg(afterMsg(err, c.name, set))
		}
		c.name = append(c.name, name)
		words = words[1:]
		if cmd.children != nil {
			if len(words) == 0 {
				return resolved{}, refuseMsg(lang.M("CmdWhat", "Words", strings.Join(c.name, " "), "Commands", strings.Join(cmd.children.names(), ", ")))
			}
			set = cmd.children
			continue
		}
		if cmd.admin {
			return resolved{}, refuseMsg(lang.M("CmdAdminOnly", "Name", name))
		}
		c.args = words
		if len(c.args) < cmd.minArgs {
			return resolved{call: c, cmd: cmd}, refuseMsg(lang.M("RefuseUsage", "Usage", strings.Join(c.name, " ")+" "+cmd.usage))
		}
		return resolved{call: c, cmd: cmd}, nil
	}
}

// maskLine rebuilds a command line with its secret words replaced.
func maskLine(words []string, nameLen int, secrets []int) string {
	out := append([]string(nil), words...)
	for _, i := range secrets {
		if j := nameLen + i; j < len(out) {
			out[j] = "********"
		}
	}
	return strings.Join(out, " ")
}

func trimLine(s string) string {
	s = mail.OneLine(s)
	if r := []rune(s); len(r) > 200 {
		s = string(r[:200]) + "..."
	}
	return s
}

func firstLine(subject, body string) string {
	if strings.TrimSpace(subject) != "" {
		return subject
	}
	for _, l := range strings.Split(body, "\n") {
		if strings.TrimSpace(l) != "" {
			return l
		}
	}
	return "(empty mail)"
}

// commandLines finds the commands of a mail and the player's comment
// (protocol.md, "Where commands are read"): the Subject holds one
// command, unless it is empty, only a reply prefix, "multiple", or
// not a command at all (the subject of a board mail replied to); then
// the body holds them, one per line.
func (s *Server) commandLines(m *mail.Message) (lines []string, comment string) {
	return s.commandLinesOf(m, mail.OwnLines(m.Body, quote.Known{Name: s.cfg.Name, Address: s.cfg.Address}))
}

// commandLinesOf is commandLines with the own text of the body read
// already (bodyLines).
func (s *Server) commandLinesOf(m *mail.Message, body []string) (lines []string, comment string) {
	if len(m.Subject) > s.cfg.MaxLineBytes {
		// Too long to be read: whether it is a command is told by its
		// first words; if it is, it is refused as a whole (longLine).
		h := head(m.Subject)
		h = h[mail.ReplyPrefix(h):]
		if s.isCommand(h) {
			return []string{strings.TrimSpace(m.Subject)}, mail.Comment(body)
		}
		return s.bodyCommands(body)
	}
	subject := mail.Unprefixed(m.Subject)
	if subject != "" && !strings.EqualFold(subject, "multiple") && !isBoardSubject(subject) && s.isCommand(subject) {
		return []string{subject}, mail.Comment(body)
	}
	return s.bodyCommands(body)
}

// bodyCommands finds the commands of the body, one per line, and the
// comment after them.
func (s *Server) bodyCommands(body []string) (lines []string, comment string) {
	i := 0
	for ; i < len(body); i++ {
		l := strings.TrimSpace(body[i])
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if len(lines) > 0 && !s.isCommand(l) {
			break // the rest is the comment
		}
		lines = append(lines, l)
	}
	return lines, mail.Comment(body[i:])
}

// isCommand reports whether a line starts with a command word: a
// global command or a game's name.
func (s *Server) isCommand(line string) bool {
	w := firstWord(line)
	if w == "" {
		return false
	}
	if _, ok := s.cfg.Games.Lookup(w); ok {
		return true
	}
	_, _, ok := s.global.find(w)
	return ok
}

// Recognising the subject of a board mail, which replies carry back.

// boardSubjectWords are the catalogue's subjects of board mails, with
// the userid to move and the marks after them; boardErrorWords, of
// the answers refused about a board or a game.
var (
	boardSubjectWords = []string{"MailSubjectBoard", "MailSubjectBoardNew"}
	boardErrorWords   = []string{"MailSubjectBoardError", "MailSubjectGameError", "MailSubjectError"}
)

// englishBoardSubject is pbmserv's board subject in English, which
// the server has always recognised; any word before "error" too.
const englishBoardSubject = `(?i)^(new\s+)?\S+\s+(board\s+\d+(\s+\S+)?(\s+\*\*)?|error)$`

// boardSubjects matches the subject of a board mail in every language
// the server speaks, which a reply carries back: it is not a command.
// It is built from the catalogue's words of each language, so that a
// translation changed is still recognised.
var boardSubjects = sync.OnceValue(func() *regexp.Regexp {
	alts := []string{englishBoardSubject[len("(?i)"):]}
	c, err := lang.Load()
	if err != nil {
		return regexp.MustCompile(englishBoardSubject)
	}
	var removed []string
	for _, code := range lang.Codes {
		if w := strings.TrimSpace(c.For(code).T("MailSubjectRemoved")); w != "" {
			removed = append(removed, spaced(w))
		}
	}
	tail := `(\s+\S+)?`
	if len(removed) > 0 {
		tail += `(\s+(` + strings.Join(removed, "|") + `))?`
	}
	tail += `(\s+\*\*)?`
	for _, code := range lang.Codes {
		p := c.For(code)
		for _, id := range boardSubjectWords {
			if pat, ok := subjectPattern(p, id); ok {
				alts = append(alts, pat+tail)
			}
		}
		for _, id := range boardErrorWords {
			if pat, ok := subjectPattern(p, id); ok {
				alts = append(alts, pat)
			}
		}
	}
	re, err := regexp.Compile(`(?i)^(` + strings.Join(alts, "|") + `)$`)
	if err != nil {
		return regexp.MustCompile(englishBoardSubject)
	}
	return re
})

// Stand-ins for the title and the number while a subject's pattern is
// made from the catalogue.
const (
	titleMark  = "\x01T\x01"
	numberMark = "\x01N\x01"
)

// subjectPattern is the pattern of the subject message id in one
// language: its words as written, any space a run of spaces, the
// title a word and the number digits. False when the message is not
// in the catalogue.
func subjectPattern(p lang.Printer, id string) (string, bool) {
	text := strings.TrimSpace(p.T(id, "Title", titleMark, "Number", numberMark))
	if text == "" || text == id {
		return "", false
	}
	var b strings.Builder
	for i, part := range strings.Split(text, titleMark) {
		if i > 0 {
			b.WriteString(`\S+`)
		}
		for j, piece := range strings.Split(part, numberMark) {
			if j > 0 {
				b.WriteString(`\d+`)
			}
			b.WriteString(spaced(piece))
		}
	}
	return b.String(), true
}

// spaced is a literal text as a pattern whose spaces are any run of
// white space.
func spaced(s string) string {
	words := strings.Split(s, " ")
	for i, w := range words {
		words[i] = regexp.QuoteMeta(w)
	}
	return strings.Join(words, `\s+`)
}

// isBoardSubject reports whether a subject, without its reply
// prefixes, is the subject of a board mail in any language.
func isBoardSubject(s string) bool { return boardSubjects().MatchString(s) }

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
	subj := mail.Unprefixed(m.Subject)
	if isBoardSubject(subj) {
		return false
	}
	for _, l := range append([]string{subj}, lines...) {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if s.isCommand(l) || s.suggestGlobal(firstWord(l)) != "" && looksLikeCommand(l) {
			return false
		}
	}
	return true
}

// looksLikeCommand reports whether a line that begins with a word
// resembling a command reads as a command rather than as prose: it
// has no sentence punctuation after its first word.
func looksLikeCommand(l string) bool {
	f := strings.Fields(l)
	first := f[0]
	if strings.ContainsAny(first, ",.!?;:") {
		return false
	}
	return !strings.ContainsAny(strings.Join(f[1:], " "), ",!?")
}

// aboutID is the message that describes a game in one line.
func aboutID(game string) string {
	if game == "" {
		return "About"
	}
	return "About" + strings.ToUpper(game[:1]) + game[1:]
}

// welcomeSection is the whole answer to a stranger's mail without a
// command: what pbm is, the games, the line to sign up with, and the
// web site.
func welcomeSection(s *Server) *section {
	sec := &section{subject: lang.M("MailWelcomeSubject"), table: true, Bare: true}
	sec.write = func(p lang.Printer) (string, error) {
		var b strings.Builder
		para := func(text string) {
			b.WriteString(strings.ReplaceAll(mail.Wrap(text, 72), "\n  ", "\n"))
			b.WriteString("\n\n")
		}
		para(p.T("MailWelcomeIntro", "Address", s.cfg.Address))
		b.WriteString(p.T("MailWelcomeGames") + "\n")
		for _, g := range s.cfg.Games.Games() {
			lo, hi := g.Players()
			players := strconv.Itoa(lo)
			if hi != lo {
				players += "-" + strconv.Itoa(hi)
			}
			about := p.T(aboutID(g.Name()))
			if about == aboutID(g.Name()) {
				about = "" // a game the catalogue does not describe
			}
			line := strings.TrimSuffix(p.T("MailWelcomeGame", "Game", g.Name(), "Title", g.Title(), "Players", players, "About", about), ": ")
			b.WriteString(indent(mail.Wrap(line, 70), "  ", "    ") + "\n")
		}
		b.WriteString("\n")
		para(p.T("MailWelcomeSignup"))
		b.WriteString("    signup <userid> <password>\n\n")
		para(p.T("MailWelcomeChallenge"))
		first := "<game>"
		if gs := s.cfg.Games.Games(); len(gs) > 0 {
			first = gs[0].Name()
		}
		b.WriteString("    " + first + " challenge <userid> <password> <userid> computer\n\n")
		para(p.T("MailWelcomeHelp", "Game", first))
		if s.cfg.WebURL != "" {
			para(p.T("MailWelcomeSite", "Site", s.cfg.WebURL))
		}
		return strings.TrimRight(b.String(), "\n"), nil
	}
	return sec
}

// indent prefixes the first line of text with first and the others
// with rest.
func indent(text, first, rest string) string {
	lines := strings.Split(text, "\n")
	for i := range lines {
		if i == 0 {
			lines[i] = first + lines[i]
		} else {
			lines[i] = rest + lines[i]
		}
	}
	return strings.Join(lines, "\n")
}

// gate applies the limits of one mail and one sender (package limit)
// to a command before it runs; a refusal leaves it unrun. words are
// the command's words as given. A command that gives no userid and
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
func (c *call) gate(words []string) error {
	r, name := c.run, c.commandName()
	if name == "signup" {
		if err := c.accountsAt(); err != nil {
			return err
		}
	}
	user, password, hasCred := r.s.credentialOf(words)
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
	cfg := limit.Config{Lists: r.s.cfg.MaxLists, Signups: r.s.cfg.MaxSignups, PasswordWork: r.s.cfg.MaxPasswordWork}
	switch r.lim.Admit(cfg, name, len(r.checked), fresh) {
	case limit.Lists:
		return refuseMsg(lang.M("LimitLists", "Count", cfg.Lists))
	case limit.Signups:
		return refuseMsg(lang.M("LimitSignups", "Count", cfg.Signups))
	case limit.PasswordWork:
		return refuseMsg(lang.M("LimitPasswordWork", "Count", cfg.PasswordWork))
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

// commandName is the command's words without the game's name:
// "games", "change password", "all show"; of an admin command, the
// admin command's word ("setpassword").
func (c *call) commandName() string {
	name := c.name
	if c.game != nil && len(name) > 0 {
		name = name[1:]
	}
	if len(name) == 1 && name[0] == "admin" && len(c.args) >= 3 {
		return strings.ToLower(c.args[2])
	}
	return strings.Join(name, " ")
}

// accountsAt refuses a signup whose addresses (its sender's when it
// gives none) have Config.MaxAccounts open accounts already.
func (c *call) accountsAt() error {
	addrs := []string{c.msg.From}
	rest, _, _ := languageOption(c.args[min(2, len(c.args)):])
	if given, err := parseAddresses(rest); err == nil && len(given) > 0 {
		addrs = given
	}
	for _, a := range addrs {
		users, err := c.tx.UsersAt(a)
		if err != nil {
			return err
		}
		n := 0
		for _, u := range users {
			if !u.Closed {
				n++
			}
		}
		if n >= c.s.cfg.MaxAccounts {
			return refuseMsg(lang.M("LimitAccounts", "Count", c.s.cfg.MaxAccounts, "Address", a))
		}
	}
	return nil
}
