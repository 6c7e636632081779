package command

import (
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/pbm/mail"
)

// Mask is what stands for a secret word wherever a command line is
// written: a reply, a log line, a report, a record.
const Mask = "********"

// MaskWords returns a command line given as words fit to be written
// down: the words the table declares secret (passwords) are masked,
// and a line that is no command is cut to its first two words, since a
// mistyped command may still hold a password. isGame tells a game's
// name.
func MaskWords(words []string, isGame func(string) bool) string {
	n, secrets, ok := SecretWords(words, isGame)
	if !ok {
		out := strings.Join(words[:min(2, len(words))], " ")
		if len(words) > 2 {
			out += " ..."
		}
		return out
	}
	return MaskLine(words, n, secrets)
}

// SecretWords walks the command table along words as the dispatcher
// does and returns the indexes in words of the secret ones, relative to
// n, the number of command words. ok is false when words is no command.
func SecretWords(words []string, isGame func(string) bool) (n int, secrets []int, ok bool) {
	if len(words) == 0 {
		return 0, nil, false
	}
	set := global
	if isGame(words[0]) {
		set, n = game, 1
	}
	for n < len(words) {
		name, cmd, err := set.Lookup(words[n])
		if err != nil {
			return 0, nil, false
		}
		n++
		if cmd.Children != nil {
			set = cmd.Children
			continue
		}
		if opts := UsageOptions(cmd.Usage); len(opts) > 0 && len(cmd.Secrets) > 0 {
			// Options such as -lang=<code> may stand anywhere: the
			// secrets are counted among the other words, and the
			// options themselves are no secret.
			var positional []int
			for i, w := range words[n:] {
				if !IsOption(w, opts) {
					positional = append(positional, i)
				}
			}
			rest := make([]string, len(positional))
			for k, i := range positional {
				rest[k] = words[n+i]
			}
			if len(rest) >= cmd.MinArgs && ArgsParse(cmd, rest) {
				for _, sidx := range cmd.Secrets {
					if sidx < len(positional) {
						secrets = append(secrets, positional[sidx])
					}
				}
				return n, secrets, true
			}
		}
		secrets = append(secrets, cmd.Secrets...)
		if cmd.UserFirst {
			// "<userid> <password> <name>": the password is the second.
			secrets = append(secrets, 1)
		}
		if len(cmd.Secrets) > 0 && !ArgsParse(cmd, words[n:]) {
			// A word left out or added moves the password off its
			// place: every argument could be it.
			secrets = secrets[:0]
			for i := range words[n:] {
				secrets = append(secrets, i)
			}
			return n, secrets, true
		}
		if name == "admin" && !cmd.Admin {
			// "admin <userid> <password> <command> <args>": the admin
			// command's own secrets follow its name.
			if sub := n + 2; sub < len(words) {
				if _, ac, err := global.Only(true).Lookup(words[sub]); err == nil {
					for _, i := range ac.Secrets {
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

// ArgsParse reports whether args fit a command's usage as far as the
// table tells: a number where it takes a board, mail addresses where
// it takes them.
func ArgsParse(cmd *Command, args []string) bool {
	usage := strings.Fields(cmd.Usage)
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

// UsageOptions are the prefixes of the options a usage names in the
// form [-name=<value>]: "-lang=".
func UsageOptions(usage string) []string {
	var out []string
	for _, u := range strings.Fields(usage) {
		u = strings.Trim(u, "[]")
		if name, _, ok := strings.Cut(u, "=<"); ok && strings.HasPrefix(name, "-") && !strings.HasPrefix(name, "--") {
			out = append(out, strings.ToLower(name)+"=")
		}
	}
	return out
}

// IsOption reports whether a word is one of the options opts.
func IsOption(w string, opts []string) bool {
	lw := strings.ToLower(w)
	for _, o := range opts {
		if strings.HasPrefix(lw, o) {
			return true
		}
	}
	return false
}

// MaskLine rebuilds a command line with its secret words replaced:
// secrets are indexes in words after the nameLen command words.
func MaskLine(words []string, nameLen int, secrets []int) string {
	out := append([]string(nil), words...)
	for _, i := range secrets {
		if j := nameLen + i; j >= 0 && j < len(out) {
			out[j] = Mask
		}
	}
	return strings.Join(out, " ")
}

// Masked returns a line of a mail (its Subject, or a command line of
// its body) fit to be written down: the words the command table
// declares secret (passwords) are masked, the subaddress of a reply
// address on the server's address (its token) is dropped, and a line
// that is no command is cut to its first two words, since a mistyped
// command may still hold a password. The Subject of a board mail
// replied to is kept as it is.
func (rd Reader) Masked(line string) string {
	if len(line) > rd.MaxLineBytes {
		// Past the bound nothing is read: a log line shows the first
		// words only.
		line = Head(line) + " ..."
	}
	line = mail.OneLine(line)
	prefix := line[:mail.ReplyPrefix(line)]
	rest := strings.TrimSpace(line[len(prefix):])
	if rest == "" || IsBoardSubject(rest) {
		return line
	}
	words := strings.Fields(rest)
	for i, w := range words {
		words[i] = maskToken(w, rd.Known.Address)
	}
	isGame := rd.IsGame
	if isGame == nil {
		isGame = func(string) bool { return false }
	}
	return prefix + MaskWords(words, isGame)
}

// maskToken drops the token of a reply address on address (RFC 5233
// subaddress "pbm+<game>.<board>.<token>@domain") from a word.
func maskToken(w, address string) string {
	local, domain, _ := strings.Cut(address, "@")
	lw := strings.ToLower(w)
	i := strings.Index(lw, local+"+")
	if i < 0 || !strings.Contains(lw[i:], "@"+domain) {
		return w
	}
	return MaskAddress(w)
}

// MaskAddress returns a mail address with the last dot-separated part
// of its subaddress (RFC 5233) masked: a reply address keeps its game
// and board and loses its token. Other addresses are returned as they
// are.
func MaskAddress(addr string) string {
	plus := strings.Index(addr, "+")
	at := strings.LastIndex(addr, "@")
	if plus < 0 || at < plus {
		return addr
	}
	sub := addr[plus+1 : at]
	if dot := strings.LastIndex(sub, "."); dot >= 0 {
		return addr[:plus+1] + sub[:dot+1] + Mask + addr[at:]
	}
	return addr[:plus+1] + Mask + addr[at:]
}
