package pbm

import (
	"testing"
	"time"

	"github.com/pbmgo/pbm/store"
)

// TestClockReadsOnlyDueBoards: every commit sets when the clock must
// next look at the board (the nag of the player to move, then each
// day, the forfeit, the end of a vacation), and Tick reads only the
// boards that are due: a board not due whose log no longer replays
// does not break the clock, and a board looked at early is set later.
func TestClockReadsOnlyDueBoards(t *testing.T) {
	f := newFixture(t)
	f.game("--nag=2 --forfeit=5")
	start := f.clock
	if due := f.board(101).Due; !due.Equal(start.Add(2 * day)) {
		t.Errorf("a new board is due at %v, want the nag day %v", due, start.Add(2*day))
	}
	f.clock = f.clock.Add(time.Hour)
	f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	if due := f.board(101).Due; !due.Equal(f.clock.Add(2 * day)) {
		t.Errorf("after a move due at %v, want %v", due, f.clock.Add(2*day))
	}
	moved := f.clock

	// A second board, not due for days, whose log no longer replays:
	// a tick that read every board would fail on it.
	f.send("bob@players.test", "nim challenge bob pw-bob bob alice", "")
	f.st.Update(func(tx *store.Tx) error {
		b, _ := tx.Board("nim", 102)
		b.Log = append(b.Log, store.Entry{Seat: 0, Move: "take9"})
		return tx.PutBoard(b)
	})
	if n := len(f.tick()); n != 0 {
		t.Fatalf("%d mails before anything is due", n)
	}

	// Two days after bob's turn began: the nag, and the next look a
	// day later.
	f.clock = moved.Add(2 * day)
	f.st.Update(func(tx *store.Tx) error { // board 102 out of the way
		b, _ := tx.Board("nim", 102)
		b.Due = f.clock.Add(30 * day)
		return tx.PutBoard(b)
	})
	if n := len(f.tick()); n != 2 {
		t.Fatalf("nag day: %d mails, want the nag and the note", n)
	}
	if b := f.board(101); !b.Due.Equal(f.clock.Add(day)) || !b.LastNag.Equal(f.clock) {
		t.Errorf("after the nag due at %v (last nag %v), want %v", b.Due, b.LastNag, f.clock.Add(day))
	}
	// bob goes away; at the next look the clock finds him away and
	// waits for the end of his vacation.
	f.send("bob@players.test", "vacation bob pw-bob 2026-12-04 2026-12-20", "")
	f.clock = f.clock.Add(day)
	if n := len(f.tick()); n != 0 {
		t.Fatalf("on vacation: %d mails", n)
	}
	if due, want := f.board(101).Due, time.Date(2026, 12, 21, 0, 0, 0, 0, time.UTC); !due.Equal(want) {
		t.Errorf("on vacation due at %v, want its end %v", due, want)
	}
	// Five days after the vacation bob, who never moved, declines.
	f.clock = time.Date(2026, 12, 25, 23, 0, 0, 0, time.UTC)
	f.tick()
	if f.board(101).Over {
		t.Fatal("declined before the limit")
	}
	f.clock = time.Date(2026, 12, 26, 0, 0, 0, 0, time.UTC)
	f.tick()
	if b := f.board(101); !b.Over || b.Log[len(b.Log)-1].Kind != "decline" || !b.Due.IsZero() {
		t.Errorf("not declined five days after the vacation: %+v", b)
	}
}
