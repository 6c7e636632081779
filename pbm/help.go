package pbm

import (
	"fmt"
	"strings"
)

type helpCommand struct{ Usage, Help string }

type helpGroup struct {
	Title    string
	Commands []helpCommand
}

// helpGroups generates the command reference from the command table.
func (s *Server) helpGroups() []helpGroup {
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
				g.Commands = append(g.Commands, helpCommand{Usage: strings.TrimSpace(prefix + name + " " + c.usage), Help: c.help})
				if len(c.verbs) > 0 {
					g.Commands = append(g.Commands, helpCommand{
						Usage: prefix + name + " <board> <userid> <password> " + strings.Join(c.verbs, "|"),
						Help:  "the same as the command of that name"})
				}
			}
		}
		walk(prefix, set)
		groups = append(groups, g)
	}
	add("Accounts and help:", "", s.global.only(false))
	add("Games (<game> is a game's name from \"list\"):", "<game> ", s.game)
	add("Admin (configured admins only):", "admin <userid> <password> ", s.global.only(true))
	return groups
}

type helpGame struct{ Name, Title, Players string }

func (s *Server) helpGames() []helpGame {
	var out []helpGame
	for _, g := range s.cfg.Games.Games() {
		min, max := g.Players()
		out = append(out, helpGame{Name: g.Name(), Title: g.Title(), Players: playerRange(min, max)})
	}
	return out
}

// HelpText is the general help, as mailed for "help".
func (s *Server) HelpText() (string, error) {
	return s.tpl.render("help.txt", map[string]any{
		"Server": s.cfg.Name, "Groups": s.helpGroups(), "Games": s.helpGames(), "ReplyLine": replyLine,
	})
}

func (s *Server) cmdHelp(c *call) error {
	if len(c.args) > 0 {
		topic := strings.ToLower(c.args[0])
		if text, ok := s.helpTopic(topic); ok {
			c.sec.Text = "\n\n" + text
			c.sec.subject = "pbm help " + topic
			return nil
		}
		if g, ok := s.cfg.Games.Lookup(c.args[0]); ok {
			c.game, c.sec.game = g, g
			c.sec.table = true
			return s.cmdGameHelp(c)
		}
		if _, cmd, err := s.global.lookup(topic); err == nil && cmd.children == nil && !cmd.admin {
			c.sec.Text = fmt.Sprintf("%s %s\n  %s", topic, cmd.usage, cmd.help)
			return nil
		}
		if name, cmd, err := s.game.lookup(topic); err == nil && cmd.children == nil {
			c.sec.Text = fmt.Sprintf("<game> %s %s\n  %s\n(<game> is a game's name from \"list\".)", name, cmd.usage, cmd.help)
			return nil
		}
	}
	text, err := s.HelpText()
	if err != nil {
		return err
	}
	c.sec.Text = "\n\n" + text
	c.sec.subject = "pbm help"
	return nil
}

// helpTopic is the text of "help commands", "help move" and "help
// reply", generated from the command table.
func (s *Server) helpTopic(topic string) (string, bool) {
	var b strings.Builder
	usage := func(prefix, name string, c *command) {
		fmt.Fprintf(&b, "  %s\n      %s\n", strings.TrimSpace(prefix+name+" "+c.usage), c.help)
	}
	switch topic {
	case "commands":
		for _, g := range s.helpGroups() {
			b.WriteString(g.Title + "\n")
			for _, c := range g.Commands {
				fmt.Fprintf(&b, "  %s\n      %s\n", c.Usage, c.Help)
			}
			b.WriteString("\n")
		}
	case "move":
		b.WriteString("Moves (<game> is a game's name from \"list\"; \"<game> help\" gives its\nnotation):\n\n")
		for _, name := range []string{"move", "queue", "submit", "confirm", "preview"} {
			usage("<game> ", name, s.game[name])
			if verbs := s.game[name].verbs; len(verbs) > 0 {
				fmt.Fprintf(&b, "  <game> %s <board> <userid> <password> %s\n      the same as the command of that name\n", name, strings.Join(verbs, "|"))
			}
		}
		b.WriteString("\n#n is the number of the move you make, as the board mail says (\"To play\nmove 7\"): a mail that arrives late or twice is then refused as stale\ninstead of played.\n")
		b.WriteString("\nOr reply to the board mail with the move on the first line (\"help reply\").\n")
	case "reply":
		b.WriteString(replyLine + "\n\n")
		b.WriteString("Every mail about a board you play (the board after a move, an error,\n" +
			"show, submit, a reminder, a chat) comes from an address that knows you\n" +
			"and the board. Reply to it with a command on the first line of your own\n" +
			"text, above or below the quote; the rest of your text goes to the other\n" +
			"players as a comment. The quote, the \"... wrote:\" line and your\n" +
			"signature are left out. No userid, password or board number:\n\n")
		b.WriteString("  <move>[#<n>] [<move>...]\n      play (or: move <move>...)\n")
		for _, name := range s.game.names() {
			c := s.game[name]
			switch {
			case c.admin || c.children != nil || name == "move":
			case strings.HasPrefix(c.usage, "<board> <userid> <password>"):
				usage("", name, &command{usage: strings.TrimSpace(strings.TrimPrefix(c.usage, "<board> <userid> <password>")), help: c.help})
			case strings.HasPrefix(c.usage, "<board>") && c.minArgs <= 1:
				// A reply names no board: the bare command.
				usage("", name, &command{help: c.help})
			}
		}
		b.WriteString("\nThe reply works only from the address the mail went to, and ends with\n" +
			"the game or a change of your password. A reply to the mail of an older\n" +
			"position is refused as stale, with the board as it is now (a chat or a\n" +
			"show is still answered).\n")
	default:
		return "", false
	}
	return strings.TrimRight(b.String(), "\n"), true
}

func (s *Server) cmdList(c *call) error {
	var b strings.Builder
	b.WriteString("Games here:\n")
	for _, g := range s.helpGames() {
		fmt.Fprintf(&b, "  %-10s %-12s %s players\n", g.Name, g.Title, g.Players)
	}
	if len(s.helpGames()) == 0 {
		b.WriteString("  (none yet)\n")
	}
	b.WriteString("\nSend \"<game> help\" for a game's rules.")
	c.sec.Text = b.String()
	c.sec.subject = "pbm list"
	return nil
}
