package command

import "strings"

// Line is a command line parsed: its command and its arguments.
type Line struct {
	// Game is the name of the game the line starts with, or "" for a
	// global command.
	Game string
	// Name is the command words as the table spells them, after the
	// game's name when there is one: "nim", "move"; "change",
	// "password".
	Name []string
	Args []string
	// Cmd is the command, nil when the line names none.
	Cmd *Command
}

// Words are the line's command words without the game's name: "games",
// "change password", "all show"; of an admin command, the admin
// command's word ("setpassword").
func (l Line) Words() string {
	name := l.Name
	if l.Game != "" && len(name) > 0 {
		name = name[1:]
	}
	if len(name) == 1 && name[0] == "admin" && len(l.Args) >= 3 {
		return strings.ToLower(l.Args[2])
	}
	return strings.Join(name, " ")
}

// Errors of Parse: each tells why a line is no command of the table.
type (
	// GameWhatError is a game's name with nothing after it.
	GameWhatError struct{ Game string }
	// WordError is a word that is no command (Err an *UnknownError or
	// an *AmbiguousError) after the command words After, among the
	// commands of Set. After is empty for the first word of a line.
	WordError struct {
		Err   error
		After []string
		Set   Set
	}
	// WhatError is command words that lead to others (Set) with none
	// of them after: "change".
	WhatError struct {
		Words []string
		Set   Set
	}
	// AdminOnlyError is an admin command given without "admin".
	AdminOnlyError struct{ Name string }
	// UsageError is a command with fewer arguments than it takes; the
	// Line is parsed all the same.
	UsageError struct{ Usage string }
)

func (e *GameWhatError) Error() string { return "a command must follow the game's name " + e.Game }
func (e *WordError) Error() string     { return e.Err.Error() }
func (e *WordError) Unwrap() error     { return e.Err }
func (e *WhatError) Error() string {
	return "a command must follow " + strings.Join(e.Words, " ")
}
func (e *AdminOnlyError) Error() string { return e.Name + " is an admin command" }
func (e *UsageError) Error() string     { return "usage: " + e.Usage }

// Parse finds the command of a line given as words in the table.
// gameOf tells whether a word is a game's name and gives the name as
// the game spells it. A line with too few arguments is parsed with a
// *UsageError; any other error leaves Cmd nil.
func Parse(words []string, gameOf func(string) (string, bool)) (Line, error) {
	var l Line
	if len(words) == 0 {
		return l, &WordError{Err: &UnknownError{}, Set: global}
	}
	set := global
	if g, ok := gameOf(words[0]); ok {
		l.Game, l.Name = g, []string{g}
		set = game
		words = words[1:]
		if len(words) == 0 {
			return Line{Game: g, Name: l.Name}, &GameWhatError{Game: g}
		}
	}
	for {
		name, cmd, err := set.Lookup(words[0])
		if err != nil {
			return Line{Game: l.Game, Name: l.Name}, &WordError{Err: err, After: l.Name, Set: set}
		}
		l.Name = append(l.Name, name)
		words = words[1:]
		if cmd.Children != nil {
			if len(words) == 0 {
				return Line{Game: l.Game, Name: l.Name}, &WhatError{Words: l.Name, Set: cmd.Children}
			}
			set = cmd.Children
			continue
		}
		if cmd.Admin {
			return Line{Game: l.Game, Name: l.Name}, &AdminOnlyError{Name: name}
		}
		l.Args, l.Cmd = words, cmd
		if len(l.Args) < cmd.MinArgs {
			return l, &UsageError{Usage: strings.Join(l.Name, " ") + " " + cmd.Usage}
		}
		return l, nil
	}
}

// Credential is the userid and password a parsed line gives: the first
// secret argument of its command and the argument before it, when that
// one is not a secret too. A signup names a new account: its password
// is no other's, and it gives none.
func (l Line) Credential() (user, password string, ok bool) {
	if l.Cmd == nil || len(l.Name) == 1 && l.Name[0] == "signup" {
		return "", "", false
	}
	for _, i := range l.Cmd.Secrets {
		if i >= 1 && i < len(l.Args) && !contains(l.Cmd.Secrets, i-1) {
			return l.Args[i-1], l.Args[i], true
		}
	}
	return "", "", false
}

func contains(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}
