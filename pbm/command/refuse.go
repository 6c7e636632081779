package command

import (
	"errors"
	"fmt"
	"strings"

	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/limit"
	"github.com/pbmgo/pbm/pbm/mail"
)

// UnknownMsg is the refusal of a word that is no command, from the
// catalogue; its English is the error's text.
func UnknownMsg(e *UnknownError) lang.Msg {
	word := `"` + TrimLine(strings.ToLower(e.Word)) + `"`
	if e.Suggestion != "" {
		return lang.M("RefuseUnknownSuggest", "Word", word, "Suggestion", e.Suggestion)
	}
	return lang.M("RefuseUnknown", "Word", word)
}

// afterMsg is the refusal of a word, unknown or ambiguous, that
// follows the command words named (a game's name, "change"): with the
// commands that may follow them.
func afterMsg(err error, named []string, set Set) lang.Msg {
	after, cmds := fmt.Sprintf("%q", strings.Join(named, " ")), strings.Join(set.Names(), ", ")
	var amb *AmbiguousError
	if errors.As(err, &amb) {
		return lang.M("CmdAmbiguousAfter", "Word", fmt.Sprintf("%q", amb.Word), "Found", strings.Join(amb.Found, ", "), "After", after, "Commands", cmds)
	}
	var unknown *UnknownError
	if errors.As(err, &unknown) {
		return lang.M("CmdUnknownAfter", "Word", `"`+TrimLine(strings.ToLower(unknown.Word))+`"`, "After", after, "Commands", cmds)
	}
	return lang.Literal(fmt.Sprintf("%v after %s; commands: %s.", err, after, cmds))
}

// Refusal is why a line Parse did not take is no command, as the
// catalogue's messages: the words it did not know, with the command
// meant when one is near (among the reader's commands and games), or
// the commands that may follow. It is nil for an error that is none of
// Parse's refusals, and for a *UsageError, which names a command.
func (rd Reader) Refusal(err error) []lang.Msg {
	var (
		gameWhat *GameWhatError
		word     *WordError
		what     *WhatError
		admin    *AdminOnlyError
	)
	switch {
	case errors.As(err, &gameWhat):
		return []lang.Msg{lang.M("CmdGameWhat", "Game", gameWhat.Game, "Commands", strings.Join(game.Names(), ", "))}
	case errors.As(err, &what):
		return []lang.Msg{lang.M("CmdWhat", "Words", strings.Join(what.Words, " "), "Commands", strings.Join(what.Set.Names(), ", "))}
	case errors.As(err, &admin):
		return []lang.Msg{lang.M("CmdAdminOnly", "Name", admin.Name)}
	case errors.As(err, &word) && len(word.After) == 0:
		var unknown *UnknownError
		if errors.As(err, &unknown) {
			u := &UnknownError{Word: unknown.Word, Suggestion: rd.Suggest(unknown.Word)}
			return []lang.Msg{UnknownMsg(u), lang.M("RefuseUnknownTail")}
		}
		var amb *AmbiguousError
		if errors.As(err, &amb) {
			return []lang.Msg{lang.M("CmdAmbiguous", "Word", fmt.Sprintf("%q", amb.Word), "Found", strings.Join(amb.Found, ", ")), lang.M("RefuseUnknownTail")}
		}
		return []lang.Msg{lang.Literal(word.Err.Error()), lang.M("RefuseUnknownTail")}
	case errors.As(err, &word):
		var unknown *UnknownError
		if errors.As(err, &unknown) && unknown.Suggestion != "" {
			return []lang.Msg{UnknownMsg(unknown)}
		}
		return []lang.Msg{afterMsg(word.Err, word.After, word.Set)}
	}
	return nil
}

// NoCommand is the refusal of a mail in which no line is a command:
// that there is none or, when its subject (without "Re:") holds
// something that is not a board mail's subject, what was wrong with
// it; with the command the first word of words (the mail's first
// line) resembles, when one is near.
func (rd Reader) NoCommand(subject string, words []string) []lang.Msg {
	if len(words) > 0 {
		if sug := rd.Suggest(words[0]); sug != "" {
			return []lang.Msg{UnknownMsg(&UnknownError{Word: words[0], Suggestion: sug}), lang.M("RefuseUnknownTail")}
		}
	}
	if subj := mail.Unprefixed(subject); subj != "" && !IsBoardSubject(subj) {
		// The player did put something in the Subject: say what was
		// wrong with it, not to do what he did.
		return []lang.Msg{lang.M("CmdNoneSubject")}
	}
	return []lang.Msg{lang.M("CmdNone")}
}

// LimitRefusal is the refusal of a command a mail's bounds (cfg) do
// not admit, by why (limit.Mail.Admit); nil for limit.None.
func LimitRefusal(why limit.Bar, cfg limit.Config) []lang.Msg {
	switch why {
	case limit.Lists:
		return []lang.Msg{lang.M("LimitLists", "Count", cfg.Lists)}
	case limit.Signups:
		return []lang.Msg{lang.M("LimitSignups", "Count", cfg.Signups)}
	case limit.PasswordWork:
		return []lang.Msg{lang.M("LimitPasswordWork", "Count", cfg.PasswordWork)}
	}
	return nil
}
