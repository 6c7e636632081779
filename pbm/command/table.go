// Package command is the command language of pbm: the table of the
// commands a mail may give (their words, usage, help, secrets and how
// each one authenticates), the parsing of a command line into a
// command and its arguments, the suggestion of the command a typo
// meant, the layout of the help, the masking of secrets in a line
// that is written down, and the refusals of the language itself: a
// mail without a command, a line past its bound, a command past the
// bounds of its mail (package limit), a reply to a board mail that is
// stale; and the footer of a page of a list, which names the command
// for the next page.
//
// It is pure: it reads no store, holds no game or engine state, sends
// no mail and knows nothing of the server that runs the commands. The
// server maps each command of the table to its handler and does the
// authentication the table declares.
package command

import "strings"

// Auth is how a command authenticates before its handler runs.
type Auth int

const (
	// None: the command names no account, or checks its own.
	None Auth = iota
	// User: the userid is argument AuthArg, its password the next.
	User
	// Player: the board is argument AuthArg, the userid of one of its
	// players the next, the password after it; the board must be
	// running.
	Player
	// BoardUser: as Player, but the account need not play the board
	// (chat reaches its subscribers too) and the board may have ended.
	BoardUser
	// Entrant: a tournament of the game, then userid and password
	// ("<name> <userid> <password>" or "<userid> <password> <name>",
	// UserFirst).
	Entrant
	// Admin: "admin <userid> <password> <command>": a configured admin
	// whose password is right; the admin command follows.
	Admin
)

// A move-by-reply token stands for the userid and password of a
// Player command: a reply to a board mail names the board by its
// reply address and the player by the token (the server's replies).

// Command is one entry of the command table. The table is declarative
// (in the manner of soju's service commands): help is generated from
// it, and the dispatcher does the checks it declares.
type Command struct {
	// Key is the command's words, the key of its handler: "signup",
	// "change password", "<game> move", "<game> tournament new",
	// "admin users".
	Key   string
	Usage string // the words after the command name
	Help  string // in English
	// HelpID is Help's message in the catalogue (HelpCmd<Words>,
	// HelpGame<Words>, HelpAdmin<Word>), written in the reader's
	// language.
	HelpID string
	// Secrets are the indexes in the arguments of words never echoed
	// back (passwords).
	Secrets []int
	// MinArgs is the least number of arguments; fewer is a usage error.
	MinArgs int
	// UserFirst commands take "<name> <userid> <password>" (their
	// usage) or "<userid> <password> <name>"; the dispatcher tells them
	// apart by the store. Where the store is not read (Mask, for logs)
	// both places the password may stand in are masked.
	UserFirst bool
	// Admin commands are dispatched only under "admin" for the
	// configured admins.
	Admin    bool
	Children Set
	Aliases  []string
	// Verbs are words that stand for a whole command in place of the
	// last argument: "move <board> <userid> <password> resign" runs
	// resign (pbmserv's move forms).
	Verbs []string
	// Table marks a command whose answer is laid out in columns (a
	// table, a board): the reply never wraps it.
	Table bool
	// Auth is how the command authenticates, AuthArg where its
	// credentials start in its arguments.
	Auth    Auth
	AuthArg int
}

// Set is a level of the table: command words to their commands.
type Set map[string]*Command

// ifSecrets are the words of "if" never echoed or logged: the password
// and every move after it, which are the owner's secret until played.
// A command line is at most a few thousand words long (the core's
// bound on a line).
var ifSecrets = func() []int {
	out := make([]int, 0, 4096)
	for i := 2; i < 4098; i++ {
		out = append(out, i)
	}
	return out
}()

var global, game = build()

// Global is the table of the commands a line starts with, the admin
// commands among them (flagged Admin). The table is shared: callers
// must not change it.
func Global() Set { return global }

// Game is the table of the commands that follow a game's name.
func Game() Set { return game }

func build() (Set, Set) {
	user := func(c *Command) *Command { c.Auth = User; return c }
	player := func(c *Command) *Command { c.Auth = Player; return c }
	global := Set{
		"help": {Usage: "[<topic>]", Help: "this text; topics: commands, move, reply, <game>, <command>"},
		"list": {Help: "the games played here, with their numbers of players", Table: true},
		"signup": {Usage: "<userid> <password> [<address>...] [-lang=<code>]", MinArgs: 2, Secrets: []int{1},
			Help: "open an account; mail goes to the addresses given, else to yours; an address not yours gets mail once its owner answers the one mail asking; -lang names the language of its mail (en, hu, cs, nl, de)"},
		"change": {Help: "change a password or the delivery addresses", Children: Set{
			"password": user(&Command{Usage: "<userid> <old> <new>", MinArgs: 3, Secrets: []int{1, 2},
				Help: "change your password"}),
			"address": user(&Command{Usage: "<userid> <password> <address>...", MinArgs: 3, Secrets: []int{1},
				Help: "replace the addresses your mail goes to"}),
		}},
		"signoff": user(&Command{Usage: "<userid> <password>", MinArgs: 2, Secrets: []int{1},
			Help: "close your account; your running games are resigned", Aliases: []string{"delete"}}),
		"add": user(&Command{Usage: "<userid> <password> <address>...", MinArgs: 3, Secrets: []int{1},
			Help: "add addresses your mail goes to as well"}),
		"message": user(&Command{Usage: "<userid> <password> <to>...", MinArgs: 3, Secrets: []int{1},
			Help: "send the body of the mail to the users named"}),
		"block": user(&Command{Usage: "<userid> <password> [<sender>...]", MinArgs: 2, Secrets: []int{1},
			Help: "take no messages from the players named (board mails and chat still come; they are told theirs was not delivered); with none, list them"}),
		"unblock": user(&Command{Usage: "<userid> <password> <sender>...|all", MinArgs: 3, Secrets: []int{1},
			Help: "take messages from the players named again"}),
		"pictures": user(&Command{Usage: "<userid> <password> on|off", MinArgs: 3, Secrets: []int{1},
			Help: "show a picture of the board in your board mails (on, the default) or not"}),
		"language": user(&Command{Usage: "<userid> <password> <code>", MinArgs: 3, Secrets: []int{1},
			Help: "the language of your mail: en, hu, cs, nl or de (a BCP 47 code, as hu-HU)"}),
		"vacation": user(&Command{Usage: "<userid> <password> <from> <to> | auto on|off", MinArgs: 4, Secrets: []int{1},
			Help: "away from <from> to <to> (YYYY-MM-DD): no reminders, no forfeits; auto on: a day of the year's allowance is spent instead of a forfeit"}),
		"daysoff": user(&Command{Usage: "<userid> <password> <days>|none", MinArgs: 3, Secrets: []int{1},
			Help: "days of the week when no clock of yours runs, in your time zone, as sat,sun (at most 3), or none"}),
		"digest": user(&Command{Usage: "<userid> <password> daily|weekly|off", MinArgs: 3, Secrets: []int{1},
			Help: "a mail each day (or Monday) at 06:00 of your time zone listing the boards where you are to move, the most urgent first"}),
		"timezone": user(&Command{Usage: "<userid> <password> <zone>", MinArgs: 3, Secrets: []int{1},
			Help: "the time zone of your deadlines and days (an IANA name, as Europe/Budapest, or server)"}),
		"all": {Help: "boards of every game", Children: Set{
			"show": {Usage: "<userid> [next|active]", MinArgs: 1,
				Help: "the user's boards in every game; next: where it is the user's turn", Table: true},
		}},
		"admin": {Usage: "<userid> <password> <command> [<args>...]", MinArgs: 3, Secrets: []int{1},
			Help: "an admin command (see below)", Auth: Admin},
	}
	game := Set{
		"help": {Help: "the game's rules, notation and options", Table: true},
		"challenge": user(&Command{Usage: "<userid> <password> <player1> [<player2>...] [-option...] [--nag=<days>] [--forfeit=<days>] [--total=<days>] [--add=<days>] [--cap=<days>]", MinArgs: 3, Secrets: []int{1},
			Help: "start a board; you must be one of the players, seats in the order given; a player may be the computer: computer (normal), computer:easy, computer:normal, computer:hard"}),
		"move": player(&Command{Usage: "<board> <userid> <password> <move>[#<n>] [<move>...]", MinArgs: 4, Secrets: []int{2},
			Help:    "play; several moves apply in order, all or none; #n is the move's number",
			Aliases: []string{"board", "mvoe"},
			Verbs:   []string{"resign", "propose", "undo", "accept", "reject"}}),
		"resign": player(&Command{Usage: "<board> <userid> <password>", MinArgs: 3, Secrets: []int{2},
			Help: "resign the game"}),
		"show": {Usage: "<board>[#<n>]... | <userid>... [active|inactive|next|all]", MinArgs: 1,
			Help: "the board now, or after move n; or the boards of the users named", Table: true},
		"games": {Usage: "[<userid>] [active|inactive|next|all] [page=<n>]",
			Help: "list boards", Table: true},
		"propose": player(&Command{Usage: "<board> <userid> <password>", MinArgs: 3, Secrets: []int{2},
			Help: "offer a draw; every other player must accept"}),
		"undo": player(&Command{Usage: "<board> <userid> <password>", MinArgs: 3, Secrets: []int{2},
			Help: "ask to take back the last move; every other player must accept"}),
		"accept": player(&Command{Usage: "<board> <userid> <password>", MinArgs: 3, Secrets: []int{2},
			Help: "accept the open draw offer or take-back"}),
		"reject": player(&Command{Usage: "<board> <userid> <password>", MinArgs: 3, Secrets: []int{2},
			Help: "reject the open draw offer or take-back"}),
		"queue": player(&Command{Usage: "<board> <userid> <password> [<move>...]", MinArgs: 3, Secrets: []int{2},
			Help:    "moves played for you when your turn comes, checked then; none clears",
			Aliases: []string{"qmove", "moveq"}}),
		"if": player(&Command{Usage: "<board> <userid> <password> [<move>...|clear]", MinArgs: 3, Secrets: ifSecrets,
			Help: "conditional moves: their move, your answer, and so on, played at once when they play it; none shows your lines; clear removes them"}),
		"submit": player(&Command{Usage: "<board> <userid> <password> <move>", MinArgs: 4, Secrets: []int{2},
			Help: "check a move and see the board it gives; confirm plays it"}),
		"confirm": player(&Command{Usage: "<board> <userid> <password>", MinArgs: 3, Secrets: []int{2},
			Help: "play the move you submitted"}),
		"preview": {Usage: "<board>[#<n>] <move>...", MinArgs: 2,
			Help: "the board as the moves would leave it; nothing is saved", Table: true},
		"chat": {Usage: "<board> <userid> <password>", MinArgs: 3, Secrets: []int{2},
			Help: "send the body of the mail to the board's players", Auth: BoardUser},
		"subscribe": user(&Command{Usage: "<userid> <password> <board>...|all", MinArgs: 3, Secrets: []int{1},
			Help: "get every board mail of boards you do not play"}),
		"unsubscribe": user(&Command{Usage: "<userid> <password> <board>...|all", MinArgs: 3, Secrets: []int{1},
			Help: "stop a subscription"}),
		"notify": user(&Command{Usage: "<userid> <password> [<board>...]", MinArgs: 2, Secrets: []int{1},
			Help: "get the result of the boards; with none, of every board"}),
		"limit": user(&Command{Usage: "<userid> <password> [<n>|0|reject|accept]", MinArgs: 2, Secrets: []int{1},
			Help: "the most running boards of the game you can be challenged to; 0 or reject: none"}),
		"acceptall": user(&Command{Usage: "<userid> <password>", MinArgs: 2, Secrets: []int{1},
			Help: "accept challenges to boards of the game again (no limit)"}),
		"rejectall": user(&Command{Usage: "<userid> <password>", MinArgs: 2, Secrets: []int{1},
			Help: "refuse every challenge to boards of the game (limit 0)"}),
		"standings": {Usage: "[page=<n>]", Help: "the ratings table", Aliases: []string{"ratings"}, Table: true},
		"history": {Usage: "[<userid>] [page=<n>]",
			Help: "the 50 most recent finished games, newest first, or those of one player", Table: true},
		"tournament": {Help: "tournaments: round robins, Swiss events, knockouts and pools, by mail", Children: Set{
			"new": user(&Command{Usage: "<userid> <password> <name> <format> [-option...] [--nag=<days>] [--forfeit=<days>] [--total=<days>] [--size=<n>] [--rounds=<n>] [--seats=<n>] [--start=<YYYY-MM-DD>] [--double]", MinArgs: 4, Secrets: []int{1},
				Help: "announce a tournament; <name> is 2-20 letters and digits; formats: roundrobin (every entrant meets every other; --double twice, seats swapped), swiss --rounds=<n> (equal scores meet, never twice; FIDE Dutch system, simplified), knockout (seeded by rating; a draw is replayed once with seats swapped, then the higher seed goes on), pools --seats=<n> (tables of n, the best of each goes on); boards have nag 1 day, forfeit 7 unless given; scores: 1 a win, ½ a draw, with more seats the share of the others finished ahead of; tie-breaks: Sonneborn-Berger (round robin), Buchholz then median Buchholz (Swiss)"}),
			"join": {Usage: "<name> <userid> <password> [computer[:<level>]]", MinArgs: 3, Secrets: []int{2}, UserFirst: true,
				Help: "enter a tournament before it starts; its organiser may enter the computer", Auth: Entrant},
			"leave": {Usage: "<name> <userid> <password>", MinArgs: 3, Secrets: []int{2}, UserFirst: true,
				Help: "leave a tournament before it starts", Auth: Entrant},
			"start": {Usage: "<name> <userid> <password>", MinArgs: 3, Secrets: []int{2}, UserFirst: true,
				Help: "start a tournament (its organiser or an admin); it starts by itself at --size entrants or on --start", Auth: Entrant},
			"show": {Usage: "<name>", MinArgs: 1,
				Help: "the standings, the rounds and their boards", Table: true},
		}},
		"tournaments": {Usage: "[page=<n>]", Help: "the open, running and finished tournaments", Table: true},
		"seek": user(&Command{Usage: "<userid> <password> [<n>] [-option...]", MinArgs: 2, Secrets: []int{1},
			Help: "ask for n games (1 unless given; 0 withdraws) against anyone seeking the same options; a match starts a board at once, nearest rating first"}),
		"record": {Usage: "<board>", MinArgs: 1,
			Help: "the whole game as a text record (pbmd replay reads it)", Table: true},
	}
	// The admin commands, run as "admin <userid> <password> <command>",
	// stand in the global table, flagged: the dispatcher runs them only
	// under "admin" for the configured admins.
	admin := Set{
		"users":       {Admin: true, Help: "list the accounts"},
		"games":       {Admin: true, Help: "list every board"},
		"stats":       {Admin: true, Help: "counts of accounts, boards, mails and the outbox"},
		"abort":       {Admin: true, Usage: "<game> <board>", MinArgs: 2, Help: "end a board without result"},
		"forfeit":     {Admin: true, Usage: "<game> <board> <userid>", MinArgs: 3, Help: "resign a player from a board"},
		"setpassword": {Admin: true, Usage: "<userid> <new>", MinArgs: 2, Secrets: []int{1}, Help: "set a user's password"},
		"broadcast":   {Admin: true, Help: "send the body of the mail to every user"},
		"backup":      {Admin: true, Help: "write a consistent copy of the database"},
		"tournament":  {Admin: true, Usage: "abort|replace <game> <name> [<player> <substitute>]", MinArgs: 3, Help: "end a tournament where it stands, aborting its boards; or put a player in another's place"},
		"retry":       {Admin: true, Usage: "[<id>]", Help: "replay set-aside mail <id> alone (a mail the server gave up on); with no id, list them"},
	}
	name(global, "HelpCmd", "")
	name(game, "HelpGame", "<game> ")
	name(admin, "HelpAdmin", "admin ")
	for n, c := range admin {
		global[n] = c
	}
	return global, game
}

// name sets each command's Key (prefix and its words) and HelpID (the
// catalogue message named after its words: HelpCmd<Words> for a global
// command, HelpGame<Words> for a game's, HelpAdmin<Word> for an admin
// command, as "HelpCmdChangePassword", "HelpGameTournamentNew"). The
// table's Help is the message's English.
func name(set Set, id, key string) {
	for n, c := range set {
		c.HelpID = id + strings.ToUpper(n[:1]) + n[1:]
		c.Key = key + n
		if c.Children != nil {
			name(c.Children, c.HelpID, c.Key+" ")
		}
	}
}

// Keys lists the Key of every command of the table that runs (not the
// words that only lead to others, as "change"), sorted.
func Keys() []string {
	var out []string
	var walk func(set Set)
	walk = func(set Set) {
		for _, n := range set.Names() {
			if c := set[n]; c.Children != nil {
				walk(c.Children)
			} else {
				out = append(out, c.Key)
			}
		}
	}
	walk(global)
	walk(game)
	sortStrings(out)
	return out
}
