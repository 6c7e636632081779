package pbm

import (
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/lang"
)

// TestClockMailsInEveryLanguage: every message of the time banks, the
// warning, the digest, automatic vacation, days off, time zones,
// serial timeouts and the clock's failure reports renders in each
// language with all its data, and the warning and the digest reach a
// Hungarian player in Hungarian.
func TestClockMailsInEveryLanguage(t *testing.T) {
	when := time.Date(2026, 12, 4, 10, 0, 0, 0, time.UTC)
	what := lang.M("TickWhatBoard", "Title", "Nim", "Number", 101)
	msgs := []lang.Msg{
		lang.M("TickWhatBoard", "Title", "Nim", "Number", 101), lang.M("TickWhatTournament", "Title", "Nim", "Name", "Cup"),
		lang.M("TickWhatAccount", "User", "alice"), lang.M("TickWhatHousekeeping"),
		lang.M("MailSubjectTickStopped", "What", what), lang.M("TickStoppedPlayer", "What", what), lang.M("TickWhy"),
		lang.M("TickStoppedAdmin", "What", what, "Unit", "board/nim/101"),
		lang.M("BankOptionDays", "Arg", "--total=x"), lang.M("BankNeedsTotal"), lang.M("BankBadDays"),
		lang.M("BankCapBelow", "Cap", "1", "Total", "2"), lang.M("BankHead", "Start", "1.5", "Add", "0.5", "Cap", "2"),
		lang.M("BankSeat", "Who", "alice", "Left", "1"), lang.M("BankSeatToMove", "Who", "alice", "Left", "1"),
		lang.M("ForfeitBank", "Who", "alice", "When", when), lang.M("LapseBank", "Who", "alice"),
		lang.M("MailSubjectWarning", "Title", "Nim", "Number", 101), lang.M("Warning", "Title", "Nim", "Number", 101, "When", when),
		lang.M("WarningHowTo"), lang.M("BankRunsOut", "Who", "alice", "When", when), lang.M("RatingNotSerial", "Who", "alice"),
		lang.M("HelpCmdTimezone"), lang.M("ZoneUnknown", "Arg", `"x"`), lang.M("ZoneSet", "User", "alice", "Zone", "UTC", "Now", when),
		lang.M("ZoneServer", "User", "alice", "Zone", "UTC", "Now", when),
		lang.M("HelpCmdDigest"), lang.M("DigestUnknown", "Arg", `"x"`), lang.M("DigestSetDaily", "User", "alice", "Next", when),
		lang.M("DigestSetWeekly", "User", "alice", "Next", when), lang.M("DigestOff", "User", "alice"),
		lang.N("MailSubjectDigest", 2, "N", 2), lang.N("DigestHead", 2, "N", 2, "User", "alice"),
		lang.M("DigestBoard", "Title", "Nim", "Number", 101, "Opponents", "bob", "Last", "x", "Left", "1", "When", when),
		lang.M("DigestLast", "Move", "take1", "Who", "bob", "When", when), lang.M("DigestNoMove"),
		lang.M("WebWaitingBoards"), lang.M("WebOpponents"), lang.M("WebDeadline"),
		lang.M("AutoVacationUsage"), lang.M("AutoVacationOff", "User", "alice"), lang.N("AutoVacationOn", 3, "User", "alice", "Left", 3),
		lang.M("MailSubjectAutoVacation", "Title", "Nim", "Number", 101),
		lang.N("AutoVacationSpent", 1, "Title", "Nim", "Number", 101, "Until", when, "Left", 1),
		lang.M("HelpCmdDaysoff"), lang.M("DaysOffUsage", "Arg", `"x"`, "Max", 3), lang.M("DaysOffSet", "User", "alice", "Days", "sat,sun", "Zone", "UTC"),
		lang.M("DaysOffNone", "User", "alice"), lang.M("DaysOffNote", "Who", "alice", "Days", "sat,sun", "Zone", "UTC"),
	}
	f := newFixture(t)
	for _, code := range lang.Codes {
		p := f.s.cat.For(code)
		for _, m := range msgs {
			got := p.Render(m)
			if got == m.ID || got == "" || strings.Contains(got, "<no value>") || strings.Contains(got, "{{") {
				t.Errorf("%s: %s renders %q", code, m.ID, got)
			}
		}
	}

	// A Hungarian player's warning and digest.
	f.game("--total=1.5 --nag=20 --forfeit=30")
	f.send("alice@players.test", "language alice pw-alice hu", "")
	f.send("alice@players.test", "digest alice pw-alice daily", "")
	f.clock = f.clock.Add(13 * time.Hour)
	hu := f.s.cat.For("hu")
	w := f.only(f.tick(), "alice@players.test")
	if w.Subject != hu.T("MailSubjectWarning", "Title", "Nim", "Number", 101) || !strings.Contains(w.Text, "egy napnál kevesebb ideje maradt") {
		t.Errorf("the warning in Hungarian %q:\n%s", w.Subject, w.Text)
	}
	f.clock = f.clock.Add(12 * time.Hour)
	var digest *sent
	mails := f.tick()
	for i, m := range mails {
		if m.To == "alice@players.test" && strings.Contains(m.Subject, "várja a lépését") {
			digest = &mails[i]
		}
	}
	if digest == nil || !strings.Contains(digest.Text, "még nem volt lépés") {
		t.Errorf("no Hungarian digest among %v", tickSubjects(mails))
	}
}
