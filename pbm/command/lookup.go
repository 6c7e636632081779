package command

import (
	"fmt"
	"sort"
	"strings"

	"github.com/agnivade/levenshtein"
	"github.com/pbmgo/pbm/pbm/mail"
)

// Lookup finds a command by name, alias, or unique prefix of at least
// three letters (pbmserv accepts "chall" for "challenge"). An unknown
// word is an *UnknownError with the nearest command as suggestion, a
// prefix of several commands an *AmbiguousError.
func (cs Set) Lookup(word string) (string, *Command, error) {
	word = strings.ToLower(word)
	if name, c, ok := cs.Find(word); ok {
		return name, c, nil
	}
	var found []string
	if len(word) >= 3 {
		for name := range cs {
			if strings.HasPrefix(name, word) {
				found = append(found, name)
			}
		}
	}
	switch len(found) {
	case 1:
		return found[0], cs[found[0]], nil
	case 0:
		return "", nil, &UnknownError{Word: word, Suggestion: cs.Canonical(Nearest(word, cs.Words(false)))}
	}
	sort.Strings(found)
	return "", nil, &AmbiguousError{Word: word, Found: found}
}

// AmbiguousError is a prefix of more than one command of a set.
type AmbiguousError struct {
	Word  string
	Found []string
}

func (e *AmbiguousError) Error() string {
	return fmt.Sprintf("command %q is ambiguous: %s", e.Word, strings.Join(e.Found, ", "))
}

// UnknownError is a word that is no command of a set.
type UnknownError struct{ Word, Suggestion string }

func (e *UnknownError) Error() string {
	text := "unknown command \"" + TrimLine(strings.ToLower(e.Word)) + "\""
	if e.Suggestion != "" {
		text += " (did you mean " + e.Suggestion + "?)"
	}
	return text
}

// TrimLine is a text as one line of at most 200 characters, as a
// command is echoed (mail.TrimLine).
func TrimLine(s string) string { return mail.TrimLine(s) }

// Find looks a word up by exact name or alias, without prefixes.
func (cs Set) Find(word string) (string, *Command, bool) {
	word = strings.ToLower(word)
	if c, ok := cs[word]; ok {
		return word, c, true
	}
	for name, c := range cs {
		for _, a := range c.Aliases {
			if a == word {
				return name, c, true
			}
		}
	}
	return "", nil, false
}

// Only returns the commands whose admin flag is admin.
func (cs Set) Only(admin bool) Set {
	out := Set{}
	for n, c := range cs {
		if c.Admin == admin {
			out[n] = c
		}
	}
	return out
}

// Names are the command words of a set, sorted.
func (cs Set) Names() []string {
	var out []string
	for n := range cs {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Words lists the names and aliases of a command set, without the
// admin commands unless admin.
func (cs Set) Words(admin bool) []string {
	var out []string
	for name, c := range cs {
		if c.Admin && !admin {
			continue
		}
		out = append(out, name)
		out = append(out, c.Aliases...)
	}
	return out
}

// Canonical maps an alias to its command's name.
func (cs Set) Canonical(word string) string {
	if name, _, ok := cs.Find(word); ok {
		return name
	}
	return word
}

// Typos get a suggestion: the command word (or game name) nearest by
// Levenshtein distance, when it is near enough to be a slip of the
// keyboard rather than another word. The distance is that of
// github.com/agnivade/levenshtein, where a swap of two letters ("hlep")
// counts 2.

// MaxTypo is the largest distance still taken as a typo of a word of
// n letters: none for one or two letters, one for three, two beyond.
func MaxTypo(n int) int {
	switch {
	case n <= 2:
		return 0
	case n == 3:
		return 1
	}
	return 2
}

// Nearest returns the candidate closest to word within MaxTypo, or ""
// when none is close or two are equally close.
func Nearest(word string, candidates []string) string {
	word = strings.ToLower(word)
	limit := MaxTypo(len([]rune(word)))
	if limit == 0 {
		return ""
	}
	best, bestD, tie := "", limit+1, false
	sort.Strings(candidates)
	for _, c := range candidates {
		if c == word {
			return ""
		}
		d := levenshtein.ComputeDistance(word, c)
		switch {
		case d < bestD:
			best, bestD, tie = c, d, false
		case d == bestD && c != best:
			tie = true
		}
	}
	if tie || bestD > limit {
		return ""
	}
	return best
}

// Distance is the Levenshtein distance of a word, lowered, to a command
// word.
func Distance(a, b string) int { return levenshtein.ComputeDistance(strings.ToLower(a), b) }

// Suggest is the suggestion for an unknown first word of a line: a
// global command, a game's name (of games), or a game's command (which
// needs the game's name first), whichever is nearest; on a tie the
// first of these.
func Suggest(word string, games []string) string {
	if _, _, ok := game.Find(word); ok {
		return "<game> " + game.Canonical(word)
	}
	words := append(global.Words(false), games...)
	g := Nearest(word, words)
	m := Nearest(word, game.Words(false))
	switch {
	case m != "" && (g == "" || Distance(word, m) < Distance(word, g)):
		return "<game> " + game.Canonical(m)
	case g != "":
		return global.Canonical(g)
	}
	return ""
}

func sortStrings(s []string) { sort.Strings(s) }
