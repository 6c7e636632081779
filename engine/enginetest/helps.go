package enginetest

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/pbmgo/pbm/engine"
)

// HelpCodes are the languages a rules summary may be written in: the
// server's languages (package lang's Codes).
var HelpCodes = []string{"en", "hu", "cs", "nl", "de"}

var (
	// notation is a cell, a move or a command word: an upper-case
	// letter, then letters and digits in upper case and the signs
	// of the notation between them (D4-D4N@C3, C1xD1xM1, IN:,
	// R:NONE, B+!, PASS).
	notation = regexp.MustCompile(`[A-Z][A-Z0-9]*(?:[:@!~+>*#;,.x-]?[A-Z0-9]+)*[:!+~-]*`)
	// option is a command-line option of a game: -rounds, -classic.
	option = regexp.MustCompile(`(?:^|[\s(\[])(-[a-z][a-z0-9]*)`)
	// quoted is a word in backticks.
	quoted = regexp.MustCompile("`[^`]+`")
)

// HelpTokens are the notation of a rules summary: its cells, moves,
// command words and options (tokens of two characters or more), each
// once. They are the same in every language.
func HelpTokens(text string) []string {
	seen := map[string]bool{}
	for _, at := range notation.FindAllStringIndex(text, -1) {
		m := text[at[0]:at[1]]
		before, _ := utf8.DecodeLastRuneInString(text[:at[0]])
		after, _ := utf8.DecodeRuneInString(text[at[1]:])
		switch {
		case unicode.IsLetter(before):
			continue // inside a word
		case unicode.IsLetter(after) && strings.HasSuffix(m, "-"):
			m = strings.TrimSuffix(m, "-") // a suffix: C3-ról, D4-Feld
		case unicode.IsLetter(after):
			continue // the start of a word: TERMELÉS
		}
		m = strings.TrimRight(m, ",.;")
		if len(m) >= 2 {
			seen[m] = true
		}
	}
	for _, m := range option.FindAllStringSubmatch(text, -1) {
		seen[m[1]] = true
	}
	for _, m := range quoted.FindAllString(text, -1) {
		seen[m] = true
	}
	out := make([]string, 0, len(seen))
	for k := range seen {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// CheckHelps checks a game's rules summary in every language it has
// (engine.HelpIn): the English is Help; each language in required is
// there; every one has the notation of the English (HelpTokens),
// lines of at most 79 characters without trailing spaces, and ends
// with a newline as the English does. prose are upper-case words of
// the English that are not notation (the names of a round's phases):
// a translation writes them in its own words.
func CheckHelps(t *testing.T, g engine.Game, required []string, prose ...string) {
	t.Helper()
	en, ok := engine.HelpIn(g, "en")
	if !ok || en != g.Help() {
		t.Fatalf("%s: the English summary is not Help", g.Name())
	}
	want := slices.DeleteFunc(HelpTokens(en), func(s string) bool { return slices.Contains(prose, s) })
	if len(want) < 5 {
		t.Fatalf("%s: the English summary has hardly any notation: %q", g.Name(), want)
	}
	for _, code := range HelpCodes {
		text, ok := engine.HelpIn(g, code)
		if !ok {
			if slices.Contains(required, code) {
				t.Errorf("%s: no summary in %s", g.Name(), code)
			}
			continue
		}
		for i, line := range strings.Split(text, "\n") {
			if n := utf8.RuneCountInString(line); n > 79 {
				t.Errorf("%s %s line %d: %d characters: %q", g.Name(), code, i+1, n, line)
			}
			if strings.TrimRight(line, " \t") != line {
				t.Errorf("%s %s line %d: trailing space: %q", g.Name(), code, i+1, line)
			}
		}
		if strings.HasSuffix(text, "\n") != strings.HasSuffix(en, "\n") || strings.HasSuffix(text, "\n\n") {
			t.Errorf("%s %s: does not end as the English does", g.Name(), code)
		}
		got := slices.DeleteFunc(HelpTokens(text), func(s string) bool { return slices.Contains(prose, s) })
		var missing, extra []string
		for _, w := range want {
			if !slices.Contains(got, w) {
				missing = append(missing, w)
			}
		}
		for _, w := range got {
			if !slices.Contains(want, w) {
				extra = append(extra, w)
			}
		}
		if len(missing) > 0 || len(extra) > 0 {
			t.Errorf("%s %s: notation not in the translation %q; not in the English %q", g.Name(), code, missing, extra)
		}
	}
	if _, ok := engine.HelpIn(g, "xx"); ok {
		t.Errorf("%s: a summary in xx", g.Name())
	}
	if _, ok := engine.HelpIn(g, "../hu"); ok {
		t.Errorf("%s: a summary in ../hu", g.Name())
	}
}
