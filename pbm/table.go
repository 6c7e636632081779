package pbm

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	cmdtab "github.com/pbmgo/pbm/pbm/command"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
)

// commands is the command table of package command, the same for
// every server: the global commands (the admin commands among them,
// flagged) and the commands that follow a game's name.
func commands() (global, game commandSet) { return cmdtab.Global(), cmdtab.Game() }

// The table's types, as the core names them.
type (
	command      = cmdtab.Command
	commandSet   = cmdtab.Set
	unknownError = cmdtab.UnknownError
)

// handlers maps each command of the table (its Key: its words, "<game>
// " before a game's, "admin " before an admin command's) to its free
// handler. The dispatcher authenticates as the table declares before it
// calls one (authenticate).
var handlers map[string]func(*call) error

func init() {
	handlers = map[string]func(*call) error{
		"help":            cmdHelp,
		"list":            cmdList,
		"signup":          cmdSignup,
		"change password": cmdChangePassword,
		"change address":  cmdChangeAddress,
		"signoff":         cmdSignoff,
		"add":             cmdAdd,
		"message":         cmdMessage,
		"block":           cmdBlock,
		"unblock":         cmdUnblock,
		"pictures":        cmdPictures,
		"language":        cmdLanguage,
		"vacation":        cmdVacation,
		"daysoff":         cmdDaysOff,
		"digest":          cmdDigest,
		"timezone":        cmdTimezone,
		"all show":        cmdAllShow,
		"admin":           cmdAdmin,

		"<game> help":             cmdGameHelp,
		"<game> challenge":        cmdChallenge,
		"<game> move":             cmdMove,
		"<game> resign":           cmdResign,
		"<game> show":             cmdShow,
		"<game> games":            cmdGames,
		"<game> propose":          cmdPropose,
		"<game> undo":             cmdUndo,
		"<game> accept":           cmdAccept,
		"<game> reject":           cmdReject,
		"<game> queue":            cmdQueue,
		"<game> if":               cmdIf,
		"<game> submit":           cmdSubmit,
		"<game> confirm":          cmdConfirm,
		"<game> preview":          cmdPreview,
		"<game> chat":             cmdChat,
		"<game> subscribe":        cmdSubscribe,
		"<game> unsubscribe":      cmdUnsubscribe,
		"<game> notify":           cmdNotify,
		"<game> limit":            cmdLimit,
		"<game> acceptall":        cmdAcceptAll,
		"<game> rejectall":        cmdRejectAll,
		"<game> standings":        cmdStandings,
		"<game> history":          cmdHistory,
		"<game> tournament new":   cmdTournamentNew,
		"<game> tournament join":  cmdTournamentJoin,
		"<game> tournament leave": cmdTournamentLeave,
		"<game> tournament start": cmdTournamentStart,
		"<game> tournament show":  cmdTournamentShow,
		"<game> tournaments":      cmdTournaments,
		"<game> seek":             cmdSeek,
		"<game> record":           cmdRecord,

		"admin users":       adminUsers,
		"admin games":       adminGames,
		"admin stats":       adminStats,
		"admin abort":       adminAbort,
		"admin forfeit":     adminForfeit,
		"admin setpassword": adminSetPassword,
		"admin broadcast":   adminBroadcast,
		"admin backup":      adminBackup,
		"admin tournament":  adminTournament,
		"admin retry":       adminRetry,
	}
}

// handlerOf is the handler of a command of the table.
func handlerOf(cmd *command) func(*call) error { return handlers[cmd.Key] }

// nearest is package command's Nearest: the candidate closest to word
// within a typo's distance.
func nearest(word string, candidates []string) string { return cmdtab.Nearest(word, candidates) }

// suggestGlobal is the suggestion for an unknown first word of a line
// (command.Suggest), among the commands and the games of reg.
func suggestGlobal(reg *engine.Registry, word string) string {
	var games []string
	for _, g := range reg.Games() {
		games = append(games, g.Name())
	}
	return cmdtab.Suggest(word, games)
}

// unknownMsg is the refusal of a word that is no command, from the
// catalogue; its English is the error's text.
func unknownMsg(e *cmdtab.UnknownError) lang.Msg {
	word := `"` + trimLine(strings.ToLower(e.Word)) + `"`
	if e.Suggestion != "" {
		return lang.M("RefuseUnknownSuggest", "Word", word, "Suggestion", e.Suggestion)
	}
	return lang.M("RefuseUnknown", "Word", word)
}

type helpCommand struct{ Usage, Help string }

type helpGroup struct {
	Title    string
	Commands []helpCommand
}

// helpGroups generates the command reference from the command table,
// the explanations in p's language.
func helpGroups(p lang.Printer) []helpGroup {
	var groups []helpGroup
	add := func(title, prefix string, set commandSet) {
		g := helpGroup{Title: title}
		var walk func(prefix string, set commandSet)
		walk = func(prefix string, set commandSet) {
			for _, name := range set.Names() {
				c := set[name]
				if c.Children != nil {
					walk(prefix+name+" ", c.Children)
					continue
				}
				g.Commands = append(g.Commands, helpCommand{Usage: wrapUsage(strings.TrimSpace(prefix + name + " " + c.Usage)), Help: wrapHelp(c.Explain(p))})
				if len(c.Verbs) > 0 {
					g.Commands = append(g.Commands, helpCommand{
						Usage: prefix + name + " <board> <userid> <password> " + strings.Join(c.Verbs, "|"),
						Help:  p.T("HelpSameAs")})
				}
			}
		}
		walk(prefix, set)
		groups = append(groups, g)
	}
	add(p.T("HelpGroupAccounts"), "", cmdtab.Global().Only(false))
	add(p.T("HelpGroupGames"), "<game> ", cmdtab.Game())
	add(p.T("HelpGroupAdmin"), "admin <userid> <password> ", cmdtab.Global().Only(true))
	return groups
}

// wrapHelp and wrapUsage lay out the help (command.WrapHelp,
// command.WrapUsage).
var (
	wrapHelp  = cmdtab.WrapHelp
	wrapUsage = cmdtab.WrapUsage
)

// helpGame is a game as help and list show it: Players is "2" or
// "2-4", Max the number its plural follows.
type helpGame struct {
	Name, Title, Players string
	Max                  int
}

func helpGames(reg *engine.Registry) []helpGame {
	var out []helpGame
	for _, g := range reg.Games() {
		min, max := g.Players()
		out = append(out, helpGame{Name: g.Name(), Title: g.Title(), Players: board.PlayerRange(min, max), Max: max})
	}
	return out
}

// HelpText is the general help, as mailed for "help", in the server's
// language.
func (s *Server) HelpText() (string, error) { return s.helpText(s.cat.For("")) }

// helpText is the general help in p's language.
func (s *Server) helpText(p lang.Printer) (string, error) {
	return s.notices.Render("help.txt", map[string]any{
		"Server": s.cfg.Name, "Groups": helpGroups(p), "Games": helpGames(s.cfg.Games), "L": p,
	})
}

// cmdHelp answers "help" and "help <topic>" in the language of the
// answer: the command words and their usage as they are, the
// explanations from the catalogue. The text is written again when the
// answer is (section.write), since a later command of the mail may
// tell whose mail it is.
func cmdHelp(c *call) error {
	s := c.s
	var write func(p lang.Printer) (string, error)
	if len(c.args) > 0 {
		topic := strings.ToLower(c.args[0])
		if _, ok := helpTopic(s.cfg.Games, topic, s.cat.English()); ok {
			c.sec.subject = lang.M("MailSubjectServerHelpOn", "Topic", topic)
			write = func(p lang.Printer) (string, error) {
				text, _ := helpTopic(s.cfg.Games, topic, p)
				return "\n\n" + text, nil
			}
		} else if g, ok := s.cfg.Games.Lookup(c.args[0]); ok {
			c.game, c.sec.game = g, g
			c.sec.table = true
			return cmdGameHelp(c)
		} else if _, cmd, err := s.global.Lookup(topic); err == nil && cmd.Children == nil && !cmd.Admin {
			write = func(p lang.Printer) (string, error) {
				return fmt.Sprintf("%s %s\n  %s", topic, cmd.Usage, cmd.Explain(p)), nil
			}
		} else if name, cmd, err := s.game.Lookup(topic); err == nil && cmd.Children == nil {
			write = func(p lang.Printer) (string, error) {
				return fmt.Sprintf("<game> %s %s\n  %s\n%s", name, cmd.Usage, cmd.Explain(p), p.T("HelpGameIs")), nil
			}
		} else if err == nil && cmd.Children != nil {
			// A command of several words ("tournament"): each of them.
			write = func(p lang.Printer) (string, error) {
				var b strings.Builder
				for _, sub := range cmd.Children.Names() {
					sc := cmd.Children[sub]
					fmt.Fprintf(&b, "<game> %s %s %s\n  %s\n", name, sub, sc.Usage, sc.Explain(p))
				}
				return b.String() + p.T("HelpGameIs"), nil
			}
		}
	}
	if write == nil && len(c.args) > 0 {
		// A topic there is no help on: say so above the whole help.
		topic := trimLine(c.args[0])
		c.sec.subject = lang.M("MailSubjectServerHelp")
		write = func(p lang.Printer) (string, error) {
			text, err := s.helpText(p)
			return p.T("HelpNoTopic", "Topic", topic) + "\n\n" + text, err
		}
	}
	if write == nil {
		c.sec.subject = lang.M("MailSubjectServerHelp")
		write = func(p lang.Printer) (string, error) {
			text, err := s.helpText(p)
			return "\n\n" + text, err
		}
	}
	text, err := write(c.answerPrinter())
	if err != nil {
		return err
	}
	c.sec.Text, c.sec.write = text, write
	return nil
}

// helpTopic is the text of "help commands", "help move" and "help
// reply", generated from the command table, in p's language.
func helpTopic(reg *engine.Registry, topic string, p lang.Printer) (string, bool) {
	game := cmdtab.Game()
	var b strings.Builder
	usage := func(prefix, name string, c *command) {
		fmt.Fprintf(&b, "  %s\n      %s\n", wrapUsage(strings.TrimSpace(prefix+name+" "+c.Usage)), wrapHelp(c.Explain(p)))
	}
	switch topic {
	case "commands":
		for _, g := range helpGroups(p) {
			b.WriteString(g.Title + "\n")
			for _, c := range g.Commands {
				fmt.Fprintf(&b, "  %s\n      %s\n", c.Usage, c.Help)
			}
			b.WriteString("\n")
		}
	case "move":
		b.WriteString(p.T("HelpMoveIntro") + "\n\n")
		for _, name := range []string{"move", "queue", "submit", "confirm", "preview"} {
			usage("<game> ", name, game[name])
			if verbs := game[name].Verbs; len(verbs) > 0 {
				fmt.Fprintf(&b, "  <game> %s <board> <userid> <password> %s\n      %s\n", name, strings.Join(verbs, "|"), p.T("HelpSameAs"))
			}
		}
		b.WriteString("\n" + p.T("HelpMoveNumber") + "\n")
		b.WriteString("\n" + p.T("HelpMoveReply") + "\n")
	case "if":
		b.WriteString(helpIf(game["if"], reg.Games(), p))
	case "reply":
		b.WriteString(p.T("BoardReply") + "\n\n")
		b.WriteString(p.T("HelpReplyIntro") + "\n\n")
		b.WriteString("  <move>[#<n>] [<move>...]\n      " + p.T("HelpReplyPlay") + "\n")
		for _, name := range game.Names() {
			c := game[name]
			switch {
			case c.Admin || c.Children != nil || name == "move":
			case strings.HasPrefix(c.Usage, "<board> <userid> <password>"):
				usage("", name, &command{Usage: strings.TrimSpace(strings.TrimPrefix(c.Usage, "<board> <userid> <password>")), Help: c.Help, HelpID: c.HelpID})
			case strings.HasPrefix(c.Usage, "<board>") && c.MinArgs <= 1:
				// A reply names no board: the bare command.
				usage("", name, &command{Help: c.Help, HelpID: c.HelpID})
			}
		}
		b.WriteString("\n" + p.T("HelpReplyEnd") + "\n")
	default:
		return "", false
	}
	return strings.TrimRight(b.String(), "\n"), true
}

// cmdList answers "list": the games, in the language of the answer.
func cmdList(c *call) error {
	s := c.s
	p := c.answerPrinter()
	var b strings.Builder
	b.WriteString(p.T("HelpGamesHere") + "\n")
	for _, g := range helpGames(s.cfg.Games) {
		fmt.Fprintf(&b, "  %-10s %-12s %s\n", g.Name, g.Title, p.N("HelpListPlayers", g.Max, "Players", g.Players))
	}
	if len(helpGames(s.cfg.Games)) == 0 {
		b.WriteString("  " + p.T("HelpListNone") + "\n")
	}
	b.WriteString("\n" + p.T("HelpListTail"))
	c.sec.Text = b.String()
	c.sec.subject = lang.M("MailSubjectList")
	return nil
}

// mask is what stands for a secret word wherever a command line is
// written: a reply, a log line, a report, a record.
const mask = "********"

// Masked returns a line of a mail (its Subject, or a command line of
// its body) fit to be written down: the words the command table
// declares secret (passwords) are masked, the subaddress of a reply
// address (its token) is dropped, and a line that is no command is cut
// to its first two words, since a mistyped command may still hold a
// password. The Subject of a board mail replied to is kept as it is.
func (s *Server) Masked(line string) string {
	if len(line) > s.cfg.MaxLineBytes {
		// Past the bound nothing is read (longLine): a log line shows
		// the first words only.
		line = head(line) + " ..."
	}
	line = mail.OneLine(line)
	prefix := line[:mail.ReplyPrefix(line)]
	rest := strings.TrimSpace(line[len(prefix):])
	if rest == "" || isBoardSubject(rest) {
		return line
	}
	words := strings.Fields(rest)
	for i, w := range words {
		words[i] = s.maskToken(w)
	}
	return prefix + cmdtab.MaskWords(words, func(w string) bool {
		_, ok := s.cfg.Games.Lookup(w)
		return ok
	})
}

// maskToken drops the token of a reply address (RFC 5233 subaddress
// "pbm+<game>.<board>.<token>@domain") from a word.
func (s *Server) maskToken(w string) string {
	local, domain, _ := strings.Cut(s.cfg.Address, "@")
	lw := strings.ToLower(w)
	i := strings.Index(lw, local+"+")
	if i < 0 || !strings.Contains(lw[i:], "@"+domain) {
		return w
	}
	return MaskAddress(w)
}

// MaskAddress returns a mail address with the last dot-separated part
// of its subaddress masked: a reply address keeps its game and board
// and loses its token. Other addresses are returned as they are.
func MaskAddress(addr string) string {
	plus := strings.Index(addr, "+")
	at := strings.LastIndex(addr, "@")
	if plus < 0 || at < plus {
		return addr
	}
	sub := addr[plus+1 : at]
	if dot := strings.LastIndex(sub, "."); dot >= 0 {
		return addr[:plus+1] + sub[:dot+1] + mask + addr[at:]
	}
	return addr[:plus+1] + mask + addr[at:]
}

// Bounds on what the core reads of a command and hands a game. Each
// is checked before any work on what it bounds, so that the cost of a
// refusal does not grow with what is refused, and each refusal names
// the bound.
//
//   - defaultMaxLine, one command line: 4 KiB. RFC 5322 section 2.1.1
//     bounds a line of a mail at 998 characters, but a Subject is one
//     line once unfolded (section 2.2.3) and a quoted-printable body
//     line may be any length once its soft line breaks are removed
//     (RFC 2045 section 6.7, rule 5). The longest command a player
//     needs is a Hexatri turn of 100 actions (below) after the five
//     words of "hexatri move <board> <userid> <password>": under 2 KiB.
//     4 KiB is twice that, and four times what any client writes on a
//     line of its own.
//   - defaultMaxMove, one move string: 2 KiB, the longest Hexatri turn
//     (100 actions of at most 17 bytes, "L:C3NE-C3-C3SE@C3", with their
//     separators); a move of the other games is at most 41 bytes.
//   - defaultMaxMoves, the moves (words) of one command: 100, the
//     actions of the longest Hexatri turn the engine takes.
const (
	defaultMaxLine  = 4 << 10
	defaultMaxMove  = 2 << 10
	defaultMaxMoves = 100
	// lineHead is the part of an over-long line read to echo it and to
	// tell whether it is a command: its first words.
	lineHead = 200
)

// head is the start of line, at most lineHead bytes cut on a rune
// boundary: what is read of a line too long to be read.
func head(line string) string {
	if len(line) <= lineHead {
		return line
	}
	cut := lineHead
	for cut > 0 && !utf8.RuneStart(line[cut]) {
		cut--
	}
	return line[:cut]
}

// firstWord is the first word of line, found without reading past it.
func firstWord(line string) string {
	line = strings.TrimLeftFunc(line, unicode.IsSpace)
	if i := strings.IndexFunc(line, unicode.IsSpace); i >= 0 {
		return line[:i]
	}
	return line
}

// longLine refuses a command line longer than MaxLineBytes: it is
// echoed by its first two words only (the rest may hold a password)
// and nothing of it is read. It reports whether line was refused.
func (r *run) longLine(line string) bool {
	limit := r.s.cfg.MaxLineBytes
	if len(line) <= limit {
		return false
	}
	words := strings.Fields(head(line))
	echo := strings.Join(words[:min(2, len(words))], " ") + " ..."
	sec := &section{Command: trimLine(echo), Refused: true}
	sec.say(lang.M("CmdLineTooLong", "Len", lang.N("CmdBytes", len(line)), "Limit", lang.N("CmdBytes", limit), "KiB", limit>>10))
	r.sections = append(r.sections, sec)
	return true
}

// commandMoves gives the moves of one command as the game plays them
// (turnMoves), after the bounds: a command of more than MaxMoves
// moves, or a move (a turn once joined) of more than MaxMoveBytes, is
// refused before a game sees it.
func (s *Server) commandMoves(g engine.Game, words []string) ([]string, error) {
	if len(words) > s.cfg.MaxMoves {
		return nil, refuseMsg(lang.N("CmdTooManyMoves", len(words), "Max", s.cfg.MaxMoves))
	}
	long := func(id string, n int, kv ...any) error {
		kv = append(kv, "Len", lang.N("CmdBytes", n), "Limit", lang.N("CmdBytes", s.cfg.MaxMoveBytes))
		return refuseMsg(lang.M(id, kv...))
	}
	for i, w := range words {
		if len(w) > s.cfg.MaxMoveBytes {
			return nil, long("CmdMoveTooLong", len(w), "N", i+1)
		}
	}
	moves, err := board.TurnMoves(g, words)
	if err == nil && len(moves) == 1 && len(moves[0]) > s.cfg.MaxMoveBytes {
		return nil, long("CmdTurnTooLong", len(moves[0]), "Title", g.Title())
	}
	return moves, err
}
