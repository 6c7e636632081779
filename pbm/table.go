package pbm

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/agnivade/levenshtein"
	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
)

// commands builds the command table, the same for every server: the
// global commands, and the commands that follow a game's name, each a
// free handler of its concept. Help is generated from it.
func commands() (global, game commandSet) {
	global = commandSet{
		"help": {usage: "[<topic>]", help: "this text; topics: commands, move, reply, <game>, <command>",
			handle: cmdHelp},
		"list": {help: "the games played here, with their numbers of players",
			handle: cmdList, table: true},
		"signup": {usage: "<userid> <password> [<address>...] [-lang=<code>]", minArgs: 2, secrets: []int{1},
			help:   "open an account; mail goes to the addresses given, else to yours; an address not yours gets mail once its owner answers the one mail asking; -lang names the language of its mail (en, hu, cs, nl, de)",
			handle: cmdSignup},
		"change": {help: "change a password or the delivery addresses", children: commandSet{
			"password": {usage: "<userid> <old> <new>", minArgs: 3, secrets: []int{1, 2},
				help: "change your password", handle: cmdChangePassword},
			"address": {usage: "<userid> <password> <address>...", minArgs: 3, secrets: []int{1},
				help: "replace the addresses your mail goes to", handle: cmdChangeAddress},
		}},
		"signoff": {usage: "<userid> <password>", minArgs: 2, secrets: []int{1},
			help: "close your account; your running games are resigned", handle: cmdSignoff,
			aliases: []string{"delete"}},
		"add": {usage: "<userid> <password> <address>...", minArgs: 3, secrets: []int{1},
			help: "add addresses your mail goes to as well", handle: cmdAdd},
		"message": {usage: "<userid> <password> <to>...", minArgs: 3, secrets: []int{1},
			help: "send the body of the mail to the users named", handle: cmdMessage},
		"block": {usage: "<userid> <password> [<sender>...]", minArgs: 2, secrets: []int{1},
			help: "take no messages from the players named (board mails and chat still come; they are told theirs was not delivered); with none, list them", handle: cmdBlock},
		"unblock": {usage: "<userid> <password> <sender>...|all", minArgs: 3, secrets: []int{1},
			help: "take messages from the players named again", handle: cmdUnblock},
		"pictures": {usage: "<userid> <password> on|off", minArgs: 3, secrets: []int{1},
			help: "show a picture of the board in your board mails (on, the default) or not", handle: cmdPictures},
		"language": {usage: "<userid> <password> <code>", minArgs: 3, secrets: []int{1},
			help: "the language of your mail: en, hu, cs, nl or de (a BCP 47 code, as hu-HU)", handle: cmdLanguage},
		"vacation": {usage: "<userid> <password> <from> <to> | auto on|off", minArgs: 4, secrets: []int{1},
			help: "away from <from> to <to> (YYYY-MM-DD): no reminders, no forfeits; auto on: a day of the year's allowance is spent instead of a forfeit", handle: cmdVacation},
		"daysoff": {usage: "<userid> <password> <days>|none", minArgs: 3, secrets: []int{1},
			help: "days of the week when no clock of yours runs, in your time zone, as sat,sun (at most 3), or none", handle: cmdDaysOff},
		"digest": {usage: "<userid> <password> daily|weekly|off", minArgs: 3, secrets: []int{1},
			help: "a mail each day (or Monday) at 06:00 of your time zone listing the boards where you are to move, the most urgent first", handle: cmdDigest},
		"timezone": {usage: "<userid> <password> <zone>", minArgs: 3, secrets: []int{1},
			help: "the time zone of your deadlines and days (an IANA name, as Europe/Budapest, or server)", handle: cmdTimezone},
		"all": {help: "boards of every game", children: commandSet{
			"show": {usage: "<userid> [next|active]", minArgs: 1,
				help: "the user's boards in every game; next: where it is the user's turn", handle: cmdAllShow, table: true},
		}},
		"admin": {usage: "<userid> <password> <command> [<args>...]", minArgs: 3, secrets: []int{1},
			help: "an admin command (see below)", handle: cmdAdmin, aliases: nil},
	}
	game = commandSet{
		"help": {help: "the game's rules, notation and options", handle: cmdGameHelp, table: true},
		"challenge": {usage: "<userid> <password> <player1> [<player2>...] [-option...] [--nag=<days>] [--forfeit=<days>] [--total=<days>] [--add=<days>] [--cap=<days>]", minArgs: 3, secrets: []int{1},
			help:   "start a board; you must be one of the players, seats in the order given; a player may be the computer: computer (normal), computer:easy, computer:normal, computer:hard",
			handle: cmdChallenge},
		"move": {usage: "<board> <userid> <password> <move>[#<n>] [<move>...]", minArgs: 4, secrets: []int{2},
			help:    "play; several moves apply in order, all or none; #n is the move's number",
			handle:  cmdMove,
			aliases: []string{"board", "mvoe"},
			verbs:   []string{"resign", "propose", "undo", "accept", "reject"}},
		"resign": {usage: "<board> <userid> <password>", minArgs: 3, secrets: []int{2},
			help: "resign the game", handle: cmdResign},
		"show": {usage: "<board>[#<n>]... | <userid>... [active|inactive|next|all]", minArgs: 1,
			help: "the board now, or after move n; or the boards of the users named", handle: cmdShow, table: true},
		"games": {usage: "[<userid>] [active|inactive|next|all] [page=<n>]",
			help: "list boards", handle: cmdGames, table: true},
		"propose": {usage: "<board> <userid> <password>", minArgs: 3, secrets: []int{2},
			help: "offer a draw; every other player must accept", handle: cmdPropose},
		"undo": {usage: "<board> <userid> <password>", minArgs: 3, secrets: []int{2},
			help: "ask to take back the last move; every other player must accept", handle: cmdUndo},
		"accept": {usage: "<board> <userid> <password>", minArgs: 3, secrets: []int{2},
			help: "accept the open draw offer or take-back", handle: cmdAccept},
		"reject": {usage: "<board> <userid> <password>", minArgs: 3, secrets: []int{2},
			help: "reject the open draw offer or take-back", handle: cmdReject},
		"queue": {usage: "<board> <userid> <password> [<move>...]", minArgs: 3, secrets: []int{2},
			help:    "moves played for you when your turn comes, checked then; none clears",
			handle:  cmdQueue,
			aliases: []string{"qmove", "moveq"}},
		"if": {usage: "<board> <userid> <password> [<move>...|clear]", minArgs: 3, secrets: ifSecrets,
			help: "conditional moves: their move, your answer, and so on, played at once when they play it; none shows your lines; clear removes them", handle: cmdIf},
		"submit": {usage: "<board> <userid> <password> <move>", minArgs: 4, secrets: []int{2},
			help: "check a move and see the board it gives; confirm plays it", handle: cmdSubmit},
		"confirm": {usage: "<board> <userid> <password>", minArgs: 3, secrets: []int{2},
			help: "play the move you submitted", handle: cmdConfirm},
		"preview": {usage: "<board>[#<n>] <move>...", minArgs: 2,
			help: "the board as the moves would leave it; nothing is saved", handle: cmdPreview, table: true},
		"chat": {usage: "<board> <userid> <password>", minArgs: 3, secrets: []int{2},
			help: "send the body of the mail to the board's players", handle: cmdChat},
		"subscribe": {usage: "<userid> <password> <board>...|all", minArgs: 3, secrets: []int{1},
			help: "get every board mail of boards you do not play", handle: cmdSubscribe},
		"unsubscribe": {usage: "<userid> <password> <board>...|all", minArgs: 3, secrets: []int{1},
			help: "stop a subscription", handle: cmdUnsubscribe},
		"notify": {usage: "<userid> <password> [<board>...]", minArgs: 2, secrets: []int{1},
			help: "get the result of the boards; with none, of every board", handle: cmdNotify},
		"limit": {usage: "<userid> <password> [<n>|0|reject|accept]", minArgs: 2, secrets: []int{1},
			help: "the most running boards of the game you can be challenged to; 0 or reject: none", handle: cmdLimit},
		"acceptall": {usage: "<userid> <password>", minArgs: 2, secrets: []int{1},
			help: "accept challenges to boards of the game again (no limit)", handle: cmdAcceptAll},
		"rejectall": {usage: "<userid> <password>", minArgs: 2, secrets: []int{1},
			help: "refuse every challenge to boards of the game (limit 0)", handle: cmdRejectAll},
		"standings": {usage: "[page=<n>]", help: "the ratings table", handle: cmdStandings, aliases: []string{"ratings"}, table: true},
		"history": {usage: "[<userid>] [page=<n>]",
			help: "the 50 most recent finished games, newest first, or those of one player", handle: cmdHistory, table: true},
		"tournament": {help: "tournaments: round robins, Swiss events, knockouts and pools, by mail", children: commandSet{
			"new": {usage: "<userid> <password> <name> <format> [-option...] [--nag=<days>] [--forfeit=<days>] [--total=<days>] [--size=<n>] [--rounds=<n>] [--seats=<n>] [--start=<YYYY-MM-DD>] [--double]", minArgs: 4, secrets: []int{1},
				help:   "announce a tournament; <name> is 2-20 letters and digits; formats: roundrobin (every entrant meets every other; --double twice, seats swapped), swiss --rounds=<n> (equal scores meet, never twice; FIDE Dutch system, simplified), knockout (seeded by rating; a draw is replayed once with seats swapped, then the higher seed goes on), pools --seats=<n> (tables of n, the best of each goes on); boards have nag 1 day, forfeit 7 unless given; scores: 1 a win, ½ a draw, with more seats the share of the others finished ahead of; tie-breaks: Sonneborn-Berger (round robin), Buchholz then median Buchholz (Swiss)",
				handle: cmdTournamentNew},
			"join": {usage: "<name> <userid> <password> [computer[:<level>]]", minArgs: 3, secrets: []int{2}, userFirst: true,
				help: "enter a tournament before it starts; its organiser may enter the computer", handle: cmdTournamentJoin},
			"leave": {usage: "<name> <userid> <password>", minArgs: 3, secrets: []int{2}, userFirst: true,
				help: "leave a tournament before it starts", handle: cmdTournamentLeave},
			"start": {usage: "<name> <userid> <password>", minArgs: 3, secrets: []int{2}, userFirst: true,
				help: "start a tournament (its organiser or an admin); it starts by itself at --size entrants or on --start", handle: cmdTournamentStart},
			"show": {usage: "<name>", minArgs: 1,
				help: "the standings, the rounds and their boards", handle: cmdTournamentShow, table: true},
		}},
		"tournaments": {usage: "[page=<n>]", help: "the open, running and finished tournaments", handle: cmdTournaments, table: true},
		"seek": {usage: "<userid> <password> [<n>] [-option...]", minArgs: 2, secrets: []int{1},
			help: "ask for n games (1 unless given; 0 withdraws) against anyone seeking the same options; a match starts a board at once, nearest rating first", handle: cmdSeek},
		"record": {usage: "<board>", minArgs: 1,
			help: "the whole game as a text record (pbmd replay reads it)", handle: cmdRecord, table: true},
	}
	// The admin commands stand in the same table, flagged: the
	// dispatcher runs them only under "admin" for the configured admins.
	admin := adminCommands()
	helpIDs("HelpCmd", global)
	helpIDs("HelpGame", game)
	helpIDs("HelpAdmin", admin)
	for name, c := range admin {
		global[name] = c
	}
	return global, game
}

// helpIDs names the catalogue message of each command's help after its
// words: HelpCmd<Words> for a global command, HelpGame<Words> for a
// game's, HelpAdmin<Words> for an admin command ("HelpCmdChangePassword",
// "HelpGameTournamentNew"). The table's help is the message's English.
func helpIDs(prefix string, set commandSet) {
	for name, c := range set {
		c.helpID = prefix + strings.ToUpper(name[:1]) + name[1:]
		if c.children != nil {
			helpIDs(c.helpID, c.children)
		}
	}
}

// explain is a command's help in p's language: the command word and
// its usage stay as they are, the explanation is the catalogue's.
func (c *command) explain(p lang.Printer) string {
	if c.helpID != "" {
		if text := p.T(c.helpID); text != c.helpID {
			return text
		}
	}
	return c.help
}

// adminCommands are run as "admin <userid> <password> <command>".
func adminCommands() commandSet {
	return commandSet{
		"users":       {admin: true, help: "list the accounts", handle: adminUsers},
		"games":       {admin: true, help: "list every board", handle: adminGames},
		"stats":       {admin: true, help: "counts of accounts, boards, mails and the outbox", handle: adminStats},
		"abort":       {admin: true, usage: "<game> <board>", minArgs: 2, help: "end a board without result", handle: adminAbort},
		"forfeit":     {admin: true, usage: "<game> <board> <userid>", minArgs: 3, help: "resign a player from a board", handle: adminForfeit},
		"setpassword": {admin: true, usage: "<userid> <new>", minArgs: 2, secrets: []int{1}, help: "set a user's password", handle: adminSetPassword},
		"broadcast":   {admin: true, help: "send the body of the mail to every user", handle: adminBroadcast},
		"backup":      {admin: true, help: "write a consistent copy of the database", handle: adminBackup},
		"tournament":  {admin: true, usage: "abort|replace <game> <name> [<player> <substitute>]", minArgs: 3, help: "end a tournament where it stands, aborting its boards; or put a player in another's place", handle: adminTournament},
		"retry":       {admin: true, usage: "[<id>]", help: "replay set-aside mail <id> alone (a mail the server gave up on); with no id, list them", handle: adminRetry},
	}
}

// Typos get a suggestion: the command word (or game name) nearest by
// Levenshtein distance, when it is near enough to be a slip of the
// keyboard rather than another word. The distance is that of
// github.com/agnivade/levenshtein, where a swap of two letters ("hlep")
// counts 2.

// maxTypo is the largest distance still taken as a typo of a word of
// n letters: none for one or two letters, one for three, two beyond.
func maxTypo(n int) int {
	switch {
	case n <= 2:
		return 0
	case n == 3:
		return 1
	}
	return 2
}

// nearest returns the candidate closest to word within maxTypo, or ""
// when none is close or two are equally close.
func nearest(word string, candidates []string) string {
	word = strings.ToLower(word)
	limit := maxTypo(len([]rune(word)))
	if limit == 0 {
		return ""
	}
	best, bestD, tie := "", limit+1, false
	sort.Strings(candidates)
	for _, c := range candidates {
		if c == word {
			return ""
		}
		d := levenshtein.ComputeDistance(word, c)
		switch {
		case d < bestD:
			best, bestD, tie = c, d, false
		case d == bestD && c != best:
			tie = true
		}
	}
	if tie || bestD > limit {
		return ""
	}
	return best
}

// words lists the names and aliases of a command set, without the
// admin commands unless admin.
func (cs commandSet) words(admin bool) []string {
	var out []string
	for name, c := range cs {
		if c.admin && !admin {
			continue
		}
		out = append(out, name)
		out = append(out, c.aliases...)
	}
	return out
}

// canonical maps an alias to its command's name.
func (cs commandSet) canonical(word string) string {
	if name, _, ok := cs.find(word); ok {
		return name
	}
	return word
}

// find looks a word up by exact name or alias, without prefixes.
func (cs commandSet) find(word string) (string, *command, bool) {
	word = strings.ToLower(word)
	if c, ok := cs[word]; ok {
		return word, c, true
	}
	for name, c := range cs {
		for _, a := range c.aliases {
			if a == word {
				return name, c, true
			}
		}
	}
	return "", nil, false
}

// suggestGlobal is the suggestion for an unknown first word of a
// line: a global command, a game's name, or a game's command (which
// needs the game's name first), whichever is nearest; on a tie the
// first of these.
func (s *Server) suggestGlobal(word string) string {
	if _, _, ok := s.game.find(word); ok {
		return "<game> " + s.game.canonical(word)
	}
	global := s.global.words(false)
	for _, g := range s.cfg.Games.Games() {
		global = append(global, g.Name())
	}
	g := nearest(word, global)
	m := nearest(word, s.game.words(false))
	switch {
	case m != "" && (g == "" || distance(word, m) < distance(word, g)):
		return "<game> " + s.game.canonical(m)
	case g != "":
		return s.global.canonical(g)
	}
	return ""
}

func distance(a, b string) int { return levenshtein.ComputeDistance(strings.ToLower(a), b) }

// unknownCommand is the refusal of a word that is no command.
func unknownCommand(word, suggestion string) string {
	text := "unknown command \"" + trimLine(strings.ToLower(word)) + "\""
	if suggestion != "" {
		text += " (did you mean " + suggestion + "?)"
	}
	return text
}

type helpCommand struct{ Usage, Help string }

type helpGroup struct {
	Title    string
	Commands []helpCommand
}

// helpGroups generates the command reference from the command table,
// the explanations in p's language.
func (s *Server) helpGroups(p lang.Printer) []helpGroup {
	var groups []helpGroup
	add := func(title, prefix string, set commandSet) {
		g := helpGroup{Title: title}
		var walk func(prefix string, set commandSet)
		walk = func(prefix string, set commandSet) {
			for _, name := range set.names() {
				c := set[name]
				if c.children != nil {
					walk(prefix+name+" ", c.children)
					continue
				}
				g.Commands = append(g.Commands, helpCommand{Usage: wrapUsage(strings.TrimSpace(prefix + name + " " + c.usage)), Help: wrapHelp(c.explain(p))})
				if len(c.verbs) > 0 {
					g.Commands = append(g.Commands, helpCommand{
						Usage: prefix + name + " <board> <userid> <password> " + strings.Join(c.verbs, "|"),
						Help:  p.T("HelpSameAs")})
				}
			}
		}
		walk(prefix, set)
		groups = append(groups, g)
	}
	add(p.T("HelpGroupAccounts"), "", s.global.only(false))
	add(p.T("HelpGroupGames"), "<game> ", s.game)
	add(p.T("HelpGroupAdmin"), "admin <userid> <password> ", s.global.only(true))
	return groups
}

// wrapHelp wraps an explanation that stands six spaces in, under its
// usage line (two spaces in), so that its continuation lines stand
// eight spaces in, further than both, and every line keeps within the
// 79 columns of the answer's own wrapping (mail.Wrap).
func wrapHelp(text string) string { return wrapIn(text, 8) }

// wrapUsage wraps a usage line that stands two spaces in so that its
// continuation lines stand four spaces in.
func wrapUsage(text string) string { return wrapIn(text, 4) }

// wrapIn wraps text within 79 columns with its continuation lines in
// columns from in on.
func wrapIn(text string, in int) string {
	const width = 79
	return strings.ReplaceAll(mail.Wrap(text, width-in), "\n  ", "\n"+strings.Repeat(" ", in))
}

// helpGame is a game as help and list show it: Players is "2" or
// "2-4", Max the number its plural follows.
type helpGame struct {
	Name, Title, Players string
	Max                  int
}

func (s *Server) helpGames() []helpGame {
	var out []helpGame
	for _, g := range s.cfg.Games.Games() {
		min, max := g.Players()
		out = append(out, helpGame{Name: g.Name(), Title: g.Title(), Players: playerRange(min, max), Max: max})
	}
	return out
}

// HelpText is the general help, as mailed for "help", in the server's
// language.
func (s *Server) HelpText() (string, error) { return s.helpText(s.printer("")) }

// helpText is the general help in p's language.
func (s *Server) helpText(p lang.Printer) (string, error) {
	return s.notices.Render("help.txt", map[string]any{
		"Server": s.cfg.Name, "Groups": s.helpGroups(p), "Games": s.helpGames(), "L": p,
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
		if _, ok := s.helpTopic(topic, s.english()); ok {
			c.sec.subject = lang.M("MailSubjectServerHelpOn", "Topic", topic)
			write = func(p lang.Printer) (string, error) {
				text, _ := s.helpTopic(topic, p)
				return "\n\n" + text, nil
			}
		} else if g, ok := s.cfg.Games.Lookup(c.args[0]); ok {
			c.game, c.sec.game = g, g
			c.sec.table = true
			return cmdGameHelp(c)
		} else if _, cmd, err := s.global.lookup(topic); err == nil && cmd.children == nil && !cmd.admin {
			write = func(p lang.Printer) (string, error) {
				return fmt.Sprintf("%s %s\n  %s", topic, cmd.usage, cmd.explain(p)), nil
			}
		} else if name, cmd, err := s.game.lookup(topic); err == nil && cmd.children == nil {
			write = func(p lang.Printer) (string, error) {
				return fmt.Sprintf("<game> %s %s\n  %s\n%s", name, cmd.usage, cmd.explain(p), p.T("HelpGameIs")), nil
			}
		} else if err == nil && cmd.children != nil {
			// A command of several words ("tournament"): each of them.
			write = func(p lang.Printer) (string, error) {
				var b strings.Builder
				for _, sub := range cmd.children.names() {
					sc := cmd.children[sub]
					fmt.Fprintf(&b, "<game> %s %s %s\n  %s\n", name, sub, sc.usage, sc.explain(p))
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
func (s *Server) helpTopic(topic string, p lang.Printer) (string, bool) {
	var b strings.Builder
	usage := func(prefix, name string, c *command) {
		fmt.Fprintf(&b, "  %s\n      %s\n", wrapUsage(strings.TrimSpace(prefix+name+" "+c.usage)), wrapHelp(c.explain(p)))
	}
	switch topic {
	case "commands":
		for _, g := range s.helpGroups(p) {
			b.WriteString(g.Title + "\n")
			for _, c := range g.Commands {
				fmt.Fprintf(&b, "  %s\n      %s\n", c.Usage, c.Help)
			}
			b.WriteString("\n")
		}
	case "move":
		b.WriteString(p.T("HelpMoveIntro") + "\n\n")
		for _, name := range []string{"move", "queue", "submit", "confirm", "preview"} {
			usage("<game> ", name, s.game[name])
			if verbs := s.game[name].verbs; len(verbs) > 0 {
				fmt.Fprintf(&b, "  <game> %s <board> <userid> <password> %s\n      %s\n", name, strings.Join(verbs, "|"), p.T("HelpSameAs"))
			}
		}
		b.WriteString("\n" + p.T("HelpMoveNumber") + "\n")
		b.WriteString("\n" + p.T("HelpMoveReply") + "\n")
	case "if":
		b.WriteString(helpIf(s.game["if"], s.cfg.Games.Games(), p))
	case "reply":
		b.WriteString(p.T("BoardReply") + "\n\n")
		b.WriteString(p.T("HelpReplyIntro") + "\n\n")
		b.WriteString("  <move>[#<n>] [<move>...]\n      " + p.T("HelpReplyPlay") + "\n")
		for _, name := range s.game.names() {
			c := s.game[name]
			switch {
			case c.admin || c.children != nil || name == "move":
			case strings.HasPrefix(c.usage, "<board> <userid> <password>"):
				usage("", name, &command{usage: strings.TrimSpace(strings.TrimPrefix(c.usage, "<board> <userid> <password>")), help: c.help, helpID: c.helpID})
			case strings.HasPrefix(c.usage, "<board>") && c.minArgs <= 1:
				// A reply names no board: the bare command.
				usage("", name, &command{help: c.help, helpID: c.helpID})
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
	for _, g := range s.helpGames() {
		fmt.Fprintf(&b, "  %-10s %-12s %s\n", g.Name, g.Title, p.N("HelpListPlayers", g.Max, "Players", g.Players))
	}
	if len(s.helpGames()) == 0 {
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
		// Past the bound nothing is read (longLine, table.go): a log line shows
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
	n, secrets, ok := s.secretWords(words)
	if !ok {
		out := strings.Join(words[:min(2, len(words))], " ")
		if len(words) > 2 {
			out += " ..."
		}
		return prefix + out
	}
	return prefix + maskLine(words, 0, shift(secrets, n))
}

// secretWords walks the command table along words as the dispatcher
// does and returns the indexes in words of the secret ones, relative to
// n, the number of command words. ok is false when words is no command.
func (s *Server) secretWords(words []string) (n int, secrets []int, ok bool) {
	set := s.global
	if _, game := s.cfg.Games.Lookup(words[0]); game {
		set, n = s.game, 1
	}
	for n < len(words) {
		name, cmd, err := set.lookup(words[n])
		if err != nil {
			return 0, nil, false
		}
		n++
		if cmd.children != nil {
			set = cmd.children
			continue
		}
		if opts := usageOptions(cmd.usage); len(opts) > 0 && len(cmd.secrets) > 0 {
			// Options such as -lang=<code> may stand anywhere: the
			// secrets are counted among the other words, and the
			// options themselves are no secret.
			var positional []int
			for i, w := range words[n:] {
				if !isOption(w, opts) {
					positional = append(positional, i)
				}
			}
			rest := make([]string, len(positional))
			for k, i := range positional {
				rest[k] = words[n+i]
			}
			if len(rest) >= cmd.minArgs && argsParse(cmd, rest) {
				for _, sidx := range cmd.secrets {
					if sidx < len(positional) {
						secrets = append(secrets, positional[sidx])
					}
				}
				return n, secrets, true
			}
		}
		secrets = append(secrets, cmd.secrets...)
		if cmd.userFirst {
			// "<userid> <password> <name>": the password is the second.
			secrets = append(secrets, 1)
		}
		if len(cmd.secrets) > 0 && !argsParse(cmd, words[n:]) {
			// A word left out or added moves the password off its
			// place: every argument could be it.
			secrets = secrets[:0]
			for i := range words[n:] {
				secrets = append(secrets, i)
			}
			return n, secrets, true
		}
		if name == "admin" && !cmd.admin {
			// "admin <userid> <password> <command> <args>": the admin
			// command's own secrets follow its name.
			if sub := n + 2; sub < len(words) {
				if _, ac, err := s.global.only(true).lookup(words[sub]); err == nil {
					for _, i := range ac.secrets {
						secrets = append(secrets, 3+i)
					}
				} else {
					// An unknown admin command: nothing after it is read.
					for i := 3; n+i < len(words); i++ {
						secrets = append(secrets, i)
					}
				}
			}
		}
		return n, secrets, true
	}
	return 0, nil, false
}

// argsParse reports whether args fit a command's usage as far as the
// table tells: a number where it takes a board, mail addresses where
// it takes them.
func argsParse(cmd *command, args []string) bool {
	usage := strings.Fields(cmd.usage)
	for i, u := range usage {
		if i >= len(args) {
			break
		}
		if strings.Contains(u, "<address>") {
			// The addresses to the end: a word that is none may be
			// the rest of a password with a space in it.
			for _, a := range args[i:] {
				if !strings.Contains(a, "@") {
					return false
				}
			}
			break
		}
		if strings.HasPrefix(u, "<board>") {
			num, _, _ := strings.Cut(args[i], "#")
			if _, err := strconv.Atoi(num); err != nil {
				return false
			}
		}
	}
	return true
}

// usageOptions are the prefixes of the options a usage names in the
// form [-name=<value>]: "-lang=".
func usageOptions(usage string) []string {
	var out []string
	for _, u := range strings.Fields(usage) {
		u = strings.Trim(u, "[]")
		if name, _, ok := strings.Cut(u, "=<"); ok && strings.HasPrefix(name, "-") && !strings.HasPrefix(name, "--") {
			out = append(out, strings.ToLower(name)+"=")
		}
	}
	return out
}

// isOption reports whether a word is one of the options opts.
func isOption(w string, opts []string) bool {
	lw := strings.ToLower(w)
	for _, o := range opts {
		if strings.HasPrefix(lw, o) {
			return true
		}
	}
	return false
}

func shift(idx []int, by int) []int {
	out := make([]int, len(idx))
	for i, v := range idx {
		out[i] = v + by
	}
	return out
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
