package quote

import (
	"fmt"
	"strings"
	"testing"
)

// The samples below are written for this package, one table per class
// of what the clients write (the established reply parsers' suites
// name the classes: github/email_reply_parser, mailgun/talon,
// crisp-im/email-reply-parser). Each sample is read with nothing known
// of the mail answered (Own), top-posted and, where the quote is
// marked, bottom-posted too; the writer's own text always carries a
// move.

const (
	ownText = "C3\nnice game"
	oldText = "Your move, Alice.\nHeaps: 7 5 3\nBob"
)

func marked(text string) string {
	return "> " + strings.ReplaceAll(text, "\n", "\n> ")
}

// classResult counts the samples of a class and those read right.
type classResult struct{ samples, pass int }

var classCount = map[string]*classResult{}

func check(t *testing.T, class, name, body, want string, read func(string) string) {
	t.Helper()
	r := classCount[class]
	if r == nil {
		r = &classResult{}
		classCount[class] = r
	}
	r.samples++
	if got := read(body); got != want {
		t.Errorf("%s / %s: got %q, want %q\nbody:\n%s", class, name, got, want, body)
		return
	}
	// What the server knows of its own mail changes nothing here:
	// the old mail of these samples is not the server's.
	if got := known.Text(body); got != want {
		t.Errorf("%s / %s, server known: got %q, want %q\nbody:\n%s", class, name, got, want, body)
		return
	}
	r.pass++
}

// headerBlocks are the header blocks clients write above an old mail
// they do not mark, in many languages, starting with the sender, the
// date or the time sent, with a no-break space before the colon, bold,
// wrapped, under a rule or a title.
var headerBlocks = map[string]string{
	"en outlook":       "From: Bob Smith <bob@example.com>\nSent: Friday, December 4, 2026 10:00 AM\nTo: Alice <alice@example.com>\nSubject: RE: board",
	"en bold":          "*From:* Bob Smith <bob@example.com>\n*Sent:* Friday, December 4, 2026 10:00 AM\n*To:* alice@example.com\n*Subject:* board",
	"en date first":    "Date: Fri, 4 Dec 2026 10:00:00 +0000\nFrom: Bob <bob@example.com>\nTo: alice@example.com\nSubject: board",
	"en sent first":    "Sent: Friday, December 4, 2026 10:00 AM\nFrom: bob@example.com\nTo: alice@example.com\nSubject: board",
	"en wrapped from":  "From: Bob Smith\n<bob@example.com>\nSent: Friday, December 4, 2026 10:00 AM\nTo: alice@example.com\nSubject: board",
	"en no subject":    "From: Bob Smith [mailto:bob@example.com]\nSent: Friday, December 4, 2026 10:00 AM\nTo: alice@example.com\nCc:\nSubject: ",
	"zh outlook":       "发件人: Bob <bob@example.com>\n发送时间: 2026年12月4日 10:00\n收件人: alice@example.com\n主题: 棋盘",
	"zh full width":    "发件人：Bob <bob@example.com>\n发送时间：2026年12月4日 10:00\n收件人：alice@example.com\n主题：棋盘",
	"zh-tw":            "寄件者: Bob <bob@example.com>\n寄件日期: 2026年12月4日 上午 10:00\n收件者: alice@example.com\n主旨: 棋盤",
	"ru outlook":       "От: Bob <bob@example.com>\nОтправлено: 4 декабря 2026 г. 10:00\nКому: alice@example.com\nТема: доска",
	"ru date first":    "Дата: 4 декабря 2026 г. 10:00\nОт: Bob <bob@example.com>\nКому: alice@example.com\nТема: доска",
	"uk outlook":       "Від: Bob <bob@example.com>\nНадіслано: 4 грудня 2026 р. 10:00\nКому: alice@example.com\nТема: дошка",
	"fr nbsp":          "De\u00a0: Bob <bob@example.com>\nEnvoyé le\u00a0: vendredi 4 décembre 2026 10:00\nÀ\u00a0: alice@example.com\nObjet\u00a0: plateau",
	"fr space":         "De : Bob <bob@example.com>\nEnvoyé : vendredi 4 décembre 2026 10:00\nÀ : alice@example.com\nObjet : plateau",
	"fr yahoo":         "----- Mail d'origine -----\nDe : Bob <bob@example.com>\nÀ : alice@example.com\nEnvoyé : vendredi 4 décembre 2026 10h00\nObjet : plateau",
	"fr equals":        "========================================\nMessage du : 04/12/2026 10:00\nDe : \"Bob\" <bob@example.com>\nA : alice@example.com\nCopie à : \nSujet : plateau",
	"de outlook":       "Von: Bob <bob@example.com>\nGesendet: Freitag, 4. Dezember 2026 10:00\nAn: alice@example.com\nBetreff: Brett",
	"de date first":    "Datum: 04.12.2026 10:00\nVon: Bob <bob@example.com>\nAn: alice@example.com\nBetreff: Brett",
	"de dashes":        "-----Ursprüngliche Nachricht-----\nVon: Bob <bob@example.com>\nGesendet: Freitag, 4. Dezember 2026 10:00\nAn: alice@example.com\nBetreff: Brett",
	"nl outlook":       "Van: Bob <bob@example.com>\nVerzonden: vrijdag 4 december 2026 10:00\nAan: alice@example.com\nOnderwerp: bord",
	"cs outlook":       "Od: Bob <bob@example.com>\nOdesláno: pátek 4. prosince 2026 10:00\nKomu: alice@example.com\nPředmět: deska",
	"cs dashes":        "-----Původní zpráva-----\nOd: Bob <bob@example.com>\nOdesláno: pátek 4. prosince 2026 10:00\nKomu: alice@example.com\nPředmět: deska",
	"hu outlook":       "Feladó: Bob <bob@example.com>\nElküldve: 2026. december 4., péntek 10:00\nCímzett: alice@example.com\nTárgy: tábla",
	"pl outlook":       "Od: Bob <bob@example.com>\nWysłano: piątek, 4 grudnia 2026 10:00\nDo: alice@example.com\nTemat: plansza",
	"ja outlook":       "差出人: Bob <bob@example.com>\n送信日時: 2026年12月4日 10:00\n宛先: alice@example.com\n件名: 盤",
	"ko outlook":       "보낸 사람: Bob <bob@example.com>\n보낸 날짜: 2026년 12월 4일 금요일 오전 10:00\n받는 사람: alice@example.com\n제목: 보드",
	"tr outlook":       "Kimden: Bob <bob@example.com>\nGönderildi: 4 Aralık 2026 Cuma 10:00\nKime: alice@example.com\nKonu: tahta",
	"el outlook":       "Από: Bob <bob@example.com>\nΣτάλθηκε: Παρασκευή, 4 Δεκεμβρίου 2026 10:00 πμ\nΠρος: alice@example.com\nΘέμα: ταμπλό",
	"es outlook":       "De: Bob <bob@example.com>\nEnviado el: viernes, 4 de diciembre de 2026 10:00\nPara: alice@example.com\nAsunto: tablero",
	"it outlook":       "Da: Bob <bob@example.com>\nInviato: venerdì 4 dicembre 2026 10:00\nA: alice@example.com\nOggetto: tavola",
	"pt outlook":       "De: Bob <bob@example.com>\nEnviada em: sexta-feira, 4 de dezembro de 2026 10:00\nPara: alice@example.com\nAssunto: tabuleiro",
	"sv outlook":       "Från: Bob <bob@example.com>\nSkickat: den 4 december 2026 10:00\nTill: alice@example.com\nÄmne: bräde",
	"da dashes":        "-----Oprindelig meddelelse-----\nFra: Bob <bob@example.com>\nSendt: 4. december 2026 10:00\nTil: alice@example.com\nEmne: bræt",
	"fi outlook":       "Lähettäjä: Bob <bob@example.com>\nLähetetty: perjantai 4. joulukuuta 2026 10.00\nVastaanottaja: alice@example.com\nAihe: lauta",
	"en equals rule":   "=====\nFrom: Bob <bob@example.com>\nDate: Fri, 4 Dec 2026 10:00\nSubject: board",
	"en underscores":   "________________________________\nFrom: Bob <bob@example.com>\nSent: Friday, December 4, 2026 10:00 AM\nTo: alice@example.com",
	"en html no rule":  "From: Bob <bob@example.com> \nSent: Friday, December 4, 2026 10:00 AM \nTo: alice@example.com \nSubject: board ",
	"en reply-to":      "From: Bob <bob@example.com>\nReply-To: bob@example.com\nDate: Friday, December 4, 2026 10:00 AM\nTo: alice@example.com",
	"de date first cc": "Datum: Fr, 4. Dez 2026 10:00\nVon: Bob <bob@example.com>\nAn: alice@example.com\nCc: carol@example.com\nBetreff: Brett",
}

// TestHeaderBlockClass: the header block and the old mail below it are
// dropped, the own text above it stays; when the old mail is marked,
// text below it stays too.
func TestHeaderBlockClass(t *testing.T) {
	for name, block := range headerBlocks {
		check(t, "header block", name+" unmarked", ownText+"\n\n"+block+"\n\n"+oldText+"\n", ownText, Text)
		check(t, "header block", name+" marked, own above", ownText+"\n\n"+block+"\n\n"+marked(oldText)+"\n", ownText, Text)
		check(t, "header block", name+" marked, own below", block+"\n\n"+marked(oldText)+"\n\n"+ownText+"\n", ownText, Text)
	}
}

// attributions are the lines clients write above a marked quote:
// the address before the verb and no date, no colon, wrapped before
// the verb or inside the address, over up to five lines, with no verb
// at all.
var attributions = map[string]string{
	"de address schrieb":    "Test User <test@example.com> schrieb:",
	"en address no colon":   "Bob Smith <bob@example.com> wrote",
	"en bare address":       "bob@example.com wrote:",
	"fr address":            "Bob <bob@example.com> a écrit :",
	"fr address nbsp":       "Bob <bob@example.com> a écrit\u00a0:",
	"es address":            "Bob <bob@example.com> escribió:",
	"cs address":            "Bob <bob@example.com> napsal(a):",
	"hu address":            "Bob <bob@example.com> ezt írta (időpont: 2026. dec. 4., P, 10:00):",
	"zh gmail":              "Bob Smith <bob@example.com> 于2026年12月4日周五 10:00写道：",
	"en wrapped verb":       "On Fri, Dec 4, 2026 at 10:00 AM Bob Smith <bob@example.com>\nwrote:",
	"en wrapped name":       "On Fri, Dec 4, 2026 at 10:00 AM\nBob Smith <bob@example.com> wrote:",
	"de wrapped address":    "Am Fr., 4. Dez. 2026 um 10:00 Uhr schrieb Bob Smith <\nbob@example.com>:",
	"no wrapped >:":         "fre. 4. des. 2026 kl. 10:00 skrev Bob Smith <bob@example.com\n>:",
	"da wrapped >:":         "fre. 4. dec. 2026 kl. 10.00 skrev Bob <bob@example.com\n>:",
	"sv wrapped >:":         "Den fre 4 dec. 2026 kl 10:00 skrev Bob Smith <bob@example.com\n>:",
	"en polymail":           "On Fri, Dec 4, 2026 at 10:00 AM\nBob Smith\n<bob@example.com>\n\nwrote:",
	"en polymail blanks":    "On Fri, Dec 4, 2026 at 10:00 AM\n\nBob Smith <bob@example.com>\n\nwrote:",
	"en polymail five":      "On Fri, Dec 4, 2026 at 10:00 AM,\nBob\nSmith\n<bob@example.com>\nwrote:",
	"ru android wrapped":    "пт, 4 дек. 2026 г., 10:00 пользователь Bob Smith <\nbob@example.com> написал:",
	"ru android":            "пятница, 4 декабря 2026 г. пользователь Bob Smith <bob@example.com> написал:",
	"ru mail.ru":            "Пятница, 4 декабря 2026, 10:00 +03:00 от Bob Smith <bob@example.com>:",
	"uk":                    "пт, 4 груд. 2026 р. о 10:00 Bob <bob@example.com> пише:",
	"old gmail":             "2011/4/7 Bob Smith <bob@example.com>",
	"old gmail colon":       "2011/4/7 Bob Smith <bob@example.com>:",
	"ja gmail":              "2026年12月4日(金) 10:00 Bob Smith <bob@example.com>:",
	"ko gmail":              "2026년 12월 4일 (금) 오전 10:00, Bob Smith <bob@example.com>님이 작성:",
	"pl wrapped":            "W dniu 4.12.2026 o 10:00, Bob Smith <bob@example.com>\npisze:",
	"it wrapped":            "Il giorno ven 4 dic 2026 alle ore 10:00 Bob Smith <\nbob@example.com> ha scritto:",
	"nl wrapped":            "Op vr 4 dec. 2026 om 10:00 schreef Bob Smith <\nbob@example.com>:",
	"en name on date wrote": "Bob Smith on Fri, Dec 4, 2026 at 10:00 AM wrote:",
	"es gmail":              "El vie, 4 dic 2026 a las 10:00, Bob <bob@example.com> escribió:",
	"fr gmail":              "Le ven. 4 déc. 2026 à 10:00, Bob <bob@example.com> a écrit :",
	"it gmail":              "Il giorno ven 4 dic 2026 alle ore 10:00 Bob <bob@example.com> ha scritto:",
	"pt gmail":              "Em sex., 4 de dez. de 2026 às 10:00, Bob <bob@example.com> escreveu:",
	"en iso date":           "On 2026-12-04 10:00, Bob wrote:",
	"cs thunderbird":        "Dne 4. 12. 2026 v 10:00 Bob <bob@example.com> napsal(a):",
	"hu gmail date first":   "2026. dec. 4., P 10:00 Bob <bob@example.com> ezt írta:",
	"en yahoo":              "On Friday, December 4, 2026, 10:00:00 AM GMT+1, Bob <bob@example.com> wrote:",
	"nl apple":              "Op 4 dec. 2026 om 10:00 heeft Bob <bob@example.com> het volgende geschreven:",
	"en gmail split":        "On Fri, Dec 4, 2026 at 10:00 AM, Bob <\nbob@example.com> wrote:",
	"tr gmail":              "Bob <bob@example.com>, 4 Ara 2026 Cum, 10:00 tarihinde şunu yazdı:",
	"el gmail":              "Στις Παρ 4 Δεκ 2026 στις 10:00, ο/η Bob <bob@example.com> έγραψε:",
	"en weak":               "Bob wrote:",
	"de weak":               "Bob schrieb:",
}

// TestAttributionClass: the attribution and the marked quote below it
// are dropped, own text above or below stays; an attribution that holds
// an address and a date over an old mail not marked ends the own text.
func TestAttributionClass(t *testing.T) {
	for name, attr := range attributions {
		check(t, "attribution", name+" own above", ownText+"\n\n"+attr+"\n\n"+marked(oldText)+"\n", ownText, Text)
		check(t, "attribution", name+" own above, no blank", ownText+"\n"+attr+"\n"+marked(oldText)+"\n", ownText, Text)
		check(t, "attribution", name+" own below", attr+"\n"+marked(oldText)+"\n\n"+ownText+"\n", ownText, Text)
		if n, strong := attrib(strings.Split(attr, "\n"), 0); n > 0 && strong {
			check(t, "attribution", name+" unmarked", ownText+"\n\n"+attr+"\n\n"+oldText+"\n", ownText, Text)
		}
	}
}

// TestPhoneTagClass: a phone's or an app's line above the quote, naming
// a device this package does not know, in many languages, ends the own
// text.
func TestPhoneTagClass(t *testing.T) {
	tags := []string{
		"Sent from my Fairphone 4", "Sent from my Light Phone II", "Sent from my Nothing Phone (2)",
		"Sent from my Palm Pre", "Envoyé de mon Fairphone", "Von meinem Fairphone gesendet",
		"Enviado desde mi Fairphone", "Odesláno z mého Fairphonu", "Verzonden vanaf mijn Fairphone",
		"Inviato dal mio Fairphone", "Отправлено с Fairphone", "Wysłane z mojego Fairphone",
		"Sendt fra min Fairphone", "Skickat från min Fairphone",
	}
	for _, tag := range tags {
		check(t, "phone tag", tag+" over attribution", ownText+"\n\n"+tag+"\n\nOn Fri, Dec 4, 2026 at 10:00 AM Bob <bob@example.com> wrote:\n"+marked(oldText)+"\n", ownText, Text)
		check(t, "phone tag", tag+" over quote", ownText+"\n\n"+tag+"\n\n"+marked(oldText)+"\n", ownText, Text)
		check(t, "phone tag", tag+" over header block", ownText+"\n\n"+tag+"\n\n"+headerBlocks["en outlook"]+"\n\n"+oldText+"\n", ownText, Text)
		check(t, "phone tag", tag+" last", ownText+"\n\n"+tag+"\n", ownText, Text)
	}
}

// TestContinuationClass: a quoted line wrapped by a client whose
// continuation lost its ">" is part of the quote.
func TestContinuationClass(t *testing.T) {
	quotes := []string{
		"> Your opponent played take2 and the heaps are now seven, five and three,\nso it is your move again\n> Bob",
		"> Dein Gegner hat take2 gespielt, die Haufen sind jetzt sieben, fünf und drei,\nalso bist du wieder am Zug\n> Bob",
		"> Votre adversaire a joué take2 et les tas sont maintenant de sept, cinq et trois,\ndonc c'est encore à vous\n> Bob",
		"> Je tegenstander heeft take2 gespeeld en de hopen zijn nu zeven, vijf en drie,\ndus je bent weer aan zet\n> Bob",
		"> Váš soupeř zahrál take2 a hromádky jsou teď sedm, pět a tři, takže jste opět\nna tahu vy a nikdo jiný\n> Bob",
		"> Az ellenfeled take2 lépést játszott, a kupacok most hét, öt és három darabosak,\nígy újra te következel\n> Bob",
		"> line one of a long old mail that a client wrapped at its width of seventy-two\ncharacters and whose mark\n> got lost on the way back\n> Bob",
	}
	for i, q := range quotes {
		attr := "On Fri, Dec 4, 2026 at 10:00 AM Bob <bob@example.com> wrote:\n"
		check(t, "continuation", fmt.Sprint(i, " own above"), ownText+"\n\n"+attr+q+"\n", ownText, Text)
		check(t, "continuation", fmt.Sprint(i, " own below"), attr+q+"\n\n"+ownText+"\n", ownText, Text)
		check(t, "continuation", fmt.Sprint(i, " no attribution"), q+"\n\n"+ownText+"\n", ownText, Text)
	}
}

// TestKeepOwnClass: lines that could be the writer's own and are not
// proven quoted stay, the move with them: a dashed title of the
// writer's, a line ending in "wrote:" above text not quoted, a last
// line that starts like a phone's tag but is a sentence, a line of
// ">>>" where nothing is quoted.
func TestKeepOwnClass(t *testing.T) {
	for _, c := range []struct{ name, body, want string }{
		{"dash title", "----- moves -----\nC3\n", "----- moves -----\nC3"},
		{"dash title feedback", "----- Enter Feedback Below -----\nC3\nthanks\n", "----- Enter Feedback Below -----\nC3\nthanks"},
		{"dash title blank", "---- my move ----\n\nC3\n", "---- my move ----\n\nC3"},
		{"equals title", "==== my move ====\nC3\n", "==== my move ====\nC3"},
		{"dash title de", "----- Meine Züge -----\nC3\n", "----- Meine Züge -----\nC3"},
		{"dash title cs", "----- Můj tah -----\nC3\n", "----- Můj tah -----\nC3"},
		{"dash title hu", "----- Lépésem -----\nC3\n", "----- Lépésem -----\nC3"},
		{"dash title nl", "----- Mijn zet -----\nC3\n", "----- Mijn zet -----\nC3"},
		{"dash title then quote", "----- moves -----\nC3\n\nOn Fri, Dec 4, 2026 at 10:00 AM Bob <bob@example.com> wrote:\n" + marked(oldText) + "\n", "----- moves -----\nC3"},
		{"wrote above own", "Bob wrote:\nC3\n", "Bob wrote:\nC3"},
		{"wrote above own blank", "Here is what I wrote:\n\nC3\n", "Here is what I wrote:\n\nC3"},
		{"wrote above own, quote later", "As my opponent wrote:\nC3\n\n> old\n", "As my opponent wrote:\nC3"},
		{"de schrieb above own", "Ich schrieb:\nC3\n", "Ich schrieb:\nC3"},
		{"cs napsal above own", "Jak jsem napsal:\nC3\n", "Jak jsem napsal:\nC3"},
		{"nl schreef above own", "Zoals ik schreef:\nC3\n", "Zoals ik schreef:\nC3"},
		{"hu írta above own", "Ahogy Bob írta:\nC3\n", "Ahogy Bob írta:\nC3"},
		{"fr écrit above own", "Comme Bob a écrit :\nC3\n", "Comme Bob a écrit :\nC3"},
		{"own date over wrote", "I play C3 at 10:00\nBob wrote:\n> old\n", "I play C3 at 10:00"},
		{"own on over wrote", "On Monday I am away\nBob wrote:\n> old\n", "On Monday I am away"},
		{"own on blank over wrote", "On Monday I am away\n\nBob wrote:\n> old\n", "On Monday I am away"},
		{"sent from my desk last", "C3\nSent from my desk, which is easier than my phone.\n", "C3\nSent from my desk, which is easier than my phone."},
		{"sent from my desk as always", "C3\n\nSent from my desk, as always.\n", "C3\n\nSent from my desk, as always."},
		{"envoyé de mon bureau", "C3\nEnvoyé de mon bureau, comme toujours.\n", "C3\nEnvoyé de mon bureau, comme toujours."},
		{"von meinem schreibtisch", "C3\nVon meinem Schreibtisch gesendet, wie immer: gute Partie!\n", "C3\nVon meinem Schreibtisch gesendet, wie immer: gute Partie!"},
		{"arrow move", ">>> C3\nthanks\n", ">>> C3\nthanks"},
		{"arrow after own", "Move:\n>>> C3\n", "Move:\n>>> C3"},
		{"arrow no space", ">>>C3\n", ">>>C3"},
		{"arrow lines", "C3\n>>>\nthanks\n", "C3\n>>>\nthanks"},
		{"short line between quotes", "> Your move?\nC3\n> Bob\n", "C3"},
		{"move between long quotes", "> Your opponent played take2 and the heaps are now seven, five and three, so\nC3\n> it is your move\n", "C3"},
		{"command between long quotes", "> Your opponent played take2 and the heaps are now seven, five and three, so\nnim move 101 alice pw take1\n> it is your move\n", "nim move 101 alice pw take1"},
	} {
		check(t, "keep own", c.name, c.body, c.want, Text)
	}
}

// TestKnownContinuation: with the mail answered known, a wrapped line
// whose continuation lost its ">" is dropped on proof (the two joined
// are a line of it), and a move below a quote stays.
func TestKnownContinuation(t *testing.T) {
	long := "To play move 2, reply to this mail with the move on the first line."
	cut := strings.LastIndex(long[:50], " ")
	for _, c := range []struct{ name, body, want string }{
		{"wrapped", "C3\n\nOn Fri, Dec 4, 2026 at 10:00 AM PBM Server <pbm@games.test> wrote:\n> " + long[:cut] + "\n" + long[cut+1:] + "\n> -- \n> PBM Server\n", "C3"},
		{"wrapped, own below", "> Heaps: 7 5 3\n> " + long[:cut] + "\n" + long[cut+1:] + "\n\nC3\n", "C3"},
		{"move under a quoted line", "> Heaps: 7 5 3\nC3\n", "C3"},
	} {
		check(t, "continuation", "known "+c.name, c.body, c.want, known.Text)
	}
}

// TestClassCounts reports the samples of each class and how many are
// read right; it runs after the class tests above.
func TestClassCounts(t *testing.T) {
	for class, r := range classCount {
		t.Logf("%-14s %3d samples, %3d pass", class, r.samples, r.pass)
	}
}
