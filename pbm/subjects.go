package pbm

import (
	"regexp"
	"strings"
	"sync"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// Subjects of mails: each written in its reader's language from the
// catalogue (messages/mail.<code>.toml), the game's title, the board
// number and the userids as they are.

// boardSubjectMsg is the subject of a board mail (protocol.md,
// Replies): in English "<Game> Board <n> <who>", " **" with a
// comment, "New " before it for a new board; the userid to move, the
// word for a removed board and the comment's mark follow the board's
// words in every language.
func boardSubjectMsg(g engine.Game, b store.Board, st engine.State, isNew, comment bool) lang.Msg {
	who := board.ToMove(b, st)
	removed := b.Over && board.Removed(b, st)
	title, number := g.Title(), b.Number
	write := func(p lang.Printer) string {
		id := "MailSubjectBoard"
		if isNew {
			id = "MailSubjectBoardNew"
		}
		s := p.T(id, "Title", title, "Number", number)
		if who != "" {
			s += " " + who
		}
		if removed {
			s += " " + p.T("MailSubjectRemoved")
		}
		if comment {
			s += " **"
		}
		return s
	}
	m := lang.Literal(write(lang.English()))
	m.Write = write
	return m
}

// in writes a message in the language of a printer: a subject or a
// text of tellUserIn.
func in(m lang.Msg) func(lang.Printer) string {
	return func(p lang.Printer) string { return p.Render(m) }
}

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

// isBoardSubject reports whether a subject, without its reply
// prefixes, is the subject of a board mail in any language.
func isBoardSubject(s string) bool { return boardSubjects().MatchString(s) }
