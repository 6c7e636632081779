package pbm

import (
	"sort"
	"strings"

	"github.com/agnivade/levenshtein"
)

// Typos get a suggestion: the command word (or game name) nearest by
// Levenshtein distance, when it is near enough to be a slip of the
// keyboard rather than another word. The distance is that of
// github.com/agnivade/levenshtein, where a swap of two letters ("hlep")
// counts 2.

// maxTypo is the largest distance still taken as a typo of a word of
// n letters: none for one or two letters, one for three, two beyond.
func maxTypo(n int) int {
	switch {
	case n <= 2:
		return 0
	case n == 3:
		return 1
	}
	return 2
}

// nearest returns the candidate closest to word within maxTypo, or ""
// when none is close or two are equally close.
func nearest(word string, candidates []string) string {
	word = strings.ToLower(word)
	limit := maxTypo(len([]rune(word)))
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

// words lists the names and aliases of a command set, without the
// admin commands unless admin.
func (cs commandSet) words(admin bool) []string {
	var out []string
	for name, c := range cs {
		if c.admin && !admin {
			continue
		}
		out = append(out, name)
		out = append(out, c.aliases...)
	}
	return out
}

// canonical maps an alias to its command's name.
func (cs commandSet) canonical(word string) string {
	if name, _, ok := cs.find(word); ok {
		return name
	}
	return word
}

// find looks a word up by exact name or alias, without prefixes.
func (cs commandSet) find(word string) (string, *command, bool) {
	word = strings.ToLower(word)
	if c, ok := cs[word]; ok {
		return word, c, true
	}
	for name, c := range cs {
		for _, a := range c.aliases {
			if a == word {
				return name, c, true
			}
		}
	}
	return "", nil, false
}

// suggestGlobal is the suggestion for an unknown first word of a
// line: a global command, a game's name, or a game's command (which
// needs the game's name first), whichever is nearest; on a tie the
// first of these.
func (s *Server) suggestGlobal(word string) string {
	if _, _, ok := s.game.find(word); ok {
		return "<game> " + s.game.canonical(word)
	}
	global := s.global.words(false)
	for _, g := range s.cfg.Games.Games() {
		global = append(global, g.Name())
	}
	g := nearest(word, global)
	m := nearest(word, s.game.words(false))
	switch {
	case m != "" && (g == "" || distance(word, m) < distance(word, g)):
		return "<game> " + s.game.canonical(m)
	case g != "":
		return s.global.canonical(g)
	}
	return ""
}

func distance(a, b string) int { return levenshtein.ComputeDistance(strings.ToLower(a), b) }

// unknownCommand is the refusal of a word that is no command.
func unknownCommand(word, suggestion string) string {
	text := "unknown command \"" + trimLine(strings.ToLower(word)) + "\""
	if suggestion != "" {
		text += " (did you mean " + suggestion + "?)"
	}
	return text
}
