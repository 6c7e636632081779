package pbm

import (
	"regexp"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/pbm/lang"
)

// A whole game between two Hungarian players, with a watcher who is
// told the result: the answers, the refusals, the board mails, the
// vote, the end with the rating lines and the notice of the result
// read Hungarian; the commands and the moves stay as they are.
func TestPlayHungarian(t *testing.T) {
	f := newFixture(t)
	f.signupIn("alice", "hu")
	f.signupIn("bob", "hu")
	f.signupIn("carol", "hu")

	r := f.answer(f.send("alice@players.test", "nim challenge alice pw-alice alice bob -colour", ""), "alice@players.test")
	mustContain(t, "bad option", r.Text, `Elutasítva: A(z) Nim játéknak nincs "-colour" opciója; opciók: -stones.`)
	r = f.answer(f.send("alice@players.test", "nim challenge alice pw-alice alice alice", ""), "alice@players.test")
	mustContain(t, "named twice", r.Text, "Elutasítva: Érvénytelen kihívás: alice kétszer szerepel.")

	mails := f.send("alice@players.test", "nim challenge alice pw-alice alice bob -stones=5", "")
	toAlice, toBob := f.only(mails, "alice@players.test"), f.only(mails, "bob@players.test")
	mustContain(t, "challenge answer", toAlice.Text, "Rendben: A(z) 101. számú Nim tábla elindult, játékosok: alice, bob. alice következik.",
		"Új Nim tábla indult, száma: 101.\nalice kihívása.")
	mustContain(t, "new board to bob", toBob.Text, "Új Nim tábla indult, száma: 101.\nalice kihívása.\nalice következik.")
	if toBob.Subject != "Új: Nim, 101. tábla alice" {
		t.Errorf("board mail subject %q", toBob.Subject)
	}
	r = f.answer(f.send("carol@players.test", "nim notify carol pw-carol 101", ""), "carol@players.test")
	mustContain(t, "notify", r.Text, "Rendben: Értesítést kap a következő Nim tábla eredményéről: 101.")

	mails = f.send("alice@players.test", "nim move 101 alice pw-alice take2#1", "")
	toAlice, toBob = f.only(mails, "alice@players.test"), f.only(mails, "bob@players.test")
	mustContain(t, "alice's move", toAlice.Text, "> nim move 101 alice ******** take2#1\nRendben: alice lépett a(z) 101. számú Nim táblán (1. lépés): take2. bob következik.")
	mustContain(t, "bob's board", toBob.Text, "alice lépett: take2.\nbob következik.", "nim move 101 bob <password> <move>#2")
	mustLack(t, "bob's board", toBob.Text, "played", "turn")

	// A stale move number: refused, the board unchanged.
	r = f.answer(f.send("alice@players.test", "nim move 101 alice pw-alice take1#1", ""), "alice@players.test")
	mustSay(t, "stale", r.Text, "Elutasítva: A(z) take1 lépés #1 lépésként érkezett, de a(z) 101. számú táblán a következő lépés: #2. A parancs elavult, nem történt lépés.")

	// A draw offer, refused a second time, then rejected.
	mails = f.send("bob@players.test", "nim propose 101 bob pw-bob", "")
	toAlice, toBob = f.only(mails, "alice@players.test"), f.only(mails, "bob@players.test")
	mustContain(t, "proposal", toBob.Text, "Rendben: bob javaslatot tett a(z) 101. számú Nim táblán: döntetlen.")
	mustContain(t, "proposal to alice", toAlice.Text, "bob javaslatot tett a(z) 101. számú Nim táblán: döntetlen.",
		"bob javaslata: döntetlen. Még válaszolnia kell: alice.")
	r = f.answer(f.send("bob@players.test", "nim undo 101 bob pw-bob", ""), "bob@players.test")
	mustSay(t, "second vote", r.Text, "Elutasítva: A(z) 101. számú táblán már folyik egy szavazás (tárgya: döntetlen); előbb válaszoljon rá accept vagy reject paranccsal.")
	mails = f.send("alice@players.test", "nim reject 101 alice pw-alice", "")
	mustContain(t, "rejection", f.only(mails, "bob@players.test").Text, "alice elutasította a javaslatot a(z) 101. számú Nim táblán: döntetlen.")

	f.send("bob@players.test", "nim move 101 bob pw-bob take1#2", "")
	mails = f.send("alice@players.test", "nim move 101 alice pw-alice take2#3", "")
	toAlice, toBob = f.only(mails, "alice@players.test"), f.only(mails, "bob@players.test")
	for who, m := range map[string]sent{"alice": toAlice, "bob": toBob} {
		mustContain(t, "end to "+who, m.Text, "alice lépett: take2.\nA játszmát alice nyerte (took the last stone).\nalice értékszáma nőtt: ",
			" (ideiglenes).\nbob értékszáma csökkent: ", "Lépések:", "   3  alice                take2")
		if !regexp.MustCompile(`alice értékszáma nőtt: \d+ → \d+ \(ideiglenes\)\.`).MatchString(m.Text) {
			t.Errorf("rating line to %s:\n%s", who, m.Text)
		}
		mustLack(t, "end to "+who, m.Text, "rating", "went up", "Game won")
	}
	if toBob.Subject != "Nim, 101. tábla" {
		t.Errorf("final board mail subject %q", toBob.Subject)
	}
	notice := f.only(mails, "carol@players.test")
	mustContain(t, "result notice", notice.Text, "A(z) 101. számú Nim tábla (alice, bob) játszmája véget ért: A játszmát alice nyerte (took the last stone).\n\nalice értékszáma nőtt: ")
	if notice.Subject != "Értesítés: Nim, 101. tábla" {
		t.Errorf("notice subject %q", notice.Subject)
	}
	if b := f.board(101); b.Outcome != "Game won by alice (took the last stone)." {
		t.Errorf("stored outcome %q", b.Outcome)
	}

	// After the end: a move is refused with the outcome in Hungarian.
	// The lists name no account: they are written in the server's
	// language, here Hungarian, with their columns.
	r = f.answer(f.send("bob@players.test", "nim move 101 bob pw-bob take1", ""), "bob@players.test")
	mustSay(t, "after the end", r.Text, "Elutasítva: A(z) 101. számú Nim tábla játszmája véget ért: A játszmát alice nyerte (took the last stone).")
	f.s.cfg.Language = "hu"
	r = f.answer(f.send("bob@players.test", "nim standings", ""), "bob@players.test")
	mustContain(t, "standings", r.Text, "Nim ranglista", "Ideiglenes értékszámmal (kevesebb mint 20 játszma):",
		"  Hely Név                   Érték    Gy     V     D\n     1 alice", "Végleges értékszámmal:\n  nincs", "Játszmát keres: 0")
	r = f.answer(f.send("bob@players.test", "nim history bob", ""), "bob@players.test")
	mustContain(t, "history", r.Text, "bob befejezett Nim játszmái, a legújabbal kezdve:", "alice bob", "A játszmát alice nyerte (took the last stone).")
	r = f.answer(f.send("bob@players.test", "nim games bob all", ""), "bob@players.test")
	mustContain(t, "games", r.Text, "Nim táblák (all):", " Tábla Lépés  Játékosok", "A játszmát alice nyerte")
}

// One board, a Hungarian and a Czech player: each reads the events,
// the status and the rating lines of the board mails in their own
// language.
func TestPlayTwoLanguages(t *testing.T) {
	f := newFixture(t)
	f.signupIn("alice", "hu")
	f.signupIn("bob", "cs")
	mails := f.send("alice@players.test", "nim challenge alice pw-alice alice bob -stones=4", "")
	mustContain(t, "new board to bob", f.only(mails, "bob@players.test").Text,
		"Byla založena nová deska Nim (č. 101).\nVýzva od hráče alice.\nNa tahu je alice.")
	mustContain(t, "new board to alice", f.only(mails, "alice@players.test").Text, "alice kihívása.\nalice következik.")

	mails = f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	mustContain(t, "move to bob", f.only(mails, "bob@players.test").Text, "Tah hráče alice: take1.\nNa tahu je bob.")
	mustContain(t, "move to alice", f.only(mails, "alice@players.test").Text, "Rendben: alice lépett", "alice lépett: take1.\nbob következik.")

	r := f.answer(f.send("bob@players.test", "nim accept 101 bob pw-bob", ""), "bob@players.test")
	mustSay(t, "no vote", r.Text, "Odmítnuto: Na desce Nim č. 101 neprobíhá žádné hlasování.")
	mails = f.send("bob@players.test", "nim move 101 bob pw-bob take1", "")
	mustContain(t, "bob's move", f.only(mails, "bob@players.test").Text, "OK: Tah hráče bob na desce Nim č. 101 (tah č. 2): take1. Na tahu je alice.")
	mustContain(t, "bob's move to alice", f.only(mails, "alice@players.test").Text, "bob lépett: take1.\nalice következik.")
	f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	mails = f.send("bob@players.test", "nim resign 101 bob pw-bob", "")
	toAlice, toBob := f.only(mails, "alice@players.test"), f.only(mails, "bob@players.test")
	mustContain(t, "resignation to bob", toBob.Text, "bob: partie na desce Nim č. 101 vzdána.", "bob vzdává.\n",
		"Rating hráče alice stoupl z ", "Rating hráče bob klesl z ", " (předběžný).")
	mustContain(t, "resignation to alice", toAlice.Text, "bob feladja a játszmát.\n", "alice értékszáma nőtt: ", "bob értékszáma csökkent: ")
	mustLack(t, "resignation to alice", toAlice.Text, "Rating hráče", "vzdává")
	mustLack(t, "resignation to bob", toBob.Text, "értékszáma", "feladja")
}

// The English of what this file's messages say is as it always was.
func TestPlayEnglishUnchanged(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	f.signup("bob")
	mails := f.send("alice@players.test", "nim challenge alice pw-alice alice bob -stones=3", "")
	mustContain(t, "challenge", f.only(mails, "alice@players.test").Text, "OK: Nim board 101 started for alice, bob. It is alice's turn.", "Challenge by alice.")
	mails = f.send("bob@players.test", "nim propose 101 bob pw-bob", "")
	mustContain(t, "proposal", f.only(mails, "alice@players.test").Text, "bob proposes a draw on Nim board 101.", "bob has proposed a draw. Still to accept or reject: alice.")
	mails = f.send("alice@players.test", "nim accept 101 alice pw-alice", "")
	mustContain(t, "draw", f.only(mails, "bob@players.test").Text, "alice accepts a draw. The game is drawn by agreement.\nGame was a tie (draw agreed).\n",
		"alice's rating stayed at 1600 (provisional).\nbob's rating stayed at 1600 (provisional).")
	r := f.answer(f.send("bob@players.test", "nim standings", ""), "bob@players.test")
	mustContain(t, "standings", r.Text, "Nim standings\n\nEstablished:\n  none\n\nProvisional (fewer than 20 games):\n  Rank Name                 Rating   Won  Lost  Tied\n")

	// The stored outcome reads back as the message it was written from.
	b := f.board(101)
	if m := outcomeMsg(b); m.ID != "StatusTieWhy" || lang.English().Render(m) != b.Outcome {
		t.Errorf("outcome %q read back as %+v", b.Outcome, m)
	}
	for _, out := range []string{"Game won by alice and bob (took the last stone).", "Game won by alice.", "Something else."} {
		b.Outcome = out
		if got := lang.English().Render(outcomeMsg(b)); got != out {
			t.Errorf("outcome %q read back as %q", out, got)
		}
	}
}

// mustSay is mustContain for prose, which the answer wraps: the words
// are compared, not the line breaks.
func mustSay(t *testing.T, what, text string, want ...string) {
	t.Helper()
	flat := strings.Join(strings.Fields(text), " ")
	for _, w := range want {
		if !strings.Contains(flat, strings.Join(strings.Fields(w), " ")) {
			t.Errorf("%s lacks %q:\n%s", what, w, text)
		}
	}
}

// A tournament of a Hungarian and a German player: the answers, the
// boards' events, the round mails and the final table each in the
// entrant's language.
func TestPlayTournamentLanguages(t *testing.T) {
	f := newFixture(t)
	f.signupIn("p1", "hu")
	f.signupIn("p2", "de")
	r := f.answer(f.send("p1@players.test", "nim tournament new p1 pw-p1 Winter roundrobin -stones=5 --size=2", ""), "p1@players.test")
	mustSay(t, "new", r.Text, "Rendben: p1 meghirdette a(z) Winter nevű Nim versenyt (roundrobin, táblánként 2 játékos, 2 nevezőnél indul, --forfeit=7, --nag=1, -stones=5).", "Nevezés: nim tournament join Winter <userid> <password>")
	r = f.answer(f.send("p1@players.test", "nim tournament join Winter p1 pw-p1", ""), "p1@players.test")
	mustSay(t, "join", r.Text, "Rendben: p1 benevezett a(z) Winter nevű Nim versenybe: 1 nevező.")
	mails := f.send("p2@players.test", "nim tournament join Winter p2 pw-p2", "")
	mustSay(t, "join p2", f.answer(mails, "p2@players.test").Text, "OK: p2 ist für Nim-Turnier Winter angemeldet: 2 Teilnehmer. Das Turnier hat begonnen")
	var round1, round2 sent
	for _, m := range mails {
		switch {
		case m.To == "p1@players.test" && m.Subject == "Nim verseny: Winter, 1. forduló":
			round1 = m
		case m.To == "p2@players.test" && m.Subject == "Nim-Turnier Winter: Runde 1":
			round2 = m
		case m.To == "p1@players.test" && strings.HasPrefix(m.Subject, "Új: Nim, "):
			mustContain(t, "board to p1", m.Text, "Winter verseny, 1. forduló: ")
		}
	}
	mustContain(t, "round mail to p1", round1.Text, "A(z) Winter nevű Nim verseny 1. fordulója.\n\nWinter verseny: roundrobin", "szervező: p1; a(z) 1. forduló folyik.",
		"Hely Nevező                 Pont", "1. forduló:\n  101. tábla: ")
	mustContain(t, "round mail to p2", round2.Text, "Nim-Turnier Winter, Runde 1.\n\nTurnier Winter: roundrobin, 2 Spieler je Brett", "Veranstalter p1; Runde 1 läuft.",
		"Rang Teilnehmer           Punkte", "Runde 1:\n  Brett 101: ")
	mails = f.playTournament("winter", lowestWins)
	for _, m := range mails {
		switch m.To {
		case "p1@players.test":
			if m.Subject == "Nim verseny: Winter, végeredmény" {
				mustContain(t, "final to p1", m.Text, "A(z) Winter nevű Nim verseny véget ért; a győztes: p1.", "befejeződött, győztes: p1.")
				round1.Subject = ""
			}
		case "p2@players.test":
			if m.Subject == "Nim-Turnier Winter: Endstand" {
				mustContain(t, "final to p2", m.Text, "Nim-Turnier Winter ist beendet; Sieger ist p1.", "beendet, gewonnen von p1.")
				round2.Subject = ""
			}
		}
	}
	if round1.Subject != "" || round2.Subject != "" {
		t.Errorf("a final table is missing")
	}
}
