package pbm

// commands builds the command table: the global commands, and the
// commands that follow a game's name. Help is generated from it.
func (s *Server) commands() (global, game commandSet) {
	global = commandSet{
		"help": {usage: "[<topic>]", help: "this text; topics: commands, move, reply, <game>, <command>",
			handle: s.cmdHelp},
		"list": {help: "the games played here, with their numbers of players",
			handle: s.cmdList, table: true},
		"signup": {usage: "<userid> <password> [<address>...]", minArgs: 2, secrets: []int{1},
			help:   "open an account; mail goes to the addresses given, else to yours; an address not yours gets mail once its owner answers the one mail asking",
			handle: s.cmdSignup},
		"change": {help: "change a password or the delivery addresses", children: commandSet{
			"password": {usage: "<userid> <old> <new>", minArgs: 3, secrets: []int{1, 2},
				help: "change your password", handle: s.cmdChangePassword},
			"address": {usage: "<userid> <password> <address>...", minArgs: 3, secrets: []int{1},
				help: "replace the addresses your mail goes to", handle: s.cmdChangeAddress},
		}},
		"signoff": {usage: "<userid> <password>", minArgs: 2, secrets: []int{1},
			help: "close your account; your running games are resigned", handle: s.cmdSignoff,
			aliases: []string{"delete"}},
		"add": {usage: "<userid> <password> <address>...", minArgs: 3, secrets: []int{1},
			help: "add addresses your mail goes to as well", handle: s.cmdAdd},
		"message": {usage: "<userid> <password> <to>...", minArgs: 3, secrets: []int{1},
			help: "send the body of the mail to the users named", handle: s.cmdMessage},
		"pictures": {usage: "<userid> <password> on|off", minArgs: 3, secrets: []int{1},
			help: "show a picture of the board in your board mails (on, the default) or not", handle: s.cmdPictures},
		"vacation": {usage: "<userid> <password> <from> <to>", minArgs: 4, secrets: []int{1},
			help: "away from <from> to <to> (YYYY-MM-DD): no reminders, no forfeits", handle: s.cmdVacation},
		"all": {help: "boards of every game", children: commandSet{
			"show": {usage: "<userid> [next|active]", minArgs: 1,
				help: "the user's boards in every game; next: where it is the user's turn", handle: s.cmdAllShow, table: true},
		}},
		"admin": {usage: "<userid> <password> <command> [<args>...]", minArgs: 3, secrets: []int{1},
			help: "an admin command (see below)", handle: s.cmdAdmin, aliases: nil},
	}
	game = commandSet{
		"help": {help: "the game's rules, notation and options", handle: s.cmdGameHelp, table: true},
		"challenge": {usage: "<userid> <password> <player1> [<player2>...] [-option...]", minArgs: 3, secrets: []int{1},
			help:   "start a board; you must be one of the players, seats in the order given; a player may be the computer: computer (normal), computer:easy, computer:normal, computer:hard",
			handle: s.cmdChallenge},
		"move": {usage: "<board> <userid> <password> <move>[#<n>] [<move>...]", minArgs: 4, secrets: []int{2},
			help:    "play; several moves apply in order, all or none; #n is the move's number",
			handle:  s.cmdMove,
			aliases: []string{"board", "mvoe"},
			verbs:   []string{"resign", "propose", "undo", "accept", "reject"}},
		"resign": {usage: "<board> <userid> <password>", minArgs: 3, secrets: []int{2},
			help: "resign the game", handle: s.cmdResign},
		"show": {usage: "<board>[#<n>]... | <userid>... [active|inactive|next|all]", minArgs: 1,
			help: "the board now, or after move n; or the boards of the users named", handle: s.cmdShow, table: true},
		"games": {usage: "[<userid>] [active|inactive|next|all]",
			help: "list boards", handle: s.cmdGames, table: true},
		"propose": {usage: "<board> <userid> <password>", minArgs: 3, secrets: []int{2},
			help: "offer a draw; every other player must accept", handle: s.cmdPropose},
		"undo": {usage: "<board> <userid> <password>", minArgs: 3, secrets: []int{2},
			help: "ask to take back the last move; every other player must accept", handle: s.cmdUndo},
		"accept": {usage: "<board> <userid> <password>", minArgs: 3, secrets: []int{2},
			help: "accept the open draw offer or take-back", handle: s.cmdAccept},
		"reject": {usage: "<board> <userid> <password>", minArgs: 3, secrets: []int{2},
			help: "reject the open draw offer or take-back", handle: s.cmdReject},
		"queue": {usage: "<board> <userid> <password> [<move>...]", minArgs: 3, secrets: []int{2},
			help:    "moves played for you when your turn comes, checked then; none clears",
			handle:  s.cmdQueue,
			aliases: []string{"qmove", "moveq"}},
		"submit": {usage: "<board> <userid> <password> <move>", minArgs: 4, secrets: []int{2},
			help: "check a move and see the board it gives; confirm plays it", handle: s.cmdSubmit},
		"confirm": {usage: "<board> <userid> <password>", minArgs: 3, secrets: []int{2},
			help: "play the move you submitted", handle: s.cmdConfirm},
		"preview": {usage: "<board>[#<n>] <move>...", minArgs: 2,
			help: "the board as the moves would leave it; nothing is saved", handle: s.cmdPreview, table: true},
		"chat": {usage: "<board> <userid> <password>", minArgs: 3, secrets: []int{2},
			help: "send the body of the mail to the board's players", handle: s.cmdChat},
		"subscribe": {usage: "<userid> <password> <board>...|all", minArgs: 3, secrets: []int{1},
			help: "get every board mail of boards you do not play", handle: s.cmdSubscribe},
		"unsubscribe": {usage: "<userid> <password> <board>...|all", minArgs: 3, secrets: []int{1},
			help: "stop a subscription", handle: s.cmdUnsubscribe},
		"notify": {usage: "<userid> <password> [<board>...]", minArgs: 2, secrets: []int{1},
			help: "get the result of the boards; with none, of every board", handle: s.cmdNotify},
		"limit": {usage: "<userid> <password> [<n>|0|reject|accept]", minArgs: 2, secrets: []int{1},
			help: "the most running boards of the game you can be challenged to; 0 or reject: none", handle: s.cmdLimit},
		"acceptall": {usage: "<userid> <password>", minArgs: 2, secrets: []int{1},
			help: "accept challenges to boards of the game again (no limit)", handle: s.cmdAcceptAll},
		"rejectall": {usage: "<userid> <password>", minArgs: 2, secrets: []int{1},
			help: "refuse every challenge to boards of the game (limit 0)", handle: s.cmdRejectAll},
		"standings": {help: "the ratings table", handle: s.cmdStandings, aliases: []string{"ratings"}, table: true},
		"history": {usage: "[<userid>]",
			help: "the 50 most recent finished games, newest first, or those of one player", handle: s.cmdHistory, table: true},
		"record": {usage: "<board>", minArgs: 1,
			help: "the whole game as a text record (pbmd replay reads it)", handle: s.cmdRecord, table: true},
	}
	// The admin commands stand in the same table, flagged: the
	// dispatcher runs them only under "admin" for the configured admins.
	for name, c := range s.adminCommands() {
		global[name] = c
	}
	return global, game
}

// adminCommands are run as "admin <userid> <password> <command>".
func (s *Server) adminCommands() commandSet {
	return commandSet{
		"users":       {admin: true, help: "list the accounts", handle: s.adminUsers},
		"games":       {admin: true, help: "list every board", handle: s.adminGames},
		"stats":       {admin: true, help: "counts of accounts, boards, mails and the outbox", handle: s.adminStats},
		"abort":       {admin: true, usage: "<game> <board>", minArgs: 2, help: "end a board without result", handle: s.adminAbort},
		"forfeit":     {admin: true, usage: "<game> <board> <userid>", minArgs: 3, help: "resign a player from a board", handle: s.adminForfeit},
		"setpassword": {admin: true, usage: "<userid> <new>", minArgs: 2, secrets: []int{1}, help: "set a user's password", handle: s.adminSetPassword},
		"broadcast":   {admin: true, help: "send the body of the mail to every user", handle: s.adminBroadcast},
		"backup":      {admin: true, help: "write a consistent copy of the database", handle: s.adminBackup},
	}
}
