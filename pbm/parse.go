package pbm

import (
	"regexp"
	"strings"

	"github.com/pbmgo/pbm/pbm/mail"

	"github.com/pbmgo/pbm/pbm/quote"
)

// boardSubject matches the subject of a board mail, which a reply
// carries back: it is not a command.
var boardSubject = regexp.MustCompile(`(?i)^(new\s+)?\S+\s+(board\s+\d+(\s+\S+)?(\s+\*\*)?|error)$`)

// commandLines finds the commands of a mail and the player's comment
// (protocol.md, "Where commands are read"): the Subject holds one
// command, unless it is empty, only a reply prefix, "multiple", or
// not a command at all (the subject of a board mail replied to); then
// the body holds them, one per line.
func (s *Server) commandLines(m *mail.Message) (lines []string, comment string) {
	return s.commandLinesOf(m, mail.OwnLines(m.Body, quote.Known{Name: s.cfg.Name, Address: s.cfg.Address}))
}

// commandLinesOf is commandLines with the own text of the body read
// already (bodyLines).
func (s *Server) commandLinesOf(m *mail.Message, body []string) (lines []string, comment string) {
	if len(m.Subject) > s.cfg.MaxLineBytes {
		// Too long to be read: whether it is a command is told by its
		// first words; if it is, it is refused as a whole (longLine).
		h := head(m.Subject)
		h = h[mail.ReplyPrefix(h):]
		if s.isCommand(h) {
			return []string{strings.TrimSpace(m.Subject)}, mail.Comment(body)
		}
		return s.bodyCommands(body)
	}
	subject := mail.Unprefixed(m.Subject)
	if subject != "" && !strings.EqualFold(subject, "multiple") && !boardSubject.MatchString(subject) && s.isCommand(subject) {
		return []string{subject}, mail.Comment(body)
	}
	return s.bodyCommands(body)
}

// bodyCommands finds the commands of the body, one per line, and the
// comment after them.
func (s *Server) bodyCommands(body []string) (lines []string, comment string) {
	i := 0
	for ; i < len(body); i++ {
		l := strings.TrimSpace(body[i])
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if len(lines) > 0 && !s.isCommand(l) {
			break // the rest is the comment
		}
		lines = append(lines, l)
	}
	return lines, mail.Comment(body[i:])
}

// isCommand reports whether a line starts with a command word: a
// global command or a game's name.
func (s *Server) isCommand(line string) bool {
	w := firstWord(line)
	if w == "" {
		return false
	}
	if _, ok := s.cfg.Games.Lookup(w); ok {
		return true
	}
	_, _, ok := s.global.find(w)
	return ok
}
