package command

import (
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/pbm/quote"
)

// Reader reads the command lines of a mail as one server does: which
// words are its games, whose quotes a reply carries (Known), and how
// long a line may be before nothing of it is read.
type Reader struct {
	// Games are the names of the server's games, which start a game's
	// command line.
	Games []string
	// IsGame tells a game's name (any case).
	IsGame func(string) bool
	// Known is the server's name and address, whose quoted mails a
	// reply carries (mail.OwnLines).
	Known quote.Known
	// MaxLineBytes bounds a command line.
	MaxLineBytes int
}

// Own is the writer's own text of a mail's body, one line each: the
// quotes of earlier mails and the signature left out (mail.OwnLines).
func (rd Reader) Own(body string) []string { return mail.OwnLines(body, rd.Known) }

// Lines finds the commands of a mail and the player's comment
// (protocol.md, "Where commands are read") from its Subject and the
// own text of its body (Own): the Subject holds one command, unless it
// is empty, only a reply prefix, "multiple", or not a command at all
// (the subject of a board mail replied to); then the body holds them,
// one per line.
func (rd Reader) Lines(subject string, own []string) (lines []string, comment string) {
	if len(subject) > rd.MaxLineBytes {
		// Too long to be read: whether it is a command is told by its
		// first words; if it is, it is refused as a whole.
		h := Head(subject)
		h = h[mail.ReplyPrefix(h):]
		if rd.IsCommand(h) {
			return []string{strings.TrimSpace(subject)}, mail.Comment(own)
		}
		return rd.BodyLines(own)
	}
	s := mail.Unprefixed(subject)
	if s != "" && !strings.EqualFold(s, "multiple") && !IsBoardSubject(s) && rd.IsCommand(s) {
		return []string{s}, mail.Comment(own)
	}
	return rd.BodyLines(own)
}

// BodyLines finds the commands of the body, one per line, and the
// comment after them.
func (rd Reader) BodyLines(body []string) (lines []string, comment string) {
	i := 0
	for ; i < len(body); i++ {
		l := strings.TrimSpace(body[i])
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if len(lines) > 0 && !rd.IsCommand(l) {
			break // the rest is the comment
		}
		lines = append(lines, l)
	}
	return lines, mail.Comment(body[i:])
}

// IsCommand reports whether a line starts with a command word: a
// global command or a game's name.
func (rd Reader) IsCommand(line string) bool {
	w := FirstWord(line)
	if w == "" {
		return false
	}
	if rd.IsGame != nil && rd.IsGame(w) {
		return true
	}
	_, _, ok := global.Find(w)
	return ok
}

// Speaks reports whether any of a mail's Subject and lines of its own
// text begins with a command word, or with a word resembling one on a
// line that reads as a command rather than as prose (LooksLikeCommand).
// A mail from a stranger that does not speaks the command language is
// answered with the welcome: "Hello, how do I play?" is such a mail; a
// typo of a command ("sigup ...") is not. The Subject of a board mail
// speaks it.
func (rd Reader) Speaks(subject string, lines []string) bool {
	subj := mail.Unprefixed(subject)
	if IsBoardSubject(subj) {
		return true
	}
	for _, l := range append([]string{subj}, lines...) {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if rd.IsCommand(l) || Suggest(FirstWord(l), rd.Games) != "" && LooksLikeCommand(l) {
			return true
		}
	}
	return false
}

// LooksLikeCommand reports whether a line that begins with a word
// resembling a command reads as a command rather than as prose: it
// has no sentence punctuation after its first word.
func LooksLikeCommand(l string) bool {
	f := strings.Fields(l)
	if len(f) == 0 {
		return false
	}
	first := f[0]
	if strings.ContainsAny(first, ",.!?;:") {
		return false
	}
	return !strings.ContainsAny(strings.Join(f[1:], " "), ",!?")
}

// FirstLine is what a mail is named by in an answer: its Subject, or
// else the first line of its body with text, or "(empty mail)".
func FirstLine(subject, body string) string {
	if strings.TrimSpace(subject) != "" {
		return subject
	}
	for _, l := range strings.Split(body, "\n") {
		if strings.TrimSpace(l) != "" {
			return l
		}
	}
	return "(empty mail)"
}

// LineHead is the part of an over-long line read to echo it and to
// tell whether it is a command: its first words.
const LineHead = 200

// Head is the start of line, at most LineHead bytes cut on a rune
// boundary: what is read of a line too long to be read.
func Head(line string) string {
	if len(line) <= LineHead {
		return line
	}
	cut := LineHead
	for cut > 0 && !utf8.RuneStart(line[cut]) {
		cut--
	}
	return line[:cut]
}

// FirstWord is the first word of line, found without reading past it.
func FirstWord(line string) string {
	line = strings.TrimLeftFunc(line, unicode.IsSpace)
	if i := strings.IndexFunc(line, unicode.IsSpace); i >= 0 {
		return line[:i]
	}
	return line
}

// LongEcho is how a line longer than the bound is echoed: its first
// two words only (the rest may hold a password), nothing else of it
// read.
func LongEcho(line string) string {
	words := strings.Fields(Head(line))
	return strings.Join(words[:min(2, len(words))], " ") + " ..."
}

// Echo is how a line given as words is echoed before it is
// understood: by its first two words, and " ..." for the rest, which
// may hold a password.
func Echo(words []string) string {
	echo := TrimLine(strings.Join(words[:min(2, len(words))], " "))
	if len(words) > 2 {
		echo += " ..."
	}
	return echo
}

// Recognising the subject of a board mail, which replies carry back.

// boardSubjectWords are the catalogue's subjects of board mails, with
// the userid to move and the marks after them; boardErrorWords, of
// the answers refused about a board or a game.
var (
	boardSubjectWords = []string{"MailSubjectBoard", "MailSubjectBoardNew"}
	boardErrorWords   = []string{"MailSubjectBoardError", "MailSubjectGameError", "MailSubjectError"}
)

// englishBoardSubject is pbmserv's board subject in English, which
// the server has always recognised; any word before "error" too.
const englishBoardSubject = `(?i)^(new\s+)?\S+\s+(board\s+\d+(\s+\S+)?(\s+\*\*)?|error)$`

// boardSubjects matches the subject of a board mail in every language
// the server speaks, which a reply carries back: it is not a command.
// It is built from the catalogue's words of each language, so that a
// translation changed is still recognised.
var boardSubjects = sync.OnceValue(func() *regexp.Regexp {
	alts := []string{englishBoardSubject[len("(?i)"):]}
	c, err := lang.Load()
	if err != nil {
		return regexp.MustCompile(englishBoardSubject)
	}
	var removed []string
	for _, code := range lang.Codes {
		if w := strings.TrimSpace(c.For(code).T("MailSubjectRemoved")); w != "" {
			removed = append(removed, spaced(w))
		}
	}
	tail := `(\s+\S+)?`
	if len(removed) > 0 {
		tail += `(\s+(` + strings.Join(removed, "|") + `))?`
	}
	tail += `(\s+\*\*)?`
	for _, code := range lang.Codes {
		p := c.For(code)
		for _, id := range boardSubjectWords {
			if pat, ok := subjectPattern(p, id); ok {
				alts = append(alts, pat+tail)
			}
		}
		for _, id := range boardErrorWords {
			if pat, ok := subjectPattern(p, id); ok {
				alts = append(alts, pat)
			}
		}
	}
	re, err := regexp.Compile(`(?i)^(` + strings.Join(alts, "|") + `)$`)
	if err != nil {
		return regexp.MustCompile(englishBoardSubject)
	}
	return re
})

// Stand-ins for the title and the number while a subject's pattern is
// made from the catalogue.
const (
	titleMark  = "\x01T\x01"
	numberMark = "\x01N\x01"
)

// subjectPattern is the pattern of the subject message id in one
// language: its words as written, any space a run of spaces, the
// title a word and the number digits. False when the message is not
// in the catalogue.
func subjectPattern(p lang.Printer, id string) (string, bool) {
	text := strings.TrimSpace(p.T(id, "Title", titleMark, "Number", numberMark))
	if text == "" || text == id {
		return "", false
	}
	var b strings.Builder
	for i, part := range strings.Split(text, titleMark) {
		if i > 0 {
			b.WriteString(`\S+`)
		}
		for j, piece := range strings.Split(part, numberMark) {
			if j > 0 {
				b.WriteString(`\d+`)
			}
			b.WriteString(spaced(piece))
		}
	}
	return b.String(), true
}

// spaced is a literal text as a pattern whose spaces are any run of
// white space.
func spaced(s string) string {
	words := strings.Split(s, " ")
	for i, w := range words {
		words[i] = regexp.QuoteMeta(w)
	}
	return strings.Join(words, `\s+`)
}

// IsBoardSubject reports whether a subject, without its reply
// prefixes, is the subject of a board mail in any language.
func IsBoardSubject(s string) bool { return boardSubjects().MatchString(s) }

// Mail is the commands of a mail and the player's comment: Lines of its
// Subject and of the own text of its body.
func (rd Reader) Mail(m *mail.Message) (lines []string, comment string) {
	return rd.Lines(m.Subject, rd.Own(m.Body))
}
