package pbm

import (
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/store"
)

// welcomes reports whether a mail is answered with the welcome rather
// than with refusals: it comes from an address no account has ever
// had, and neither its subject nor any line of its own text begins
// with a command word. "Hello, how do I play?" is such a mail; a
// typo of a command ("sigup ...") is not, and is answered with the
// command it resembles.
func welcomes(s *Server, tx *store.Tx, m *mail.Message, lines []string) bool {
	if m.From == "" {
		return false
	}
	if users, err := tx.UsersAt(m.From); err != nil || len(users) > 0 {
		return false
	}
	subj := mail.Unprefixed(m.Subject)
	if isBoardSubject(subj) {
		return false
	}
	for _, l := range append([]string{subj}, lines...) {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if s.isCommand(l) || s.suggestGlobal(firstWord(l)) != "" && looksLikeCommand(l) {
			return false
		}
	}
	return true
}

// looksLikeCommand reports whether a line that begins with a word
// resembling a command reads as a command rather than as prose: it
// has no sentence punctuation after its first word.
func looksLikeCommand(l string) bool {
	f := strings.Fields(l)
	first := f[0]
	if strings.ContainsAny(first, ",.!?;:") {
		return false
	}
	return !strings.ContainsAny(strings.Join(f[1:], " "), ",!?")
}

// aboutID is the message that describes a game in one line.
func aboutID(game string) string {
	if game == "" {
		return "About"
	}
	return "About" + strings.ToUpper(game[:1]) + game[1:]
}

// welcomeSection is the whole answer to a stranger's mail without a
// command: what pbm is, the games, the line to sign up with, and the
// web site.
func welcomeSection(s *Server) *section {
	sec := &section{subject: lang.M("MailWelcomeSubject"), table: true, Bare: true}
	sec.write = func(p lang.Printer) (string, error) {
		var b strings.Builder
		para := func(text string) {
			b.WriteString(strings.ReplaceAll(mail.Wrap(text, 72), "\n  ", "\n"))
			b.WriteString("\n\n")
		}
		para(p.T("MailWelcomeIntro", "Address", s.cfg.Address))
		b.WriteString(p.T("MailWelcomeGames") + "\n")
		for _, g := range s.cfg.Games.Games() {
			lo, hi := g.Players()
			players := strconv.Itoa(lo)
			if hi != lo {
				players += "-" + strconv.Itoa(hi)
			}
			about := p.T(aboutID(g.Name()))
			if about == aboutID(g.Name()) {
				about = "" // a game the catalogue does not describe
			}
			line := strings.TrimSuffix(p.T("MailWelcomeGame", "Game", g.Name(), "Title", g.Title(), "Players", players, "About", about), ": ")
			b.WriteString(indent(mail.Wrap(line, 70), "  ", "    ") + "\n")
		}
		b.WriteString("\n")
		para(p.T("MailWelcomeSignup"))
		b.WriteString("    signup <userid> <password>\n\n")
		para(p.T("MailWelcomeChallenge"))
		first := "<game>"
		if gs := s.cfg.Games.Games(); len(gs) > 0 {
			first = gs[0].Name()
		}
		b.WriteString("    " + first + " challenge <userid> <password> <userid> computer\n\n")
		para(p.T("MailWelcomeHelp", "Game", first))
		if s.cfg.WebURL != "" {
			para(p.T("MailWelcomeSite", "Site", s.cfg.WebURL))
		}
		return strings.TrimRight(b.String(), "\n"), nil
	}
	sec.Text, _ = sec.write(lang.English())
	return sec
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
