package pbm

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/store"
)

// tick runs the clocks and returns the mails they queued.
func (f *fixture) tick() []sent {
	f.t.Helper()
	before := f.outboxSeqs()
	if _, err := f.s.Tick(context.Background()); err != nil {
		f.t.Fatal(err)
	}
	var out []sent
	for _, m := range f.outbox() {
		if !before[m.Seq] {
			out = append(out, decode(f.t, m))
		}
	}
	return out
}

// answer picks the reply to a mail (Auto-Submitted: auto-replied)
// among the mails it caused.
func (f *fixture) answer(mails []sent, to string) sent {
	f.t.Helper()
	var got []sent
	for _, m := range mails {
		if m.To == to && m.Header.Get("Auto-Submitted") == "auto-replied" {
			got = append(got, m)
		}
	}
	if len(got) != 1 {
		f.t.Fatalf("want one reply to %s, got %d", to, len(got))
	}
	return got[0]
}

func (f *fixture) game(opts string) {
	f.t.Helper()
	f.signup("alice")
	f.signup("bob")
	r := f.answer(f.send("alice@players.test", "nim challenge alice pw-alice alice bob "+opts, ""), "alice@players.test")
	if !strings.Contains(r.Text, "OK") {
		f.t.Fatalf("challenge: %s", r.Text)
	}
}

func TestReminderAndForfeit(t *testing.T) {
	f := newFixture(t)
	f.game("--nag=2 --forfeit=5")
	// Both have moved: from now on a timeout is a forfeit, not a
	// declined challenge.
	f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	f.send("bob@players.test", "nim move 101 bob pw-bob take1", "")
	f.clock = f.clock.Add(47 * time.Hour)
	if n := len(f.tick()); n != 0 {
		t.Fatalf("%d mails before the nag day", n)
	}
	f.clock = f.clock.Add(time.Hour)
	mails := f.tick()
	nag := f.only(mails, "alice@players.test")
	if nag.Subject != "Nag: Nim Board 101 alice" || !strings.Contains(nag.Text, "not moved in 2 days") || !strings.Contains(nag.Text, "within 3 days") {
		t.Errorf("nag %q:\n%s", nag.Subject, nag.Text)
	}
	if late := f.only(mails, "bob@players.test"); !strings.Contains(late.Subject, "alice is late") {
		t.Errorf("note to bob: %q", late.Subject)
	}
	f.clock = f.clock.Add(12 * time.Hour)
	if n := len(f.tick()); n != 0 {
		t.Errorf("a second reminder the same day: %d mails", n)
	}
	f.clock = f.clock.Add(12 * time.Hour)
	if n := len(f.tick()); n != 2 {
		t.Errorf("the daily reminder: %d mails", n)
	}
	f.clock = f.clock.Add(2 * 24 * time.Hour) // day 5
	mails = f.tick()
	b := f.board(101)
	if !b.Over || b.Log[len(b.Log)-1].Kind != "forfeit" || !strings.Contains(b.Outcome, "bob") {
		t.Fatalf("no forfeit at the limit: %+v", b)
	}
	if m := f.only(mails, "bob@players.test"); !strings.Contains(m.Text, "alice has not moved in 5 days and forfeits") {
		t.Errorf("forfeit mail: %s", m.Text)
	}
	if n := len(f.tick()); n != 0 {
		t.Errorf("a finished board still ticks: %d", n)
	}
}

func TestVacationSuspendsClock(t *testing.T) {
	f := newFixture(t)
	f.game("--nag=2 --forfeit=4")
	mails := f.send("alice@players.test", "vacation alice pw-alice 2026-12-01 2026-12-10", "")
	if r := f.answer(mails, "alice@players.test"); !strings.Contains(r.Text, "OK: Vacation from 2026-12-01 to 2026-12-10 recorded (10 days; 20 left") {
		t.Fatalf("vacation: %s", r.Text)
	}
	if m := f.only(mails, "bob@players.test"); !strings.Contains(m.Text, "alice is away") {
		t.Errorf("bob not told: %s", m.Text)
	}
	for d := 1; d <= 9; d++ {
		f.clock = f.clock.Add(24 * time.Hour)
		if n := len(f.tick()); n != 0 {
			t.Fatalf("day %d of the vacation: %d mails", d, n)
		}
	}
	if f.board(101).Over {
		t.Fatal("forfeited on vacation")
	}
	// Back on 2026-12-11: the clock starts again from then.
	f.clock = time.Date(2026, 12, 12, 23, 0, 0, 0, time.UTC)
	if n := len(f.tick()); n != 0 {
		t.Errorf("a reminder before 2 days back: %d", n)
	}
	f.clock = time.Date(2026, 12, 13, 0, 0, 0, 0, time.UTC)
	if n := len(f.tick()); n != 2 {
		t.Errorf("no reminder 2 days after the vacation: %d", n)
	}
	// The yearly allowance holds.
	r := f.only(f.send("alice@players.test", "vacation alice pw-alice 2026-12-05 2026-12-31", ""), "alice@players.test")
	if !strings.Contains(r.Text, "That is 27 days; you have 20 of 30 vacation days left in 2026") {
		t.Errorf("allowance: %s", r.Text)
	}
}

func TestDrawAndUndoByVote(t *testing.T) {
	f := newFixture(t)
	f.game("")
	f.send("alice@players.test", "nim move 101 alice pw-alice take2", "")
	mails := f.send("alice@players.test", "nim undo 101 alice pw-alice", "")
	if m := f.only(mails, "bob@players.test"); !strings.Contains(m.Text, "alice has proposed taking back the last move. Still to accept or reject: bob.") {
		t.Errorf("undo proposal:\n%s", m.Text)
	}
	f.send("bob@players.test", "nim accept 101 bob pw-bob", "")
	b := f.board(101)
	if len(b.Log) != 0 || b.Vote != nil {
		t.Fatalf("undo not carried out: %+v", b)
	}
	// A reject ends a vote.
	f.send("alice@players.test", "nim propose 101 alice pw-alice", "")
	f.send("bob@players.test", "nim reject 101 bob pw-bob", "")
	if b := f.board(101); b.Vote != nil || b.Over {
		t.Fatalf("reject: %+v", b)
	}
	f.send("alice@players.test", "nim propose 101 alice pw-alice", "")
	mails = f.send("bob@players.test", "nim accept 101 bob pw-bob", "")
	b = f.board(101)
	if !b.Over || b.Outcome != "Game was a tie (draw agreed)." {
		t.Fatalf("draw: %+v", b)
	}
	if m := f.only(mails, "alice@players.test"); !strings.Contains(m.Text, "Game was a tie (draw agreed).") {
		t.Errorf("draw mail:\n%s", m.Text)
	}
	// The record replays to the same end.
	r := f.only(f.send("bob@players.test", "nim record 101", ""), "bob@players.test")
	i := strings.Index(r.Text, "[Game")
	j := strings.Index(r.Text, "\n-- \n")
	if i < 0 || j < 0 {
		t.Fatalf("record:\n%s", r.Text)
	}
	out, err := replayRecord(f.s.cfg.Games, []byte(r.Text[i:j]))
	if err != nil || !strings.Contains(out, "Game was a tie (draw agreed).") {
		t.Errorf("replayed record: %v\n%s", err, out)
	}
}

func TestUnansweredVoteAcceptedAtForfeitLimit(t *testing.T) {
	f := newFixture(t)
	f.game("--forfeit=3")
	f.send("alice@players.test", "nim propose 101 alice pw-alice", "")
	f.clock = f.clock.Add(3 * 24 * time.Hour)
	f.tick()
	if b := f.board(101); !b.Over || b.Outcome != "Game was a tie (draw agreed)." {
		t.Errorf("vote left unanswered: %+v", b)
	}
}

func TestQueuedMoves(t *testing.T) {
	f := newFixture(t)
	f.game("-stones=9")
	r := f.answer(f.send("bob@players.test", "nim queue 101 bob pw-bob take1 take3", ""), "bob@players.test")
	if !strings.Contains(r.Text, "Queued on Nim board 101: take1 take3") {
		t.Fatalf("queue: %s", r.Text)
	}
	mails := f.send("alice@players.test", "nim move 101 alice pw-alice take2", "")
	b := f.board(101)
	if len(b.Log) != 2 || b.Log[1].Move != "take1" || !b.Log[1].Auto {
		t.Fatalf("queued move not played: %+v", b.Log)
	}
	if m := f.only(mails, "bob@players.test"); !strings.Contains(m.Text, "take1 (Auto)") {
		t.Errorf("board mail lacks the (Auto) move:\n%s", m.Text)
	}
	// 6 left; alice takes 3, leaving 3... the queued take3 then wins for bob.
	f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	if b := f.board(101); len(b.Log) != 4 || b.Log[3].Move != "take3" {
		t.Fatalf("second queued move: %+v", b.Log)
	}
	// A queued move that has become illegal is refused when its turn
	// comes, and its player is told.
	f2 := newFixture(t)
	f2.game("-stones=4")
	f2.send("bob@players.test", "nim queue 101 bob pw-bob take3", "")
	mails = f2.send("alice@players.test", "nim move 101 alice pw-alice take2", "")
	if b := f2.board(101); len(b.Log) != 1 || b.Queued != nil && len(b.Queued["bob"]) != 0 {
		t.Fatalf("illegal queued move: %+v", b)
	}
	found := false
	for _, m := range mails {
		if m.To == "bob@players.test" && strings.Contains(m.Text, `queued move "take3"`) && strings.Contains(m.Text, "is illegal now") {
			found = true
		}
	}
	if !found {
		t.Error("bob was not told his queued move was refused")
	}
}

func TestSubmitConfirmPreview(t *testing.T) {
	f := newFixture(t)
	f.game("-stones=5")
	r := f.only(f.send("alice@players.test", "nim preview 101 take2 take2", ""), "alice@players.test")
	if !strings.Contains(r.Text, "Pile: o (1)") || !strings.Contains(r.Text, "nothing was saved") {
		t.Errorf("preview:\n%s", r.Text)
	}
	r = f.only(f.send("alice@players.test", "nim submit 101 alice pw-alice take2", ""), "alice@players.test")
	if !strings.Contains(r.Text, "must be confirmed") || !strings.Contains(r.Text, "Pile: ooo (3)") {
		t.Errorf("submit:\n%s", r.Text)
	}
	if b := f.board(101); len(b.Log) != 0 {
		t.Fatalf("submit played: %+v", b.Log)
	}
	f.send("alice@players.test", "nim confirm 101 alice pw-alice", "")
	if b := f.board(101); len(b.Log) != 1 || b.Log[0].Move != "take2" {
		t.Fatalf("confirm: %+v", b.Log)
	}
}

func TestSubscribersAndNotify(t *testing.T) {
	f := newFixture(t)
	f.game("-stones=2")
	f.signup("carol")
	f.signup("dave")
	f.send("carol@players.test", "nim subscribe carol pw-carol 101", "")
	f.send("dave@players.test", "nim notify dave pw-dave 101", "")
	mails := f.send("alice@players.test", "nim move 101 alice pw-alice take2", "")
	if m := f.only(mails, "carol@players.test"); m.Subject != "Nim Board 101" || m.Header.Has("Reply-To") {
		t.Errorf("subscriber's board: %q %v", m.Subject, m.Header.Get("Reply-To"))
	}
	if m := f.only(mails, "dave@players.test"); !strings.HasPrefix(m.Subject, "Notification: Nim Board 101") || !strings.Contains(m.Text, "Game won by alice") {
		t.Errorf("notification: %q\n%s", m.Subject, m.Text)
	}
	// Subscribing to all covers boards started later.
	f.send("carol@players.test", "nim subscribe carol pw-carol all", "")
	mails = f.send("alice@players.test", "nim challenge alice pw-alice alice bob", "")
	if m := f.only(mails, "carol@players.test"); m.Subject != "New Nim Board 102 alice" {
		t.Errorf("subscribe all: %q", m.Subject)
	}
}

// Ratings after a series of games, against values worked by hand:
// provisional players score the opponent's rating +-400, averaged.
func TestRatings(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	f.signup("bob")
	play := func(n int, winner string) {
		if winner == "alice" {
			f.send("alice@players.test", "nim challenge alice pw-alice alice bob -stones=1", "")
			f.send("alice@players.test", fmt.Sprintf("nim move %d alice pw-alice take1", n), "")
		} else {
			f.send("alice@players.test", "nim challenge alice pw-alice alice bob -stones=2", "")
			f.send("alice@players.test", fmt.Sprintf("nim move %d alice pw-alice take1", n), "")
			f.send("bob@players.test", fmt.Sprintf("nim move %d bob pw-bob take1", n), "")
		}
	}
	play(101, "alice") // alice (0 games) vs 1600 wins: 2000; bob 1200
	play(102, "bob")   // alice: (2000 + 1200-400)/2 = 1400; bob: (1200 + 2000+400)/2 = 1800
	f.send("alice@players.test", "nim challenge alice pw-alice alice bob", "")
	f.send("alice@players.test", "nim propose 103 alice pw-alice", "")
	f.send("bob@players.test", "nim accept 103 bob pw-bob", "") // alice: (1400*2 + 1800)/3 = 1533.3; bob: (1800*2 + 1400)/3 = 1666.7
	want := map[string]float64{"alice": 4600.0 / 3, "bob": 5000.0 / 3}
	f.st.View(func(tx *store.Tx) error {
		for who, w := range want {
			r, _, _ := tx.Rating("nim", who)
			if r.Games != 3 || abs(r.Rating-w) > 1e-9 {
				t.Errorf("%s: %+v, want %.2f", who, r, w)
			}
		}
		return nil
	})
	r := f.only(f.send("bob@players.test", "nim standings", ""), "bob@players.test")
	if !strings.Contains(r.Text, "bob                    1667     1     1     1") || !strings.Contains(r.Text, "alice                  1533     1     1     1") {
		t.Errorf("standings:\n%s", r.Text)
	}
	r = f.only(f.send("bob@players.test", "nim history", ""), "bob@players.test")
	if strings.Count(r.Text, "alice bob") != 3 {
		t.Errorf("history:\n%s", r.Text)
	}
}

// An established player moves by K=32 times the surprise.
func TestEstablishedRating(t *testing.T) {
	f := newFixture(t)
	f.st.Update(func(tx *store.Tx) error {
		tx.PutRating("nim", store.Rating{User: "alice", Rating: 1700, Games: 30})
		return tx.PutRating("nim", store.Rating{User: "bob", Rating: 1500, Games: 40})
	})
	f.game("-stones=3")
	f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	f.send("bob@players.test", "nim move 101 bob pw-bob take1", "")
	f.send("alice@players.test", "nim resign 101 alice pw-alice", "")
	f.st.View(func(tx *store.Tx) error {
		a, _, _ := tx.Rating("nim", "alice")
		b, _, _ := tx.Rating("nim", "bob")
		e := board.Expected(1700, 1500) // 0.7597
		if abs(a.Rating-(1700-32*e)) > 1e-9 || abs(b.Rating-(1500+32*e)) > 1e-9 {
			t.Errorf("alice %.3f bob %.3f", a.Rating, b.Rating)
		}
		if abs(a.Rating-1675.69) > 0.01 {
			t.Errorf("alice %.3f, want 1675.69 by hand", a.Rating)
		}
		return nil
	})
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func TestMoveByReplyToken(t *testing.T) {
	f := newFixture(t)
	f.game("")
	var replyTo string
	for _, m := range f.outbox() {
		d := decode(t, m)
		if d.To == "alice@players.test" && strings.HasPrefix(d.Subject, "New Nim Board 101") {
			replyTo = strings.Trim(d.Header.Get("Reply-To"), "<>")
		}
	}
	if !strings.HasPrefix(replyTo, "pbm+nim.101.") {
		t.Fatalf("Reply-To %q", replyTo)
	}
	reply := func(from, body string) []sent {
		f.n++
		raw := fmt.Sprintf("From: %s\r\nTo: %s\r\nSubject: Re: New Nim Board 101 alice\r\nMessage-ID: <r%d@x>\r\n\r\n%s", from, replyTo, f.n, body)
		return f.handle([]byte(raw))
	}
	// From another address the token does not hold.
	r := f.only(reply("mallory@evil.test", "take1\n"), "mallory@evil.test")
	if !strings.Contains(r.Text, "not valid for mallory@evil.test") {
		t.Errorf("foreign reply: %s", r.Text)
	}
	mails := reply("alice@players.test", "take2\nYour move!\n\n> the old board\n")
	if b := f.board(101); len(b.Log) != 1 || b.Log[0].Move != "take2" {
		t.Fatalf("reply not played: %+v", b.Log)
	}
	if m := f.only(mails, "bob@players.test"); !strings.Contains(m.Text, "alice writes:\nYour move!") {
		t.Errorf("comment: %s", m.Text)
	}
	// A password change revokes the token.
	f.send("alice@players.test", "change password alice pw-alice new", "")
	f.send("bob@players.test", "nim move 101 bob pw-bob take1", "")
	r = f.only(reply("alice@players.test", "take1\n"), "alice@players.test")
	if !strings.Contains(r.Text, "not valid") {
		t.Errorf("token after a password change: %s", r.Text)
	}
}

// A multi-player game is rated against the average of the opponents.
func TestMultiPlayerRating(t *testing.T) {
	f := newFixture(t)
	f.st.Update(func(tx *store.Tx) error {
		return tx.PutRating("nim", store.Rating{User: "carol", Rating: 1900, Games: 1})
	})
	f.signup("alice")
	f.signup("bob")
	f.signup("carol")
	f.send("alice@players.test", "nim challenge alice pw-alice alice bob carol -stones=1", "")
	f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	// alice: opponents average (1600+1900)/2 = 1750, a win: 2150.
	// bob: (1600+1900)/2 = 1750, a loss: 1350.
	// carol (1 game): (1900*1 + (1600+1600)/2 - 400)/2 = 1550.
	want := map[string]float64{"alice": 2150, "bob": 1350, "carol": 1550}
	f.st.View(func(tx *store.Tx) error {
		for who, w := range want {
			if r, _, _ := tx.Rating("nim", who); abs(r.Rating-w) > 1e-9 {
				t.Errorf("%s: %.2f, want %.2f", who, r.Rating, w)
			}
		}
		return nil
	})
}
