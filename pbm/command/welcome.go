package command

import (
	"strings"

	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
)

// Welcome is the whole answer to a stranger's mail without a command,
// in p's language: what pbm is, the games, the line to sign up with,
// and the web site (site, when there is one). address is the server's.
func Welcome(p lang.Printer, games []HelpGame, address, site string) string {
	var b strings.Builder
	para := func(text string) {
		b.WriteString(strings.ReplaceAll(mail.Wrap(text, 72), "\n  ", "\n"))
		b.WriteString("\n\n")
	}
	para(p.T("MailWelcomeIntro", "Address", address))
	b.WriteString(p.T("MailWelcomeGames") + "\n")
	for _, g := range games {
		about := p.T(aboutID(g.Name))
		if about == aboutID(g.Name) {
			about = "" // a game the catalogue does not describe
		}
		line := strings.TrimSuffix(p.T("MailWelcomeGame", "Game", g.Name, "Title", g.Title, "Players", g.Players, "About", about), ": ")
		b.WriteString(indent(mail.Wrap(line, 70), "  ", "    ") + "\n")
	}
	b.WriteString("\n")
	para(p.T("MailWelcomeSignup"))
	b.WriteString("    signup <userid> <password>\n\n")
	para(p.T("MailWelcomeChallenge"))
	first := "<game>"
	if len(games) > 0 {
		first = games[0].Name
	}
	b.WriteString("    " + first + " challenge <userid> <password> <userid> computer\n\n")
	para(p.T("MailWelcomeHelp", "Game", first))
	if site != "" {
		para(p.T("MailWelcomeSite", "Site", site))
	}
	return strings.TrimRight(b.String(), "\n")
}

// aboutID is the message that describes a game in one line.
func aboutID(game string) string {
	if game == "" {
		return "About"
	}
	return "About" + strings.ToUpper(game[:1]) + game[1:]
}

// indent prefixes the first line of text with first and the others
// with rest.
func indent(text, first, rest string) string {
	lines := strings.Split(text, "\n")
	for i := range lines {
		if i == 0 {
			lines[i] = first + lines[i]
		} else {
			lines[i] = rest + lines[i]
		}
	}
	return strings.Join(lines, "\n")
}
