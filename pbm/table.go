package pbm

// commands builds the command table: the global commands, and the
// commands that follow a game's name. Help is generated from it.
func (s *Server) commands() (global, game commandSet) {
	global = commandSet{
		"help": {usage: "[<topic>]", help: "this text; \"help <game>\" for a game's rules",
			handle: s.cmdHelp},
		"list": {help: "the games played here, with their numbers of players",
			handle: s.cmdList},
		"signup": {usage: "<userid> <password> [<address>...]", minArgs: 2, secrets: []int{1},
			help:   "open an account; mail goes to the addresses given, else to yours",
			handle: s.cmdSignup},
		"change": {help: "change a password or the delivery addresses", children: commandSet{
			"password": {usage: "<userid> <old> <new>", minArgs: 3, secrets: []int{1, 2},
				help: "change your password", handle: s.cmdChangePassword},
			"address": {usage: "<userid> <password> <address>...", minArgs: 3, secrets: []int{1},
				help: "replace the addresses your mail goes to", handle: s.cmdChangeAddress},
		}},
		"signoff": {usage: "<userid> <password>", minArgs: 2, secrets: []int{1},
			help: "close your account; your running games are resigned", handle: s.cmdSignoff},
		"admin": {usage: "<userid> <password> <command> [<args>...]", minArgs: 3, secrets: []int{1},
			help: "an admin command (see below)", handle: s.cmdAdmin, aliases: nil},
	}
	game = commandSet{
		"help": {help: "the game's rules, notation and options", handle: s.cmdGameHelp},
		"challenge": {usage: "<userid> <password> <player1> [<player2>...] [-option...]", minArgs: 3, secrets: []int{1},
			help:   "start a board; you must be one of the players, seats in the order given",
			handle: s.cmdChallenge},
		"move": {usage: "<board> <userid> <password> <move>[#<n>] [<move>...]", minArgs: 4, secrets: []int{2},
			help:    "play; several moves apply in order, all or none; #n is the move's number",
			handle:  s.cmdMove,
			aliases: []string{"board", "mvoe"}},
		"resign": {usage: "<board> <userid> <password>", minArgs: 3, secrets: []int{2},
			help: "resign the game", handle: s.cmdResign},
		"show": {usage: "<board>[#<n>]...", minArgs: 1,
			help: "the board now, or after move n", handle: s.cmdShow},
		"games": {usage: "[<userid>] [active|inactive|next|all]",
			help: "list boards", handle: s.cmdGames},
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
