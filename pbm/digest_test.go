package pbm

import (
	"strings"
	"testing"
	"time"
)

// TestDigestDaily: one digest a day at 06:00 of the player's zone,
// the most urgent board first, each with its opponent, last move, time
// left and the command to move; none when nothing waits.
func TestDigestDaily(t *testing.T) {
	f := newFixture(t)
	for _, id := range []string{"alice", "bob", "carol"} {
		f.signup(id)
	}
	f.send("alice@players.test", "nim challenge alice pw-alice alice bob --forfeit=10 --nag=9", "")
	f.send("alice@players.test", "nim challenge alice pw-alice alice carol --forfeit=3 --nag=2", "")
	f.send("alice@players.test", "timezone alice pw-alice Europe/Budapest", "")
	if r := f.answer(f.send("alice@players.test", "digest alice pw-alice hourly", ""), "alice@players.test"); !strings.Contains(r.Text, `"hourly" is not daily, weekly or off`) {
		t.Errorf("bad mode: %s", r.Text)
	}
	r := f.answer(f.send("alice@players.test", "digest alice pw-alice daily", ""), "alice@players.test")
	if !strings.Contains(r.Text, "alice gets a digest each day at 06:00") || !strings.Contains(r.Text, "Wed 2 Dec 2026 06:00 CET") {
		t.Fatalf("digest: %s", r.Text)
	}
	f.clock = time.Date(2026, 12, 2, 4, 59, 0, 0, time.UTC)
	for _, m := range f.tick() {
		if strings.Contains(m.Subject, "wait for your move") {
			t.Fatalf("a digest before 06:00 of Budapest: %s", m.Subject)
		}
	}
	f.clock = time.Date(2026, 12, 2, 5, 0, 0, 0, time.UTC)
	mails := f.tick()
	var digests []sent
	for _, m := range mails {
		if strings.Contains(m.Subject, "wait for your move") {
			digests = append(digests, m)
		}
	}
	if len(digests) != 1 || digests[0].To != "alice@players.test" || digests[0].Subject != "pbm: 2 boards wait for your move" {
		t.Fatalf("digests %v", tickSubjects(digests))
	}
	text := digests[0].Text
	i102, i101 := strings.Index(text, "Nim board 102 against carol"), strings.Index(text, "Nim board 101 against bob")
	if i102 < 0 || i101 < 0 || i102 > i101 {
		t.Errorf("not the most urgent first:\n%s", text)
	}
	for _, want := range []string{"no move yet", "Time left: 2 days, 05:00, until Fri 4 Dec 2026 11:00 CET", "nim move 102 alice <password> <move>#1"} {
		if !strings.Contains(text, want) {
			t.Errorf("digest lacks %q:\n%s", want, text)
		}
	}
	f.clock = f.clock.Add(30 * time.Minute)
	if n := len(f.tick()); n != 0 {
		t.Errorf("%d mails half an hour after the digest", n)
	}
	// alice moves on both boards: nothing waits the next day.
	f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	f.send("alice@players.test", "nim move 102 alice pw-alice take1", "")
	f.clock = time.Date(2026, 12, 3, 5, 0, 0, 0, time.UTC)
	for _, m := range f.tick() {
		if m.To == "alice@players.test" {
			t.Errorf("alice, with nothing to move, got %q", m.Subject)
		}
	}
	if u := f.user("alice"); !u.DigestNext.Equal(time.Date(2026, 12, 4, 5, 0, 0, 0, time.UTC)) {
		t.Errorf("next digest %v", u.DigestNext)
	}
	if r := f.answer(f.send("alice@players.test", "digest alice pw-alice off", ""), "alice@players.test"); !strings.Contains(r.Text, "alice gets no digest") {
		t.Errorf("off: %s", r.Text)
	}
}
