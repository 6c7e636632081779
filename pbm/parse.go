package pbm

import (
	"regexp"
	"strings"

	"github.com/pbmgo/pbm/pbm/quote"
)

// replyPrefix matches the prefixes mail clients put before a subject,
// in English, German, the Scandinavian languages, French, Polish
// (Odp), Italian (Rif), Dutch (Antw), Portuguese (Res, Enc) and
// Spanish (Rv), and the tag a mailing list puts there ("[pbm]",
// RFC 2919 lists' custom).
var replyPrefix = regexp.MustCompile(`(?i)^\s*((re|fwd?|aw|sv|wg|tr|odp|rif|antw|res|enc|rv)(\[\d+\])?\s*:\s*|\[[^\[\]\s]{1,30}\]\s*)+`)

// boardSubject matches the subject of a board mail, which a reply
// carries back: it is not a command.
var boardSubject = regexp.MustCompile(`(?i)^(new\s+)?\S+\s+(board\s+\d+(\s+\S+)?(\s+\*\*)?|error)$`)

// commandLines finds the commands of a mail and the player's comment
// (protocol.md, "Where commands are read"): the Subject holds one
// command, unless it is empty, only a reply prefix, "multiple", or
// not a command at all (the subject of a board mail replied to); then
// the body holds them, one per line.
func (s *Server) commandLines(m *Message) (lines []string, comment string) {
	return s.commandLinesOf(m, bodyLines(m.Body, quote.Known{Name: s.cfg.Name, Address: s.cfg.Address}))
}

// commandLinesOf is commandLines with the own text of the body read
// already (bodyLines).
func (s *Server) commandLinesOf(m *Message, body []string) (lines []string, comment string) {
	if len(m.Subject) > s.cfg.MaxLineBytes {
		// Too long to be read: whether it is a command is told by its
		// first words; if it is, it is refused as a whole (longLine).
		h := head(m.Subject)
		if p := replyPrefix.FindStringIndex(h); p != nil {
			h = h[p[1]:]
		}
		if s.isCommand(h) {
			return []string{strings.TrimSpace(m.Subject)}, commentText(body)
		}
		return s.bodyCommands(body)
	}
	subject := strings.TrimSpace(replyPrefix.ReplaceAllString(m.Subject, ""))
	if subject != "" && !strings.EqualFold(subject, "multiple") && !boardSubject.MatchString(subject) && s.isCommand(subject) {
		return []string{subject}, commentText(body)
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
	return lines, commentText(body[i:])
}

// bodyLines is the player's own text of the body (package quote: no
// quoted mail, attribution line or signature, wherever they stand,
// with what the server knows of the mail answered), cut at a line
// "end".
func bodyLines(body string, k quote.Known) []string {
	own := k.Own(body)
	for i, l := range own {
		if strings.EqualFold(strings.TrimSpace(l), "end") {
			return own[:i]
		}
	}
	return own
}

// commentText joins comment lines, without leading and trailing blank
// lines, bounded in size.
func commentText(lines []string) string {
	text := strings.TrimSpace(strings.Join(lines, "\n"))
	const max = 8 << 10
	if len(text) > max {
		text = strings.ToValidUTF8(text[:max], "") + "\n[comment cut at 8 KiB]"
	}
	return text
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
