package command

import (
	"fmt"
	"strings"

	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
)

// WrapHelp wraps an explanation that stands six spaces in, under its
// usage line (two spaces in), so that its continuation lines stand
// eight spaces in, further than both, and every line keeps within the
// 79 columns of the answer's own wrapping (mail.Wrap).
func WrapHelp(text string) string { return wrapIn(text, 8) }

// WrapUsage wraps a usage line that stands two spaces in so that its
// continuation lines stand four spaces in.
func WrapUsage(text string) string { return wrapIn(text, 4) }

// wrapIn wraps text within 79 columns with its continuation lines in
// columns from in on.
func wrapIn(text string, in int) string {
	const width = 79
	return strings.ReplaceAll(mail.Wrap(text, width-in), "\n  ", "\n"+strings.Repeat(" ", in))
}

// Explain is a command's help in p's language: the command word and
// its usage stay as they are, the explanation is the catalogue's.
func (c *Command) Explain(p lang.Printer) string {
	if c.HelpID != "" {
		if text := p.T(c.HelpID); text != c.HelpID {
			return text
		}
	}
	return c.Help
}

// HelpCommand is one command of the command reference: its usage and
// its explanation, laid out (WrapUsage, WrapHelp).
type HelpCommand struct{ Usage, Help string }

// HelpGroup is a group of the command reference under its title.
type HelpGroup struct {
	Title    string
	Commands []HelpCommand
}

// HelpGroups generates the command reference from the command table,
// the explanations in p's language.
func HelpGroups(p lang.Printer) []HelpGroup {
	var groups []HelpGroup
	add := func(title, prefix string, set Set) {
		g := HelpGroup{Title: title}
		var walk func(prefix string, set Set)
		walk = func(prefix string, set Set) {
			for _, name := range set.Names() {
				c := set[name]
				if c.Children != nil {
					walk(prefix+name+" ", c.Children)
					continue
				}
				g.Commands = append(g.Commands, HelpCommand{Usage: WrapUsage(strings.TrimSpace(prefix + name + " " + c.Usage)), Help: WrapHelp(c.Explain(p))})
				if len(c.Verbs) > 0 {
					g.Commands = append(g.Commands, HelpCommand{
						Usage: prefix + name + " <board> <userid> <password> " + strings.Join(c.Verbs, "|"),
						Help:  p.T("HelpSameAs")})
				}
			}
		}
		walk(prefix, set)
		groups = append(groups, g)
	}
	add(p.T("HelpGroupAccounts"), "", global.Only(false))
	add(p.T("HelpGroupGames"), "<game> ", game)
	add(p.T("HelpGroupAdmin"), "admin <userid> <password> ", global.Only(true))
	return groups
}

// HelpGame is a game as help and list show it: Players is "2" or
// "2-4", Max the number its plural follows.
type HelpGame struct {
	Name, Title, Players string
	Max                  int
}

// IfHelp writes what "help if" tells beyond the command table, in p's
// language: the explanation of conditional moves and an example for
// every game offered, each filled to its width.
type IfHelp func(p lang.Printer) (intro string, examples []string)

// HelpTopic is the text of "help commands", "help move", "help if"
// and "help reply", generated from the command table, in p's
// language; false for any other topic. ifHelp writes the games' part
// of "help if", and is called for that topic only.
func HelpTopic(topic string, p lang.Printer, ifHelp IfHelp) (string, bool) {
	var b strings.Builder
	usage := func(prefix, name string, c *Command) {
		fmt.Fprintf(&b, "  %s\n      %s\n", WrapUsage(strings.TrimSpace(prefix+name+" "+c.Usage)), WrapHelp(c.Explain(p)))
	}
	switch topic {
	case "commands":
		for _, g := range HelpGroups(p) {
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
		b.WriteString(helpIf(game["if"], p, ifHelp))
	case "reply":
		b.WriteString(p.T("BoardReply") + "\n\n")
		b.WriteString(p.T("HelpReplyIntro") + "\n\n")
		b.WriteString("  <move>[#<n>] [<move>...]\n      " + p.T("HelpReplyPlay") + "\n")
		for _, name := range game.Names() {
			c := game[name]
			switch {
			case c.Admin || c.Children != nil || name == "move":
			case strings.HasPrefix(c.Usage, "<board> <userid> <password>"):
				usage("", name, &Command{Usage: strings.TrimSpace(strings.TrimPrefix(c.Usage, "<board> <userid> <password>")), Help: c.Help, HelpID: c.HelpID})
			case strings.HasPrefix(c.Usage, "<board>") && c.MinArgs <= 1:
				// A reply names no board: the bare command.
				usage("", name, &Command{Help: c.Help, HelpID: c.HelpID})
			}
		}
		b.WriteString("\n" + p.T("HelpReplyEnd") + "\n")
	default:
		return "", false
	}
	return strings.TrimRight(b.String(), "\n"), true
}

// helpIf is the text of "help if": the command c, the reply form and
// an example for every game offered (ifHelp).
func helpIf(c *Command, p lang.Printer, ifHelp IfHelp) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "  <game> if %s\n      %s\n\n", c.Usage, c.Explain(p))
	var intro string
	var examples []string
	if ifHelp != nil {
		intro, examples = ifHelp(p)
	}
	sb.WriteString(intro + "\n")
	for _, e := range examples {
		sb.WriteString("\n" + e + "\n")
	}
	return strings.TrimRight(sb.String(), "\n")
}

// CommandHelp is the help on one command named by topic, in p's
// language: a global command (no admin's), a game's command with
// "<game>" before it, or each command of a game's command of several
// words ("tournament"). ok is false when topic names none.
func CommandHelp(topic string, p lang.Printer) (text string, ok bool) {
	if _, cmd, err := global.Lookup(topic); err == nil && cmd.Children == nil && !cmd.Admin {
		return fmt.Sprintf("%s %s\n  %s", topic, cmd.Usage, cmd.Explain(p)), true
	}
	name, cmd, err := game.Lookup(topic)
	switch {
	case err != nil:
		return "", false
	case cmd.Children == nil:
		return fmt.Sprintf("<game> %s %s\n  %s\n%s", name, cmd.Usage, cmd.Explain(p), p.T("HelpGameIs")), true
	}
	var b strings.Builder
	for _, sub := range cmd.Children.Names() {
		sc := cmd.Children[sub]
		fmt.Fprintf(&b, "<game> %s %s %s\n  %s\n", name, sub, sc.Usage, sc.Explain(p))
	}
	return b.String() + p.T("HelpGameIs"), true
}

// List is the answer to "list" in p's language: the games offered.
func List(p lang.Printer, games []HelpGame) string {
	var b strings.Builder
	b.WriteString(p.T("HelpGamesHere") + "\n")
	for _, g := range games {
		fmt.Fprintf(&b, "  %-10s %-12s %s\n", g.Name, g.Title, p.N("HelpListPlayers", g.Max, "Players", g.Players))
	}
	if len(games) == 0 {
		b.WriteString("  " + p.T("HelpListNone") + "\n")
	}
	b.WriteString("\n" + p.T("HelpListTail"))
	return b.String()
}

// Suggest is the suggestion for an unknown first word of a line among
// the commands and the games of the reader (Suggest).
func (rd Reader) Suggest(word string) string { return Suggest(word, rd.Games) }
