package pbm

import (
	"strings"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	cmdtab "github.com/pbmgo/pbm/pbm/command"
	"github.com/pbmgo/pbm/pbm/lang"
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

// unknownMsg is the refusal of a word that is no command
// (command.UnknownMsg).
var unknownMsg = cmdtab.UnknownMsg

// helpGames are the games of reg as help and list show them.
func helpGames(reg *engine.Registry) []cmdtab.HelpGame {
	var out []cmdtab.HelpGame
	for _, g := range reg.Games() {
		min, max := g.Players()
		out = append(out, cmdtab.HelpGame{Name: g.Name(), Title: g.Title(), Players: board.PlayerRange(min, max), Max: max})
	}
	return out
}

// ifHelp is the games' part of "help if" (command.IfHelp): the
// explanation of conditional moves and an example in each game of reg.
func ifHelp(reg *engine.Registry) cmdtab.IfHelp {
	return func(p lang.Printer) (string, []string) {
		var examples []string
		for _, g := range reg.Games() {
			examples = append(examples, p.Render(board.ConditionalHelp(g)))
		}
		return board.Fill(p.T("CondHelpIntro"), 72), examples
	}
}

// HelpText is the general help, as mailed for "help", in the server's
// language.
func (s *Server) HelpText() (string, error) { return helpText(s, s.cat.For("")) }

// helpText is the general help of s in p's language.
func helpText(s *Server, p lang.Printer) (string, error) {
	return s.notices.Render("help.txt", map[string]any{
		"Server": s.cfg.Name, "Groups": cmdtab.HelpGroups(p), "Games": helpGames(s.cfg.Games), "L": p,
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
		if _, ok := cmdtab.HelpTopic(topic, s.cat.English(), ifHelp(s.cfg.Games)); ok {
			c.sec.subject = lang.M("MailSubjectServerHelpOn", "Topic", topic)
			write = func(p lang.Printer) (string, error) {
				text, _ := cmdtab.HelpTopic(topic, p, ifHelp(s.cfg.Games))
				return "\n\n" + text, nil
			}
		} else if g, ok := s.cfg.Games.Lookup(c.args[0]); ok {
			c.game, c.sec.game = g, g
			c.sec.table = true
			return cmdGameHelp(c)
		} else if _, ok := cmdtab.CommandHelp(topic, s.cat.English()); ok {
			write = func(p lang.Printer) (string, error) {
				text, _ := cmdtab.CommandHelp(topic, p)
				return text, nil
			}
		}
	}
	if write == nil && len(c.args) > 0 {
		// A topic there is no help on: say so above the whole help.
		topic := trimLine(c.args[0])
		c.sec.subject = lang.M("MailSubjectServerHelp")
		write = func(p lang.Printer) (string, error) {
			text, err := helpText(s, p)
			return p.T("HelpNoTopic", "Topic", topic) + "\n\n" + text, err
		}
	}
	if write == nil {
		c.sec.subject = lang.M("MailSubjectServerHelp")
		write = func(p lang.Printer) (string, error) {
			text, err := helpText(s, p)
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

// cmdList answers "list": the games, in the language of the answer.
func cmdList(c *call) error {
	s := c.s
	c.sec.Text = cmdtab.List(c.answerPrinter(), helpGames(s.cfg.Games))
	c.sec.subject = lang.M("MailSubjectList")
	return nil
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
)

// longLine refuses a command line longer than MaxLineBytes: it is
// echoed by its first two words only (the rest may hold a password)
// and nothing of it is read. It reports whether line was refused.
func (r *run) longLine(line string) bool {
	refusal := cmdtab.TooLong(line, r.s.cfg.MaxLineBytes)
	if refusal == nil {
		return false
	}
	sec := &section{Command: trimLine(cmdtab.LongEcho(line)), Refused: true}
	sec.say(refusal...)
	r.sections = append(r.sections, sec)
	return true
}

// moveBounds are the bounds of s's configuration on the moves of one
// command (board.Bounds).
func moveBounds(s *Server) board.Bounds {
	return board.Bounds{MaxMoves: s.cfg.MaxMoves, MaxMoveBytes: s.cfg.MaxMoveBytes}
}
