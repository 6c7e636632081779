package mail

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/pbmgo/pbm/pbm/quote"
)

// replyPrefix matches the prefixes mail clients put before a subject,
// in English, German, the Scandinavian languages, French, Polish
// and Czech (Odp), Italian (Rif), Dutch (Antw), Portuguese (Res, Enc),
// Spanish (Rv) and Hungarian (Vá, Válasz), and the tag a mailing list
// puts there ("[pbm]", RFC 2919 lists' custom).
var replyPrefix = regexp.MustCompile(`(?i)^\s*((re|fwd?|aw|sv|wg|tr|odp|rif|antw|res|enc|rv|vá|válasz)(\[\d+\])?\s*:\s*|\[[^\[\]\s]{1,30}\]\s*)+`)

// ReplyPrefix is the length of the reply prefixes ("Re: ", "AW: ",
// "[list] ") at the start of a subject, 0 when it has none.
func ReplyPrefix(subject string) int {
	if p := replyPrefix.FindStringIndex(subject); p != nil {
		return p[1]
	}
	return 0
}

// Unprefixed is a subject without its reply prefixes, trimmed.
func Unprefixed(subject string) string {
	return strings.TrimSpace(replyPrefix.ReplaceAllString(subject, ""))
}

// OwnLines is the sender's own text of a body (package quote: no
// quoted mail, attribution line or signature, wherever they stand,
// with what is known of the mail answered), cut at a line "end".
func OwnLines(body string, k quote.Known) []string {
	own := k.Own(body)
	for i, l := range own {
		if strings.EqualFold(strings.TrimSpace(l), "end") {
			return own[:i]
		}
	}
	return own
}

// Comment joins comment lines, without leading and trailing blank
// lines, bounded in size.
func Comment(lines []string) string {
	text := strings.TrimSpace(strings.Join(lines, "\n"))
	const max = 8 << 10
	if len(text) > max {
		text = strings.ToValidUTF8(text[:max], "") + "\n[comment cut at 8 KiB]"
	}
	return text
}

// looksLikeMail reports whether text starts with a mail header field
// (a saved message) rather than with the body.
func looksLikeMail(text []byte) bool {
	first, _, _ := bytes.Cut(text, []byte("\n"))
	name, _, ok := bytes.Cut(first, []byte(":"))
	if !ok || len(name) == 0 || len(name) > 76 {
		return false
	}
	for _, c := range name {
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// SavedBody is the body of a mail as a mail client saves it (the whole
// message: header, MIME parts, transfer encodings), when text is such
// a mail and its body holds marker; else text itself.
func SavedBody(text []byte, marker string) []byte {
	if looksLikeMail(text) {
		if m, err := Parse(text); err == nil && strings.Contains(m.Body, marker) {
			return []byte(m.Body)
		}
	}
	return text
}
