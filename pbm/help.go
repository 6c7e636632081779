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
		if g, ok := s.cfg.Games.Lookup(c.args[0]); ok {
			c.game, c.sec.game = g, g
			return s.cmdGameHelp(c)
		}
		if _, cmd, err := s.global.lookup(c.args[0]); err == nil && cmd.children == nil {
			c.sec.Text = fmt.Sprintf("%s %s\n  %s", strings.ToLower(c.args[0]), cmd.usage, cmd.help)
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
