package mail

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/pbmgo/pbm/pbm/quote"
)

// replyPrefix matches the prefixes mail clients put before a subject
// when replying or forwarding, as the clients of each language write
// them (Outlook translates them; Gmail and Apple Mail mostly keep
// "Re:"), with an ASCII or a full-width colon, any number of them, and
// the tag a mailing list puts there ("[pbm]", RFC 2919 lists' custom):
//   - English, and most clients everywhere: Re, Fw, Fwd;
//   - German: AW, WG; Scandinavian: SV, VS (Finnish, Estonian);
//   - French: TR; Italian: Rif; Spanish: RV; Portuguese: Res, Enc;
//   - Dutch: Antw, Doorst; Polish: Odp, PD; Czech: Odp, PŘ;
//   - Hungarian: Vá, Válasz, Tov, Továbbítás;
//   - Slovenian and Croatian: Odg; Latvian: Atb; Lithuanian: Ats;
//   - Turkish: YNT; Greek: ΑΠ, ΣΧΕΤ, ΠΡΘ;
//   - Chinese: 回复, 回覆, 答复, 答覆, 转发, 轉寄, 轉送; Korean: 회신, 전달.
var replyPrefix = regexp.MustCompile(`(?i)^` + space + `*((` + strings.Join(prefixWords, "|") + `)(\[\d+\])?` +
	space + `*[:：]` + space + `*|\[[^\[\]\s\v\x{85}\p{Z}]{1,30}\]` + space + `*)+`)

// prefixWords are the words of the reply and forward prefixes above.
var prefixWords = []string{
	"re", "fwd?", "aw", "wg", "sv", "vs", "tr", "rif", "rv", "res", "enc",
	"antw", "doorst", "odp", "pd", "př", "vá", "válasz", "tov", "továbbítás",
	"odg", "atb", "ats", "ynt", "απ", "σχετ", "πρθ",
	"回复", "回覆", "答复", "答覆", "转发", "轉寄", "轉送", "회신", "전달",
}

// space is a white space as strings.TrimSpace knows it (Unicode's
// White_Space), so that a subject trimmed has no prefix left.
const space = `[\s\v\x{85}\p{Z}]`

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
