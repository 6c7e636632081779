package pbm

import (
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/store"
)

// signupIn opens an account that reads the given language.
func (f *fixture) signupIn(id, code string) sent {
	f.t.Helper()
	r := f.only(f.send(id+"@players.test", "signup "+id+" pw-"+id+" -lang="+code, ""), id+"@players.test")
	if got := f.user(id).Language; got != code {
		f.t.Fatalf("signup %s -lang=%s: language %q\n%s", id, code, got, r.Text)
	}
	return r
}

func mustContain(t *testing.T, what, text string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, text)
		}
	}
}

func mustLack(t *testing.T, what, text string, bad ...string) {
	t.Helper()
	for _, w := range bad {
		if strings.Contains(text, w) {
			t.Errorf("%s holds %q:\n%s", what, w, text)
		}
	}
}

// A Hungarian player and an English one on one board: each reads the
// board mail and the refusals in their own language, the notation and
// the commands as they are.
func TestLanguageBoardMailEach(t *testing.T) {
	f := newFixture(t)
	r := f.signupIn("alice", "hu")
	mustContain(t, "signup", r.Text, "Rendben: Üdvözöljük, alice!", "Nyelv: magyar (hu).")
	f.signup("bob")
	mails := f.send("bob@players.test", "nim challenge bob pw-bob alice bob", "")
	toAlice, toBob := f.only(mails, "alice@players.test"), f.answer(mails, "bob@players.test")
	mustContain(t, "new board to alice", toAlice.Text, "Új Nim tábla indult, száma: 101.", "Játékosok: alice, bob",
		"alice következik.", "nim move 101 alice <password> <move>#1", "A tábla újbóli megjelenítése: nim show 101")
	mustLack(t, "new board to alice", toAlice.Text, "Players:", "to move")
	mustContain(t, "new board to bob", toBob.Text, "A new Nim board (101) has been started.", "Players: alice, bob", "It is alice's turn.")

	// bob moves out of turn: refused in English.
	r = f.answer(f.send("bob@players.test", "nim move 101 bob pw-bob take1", ""), "bob@players.test")
	mustContain(t, "bob's refusal", r.Text, "Refused: It is not your move: it is alice's turn.", `Send "help" for the list of commands.`)

	// alice moves: her answer is the board, in Hungarian; bob's board
	// mail of the same move is English.
	mails = f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	toAlice, toBob = f.only(mails, "alice@players.test"), f.only(mails, "bob@players.test")
	mustContain(t, "alice's answer", toAlice.Text, "> nim move 101 alice ******** take1\nRendben: ", "Lépések:", "take1", "bob következik.",
		"Felhasznált idő: alice 0 nap, 00:00; bob 0 nap, 00:00.", "A játszma kezdete: 2026. december 1., kedd 10:00 UTC")
	mustContain(t, "bob's board", toBob.Text, "Moves:", "take1", "It is bob's turn.", "Game started Tue 1 Dec 2026 10:00 UTC",
		"Time used: alice 0 days, 00:00; bob 0 days, 00:00.", "bob to move. To play move 2, send:")
	mustLack(t, "bob's board", toBob.Text, "következik", "Lépések")

	// alice again, out of turn, and with a wrong password: Hungarian.
	r = f.answer(f.send("alice@players.test", "nim move 101 alice pw-alice take1", ""), "alice@players.test")
	mustContain(t, "alice's refusal", r.Text, "Elutasítva: Nem Ön következik, hanem bob.", "A tábla nem változott:", `A parancsok listájáért küldje el: "help".`)
	r = f.answer(f.send("alice@players.test", "nim resign 101 alice wrong", ""), "alice@players.test")
	mustContain(t, "wrong password", r.Text, "Elutasítva: Érvénytelen jelszó: alice.")
	r = f.answer(f.send("alice@players.test", "commands", "nim show 999\nnim move 999 alice pw-alice take1"), "alice@players.test")
	mustContain(t, "no board", r.Text, "Elutasítva: Nincs 999. számú Nim tábla.")
}

func TestLanguageCommand(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	if got := f.user("alice").Language; got != "" {
		t.Fatalf("a new account has language %q", got)
	}
	for _, tc := range []struct{ code, want, stored string }{
		{"hu-HU", "Rendben: alice nyelve mostantól: magyar (hu).", "hu"},
		{"CS", "OK: Jazyk účtu alice je nyní čeština (cs).", "cs"},
		{"de_AT", "OK: Die Sprache von alice ist jetzt Deutsch (de).", "de"},
		{"nl", "OK: De taal van alice is nu Nederlands (nl).", "nl"},
		{"en-GB", "OK: The language of alice is now English (en).", "en"},
	} {
		r := f.answer(f.send("alice@players.test", "language alice pw-alice "+tc.code, ""), "alice@players.test")
		mustContain(t, "language "+tc.code, r.Text, tc.want)
		if got := f.user("alice").Language; got != tc.stored {
			t.Errorf("language %s: stored %q", tc.code, got)
		}
	}
	// Refusals change nothing.
	f.send("alice@players.test", "language alice pw-alice de", "")
	r := f.answer(f.send("alice@players.test", "language alice pw-alice klingon", ""), "alice@players.test")
	mustContain(t, "unknown code", r.Text, `Abgelehnt: "klingon" wird hier nicht gesprochen; zur Wahl stehen: en, hu, cs, nl, de.`)
	r = f.answer(f.send("alice@players.test", "language alice pw-alice fr", ""), "alice@players.test")
	mustContain(t, "French", r.Text, `"fr" wird hier nicht gesprochen`)
	r = f.answer(f.send("alice@players.test", "language alice wrong hu", ""), "alice@players.test")
	mustContain(t, "wrong password", r.Text, "Abgelehnt: Ungültiges Passwort für alice.")
	mustLack(t, "wrong password", r.Text, "wrong")
	r = f.answer(f.send("alice@players.test", "language alice pw-alice", ""), "alice@players.test")
	mustContain(t, "usage", r.Text, "Abgelehnt: Aufruf: language <userid> <password> <code>")
	if got := f.user("alice").Language; got != "de" {
		t.Errorf("refusals changed the language to %q", got)
	}
	// From another address, without the password, nothing changes.
	r = f.answer(f.send("mallory@players.test", "language alice guess hu", ""), "mallory@players.test")
	if !strings.Contains(r.Text, "Refused:") || f.user("alice").Language != "de" {
		t.Errorf("a stranger's guess: language %q\n%s", f.user("alice").Language, r.Text)
	}
	// A signup naming an unknown language opens no account.
	r = f.answer(f.send("carol@players.test", "signup carol pw-carol -lang=xx", ""), "carol@players.test")
	mustContain(t, "signup -lang=xx", r.Text, `Refused: "xx" is not a language spoken here; one of: en, hu, cs, nl, de.`)
	if err := f.st.View(func(tx *store.Tx) error { _, err := tx.User("carol"); return err }); err == nil {
		t.Error("signup with an unknown language opened the account")
	}
	// A mail's own language does not set the account's.
	r = f.answer(f.send("dora@players.test", "signup dora pw-dora", "Jó napot kívánok! Szeretnék játszani.", "Content-Language: hu"), "dora@players.test")
	mustContain(t, "Hungarian mail", r.Text, "OK: Welcome, dora.")
	if got := f.user("dora").Language; got != "" {
		t.Errorf("a Hungarian mail set the language %q", got)
	}
	// The help lists the command.
	r = f.answer(f.send("dora@players.test", "help language", ""), "dora@players.test")
	mustContain(t, "help language", r.Text, "language <userid> <password> <code>")
}

// server.language: strangers and accounts without a language read it.
func TestServerLanguage(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.Language = "de"
	r := f.answer(f.send("stranger@players.test", "sigunp me", ""), "stranger@players.test")
	mustContain(t, "stranger", r.Text, "Abgelehnt: unbekannter Befehl \"sigunp\" (meinten Sie signup?)", `Senden Sie "help" für die Liste der Befehle.`)
	f.signup("alice")
	f.signupIn("bob", "en")
	mails := f.send("alice@players.test", "nim challenge alice pw-alice alice bob", "")
	mustContain(t, "alice without a language", f.answer(mails, "alice@players.test").Text, "Spieler: alice, bob", "alice ist am Zug.")
	mustContain(t, "bob in English", f.only(mails, "bob@players.test").Text, "Players: alice, bob", "It is alice's turn.")

	for _, code := range []string{"klingon", "fr"} {
		st, err := store.Open(store.Config{Path: t.TempDir() + "/x.db"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := New(Config{Store: st, Address: "pbm@games.test", Language: code}); err == nil || !strings.Contains(err.Error(), "en, hu, cs, nl, de") {
			t.Errorf("server language %q: %v", code, err)
		}
		st.Close()
	}
}

// A Czech player's reminder and forfeit read Czech; the English
// opponent's note and board read English.
func TestLanguageReminderAndForfeit(t *testing.T) {
	f := newFixture(t)
	f.signupIn("alice", "cs")
	f.signup("bob")
	f.send("alice@players.test", "nim challenge alice pw-alice alice bob --nag=2 --forfeit=5", "")
	f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	f.send("bob@players.test", "nim move 101 bob pw-bob take1", "")
	f.clock = f.clock.Add(48 * time.Hour)
	mails := f.tick()
	nag := f.only(mails, "alice@players.test")
	if nag.Subject != "Upomínka: deska Nim č. 101, alice" {
		t.Errorf("nag subject %q", nag.Subject)
	}
	mustContain(t, "Czech nag", nag.Text, "Jste na tahu na desce Nim č. 101 a poslední tah proběhl před 2 dny.",
		"Pokud do 3 dnů netáhnete, prohrajete hru kontumačně.", "Tah zahrajete takto: nim move 101 alice <password> <move>#3")
	mustContain(t, "English note", f.only(mails, "bob@players.test").Text,
		"alice has not moved on Nim board 101 in 2 days and was reminded. The game is forfeited in 3 days.")

	f.clock = f.clock.Add(72 * time.Hour)
	mails = f.tick()
	mails = append(withSubject(mails, "Nim Board 101"), withSubject(mails, "Deska Nim č. 101")...)
	toAlice, toBob := f.only(mails, "alice@players.test"), f.only(mails, "bob@players.test")
	mustContain(t, "Czech forfeit", toAlice.Text, "Hráč alice netáhl 5 dní a prohrává kontumačně (k datu neděle 6. prosince 2026 10:00 UTC).",
		"Vítěz hry: bob (the others resigned).", "Hráči: alice, bob")
	mustContain(t, "English forfeit", toBob.Text, "alice has not moved in 5 days and forfeits on Sun 6 Dec 2026 10:00 UTC.", "Game won by bob (the others resigned).")
	if b := f.board(101); b.Outcome != "Game won by bob (the others resigned)." {
		t.Errorf("stored outcome %q: the store keeps English", b.Outcome)
	}
}
