package pbm

import (
	"regexp"
	"strings"
)

// replyPrefix matches the prefixes mail clients put before a subject.
var replyPrefix = regexp.MustCompile(`(?i)^\s*((re|fwd?|aw|sv|wg|tr)(\[\d+\])?\s*:\s*)+`)

// boardSubject matches the subject of a board mail, which a reply
// carries back: it is not a command.
var boardSubject = regexp.MustCompile(`(?i)^(new\s+)?\S+\s+(board\s+\d+(\s+\S+)?(\s+\*\*)?|error)$`)

// commandLines finds the commands of a mail and the player's comment
// (protocol.md, "Where commands are read"): the Subject holds one
// command, unless it is empty, only a reply prefix, "multiple", or
// not a command at all (the subject of a board mail replied to); then
// the body holds them, one per line.
func (s *Server) commandLines(m *Message) (lines []string, comment string) {
	subject := strings.TrimSpace(replyPrefix.ReplaceAllString(m.Subject, ""))
	body := bodyLines(m.Body)
	if subject != "" && !strings.EqualFold(subject, "multiple") && !boardSubject.MatchString(subject) && s.isCommand(subject) {
		return []string{subject}, commentText(body)
	}
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

// bodyLines cuts the body at a signature line ("-- ") or a line "end",
// and drops quoted lines.
func bodyLines(body string) []string {
	var out []string
	for _, l := range strings.Split(body, "\n") {
		t := strings.TrimRight(l, " \t")
		if t == "--" || strings.EqualFold(strings.TrimSpace(l), "end") || t == "-----Original Message-----" {
			break
		}
		if strings.HasPrefix(strings.TrimSpace(l), ">") {
			continue
		}
		out = append(out, t)
	}
	// A reply's attribution line ("On ..., X wrote:") introduces the
	// quote that was dropped.
	for len(out) > 0 {
		last := strings.TrimSpace(out[len(out)-1])
		if last == "" || strings.HasSuffix(last, "wrote:") || strings.HasSuffix(last, "schrieb:") {
			out = out[:len(out)-1]
			continue
		}
		break
	}
	return out
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
	words := strings.Fields(line)
	if len(words) == 0 {
		return false
	}
	if _, ok := s.cfg.Games.Lookup(words[0]); ok {
		return true
	}
	_, _, ok := s.global.find(words[0])
	return ok
}
