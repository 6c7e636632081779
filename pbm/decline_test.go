package pbm

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/drawing"
	"github.com/pbmgo/pbm/store"
)

func (f *fixture) rating(id string) (store.Rating, bool) {
	f.t.Helper()
	var r store.Rating
	var found bool
	f.st.View(func(tx *store.Tx) error {
		var err error
		r, found, err = tx.Rating("nim", id)
		return err
	})
	return r, found
}

// A player who resigns before every seat has moved declines: the
// two-player board is removed, nobody is rated, both are told.
func TestResignBeforeMovingDeclines(t *testing.T) {
	f := newFixture(t)
	f.game("")
	mails := f.send("bob@players.test", "nim resign 101 bob pw-bob", "Not now, thanks.")
	r := f.answer(mails, "bob@players.test")
	if !strings.Contains(r.Text, "OK: bob declined the challenge of Nim board 101; it is not rated.") {
		t.Errorf("reply: %s", r.Text)
	}
	for _, m := range mails {
		if m.To == "alice@players.test" {
			if m.Subject != "Nim Board 101 removed **" || !strings.Contains(m.Text, "bob declines the challenge. Nim board 101 has been removed") ||
				!strings.Contains(m.Text, "The challenge was declined by bob: the board is removed, unrated.") ||
				!strings.Contains(m.Text, "This game was not rated: bob declined the challenge.") || !strings.Contains(m.Text, "Not now, thanks.") {
				t.Errorf("alice's mail %q:\n%s", m.Subject, m.Text)
			}
		}
	}
	b := f.board(101)
	if !b.Over || b.Log[0].Kind != "decline" || b.Outcome != "The challenge was declined by bob: the board is removed, unrated." {
		t.Fatalf("board: %+v", b)
	}
	for _, id := range []string{"alice", "bob"} {
		if r, found := f.rating(id); found {
			t.Errorf("%s rated after a decline: %+v", id, r)
		}
	}
	if r := f.only(f.send("bob@players.test", "nim history", ""), "bob@players.test"); strings.Contains(r.Text, "101") {
		t.Errorf("a removed board in the history:\n%s", r.Text)
	}
	if r := f.only(f.send("alice@players.test", "nim move 101 alice pw-alice take1", ""), "alice@players.test"); !strings.Contains(r.Text, "has ended") {
		t.Errorf("move on a removed board: %s", r.Text)
	}
	// No clock runs on it.
	f.clock = f.clock.Add(60 * 24 * time.Hour)
	if n := len(f.tick()); n != 0 {
		t.Errorf("a removed board ticks: %d mails", n)
	}
	// Its record replays to the same end.
	text, err := replayRecord(f.s.cfg.Games, []byte(board.Record(f.board(101))))
	if err != nil || !strings.Contains(text, "declined by bob") {
		t.Errorf("record: %v\n%s", err, text)
	}

	// The challenger too declines when he leaves before the other has
	// moved, though he moved himself.
	f.send("alice@players.test", "nim challenge alice pw-alice alice bob", "")
	f.send("alice@players.test", "nim move 102 alice pw-alice take1", "")
	f.send("alice@players.test", "nim resign 102 alice pw-alice", "")
	if b := f.board(102); !b.Over || b.Log[1].Kind != "decline" {
		t.Errorf("challenger leaving: %+v", b)
	}
	// Once both have moved, resigning is a rated loss.
	f.send("alice@players.test", "nim challenge alice pw-alice alice bob", "")
	f.send("alice@players.test", "nim move 103 alice pw-alice take1", "")
	f.send("bob@players.test", "nim move 103 bob pw-bob take1", "")
	mails = f.send("bob@players.test", "nim resign 103 bob pw-bob", "")
	if b := f.board(103); b.Outcome != "Game won by alice (the others resigned)." {
		t.Errorf("resign after moving: %+v", b)
	}
	if r, _ := f.rating("bob"); r.Lost != 1 || r.Games != 1 {
		t.Errorf("bob's rating: %+v", r)
	}
	if m := f.only(mails, "alice@players.test"); !strings.Contains(m.Text, "alice's rating went up from 1600 to 2000 (provisional).") ||
		!strings.Contains(m.Text, "bob's rating went down from 1600 to 1200 (provisional).") {
		t.Errorf("final mail lacks the rating changes:\n%s", m.Text)
	}
}

// With more seats the game goes on without the one who declined, who
// is left out of the ratings; the last decline removes the board.
func TestDeclineInMultiPlayerGame(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	f.signup("bob")
	f.signup("carol")
	f.send("alice@players.test", "nim challenge alice pw-alice alice bob carol -stones=3", "")
	f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	mails := f.send("bob@players.test", "nim resign 101 bob pw-bob", "")
	if m := f.only(mails, "carol@players.test"); !strings.Contains(m.Text, "The game goes on without bob, who is not rated for it.") || !strings.Contains(m.Text, "It is carol's turn.") {
		t.Errorf("carol's mail:\n%s", m.Text)
	}
	if b := f.board(101); b.Over {
		t.Fatalf("the board ended: %+v", b)
	}
	f.send("carol@players.test", "nim move 101 carol pw-carol take2", "")
	if b := f.board(101); b.Outcome != "Game won by carol (took the last stone)." {
		t.Fatalf("board: %+v", b)
	}
	if _, found := f.rating("bob"); found {
		t.Error("bob is rated")
	}
	if a, _ := f.rating("alice"); a.Lost != 1 || a.Rating != 1200 {
		t.Errorf("alice: %+v", a)
	}

	f.send("alice@players.test", "nim challenge alice pw-alice alice bob carol", "")
	f.send("bob@players.test", "nim resign 102 bob pw-bob", "")
	mails = f.send("carol@players.test", "nim resign 102 carol pw-carol", "")
	b := f.board(102)
	if !b.Over || b.Outcome != "The challenge was declined by carol: the board is removed, unrated." {
		t.Fatalf("board after two declines: %+v", b)
	}
	if m := f.only(mails, "alice@players.test"); m.Subject != "Nim Board 102 removed" {
		t.Errorf("subject %q", m.Subject)
	}
}

// A challenge left unanswered past the forfeit limit lapses: the
// board is removed, nobody loses.
func TestUnansweredChallengeLapses(t *testing.T) {
	f := newFixture(t)
	f.game("--nag=2 --forfeit=5")
	f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	f.clock = f.clock.Add(2 * 24 * time.Hour)
	nag := f.only(f.tick(), "bob@players.test")
	if !strings.Contains(nag.Text, "If you do not move within 3 days you decline the challenge and the board is removed.") {
		t.Errorf("nag:\n%s", nag.Text)
	}
	f.clock = f.clock.Add(3 * 24 * time.Hour)
	mails := f.tick()
	b := f.board(101)
	if !b.Over || b.Log[len(b.Log)-1].Kind != "decline" {
		t.Fatalf("board: %+v", b)
	}
	if m := f.only(mails, "alice@players.test"); !strings.Contains(m.Text, "bob did not take up the challenge within 5 days.") {
		t.Errorf("alice's mail:\n%s", m.Text)
	}
	if _, found := f.rating("bob"); found {
		t.Error("bob is rated")
	}
}

// A declined challenge of a game with pictures: the mail, its text
// board and its picture all say that bob declined and the board is
// removed, none that anybody won; the stored board says so too.
func TestDeclinedBoardSaysSoEverywhere(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.Games = engine.NewRegistry(hexemergo.Game{})
	for _, u := range []string{"alice", "bob"} {
		f.signup(u)
	}
	f.send("alice@players.test", "hexemergo challenge alice pw-alice alice bob", "")
	f.send("bob@players.test", "hexemergo resign 101 bob pw-bob", "")
	want := "The challenge was declined by bob: the board is removed, unrated."
	var b store.Board
	if err := f.st.View(func(tx *store.Tx) (err error) { b, err = tx.Board("hexemergo", 101); return }); err != nil {
		t.Fatal(err)
	}
	by, ok := board.Declined(b)
	if !ok || by != "bob" || b.Outcome != want {
		t.Fatalf("Declined = %q, %v; outcome %q", by, ok, b.Outcome)
	}
	_, st, err := f.s.boards.Replay(b, -1)
	if err != nil {
		t.Fatal(err)
	}
	if text := board.TextBoard(b, st); !strings.Contains(text, want) || strings.Contains(text, "wins") || strings.Contains(text, "resigned") {
		t.Errorf("the text board of the stored board says:\n%s", text)
	}
	p, _ := BoardPicture(b, st)
	if p.Status != want || p.ToMove != -1 {
		t.Errorf("picture status %q, to move %d", p.Status, p.ToMove)
	}
	var png bytes.Buffer
	if err := drawing.PNG(&png, p); err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, raw := range f.outbox() {
		m := decode(t, raw)
		if m.Subject != "HexEmergo Board 101 removed" {
			continue
		}
		seen++
		if !strings.Contains(m.Text, "bob declines the challenge") || !strings.Contains(m.Text, want) {
			t.Errorf("%s's mail:\n%s", m.To, m.Text)
		}
		for _, bad := range []string{"wins", "resigned", "Game over"} {
			if strings.Contains(m.Text, bad) {
				t.Errorf("%s's mail says %q:\n%s", m.To, bad, m.Text)
			}
		}
		if got := pngOf(t, raw.Raw); !bytes.Equal(got, png.Bytes()) {
			t.Errorf("%s's picture (%d bytes) is not the one captioned %q (%d bytes)", m.To, len(got), want, png.Len())
		}
	}
	if seen != 2 {
		t.Errorf("%d board mails, want 2", seen)
	}
}
