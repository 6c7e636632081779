package pbm

import (
	"strings"
	"testing"
	"time"
)

// The answers about accounts read in the account's language: a
// Hungarian, a Czech and an English player sign up, change passwords
// and addresses, set limits and vacations; the commands, userids and
// addresses in them stay as they are.
func TestLanguageAccountAnswers(t *testing.T) {
	f := newFixture(t)
	r := f.signupIn("alice", "hu")
	mustContain(t, "hu signup", flat(r.Text), "Rendben: Üdvözöljük, alice! Leveleit ide küldjük: alice@players.test.",
		`A játékok listájáért küldje el: "list", a parancsokéért: "help".`, "Nyelv: magyar (hu).")
	r = f.signupIn("bob", "cs")
	mustContain(t, "cs signup", flat(r.Text), "OK: Vítejte, bob. Vaše pošta chodí na bob@players.test.",
		`Seznam her získáte, když pošlete "list"`)
	f.signup("carol")

	// Passwords.
	r = f.answer(f.send("alice@players.test", "change password alice pw-alice pw-alice", ""), "alice@players.test")
	mustContain(t, "hu password", r.Text, "Rendben: alice jelszava megváltozott.")
	r = f.answer(f.send("bob@players.test", "change password bob pw-bob pw-bob", ""), "bob@players.test")
	mustContain(t, "cs password", r.Text, "OK: Heslo účtu bob je změněno.")
	r = f.answer(f.send("carol@players.test", "change password carol pw-carol pw-carol", ""), "carol@players.test")
	mustContain(t, "en password", r.Text, "OK: The password of carol is changed.")
	r = f.answer(f.send("bob@players.test", "change password bob pw-bob x"+strings.Repeat("y", 80), ""), "bob@players.test")
	mustContain(t, "cs long password", r.Text, "Odmítnuto: Heslo je delší než 72 bajtů.")

	// An address added: the answer and the confirmation mail to the
	// new address in the account's language.
	mails := f.send("alice@players.test", "add alice pw-alice alice@home.test", "")
	r = f.answer(mails, "alice@players.test")
	mustContain(t, "hu add", flat(r.Text), "Rendben: alice levelezési címei mostantól: alice@players.test.",
		"A(z) alice@home.test címre semmi sem megy, amíg meg nem erősítik")
	c := f.only(mails, "alice@home.test")
	mustContain(t, "hu confirmation mail", flat(c.Text), "A(z) alice@players.test címről érkezett levél azt kérte",
		"a(z) alice fiók levelei erre a címre (alice@home.test) menjenek")
	mustLack(t, "hu confirmation mail", c.Text, "To agree")
	mails = f.send("bob@players.test", "add bob pw-bob bob@home.test", "")
	mustContain(t, "cs add", flat(f.answer(mails, "bob@players.test").Text), "OK: Adresy účtu bob jsou nyní: bob@players.test.",
		"žádost vyprší za")
	mustContain(t, "cs confirmation mail", flat(f.only(mails, "bob@home.test").Text), "E-mail z adresy bob@players.test požádal")
	mails = f.send("carol@players.test", "add carol pw-carol carol@home.test", "")
	mustContain(t, "en add", flat(f.answer(mails, "carol@players.test").Text), "OK: Mail for carol now goes to carol@players.test. Nothing goes to carol@home.test until it is confirmed")
	mustContain(t, "en confirmation mail", flat(f.only(mails, "carol@home.test").Text), "A mail from carol@players.test asked that the mail of the account carol")
	r = f.answer(f.send("alice@players.test", "add alice pw-alice nobody", ""), "alice@players.test")
	mustContain(t, "hu bad address", r.Text, `Elutasítva: "nobody" nem e-mail-cím.`)

	// Limits of challenges, and the refusal of a challenge.
	r = f.answer(f.send("alice@players.test", "nim limit alice pw-alice 3", ""), "alice@players.test")
	mustContain(t, "hu limit", flat(r.Text), "Rendben: Nim-kihívások korlátja alice számára: eddig nincs korlát, mostantól legfeljebb 3 folyamatban lévő tábla.")
	r = f.answer(f.send("bob@players.test", "nim limit bob pw-bob 2", ""), "bob@players.test")
	mustContain(t, "cs limit", flat(r.Text), "nyní: nejvýše 2 rozehrané desky.")
	r = f.answer(f.send("bob@players.test", "nim limit bob pw-bob", ""), "bob@players.test")
	mustContain(t, "cs limit status", flat(r.Text), "OK: Nim: limit účtu bob: nejvýše 2 rozehrané desky; rozehrané desky: 0.")
	f.send("alice@players.test", "nim rejectall alice pw-alice", "")
	r = f.answer(f.send("bob@players.test", "nim challenge bob pw-bob alice bob", ""), "bob@players.test")
	mustContain(t, "cs refused challenge", flat(r.Text), "Odmítnuto: Neplatná výzva: alice odmítá výzvy ke hře Nim.")
	r = f.answer(f.send("carol@players.test", "nim challenge carol pw-carol alice carol", ""), "carol@players.test")
	mustContain(t, "en refused challenge", flat(r.Text), "Refused: Invalid challenge: alice rejects Nim challenges.")
	r = f.answer(f.send("alice@players.test", "nim acceptall alice pw-alice", ""), "alice@players.test")
	mustContain(t, "hu acceptall", r.Text, "Rendben: alice mostantól minden Nim-kihívást elfogad.")

	// A vacation: the answer in the player's language, the notice to
	// the opponent in the opponent's; the dates as written.
	f.send("bob@players.test", "nim challenge bob pw-bob alice bob", "")
	r = f.answer(f.send("alice@players.test", "vacation alice pw-alice 1.12.2026 3.12.2026", ""), "alice@players.test")
	mustContain(t, "hu vacation form", flat(r.Text), "Elutasítva: A dátumok formája ÉÉÉÉ-HH-NN, például: vacation alice <password> 2026-07-01 2026-07-14.")
	mails = f.send("alice@players.test", "vacation alice pw-alice 2026-12-10 2026-12-12", "")
	mustContain(t, "hu vacation", flat(f.answer(mails, "alice@players.test").Text), "Rendben: Szabadság rögzítve 2026-12-10 és 2026-12-12 között (3 nap; 2026: még",
		"1 ellenfelet értesítettünk.")
	mustContain(t, "cs vacation notice", flat(f.only(mails, "bob@players.test").Text), "alice je pryč od 2026-12-10 do 2026-12-12.",
		"žádnou hru neprohraje kontumačně")
	mails = f.send("bob@players.test", "vacation bob pw-bob 2026-12-20 2026-12-21", "")
	mustContain(t, "cs vacation", flat(f.answer(mails, "bob@players.test").Text), "OK: Dovolená od 2026-12-20 do 2026-12-21 je zaznamenána (2 dny; v roce 2026 zbýv",
		"Informovaní soupeři: 1.")
	mustContain(t, "hu vacation notice", flat(f.only(mails, "alice@players.test").Text), "bob távol lesz 2026-12-20 és 2026-12-21 között.")
	r = f.answer(f.send("bob@players.test", "vacation bob pw-bob 2026-12-21 2026-12-20", ""), "bob@players.test")
	mustContain(t, "cs vacation backwards", r.Text, "Odmítnuto: Dovolená končí (2026-12-20) dřív, než začíná (2026-12-21).")
	r = f.answer(f.send("carol@players.test", "vacation carol pw-carol 2026-12-21 2026-12-20", ""), "carol@players.test")
	mustContain(t, "en vacation backwards", r.Text, "Refused: The vacation ends (2026-12-20) before it starts (2026-12-21).")
}

// A command for an account from an address not its own is reported
// to the account in its language; a wrong password there is refused
// in the language of the mail's answer.
func TestLanguageForeignCommandReport(t *testing.T) {
	f := newFixture(t)
	f.signupIn("alice", "hu")
	mails := f.send("mallory@evil.test", "nim limit alice pw-alice 4", "")
	report := f.only(mails, "alice@players.test")
	mustContain(t, "hu report", flat(report.Text), "Egy levél a(z) mallory@evil.test címről, amely nem az Ön fiókjának címe, ezt a parancsot adta alice nevében:",
		"nim limit alice ******** 4", "A parancsot végrehajtottuk.", "változtassa meg a jelszavát")
	mustLack(t, "hu report", report.Text, "pw-alice")
}

// Mail to a reply address: the refusal of a stale reply and the note
// on words read as a comment are in the player's language, the board
// and the moves as they are.
func TestLanguageReplyAnswers(t *testing.T) {
	f := newFixture(t)
	f.signupIn("alice", "hu")
	f.signupIn("bob", "cs")
	f.send("alice@players.test", "nim challenge alice pw-alice alice bob", "")
	old := f.replyAddress("alice@players.test", "Új: Nim, 101. tábla")
	f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	f.send("bob@players.test", "nim move 101 bob pw-bob take1", "")
	r := f.answer(f.replyTo("alice@players.test", old, "take1"), "alice@players.test")
	mustContain(t, "hu stale reply", flat(r.Text), "Elutasítva: Ez a válasz arra a levélre felel, amely a(z) 101. számú Nim táblát a(z) 0. lépés után mutatta, de a tábla most a(z) 2. lépésnél tart",
		"alice következik.", "A tábla most:")
	mustLack(t, "hu stale reply", r.Text, "The board now", "stale")

	to := f.replyAddress("alice@players.test", "Nim, 101. tábla")
	r = f.answer(f.replyTo("alice@players.test", to, "take1 sok sikert"), "alice@players.test")
	mustContain(t, "hu note", flat(r.Text), `"sok sikert": nem lépésként olvastuk; a megjegyzéshez került.`)
	to = f.replyAddress("bob@players.test", "Deska Nim č. 101")
	r = f.answer(f.replyTo("bob@players.test", to, "take1 hodně štěstí"), "bob@players.test")
	mustContain(t, "cs note", flat(r.Text), `"hodně štěstí" nebylo přečteno jako tah; bylo přidáno ke komentáři.`, "take1")
}

// Admin answers read in the admin's language; the player an admin
// command concerns is told in his; the English admin reads English.
func TestLanguageAdminAnswers(t *testing.T) {
	f := newFixture(t)
	f.signup("root")
	f.signupIn("alice", "hu")
	f.signupIn("bob", "cs")
	f.send("alice@players.test", "nim challenge alice pw-alice alice bob", "")
	f.send("alice@players.test", "nim challenge alice pw-alice alice bob", "")

	r := f.answer(f.send("root@players.test", "admin root pw-root users", ""), "root@players.test")
	mustContain(t, "en users", r.Text, "OK: 3 accounts:", "bob@players.test")
	r = f.answer(f.send("root@players.test", "admin root pw-root frobnicate", ""), "root@players.test")
	mustContain(t, "en unknown", flat(r.Text), `Refused: unknown command "frobnicate"; admin commands: `)
	f.send("root@players.test", "language root pw-root cs", "")
	r = f.answer(f.send("root@players.test", "admin root pw-root users", ""), "root@players.test")
	mustContain(t, "cs users", r.Text, "OK: Účty (3):", "  alice", ", od 2026-12-01")
	r = f.answer(f.send("root@players.test", "admin root pw-root stats", ""), "root@players.test")
	mustContain(t, "cs stats", flat(r.Text), "OK: účty 3; desky 2 (rozehrané 2, ukončené 0);", "nim: rozehrané 2, ukončené 0")
	r = f.answer(f.send("root@players.test", "admin root pw-root frobnicate", ""), "root@players.test")
	mustContain(t, "cs unknown", flat(r.Text), `Odmítnuto: neznámý příkaz "frobnicate"`, "; příkazy administrátora: ")
	r = f.answer(f.send("root@players.test", "admin root pw-root retry 77", ""), "root@players.test")
	mustContain(t, "cs retry", flat(r.Text), `Odmítnuto: Odložený e-mail č. 77 neexistuje; seznam vypíše "admin <userid> <password> retry".`)

	mails := f.send("root@players.test", "admin root pw-root forfeit nim 102 alice", "")
	mustContain(t, "cs forfeit", f.answer(mails, "root@players.test").Text, "OK: Hráč alice prohrává kontumačně na desce Nim č. 102.")
	mustContain(t, "hu forfeit event", f.only(mails, "alice@players.test").Text, "Egy adminisztrátor alice vereségét mondta ki.")
	mustContain(t, "cs forfeit event", f.only(mails, "bob@players.test").Text, "Administrátor rozhodl, že hráč alice prohrává kontumačně.")

	mails = f.send("root@players.test", "admin root pw-root setpassword alice pw-new", "")
	mustContain(t, "cs setpassword", f.answer(mails, "root@players.test").Text, "OK: Heslo účtu alice je nastaveno; uživatel byl informován.")
	mustContain(t, "hu reset notice", flat(f.only(mails, "alice@players.test").Text), "Egy adminisztrátor új jelszót állított be az Ön alice fiókjához.")

	// A message from one player to others: the frame in the
	// recipient's language, the words as written.
	mails = f.send("bob@players.test", "message bob pw-bob alice nobody", "Ahoj, alice!")
	mustContain(t, "cs message", flat(f.answer(mails, "bob@players.test").Text), "OK: Vaše zpráva odešla: alice. Neodesláno (nehraje tu): nobody.")
	mustContain(t, "hu message", f.only(mails, "alice@players.test").Text, "bob üzeni:\n\nAhoj, alice!")
}

// Closing an account: the answer in the account's language, the board
// mail of the resignation in each opponent's.
func TestLanguageSignoff(t *testing.T) {
	f := newFixture(t)
	f.signupIn("alice", "hu")
	f.signupIn("bob", "cs")
	f.send("alice@players.test", "nim challenge alice pw-alice alice bob", "")
	f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	f.send("bob@players.test", "nim move 101 bob pw-bob take1", "")
	mails := f.send("bob@players.test", "signoff bob pw-bob", "")
	mustContain(t, "cs signoff", f.answer(mails, "bob@players.test").Text, "OK: Účet bob je zrušen; vzdané rozehrané hry: 1.")
	mustContain(t, "hu resign event", f.only(mails, "alice@players.test").Text, "bob megszüntette a fiókját, és feladja a játszmát.")
}

// A mail refused before its commands are read is answered in the
// language of the account whose address sent it, its date written as
// that language writes dates.
func TestLanguageUnfitMail(t *testing.T) {
	f := newFixture(t)
	f.signupIn("alice", "hu")
	f.signupIn("bob", "cs")
	f.signup("carol")
	old := f.raw("alice@players.test", "help", "")
	oldEn := f.raw("carol@players.test", "help", "")
	f.clock = f.clock.Add(f.s.cfg.DedupeWindow + time.Hour)
	r := f.answer(f.handle(old), "alice@players.test")
	mustContain(t, "hu stale", flat(r.Text), "Elutasítva: Levele dátuma 2026. december 1., kedd 10:00 UTC, több mint 30 nappal ezelőtti: elavultként elutasítjuk")
	r = f.answer(f.handle(oldEn), "carol@players.test")
	mustContain(t, "en stale", flat(r.Text), "Refused: Your mail is dated Tue 1 Dec 2026 10:00 UTC, more than 30 days ago: it is refused as stale")

	now := f.clock
	f.clock = now.Add(72 * time.Hour)
	ahead := f.raw("bob@players.test", "help", "")
	f.clock = now
	r = f.answer(f.handle(ahead), "bob@players.test")
	mustContain(t, "cs ahead", flat(r.Text), "Odmítnuto: Datum vašeho e-mailu je ", "o více než den napřed oproti hodinám serveru")
}

// The lockout after wrong passwords: the owner's notice and the
// refusal of the right password while locked are in the owner's
// language; the guessers, who are no account, read the server's.
func TestLanguageLockout(t *testing.T) {
	f := newFixture(t)
	f.signupIn("alice", "hu")
	var owner []sent
	var guess sent
	for i := 0; i < 8; i++ {
		from := "forged" + string(rune('a'+i)) + "@evil.test"
		mails := f.send(from, "nim limit alice guess 3", "")
		owner = append(owner, mailsTo(mails, "alice@players.test")...)
		if i == 0 {
			guess = f.answer(mails, from)
		}
	}
	mustContain(t, "en guesser", guess.Text, "Refused: Invalid password entered for alice.")
	if len(owner) != 1 || owner[0].Subject != "pbm: hibás jelszavak a(z) alice fiókhoz" {
		t.Fatalf("the owner got %d mails", len(owner))
	}
	mustContain(t, "hu lockout notice", flat(owner[0].Text), "Az Ön alice fiókjához 1 óra alatt 5 hibás jelszót adtak meg",
		"A(z) alice fiók ekkor fogad el újra jelszót: 2026. december 1., kedd")
	r := f.answer(f.send("alice@players.test", "nim limit alice pw-alice 3", ""), "alice@players.test")
	mustContain(t, "hu locked", flat(r.Text), "Elutasítva: A(z) alice fiók ekkor fogad el újra jelszót: 2026. december 1., kedd 10:")
}

// Unsubscribing an address: the answer in the language of the account
// the address was taken off, the command in it as it is.
func TestLanguageUnsubscribe(t *testing.T) {
	f := newFixture(t)
	f.signupIn("alice", "hu")
	f.signupIn("bob", "cs")
	mails := f.send("alice@players.test", "nim challenge alice pw-alice alice bob", "")
	toBob := f.only(mails, "bob@players.test")
	lu := toBob.Header.Get("List-Unsubscribe")
	unsub := strings.TrimSuffix(strings.TrimPrefix(lu, "<mailto:"), "?subject=unsubscribe>")
	r := f.only(f.send("bob@players.test", "unsubscribe", "", "Cc: "+unsub), "bob@players.test")
	mustContain(t, "cs unsubscribe", flat(r.Text), "OK: Ze serveru Test Server už na bob@players.test nepřijde žádná pošta.",
		`Adresa byla odebrána z účtů bob; příkaz "add <userid> <password> bob@players.test" poslaný z ní ji vrátí.`)
}
