package quote

import (
	"crypto/sha256"
	"encoding/binary"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Digest stands for one line of a mail, normalised (Normal): the
// first 8 bytes of its SHA-256. A set of them recognises the lines of
// a mail without keeping its text.
type Digest uint64

// Normal is a line as it is compared with the lines of the mail
// answered: without the ">" marks of a quote (RFC 3676 section 4.5)
// and the spaces around them, its runs of white space made one space,
// in lower case. A client that quotes a mail changes no more of a line
// than that.
func Normal(line string) string {
	t := strings.TrimSpace(line)
	for strings.HasPrefix(t, ">") {
		t = strings.TrimSpace(t[1:])
	}
	return strings.ToLower(strings.Join(strings.Fields(t), " "))
}

// LineDigest is the digest of a line's normal form.
func LineDigest(line string) Digest {
	sum := sha256.Sum256([]byte(Normal(line)))
	return Digest(binary.BigEndian.Uint64(sum[:8]))
}

// Digests returns the digests of the lines of text that say something
// (blank lines, and lines of punctuation alone, say nothing), at most
// max of them, each once, in the order of the text. A line for which
// skip is true is left out (a caller drops lines it must not keep a
// trace of).
func Digests(text string, max int, skip func(string) bool) []Digest {
	seen := map[Digest]bool{}
	var out []Digest
	for _, l := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		if len(out) >= max {
			break
		}
		if !meaningful(Normal(l)) || (skip != nil && skip(l)) {
			continue
		}
		d := LineDigest(l)
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	return out
}

// meaningful reports whether a normalised line holds a letter or a
// digit.
func meaningful(n string) bool {
	return strings.IndexFunc(n, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0
}

// sent reports whether a line is a line of the mail answered.
func (k Known) sent(t string) bool {
	if len(k.Sent) == 0 {
		return false
	}
	n := Normal(t)
	return meaningful(n) && k.Sent[LineDigest(n)]
}

// oldRun reports whether lines[i] is a line of the mail answered that
// stands unmarked among others of it: the nearest line above or below
// that says something is one too. A line of the board alone among the
// writer's lines ("C3" below a quote) is the writer's.
func (k Known) oldRun(lines []string, i int) bool {
	if i < 0 || i >= len(lines) || !k.sent(strings.TrimSpace(lines[i])) {
		return false
	}
	for j := i - 1; j >= max(0, i-lookAhead); j-- {
		if t := strings.TrimSpace(lines[j]); meaningful(Normal(t)) {
			if !isQuoted(t) && k.sent(t) {
				return true
			}
			break
		}
	}
	for j := i + 1; j < min(len(lines), i+lookAhead); j++ {
		if t := strings.TrimSpace(lines[j]); meaningful(Normal(t)) {
			return !isQuoted(t) && k.sent(t)
		}
	}
	return false
}

// quoteStart is the index of the first line of the quote: a line
// marked with ">", an attribution or header block, a boundary, or the
// first of two lines of the mail answered that follow each other
// unmarked. The lines above it are the writer's even when one equals a
// line of the mail answered (a move "C3" that is a line of the board).
func (k Known) quoteStart(lines []string) int {
	for i := range lines {
		t := strings.TrimSpace(lines[i])
		if t == "" {
			continue
		}
		switch {
		case isQuoted(t), isBoundary(t), k.headerAt(lines, i), k.named(lines, i) > 0:
			return i
		case isDashTitle(t) && (k.titleNames(t) || k.introduces(lines, nextNonBlank(lines, i+1))):
			return i
		}
		if n, strong := attrib(lines, i); n > 0 && (strong || k.introduces(lines, nextNonBlank(lines, i+n))) {
			return i
		}
		if k.sent(t) {
			if j := nextNonBlank(lines, i+1); j >= 0 && k.sent(strings.TrimSpace(lines[j])) {
				return i
			}
		}
	}
	return len(lines)
}

// names reports whether text names the sender of the mail answered:
// its address, or its display name of at least three letters.
func (k Known) names(text string) bool {
	low := strings.ToLower(text)
	if a := strings.ToLower(k.Address); a != "" && strings.Contains(low, a) {
		return true
	}
	n := strings.ToLower(strings.TrimSpace(k.Name))
	return utf8.RuneCountInString(n) >= 3 && strings.Contains(low, n)
}

// dateLike matches a piece of a date or a time as the clients write
// them in an attribution: "10:00", "10.00", "2026", "4. 12.",
// "2026年".
var dateLike = regexp.MustCompile(`\d{1,2}[:.]\d{2}|\d{4}|\d{1,2}\.\s?\d{1,2}\.`)

// named returns how many lines from lines[i] form an attribution that
// names the sender of the mail answered, in any language: a run of up
// to three lines directly above a quote (marked lines, or lines of the
// mail answered), one of which names the sender. The run starts with
// the line naming the sender or with a date; own text above it is not
// taken in.
func (k Known) named(lines []string, i int) int {
	if k.Address == "" && k.Name == "" {
		return 0
	}
	first := strings.TrimSpace(lines[i])
	if first == "" || isQuoted(first) || (!k.names(first) && !dateLike.MatchString(first) && !opener.MatchString(first)) {
		return 0
	}
	joined := ""
	for n := 1; n <= 3 && i+n <= len(lines); n++ {
		t := strings.TrimSpace(lines[i+n-1])
		if t == "" || isQuoted(t) || (n > 1 && k.sent(t)) {
			return 0
		}
		joined += " " + t
		if utf8.RuneCountInString(joined) > 400 {
			return 0
		}
		next := nextNonBlank(lines, i+n)
		if next < 0 {
			continue
		}
		nt := strings.TrimSpace(lines[next])
		if isQuoted(nt) || k.sent(nt) {
			if k.names(joined) {
				return n
			}
			return 0
		}
	}
	return 0
}

// dashTitle matches a title between rules of dashes, which every
// client in every language puts above an old mail it does not mark:
// "-----Original Message-----", "-----Původní zpráva-----",
// "---- PBM Server wrote ----" (Android).
var dashTitle = regexp.MustCompile(`^[-–—―=]{4,}\s*[^-–—―=\s][^-–—―=]{0,78}?\s*[-–—―=]{4,}$`)

func isDashTitle(t string) bool {
	if t == "" || !strings.ContainsRune("-–—―=", []rune(t)[0]) {
		return false
	}
	return dashTitle.MatchString(t)
}

// field matches a line of a header block in any language: a label of
// one to three words ("From", "De la", "보낸 사람", "发件人"), a colon
// (ASCII or full width, with French's space before it), and a value.
var field = regexp.MustCompile(`^\*?[\pL\pM][\pL\pM'.]*(?:[ -][\pL\pM'.]+){0,2}\*?\s?[:：]\*?\s*(\S.*)$`)

// fieldRun is the number of "Label: value" lines from lines[i] on.
func fieldRun(lines []string, i int) int {
	n := 0
	for j := i; j < len(lines) && field.MatchString(strings.TrimSpace(lines[j])); j++ {
		n++
	}
	return max(n, 1)
}

// isHeaderBlock reports whether lines[i] starts the header block of
// the mail answered, as Outlook and webmail write it in any language:
// at least two "Label: value" lines in a row, one value holding the
// sender's address or name and another the subject answered (without
// a subject known, three lines will do).
func (k Known) isHeaderBlock(lines []string, i int) bool {
	if k.Address == "" && k.Name == "" {
		return false
	}
	subject := Normal(k.Subject)
	fields, from, subj := 0, false, false
	for j := i; j < len(lines) && j < i+8; j++ {
		m := field.FindStringSubmatch(strings.TrimSpace(lines[j]))
		if m == nil {
			break
		}
		fields++
		v := m[1]
		switch {
		case !from && k.names(v):
			from = true
		case subject != "" && strings.Contains(Normal(v), subject):
			subj = true
		}
	}
	return fields >= 2 && from && (subj || fields >= 3)
}

// midOpener finds where an attribution starts inside a line that
// begins with the writer's own text: "C3 On Wed, ... wrote:".
var midOpener = regexp.MustCompile(`(?i)\s(on|le|el|am|op|il|em|w dniu|dnia|den|dne|pe)\s`)

// sharedLine splits a line that holds the writer's own text and then,
// on the same line, the attribution of a quote that follows: it
// returns the own text.
func (k Known) sharedLine(lines []string, i int) (string, bool) {
	t := strings.TrimSpace(lines[i])
	if !strings.HasSuffix(t, ":") || isQuoted(t) {
		return "", false
	}
	next := nextNonBlank(lines, i+1)
	if next < 0 {
		return "", false
	}
	if nt := strings.TrimSpace(lines[next]); !isQuoted(nt) && !k.sent(nt) {
		return "", false
	}
	for _, loc := range midOpener.FindAllStringIndex(t, 3) {
		own, rest := strings.TrimSpace(t[:loc[0]]), strings.TrimSpace(t[loc[0]:])
		if own == "" || opener.MatchString(t) || dateLike.MatchString(own) || k.names(own) {
			continue // the whole line is the attribution, with its date
		}
		if r, _ := utf8.DecodeRuneInString(rest); !unicode.IsUpper(r) {
			continue // "Bob Smith on Fri, ... wrote:": the name, then the date
		}
		if n, _ := attrib([]string{rest}, 0); n == 1 || k.names(rest) {
			return own, true
		}
	}
	return "", false
}

// device matches the name of a phone, a tablet or a mail app in the
// line a phone puts under a mail, in any language ("Odesláno z
// iPhonu", "iPhoneから送信", "Sent from Mailbox").
var device = regexp.MustCompile(`(?i)(iphone|ipad|android|galaxy|samsung|huawei|honor|xiaomi|redmi|pixel|oneplus|blackberry|nokia|motorola|sony|mailbox|typeapp|outlook|yahoo|gmail|aol|proton|spark|airmail|bluemail|smartphone|tablet|mobile|mobil|móvil|telefon|смартфон|телефон)`)

// localMobile matches a phone's line in the languages where the verb
// does not come first or the app is not named by a word mobile knows.
var localMobile = regexp.MustCompile(`(?i)^(odesláno z|odeslano z|küldve|az .* küldve|.*-ról küldve|.*-ről küldve|отправлено с|отправлено из|надіслано з|.*'(u|ü|i|ı)mdan gönderildi|.*'dan gönderildi|στάλθηκε από|trimis de pe|trimis cu|.*から送信|发自我的|从我的.*发送|來自我的|내 .*에서 보냄|.*에서 보냄|gửi từ|dikirim dari|sendt fra|skickat från|lähetetty|verzonden met|verstuurd met|sent wirelessly|sent from|sent using|sent with|get outlook for|enviado desde|enviado do|enviado de|envoyé de|envoyé depuis|inviato da|wysłane z|wysłano z|von meinem|gesendet)`)

// phoneTag reports whether lines[i] is the line a phone or an app puts
// under a mail: it matches one of the patterns and names a device, or
// nothing of the writer's follows it (a quote starts, or the body
// ends on a short line that is no sentence). A sentence that starts
// like one ("Sent from my desk, which is easier than my phone.") stays.
func (k Known) phoneTag(lines []string, i int) bool {
	t := strings.TrimSpace(lines[i])
	if t == "" || utf8.RuneCountInString(t) > 80 {
		return false
	}
	if !(mobileWords[firstWord(t)] && mobile.MatchString(t)) && !localMobile.MatchString(t) {
		return false
	}
	if device.MatchString(t) && len(strings.Fields(t)) <= 8 {
		return true
	}
	next := nextNonBlank(lines, i+1)
	if next < 0 {
		// The last line: a tag is short and no sentence ("Sent from
		// my Fairphone"); "Sent from my desk, which is easier." is
		// the writer's.
		return device.MatchString(t) || len(strings.Fields(t)) <= 6 && !strings.ContainsAny(strings.TrimRight(t, ".!"), ",;:.!?")
	}
	nt := strings.TrimSpace(lines[next])
	n, _ := attrib(lines, next)
	return isQuoted(nt) || k.sent(nt) || n > 0 || k.named(lines, next) > 0 ||
		isBoundary(nt) || isDashTitle(nt) || k.headerAt(lines, next)
}
