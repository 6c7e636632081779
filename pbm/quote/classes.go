package quote

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file holds the classes of lines that introduce an old mail, as
// the clients write them in many languages, and the proof each needs
// before a line is dropped. The rule throughout: a line is dropped only
// when it is proven to be part of the quote, by a ">" mark (RFC 3676
// section 4.5), by a header block or an attribution that is followed
// by quoted text or that cannot be the writer's own (it holds an
// address, or a full date and time), or by being a line of the mail
// answered. A line that might be the writer's is kept; the command
// reader decides what it says.

// Kinds of header field in the block a client writes above the mail it
// answers (RFC 5322 section 3.6 names the fields; the clients translate
// their labels).
const (
	fieldFrom = 1 << iota
	fieldDate
	fieldTo
	fieldSubject
	fieldCc
)

// headerLabels maps a header label, in lower case, to its kind, in the
// languages whose clients write a header block: Outlook, Yahoo, Gmail's
// forward, Apple Mail, Thunderbird's forward, mail.ru, QQ Mail.
var headerLabels = func() map[string]int {
	m := map[string]int{}
	add := func(kind int, labels ...string) {
		for _, l := range labels {
			m[l] = kind
		}
	}
	add(fieldFrom, "from", "de", "von", "van", "da", "od", "från", "fra", "lähettäjä", "feladó",
		"от", "від", "发件人", "寄件者", "寄件人", "差出人", "보낸 사람", "보낸사람", "kimden", "από",
		"nadawca", "afzender", "remitente", "expéditeur", "absender", "mittente", "remetente",
		"odesílatel", "odosielateľ", "de la", "gönderen", "người gửi", "dari", "sender", "reply-to", "répondre à")
	add(fieldDate, "sent", "date", "gesendet", "datum", "envoyé", "envoyé le", "enviado", "enviado el",
		"fecha", "verzonden", "verstuurd", "inviato", "data", "enviada", "wysłano", "wysłane", "skickat",
		"sendt", "lähetetty", "päivämäärä", "odesláno", "elküldve", "küldve", "dátum", "küldés ideje",
		"отправлено", "дата", "надіслано", "发送时间", "发送日期", "日期", "時間", "傳送時間", "寄件日期",
		"送信日時", "日付", "tarih", "gönderildi", "gönderilme tarihi", "στάλθηκε", "ημερομηνία",
		"보낸 날짜", "날짜", "ngày", "ngày gửi", "tanggal", "message du", "sent date", "odoslané")
	add(fieldTo, "to", "an", "à", "a", "para", "aan", "do", "till", "til", "vastaanottaja", "címzett",
		"komu", "кому", "收件人", "收件者", "宛先", "kime", "alıcı", "προς", "받는 사람", "받는사람",
		"adresát", "destinataire", "destinatario", "empfänger", "odbiorca", "người nhận", "kepada")
	add(fieldSubject, "subject", "betreff", "objet", "asunto", "onderwerp", "oggetto", "assunto", "temat",
		"ämne", "emne", "aihe", "tárgy", "předmět", "predmet", "тема", "主题", "主旨", "主題", "件名",
		"konu", "θέμα", "제목", "chủ đề", "perihal", "sujet")
	add(fieldCc, "cc", "kopie", "kopia", "kopio", "másolat", "копия", "копія", "抄送", "副本", "kopya",
		"κοιν", "참조", "bcc", "bkopie", "cci", "cco", "copie à", "copie",
		"importance", "priority", "priorité", "wichtigkeit", "priorität")
	return m
}()

// labelled matches a "Label: value" line of a header block: a label of
// one to three words, maybe bold ("*From:*"), a colon (ASCII or full
// width) with a space or a no-break space before it as French writes
// it, and a value that may be empty ("Cc:").
var labelled = regexp.MustCompile(`^\*?([\pL\pM][\pL\pM'.-]*(?:[ \x{a0}][\pL\pM'.-]+){0,2})\*?[\s\x{a0}\x{202f}]?[:：]\*?[\s\x{a0}]*(.*)$`)

// headerKind returns the kind of header field line t is, or 0.
func headerKind(t string) int {
	m := labelled.FindStringSubmatch(t)
	if m == nil {
		return 0
	}
	label := strings.ToLower(strings.ReplaceAll(m[1], "\u00a0", " "))
	return headerLabels[strings.TrimSpace(label)]
}

// addressPiece matches a line that continues a header value wrapped
// before the address ("<pbm@games.test>", "[mailto:pbm@games.test]").
var addressPiece = regexp.MustCompile(`^[<\[(]?(mailto:)?[^\s<>@]+@[^\s<>@]+[>\])]?[;,]?$`)

// headerBlock returns how many lines from lines[i] form the header
// block of an old mail, or 0: a run of "Label: value" lines (values
// wrapped onto the next line allowed) that starts with a label the
// clients write there, holds at least two kinds of field, and one of
// them is the sender or the date. Outlook starts with From; Outlook's
// HTML reduced to text, Yahoo and others start with Date or Sent.
func headerBlock(lines []string, i int) int {
	if i < 0 || i >= len(lines) {
		return 0
	}
	first := headerKind(strings.TrimSpace(lines[i]))
	if first == 0 {
		return 0
	}
	kinds, n := 0, 0
	for j := i; j < len(lines) && j < i+12; j++ {
		t := strings.TrimSpace(lines[j])
		if k := headerKind(t); k != 0 {
			kinds |= k
		} else if n == 0 || t == "" || !addressPiece.MatchString(t) {
			break
		}
		n = j - i + 1
	}
	distinct := 0
	for k := kinds; k != 0; k &= k - 1 {
		distinct++
	}
	if distinct >= 2 && kinds&(fieldFrom|fieldDate) != 0 {
		return n
	}
	return 0
}

// isRule reports whether t is a rule a client puts above a header
// block: a row of "=", "-", "_" or "*".
func isRule(t string) bool {
	return utf8.RuneCountInString(t) >= 3 && strings.Trim(t, "=-_*–—― ") == ""
}

// verbs are the verbs of an attribution line, in the languages of the
// clients that write one: "wrote", "a écrit", "schrieb", "skrev",
// "napsal", "írta", "написал", "写道" and others.
const verbs = `wrote|writes|a écrit|escribió|schrieb|schreef|het volgende geschreven|ha scritto|scrisse|` +
	`escreveu|napisał\(a\)|napisała|napisał|pisze|skrev|kirjoitti|írta|napsal\(a\)|napsala|napsal|` +
	`napísal\(a\)|napísal|napisao|пишет|написал\(а\)|написала|написал|пише|написав\(ла\)|написав|yazdı|` +
	`έγραψε|a scris|đã viết|menulis|kirjutas|rašė|rakstīja|escrigué|va escriure`

// cjkVerbs are the verbs of Chinese, Japanese and Korean attributions,
// which follow a date or a name with no space between.
const cjkVerbs = `写道|寫道|님이 작성|작성|のメール|のメッセージ`

// verb is a verb of either kind, a word of its own where words have
// spaces.
const verb = `((^|[^\pL\pN])(` + verbs + `)|(` + cjkVerbs + `))`

var (
	// verbColon is an attribution that ends with a colon: the verb
	// last ("... wrote:") or followed by the name ("Am ... schrieb
	// PBM Server <pbm@x>:", "... ezt írta (időpont: ...):").
	verbColon = regexp.MustCompile(`(?i)` + verb + `([^\pL].*)?[:：]\s*$`)
	// verbLast is an attribution without its colon ("John <j@x>
	// wrote").
	verbLast = regexp.MustCompile(`(?i)` + verb + `\s*$`)
	// addressEnd is an attribution of the address alone, with a date
	// and no verb: Gmail in Japanese "2026年12月4日(金) 10:00 X
	// <x@y>:", old Gmail "2011/4/7 X <x@y>".
	addressEnd = regexp.MustCompile(`<[^<>\s]+@[^<>\s]+>\s*[:：]?\s*$`)
	// address is a mail address anywhere in a line.
	address = regexp.MustCompile(`[^\s<>@"]+@[^\s<>@"]+\.[^\s<>@"]+`)
	// yearLike and timeLike are the parts of a full date.
	yearLike = regexp.MustCompile(`(^|\D)(19|20)\d\d(\D|$)|\d{1,2}[./-]\d{1,2}[./-]\d{2}(\D|$)`)
	timeLike = regexp.MustCompile(`\d{1,2}[:.h]\d{2}`)
)

// attrib returns how many lines from lines[i] form an attribution (up
// to five lines with text, wrapped anywhere: before the verb, inside
// the address with ">:" on the next line, Polymail's form with the
// date, the name, the address and the verb on lines of their own), or
// 0; and whether it is strong: it holds an address, or a year and a
// time, which the writer's own text does not put on a line ending in
// "wrote:". A weak one ("Bob wrote:") introduces a quote only where a
// quote follows it.
func attrib(lines []string, i int) (n int, strong bool) {
	first := strings.TrimSpace(lines[i])
	if first == "" || isQuoted(first) || utf8.RuneCountInString(first) > 300 {
		return 0, false
	}
	joined := ""
	texts, blank := 0, false
	for j := i; j < len(lines) && j < i+8 && texts < 5; j++ {
		t := strings.TrimSpace(strings.ReplaceAll(lines[j], "\u00a0", " "))
		switch {
		case t == "":
			if texts == 0 {
				return 0, false
			}
			blank = true
			continue
		case j > i && isQuoted(t):
			// ">:" or "> wrote:" continues an address wrapped
			// inside its angle brackets; any other is the quote.
			if strings.LastIndex(joined, "<") <= strings.LastIndex(joined, ">") || utf8.RuneCountInString(t) > 40 {
				return 0, false
			}
			joined += t
		case j > i && utf8.RuneCountInString(t) > 120:
			return 0, false
		case strings.HasSuffix(joined, "<"):
			joined += t
		case joined == "":
			joined = t
		default:
			joined += " " + t
		}
		texts++
		if utf8.RuneCountInString(joined) > 400 {
			return 0, false
		}
		full, strong := attribution(joined)
		if !full {
			continue
		}
		end := j
		if more := verbBelow(lines, j, joined); more > 0 {
			// "... <x@y>" then "wrote:" on a line of its own:
			// the verb belongs to it.
			end = more
		}
		if texts == 1 {
			if !someName(joined) {
				return 0, false // "wrote:" alone names nobody
			}
			return end - i + 1, strong
		}
		// Wrapped: it must start like an attribution and hold a date
		// or an address; a blank line inside is Polymail's form,
		// which has both a date and a time on its first line.
		if !(opener.MatchString(first) || yearLike.MatchString(first) || address.MatchString(first) || strings.HasSuffix(first, "<")) {
			return 0, false
		}
		if !strong && !yearLike.MatchString(joined) && !timeLike.MatchString(joined) {
			return 0, false
		}
		if blank && !(yearLike.MatchString(first) || timeLike.MatchString(first)) {
			return 0, false
		}
		if endsSentence(first) {
			return 0, false
		}
		return end - i + 1, strong
	}
	return 0, false
}

// attribution reports whether joined is a whole attribution, and
// whether it is strong (it holds an address, or a year and a time). The
// cheap tests come first: most lines end in no colon, hold no "@" and
// no digit.
func attribution(joined string) (full, strong bool) {
	t := strings.TrimRight(joined, " \t")
	colon := strings.HasSuffix(t, ":") || strings.HasSuffix(t, "：")
	at := strings.Contains(t, "@")
	digits := strings.IndexFunc(t, unicode.IsDigit) >= 0
	strong = at && address.MatchString(t) || digits && yearLike.MatchString(t) && timeLike.MatchString(t)
	verb := (colon || strong) && hasVerb(t)
	switch {
	case verb && colon && verbColon.MatchString(t):
		return true, strong
	case verb && strong && !colon && verbLast.MatchString(t):
		return true, strong
	case at && digits && (strings.HasSuffix(t, ">") || colon) && addressEnd.MatchString(t) &&
		(yearLike.MatchString(t) || timeLike.MatchString(t)):
		return true, strong
	}
	return false, strong
}

// verbWords are the verbs of verbs and cjkVerbs as plain lower-case
// text, for a test cheaper than the patterns.
var verbWords = func() []string {
	var out []string
	for _, v := range strings.Split(verbs+"|"+cjkVerbs, "|") {
		out = append(out, strings.ReplaceAll(strings.ReplaceAll(v, `\(`, "("), `\)`, ")"))
	}
	return out
}()

// hasVerb reports whether t holds a verb of an attribution anywhere.
func hasVerb(t string) bool {
	low := strings.ToLower(t)
	for _, v := range verbWords {
		if strings.Contains(low, v) {
			return true
		}
	}
	return false
}

// verbBelow returns the index of the line with the verb of an
// attribution wrapped before it (a short line with the verb and a
// colon, one blank line at most between), when joined is complete
// without a verb; else 0.
func verbBelow(lines []string, j int, joined string) int {
	if verbColon.MatchString(joined) || verbLast.MatchString(joined) {
		return 0
	}
	for k := j + 1; k < len(lines) && k <= j+2; k++ {
		t := strings.TrimSpace(lines[k])
		if t == "" {
			continue
		}
		if !isQuoted(t) && utf8.RuneCountInString(t) <= 30 && (strings.HasSuffix(t, ":") || strings.HasSuffix(t, "：")) && hasVerb(t) && verbColon.MatchString(joined+" "+t) {
			return k
		}
		return 0
	}
	return 0
}

// someName reports whether an attribution names someone before or
// after its verb: it holds a letter outside the verb.
func someName(joined string) bool {
	rest := verbColon.ReplaceAllString(joined, "$2$5")
	rest = verbLast.ReplaceAllString(rest, "$2")
	return strings.IndexFunc(rest, unicode.IsLetter) >= 0 || address.MatchString(joined)
}

// endsSentence reports whether a line ends a sentence of the writer's:
// an attribution's first line ends in a date, a name, an address or a
// comma.
func endsSentence(t string) bool {
	return strings.HasSuffix(t, ".") && !timeLike.MatchString(t) && !yearLike.MatchString(t) ||
		strings.HasSuffix(t, "!") || strings.HasSuffix(t, "?")
}

// depth is the number of ">" marks a quoted line starts with (RFC 3676
// section 4.5), spaces between them allowed.
func depth(t string) int {
	d := 0
	for _, r := range t {
		switch r {
		case '>':
			d++
		case ' ', '\t':
		default:
			return d
		}
	}
	return d
}

// arrows returns the lines that start with ">>>" in a body that quotes
// nothing at depth one or two: they are the writer's (an arrow, a
// prompt), not a quote, for a quote three deep stands only inside one
// that is one deep.
func arrows(lines []string) map[int]bool {
	var out map[int]bool
	for i, l := range lines {
		t := strings.TrimSpace(l)
		switch d := depth(t); {
		case d == 0:
		case d < 3 || !strings.HasPrefix(t, ">>>"):
			return nil
		default:
			if out == nil {
				out = map[int]bool{}
			}
			out[i] = true
		}
	}
	return out
}

// continued reports whether lines[i], not marked, continues the quoted
// line above it that a client wrapped and whose continuation lost its
// ">": with the mail answered known, the two joined are a line of it;
// or else the line above is long (wrapped near the width of a mail
// line), this one goes on in lower case with several words and no
// digit (a move has one), and the quote goes on directly below it.
func (k Known) continued(lines []string, i int) bool {
	if i == 0 || i+1 > len(lines) {
		return false
	}
	prev, t := strings.TrimSpace(lines[i-1]), strings.TrimSpace(lines[i])
	if !isQuoted(prev) || t == "" || isQuoted(t) {
		return false
	}
	if k.sent(Normal(prev) + " " + Normal(t)) {
		return true
	}
	if i+1 >= len(lines) || !isQuoted(strings.TrimSpace(lines[i+1])) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(t)
	return utf8.RuneCountInString(prev) >= 60 && unicode.IsLower(r) && len(strings.Fields(t)) >= 3 &&
		strings.IndexFunc(t, unicode.IsDigit) < 0
}

// introduces reports whether the line at next (the first line with
// text below an attribution or a title) proves that what stands above
// it introduces an old mail: it is quoted, a line of the mail
// answered among others of it (a move equal to one line of the board
// is the writer's), or a header block.
func (k Known) introduces(lines []string, next int) bool {
	if next < 0 {
		return false
	}
	nt := strings.TrimSpace(lines[next])
	return isQuoted(nt) || k.oldRun(lines, next) || headerBlock(lines, next) > 0 || isHeaderBlock(lines, next) || k.isHeaderBlock(lines, next)
}

// titleNames reports whether a dashed title names an old mail: its
// sender, a verb of writing, or a boundary's words.
func (k Known) titleNames(t string) bool {
	inner := strings.Trim(t, "-–—―= ")
	return k.names(inner) || verbLast.MatchString(inner) || verbColon.MatchString(inner) ||
		isBoundary("-----"+inner+"-----")
}
