package pbm

import (
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/pbm/mail"
)

// mask is what stands for a secret word wherever a command line is
// written: a reply, a log line, a report, a record.
const mask = "********"

// Masked returns a line of a mail (its Subject, or a command line of
// its body) fit to be written down: the words the command table
// declares secret (passwords) are masked, the subaddress of a reply
// address (its token) is dropped, and a line that is no command is cut
// to its first two words, since a mistyped command may still hold a
// password. The Subject of a board mail replied to is kept as it is.
func (s *Server) Masked(line string) string {
	if len(line) > s.cfg.MaxLineBytes {
		// Past the bound nothing is read (bound.go): a log line shows
		// the first words only.
		line = head(line) + " ..."
	}
	line = mail.OneLine(line)
	prefix := line[:mail.ReplyPrefix(line)]
	rest := strings.TrimSpace(line[len(prefix):])
	if rest == "" || boardSubject.MatchString(rest) {
		return line
	}
	words := strings.Fields(rest)
	for i, w := range words {
		words[i] = s.maskToken(w)
	}
	n, secrets, ok := s.secretWords(words)
	if !ok {
		out := strings.Join(words[:min(2, len(words))], " ")
		if len(words) > 2 {
			out += " ..."
		}
		return prefix + out
	}
	return prefix + maskLine(words, 0, shift(secrets, n))
}

// secretWords walks the command table along words as the dispatcher
// does and returns the indexes in words of the secret ones, relative to
// n, the number of command words. ok is false when words is no command.
func (s *Server) secretWords(words []string) (n int, secrets []int, ok bool) {
	set := s.global
	if _, game := s.cfg.Games.Lookup(words[0]); game {
		set, n = s.game, 1
	}
	for n < len(words) {
		name, cmd, err := set.lookup(words[n])
		if err != nil {
			return 0, nil, false
		}
		n++
		if cmd.children != nil {
			set = cmd.children
			continue
		}
		secrets = append(secrets, cmd.secrets...)
		if len(cmd.secrets) > 0 && !argsParse(cmd, words[n:]) {
			// A word left out or added moves the password off its
			// place: every argument could be it.
			secrets = secrets[:0]
			for i := range words[n:] {
				secrets = append(secrets, i)
			}
			return n, secrets, true
		}
		if name == "admin" && !cmd.admin {
			// "admin <userid> <password> <command> <args>": the admin
			// command's own secrets follow its name.
			if sub := n + 2; sub < len(words) {
				if _, ac, err := s.global.only(true).lookup(words[sub]); err == nil {
					for _, i := range ac.secrets {
						secrets = append(secrets, 3+i)
					}
				} else {
					// An unknown admin command: nothing after it is read.
					for i := 3; n+i < len(words); i++ {
						secrets = append(secrets, i)
					}
				}
			}
		}
		return n, secrets, true
	}
	return 0, nil, false
}

// argsParse reports whether args fit a command's usage as far as the
// table tells: a number where it takes a board, mail addresses where
// it takes them.
func argsParse(cmd *command, args []string) bool {
	usage := strings.Fields(cmd.usage)
	for i, u := range usage {
		if i >= len(args) {
			break
		}
		if strings.Contains(u, "<address>") {
			// The addresses to the end: a word that is none may be
			// the rest of a password with a space in it.
			for _, a := range args[i:] {
				if !strings.Contains(a, "@") {
					return false
				}
			}
			break
		}
		if strings.HasPrefix(u, "<board>") {
			num, _, _ := strings.Cut(args[i], "#")
			if _, err := strconv.Atoi(num); err != nil {
				return false
			}
		}
	}
	return true
}

func shift(idx []int, by int) []int {
	out := make([]int, len(idx))
	for i, v := range idx {
		out[i] = v + by
	}
	return out
}

// maskToken drops the token of a reply address (RFC 5233 subaddress
// "pbm+<game>.<board>.<token>@domain") from a word.
func (s *Server) maskToken(w string) string {
	local, domain, _ := strings.Cut(s.cfg.Address, "@")
	lw := strings.ToLower(w)
	i := strings.Index(lw, local+"+")
	if i < 0 || !strings.Contains(lw[i:], "@"+domain) {
		return w
	}
	return MaskAddress(w)
}

// MaskAddress returns a mail address with the last dot-separated part
// of its subaddress masked: a reply address keeps its game and board
// and loses its token. Other addresses are returned as they are.
func MaskAddress(addr string) string {
	plus := strings.Index(addr, "+")
	at := strings.LastIndex(addr, "@")
	if plus < 0 || at < plus {
		return addr
	}
	sub := addr[plus+1 : at]
	if dot := strings.LastIndex(sub, "."); dot >= 0 {
		return addr[:plus+1] + sub[:dot+1] + mask + addr[at:]
	}
	return addr[:plus+1] + mask + addr[at:]
}
