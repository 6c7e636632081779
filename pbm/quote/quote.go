// Package quote finds the writer's own text in the body of a mail
// that answers another: it drops the quoted mail, the attribution line
// that introduces it, and the signature, as the common mail clients
// write them in English, French, Spanish, German, Dutch, Italian,
// Portuguese, Polish and the Scandinavian languages.
//
// Two kinds of quote are told apart. A quote whose lines start with
// ">" (RFC 3676 section 4.5, and what mutt, Thunderbird, Apple Mail
// and Gmail's plain text write) is dropped line by line, so that text
// written below it (bottom-posting) or between its blocks stays. A
// quote that is not marked line by line (Outlook's header block under
// a rule, "-----Original Message-----", a forwarded mail) ends the own
// text: everything below it is the old mail.
//
// An HTML body is expected reduced to text with each <blockquote>
// line prefixed by ">", as pbm's message reader does; Gmail's
// gmail_quote and Apple Mail's type=cite are blockquotes.
//
// A line is dropped only when it is proven part of the quote: marked
// with ">", or below a header block or an attribution that is followed
// by quoted text or that no writer writes of their own (it holds an
// address, or a date with its time), or a line of the mail answered.
// A line that could be the writer's stays, and the command reader
// decides: a dashed title of the writer's ("----- moves -----"), a line
// ending in "wrote:" over text not quoted, a sentence that starts like
// a phone's tag, a ">>>" where nothing is quoted one or two deep. The
// header blocks (headerBlock, headerKind) are known by their labels in many
// languages, starting with the sender, the date or the time sent; the
// attributions by their verbs, wrapped over up to five lines.
//
// The package follows the approach of GitHub's email_reply_parser
// (fragments of quote, signature and own text, found line by line),
// with the attribution and header patterns of more clients and
// languages.
//
// A caller that knows the mail answered does better in every
// language (Known): a line, or a run of up to three wrapped lines,
// that names the sender of that mail and stands directly above a
// quote is its attribution, whatever the words around the name; a
// block of "Label: value" lines in which one value holds the sender's
// address and another the subject answered is Outlook's header block;
// and the lines of the mail answered, given as digests of their
// normalised text (Digest), are dropped wherever they stand, marked
// with ">" or not, below the point where the quote starts.
//
// The package reads text only: it knows nothing of games, commands or
// the store, and it keeps nothing.
package quote

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Own returns the lines of body that its writer wrote: quoted lines,
// attribution lines and the signature are left out; the rest keeps its
// order. Leading and trailing blank lines are dropped, and runs of
// blank lines left where a quote stood become one. It knows nothing of
// the mail answered: Known.Own does better.
func Own(body string) []string { return Known{}.Own(body) }

// Known is what the writer of the mail answered knows of it: its
// sender's display name and address, its subject, and the digests of
// its lines (Digests). Any of them may be empty.
type Known struct {
	Name, Address string
	Subject       string
	Sent          map[Digest]bool
}

// Own returns the lines of body that its writer wrote, as the package
// Own does, and moreover drops the attribution and header block that
// name k's sender in any language, and every line of the mail answered
// that stands below the start of the quote. A line the writer put on
// the attribution's own line, before it ("C3 On ... wrote:"), is kept
// as a line of its own.
func (k Known) Own(body string) []string {
	lines := strings.Split(strings.ReplaceAll(strings.ReplaceAll(body, "\r\n", "\n"), "\r", "\n"), "\n")
	own := arrows(lines)
	start := k.quoteStart(lines)
	var out []string
	for i := 0; i < len(lines); i++ {
		l := strings.TrimRight(lines[i], " \t")
		t := strings.TrimSpace(l)
		switch {
		case isQuoted(t) && !own[i]:
			continue
		case isQuoted(t):
			out = append(out, l) // ">>> C3": an arrow, not a quote
			continue
		case i >= start && k.oldRun(lines, i):
			continue // a line of the mail answered, unmarked
		case k.continued(lines, i):
			continue // a quoted line wrapped, its ">" lost
		case isSignature(l) && k.oldRun(lines, nextNonBlank(lines, i+1)):
			continue // the signature separator of the mail answered
		case isRule(t) && k.headerAt(lines, nextNonBlank(lines, i+1)):
			// A rule over a header block ("=====" over "Message
			// du :"): the rule goes with the block.
			if n := k.skipHeader(lines, nextNonBlank(lines, i+1)); n >= 0 {
				i = n - 1
				continue
			}
			return tidy(out)
		case isSignature(l) || k.phoneTag(lines, i):
			return tidy(out)
		case isBoundary(t) || isDashTitle(t) && (k.titleNames(t) || k.headerAt(lines, nextNonBlank(lines, i+1))):
			next := nextNonBlank(lines, i+1)
			if next >= 0 && k.headerAt(lines, next) {
				next = nextNonBlank(lines, next+k.headerLen(lines, next))
			}
			if markedQuote(lines, next) {
				i = next - 1 // it introduces a marked quote; text may follow it
				continue
			}
			return tidy(out)
		case isDashTitle(t):
			// A dashed title that names no old mail: dropped over a
			// quote, else it is the writer's ("---- moves ----").
			if next := nextNonBlank(lines, i+1); next >= 0 && isQuoted(strings.TrimSpace(lines[next])) {
				continue
			}
			out = append(out, l)
			continue
		case k.headerAt(lines, i):
			if n := k.skipHeader(lines, i); n >= 0 {
				i = n - 1 // it introduces a marked quote; text may follow it
				continue
			}
			return tidy(out)
		}
		if own, ok := k.sharedLine(lines, i); ok {
			// Own text, then the attribution on the same line.
			out = append(out, own)
			continue
		}
		if n := k.named(lines, i); n > 0 {
			i += n - 1 // it introduces a quote, which is dropped
			continue
		}
		if n, strong := attrib(lines, i); n > 0 {
			next := nextNonBlank(lines, i+n)
			switch {
			case k.introduces(lines, next):
				i += n - 1 // the lines introduce a quote that is dropped
				continue
			case strong:
				// An attribution no writer writes of their own
				// (an address, a date and time) over text not
				// marked: the old mail follows, unmarked.
				return tidy(out)
			}
			// "Bob wrote:" over text not quoted: the writer's.
		}
		out = append(out, l)
	}
	return tidy(out)
}

// headerAt reports whether a header block of an old mail starts at
// lines[i].
func (k Known) headerAt(lines []string, i int) bool {
	return i >= 0 && i < len(lines) && (headerBlock(lines, i) > 0 || isHeaderBlock(lines, i) || k.isHeaderBlock(lines, i))
}

// headerLen is the number of lines of the header block at lines[i].
func (k Known) headerLen(lines []string, i int) int {
	return max(headerBlock(lines, i), fieldRun(lines, i))
}

// skipHeader returns the index of the marked quote that the header
// block at lines[i] introduces, or -1 when no marked quote follows it
// (the old mail follows unmarked).
func (k Known) skipHeader(lines []string, i int) int {
	next := nextNonBlank(lines, i+k.headerLen(lines, i))
	if markedQuote(lines, next) {
		return next
	}
	return -1
}

// markedQuote reports whether a quote marked line by line starts at
// lines[i]: two marked lines in a row, or one alone on its lines. One
// marked line directly over unmarked text is an old mail that is not
// marked and happens to start with ">" (pbm's own mails start with the
// command they answer, quoted).
func markedQuote(lines []string, i int) bool {
	if i < 0 || i >= len(lines) || !isQuoted(strings.TrimSpace(lines[i])) {
		return false
	}
	if i+1 >= len(lines) {
		return true
	}
	next := strings.TrimSpace(lines[i+1])
	return next == "" || isQuoted(next)
}

// Text is Own joined into one string.
func Text(body string) string { return strings.Join(Own(body), "\n") }

// Text is k.Own joined into one string.
func (k Known) Text(body string) string { return strings.Join(k.Own(body), "\n") }

func isQuoted(t string) bool { return strings.HasPrefix(t, ">") }

// tidy drops leading and trailing blank lines and turns runs of blank
// lines into one.
func tidy(lines []string) []string {
	var out []string
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			if len(out) == 0 || out[len(out)-1] == "" {
				continue
			}
			l = ""
		}
		out = append(out, l)
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

// lookAhead bounds how far below a line nextNonBlank looks, so that
// reading a body costs time linear in its lines: a quote is never
// introduced from further away.
const lookAhead = 40

func nextNonBlank(lines []string, i int) int {
	for end := min(len(lines), i+lookAhead); i < end; i++ {
		if strings.TrimSpace(lines[i]) != "" {
			return i
		}
	}
	return -1
}

// mobile matches the line a phone or web client puts under a mail in
// place of a signature.
var mobile = regexp.MustCompile(`(?i)^(` +
	`sent from my\s|sent (wirelessly )?from (outlook|mail|mailbox|typeapp|yahoo|gmail|samsung|huawei|blackberry|my)\b|sent with\s|sent via\s|sent using\s|get outlook for\s|` +
	`envoyé de mon\s|envoyé depuis\s|télécharger outlook pour\s|` +
	`enviado desde mi\s|enviado desde\s|obtener outlook para\s|` +
	`enviado do meu\s|enviado de meu\s|enviado do\s|` +
	`von meinem\s.*gesendet|gesendet von\s|gesendet mit\s|` +
	`verzonden (vanaf|met) mijn\s|verstuurd vanaf mijn\s|` +
	`inviato da\s|inviato dal mio\s|` +
	`wysłane z\s|wysłano z\s|` +
	`skickat från\s|sendt fra\s|lähetetty\s)`)

// isSignature reports whether a line starts a signature: the RFC 3676
// section 4.3 separator "-- " (and "--" as clients that strip trailing
// spaces send it), or a rule of underscores or dashes. A phone's "Sent
// from my iPhone" line is phoneTag.
func isSignature(l string) bool {
	t := strings.TrimSpace(l)
	switch {
	case t == "--", l == "-- ", t == "—":
		return true
	case len(t) >= 2 && strings.Trim(t, "_") == "":
		return true
	case utf8.RuneCountInString(t) >= 2 && strings.Trim(t, "-–—―‒ ") == "":
		// A rule of dashes other than "--": "---", "——", "– –".
		return true
	}
	return false
}

// boundary matches the lines that introduce an old mail not marked
// line by line: "-----Original Message-----" in its languages, a
// forwarded mail, and Apple Mail's "Begin forwarded message:".
var boundary = regexp.MustCompile(`(?i)^(` +
	`-{2,}\s*(original message|ursprüngliche nachricht|message d'origine|mensaje original|oorspronkelijk bericht|origineel bericht|messaggio originale|mensagem original|wiadomość oryginalna|oryginalna wiadomość|opprinnelig melding|ursprungligt meddelande|alkuperäinen viesti|forwarded message|weitergeleitete nachricht|message transféré|mensaje reenviado|doorgestuurd bericht|messaggio inoltrato|mensagem encaminhada|wiadomość przekazana|původní zpráva|původní e-mail|pôvodná správa|eredeti üzenet|továbbított üzenet|исходное сообщение|пересланное сообщение|оригінальне повідомлення|oprindelig meddelelse|oprindelig besked|originalnachricht|mail d'origine|message original|orijinal mesaj|αρχικό μήνυμα|原始邮件|原始郵件|转发邮件|元のメッセージ|원본 메시지)\s*-{2,}|` +
	`begin forwarded message:|anfang der weitergeleiteten nachricht:|début du message réexpédié :?|` +
	`original message:?` +
	`)$`)

func isBoundary(t string) bool {
	// Every form starts with dashes, ends with a colon or starts with
	// one of two words; the cheap test spares the pattern most lines.
	if !strings.HasPrefix(t, "--") && !strings.HasSuffix(t, ":") &&
		firstWord(t) != "original" && firstWord(t) != "début" {
		return false
	}
	return boundary.MatchString(t)
}

// mobileWords holds the first words of the lines mobile matches.
var mobileWords = map[string]bool{
	"sent": true, "get": true, "envoyé": true, "télécharger": true,
	"enviado": true, "obtener": true, "von": true, "gesendet": true,
	"verzonden": true, "verstuurd": true, "inviato": true, "wysłane": true,
	"wysłano": true, "skickat": true, "sendt": true, "lähetetty": true,
}

// firstWord returns the first word of t in lower case, or "" for a
// line longer than any word the patterns start with.
func firstWord(t string) string {
	if i := strings.IndexAny(t, " \t"); i >= 0 {
		t = t[:i]
	}
	if len(t) > 24 {
		return ""
	}
	return strings.ToLower(t)
}

// headerField matches the first word of a quoted header line in
// Outlook's block ("From: ...", "Sent: ...") in its languages.
var (
	fromField = regexp.MustCompile(`(?i)^\*?(from|von|de|van|da|od|från|fra|lähettäjä)\s?\*?:`)
	restField = regexp.MustCompile(`(?i)^\*?(sent|date|to|subject|cc|` +
		`gesendet|datum|an|betreff|` +
		`envoyé|date|à|objet|` +
		`enviado|fecha|para|asunto|` +
		`verzonden|datum|aan|onderwerp|` +
		`inviato|data|a|oggetto|` +
		`enviada|data|para|assunto|` +
		`wysłano|data|do|temat|` +
		`skickat|till|ämne|sendt|til|emne)\s?\*?:`)
)

// isHeaderBlock reports whether lines[i] starts Outlook's block of the
// old mail's header: a From line with, within the next three lines,
// another header field (Sent, To, Subject, in the languages above).
func isHeaderBlock(lines []string, i int) bool {
	if !strings.Contains(lines[i], ":") || !fromField.MatchString(strings.TrimSpace(lines[i])) {
		return false
	}
	for j := i + 1; j < len(lines) && j <= i+3; j++ {
		if restField.MatchString(strings.TrimSpace(lines[j])) {
			return true
		}
	}
	return false
}

// opener matches how a wrapped attribution starts ("On ...", "Le ...",
// "El ...", "Am ...", "Op ...", "Il ...", "Em ...", "W dniu ...",
// "Den ...").
var opener = regexp.MustCompile(`(?i)^(on|le|el|am|op|il|em|w dniu|dnia|den|dne|pe|vào|pada|στις)\s`)
