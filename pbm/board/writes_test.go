package board

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// TestQueueSubmitConfirm: a queue grows to MaxQueued moves and no
// further, a refused one changes nothing in the store; clearing empties
// it; a submitted move is checked at the player's turn only, kept in
// canonical form, and taken off by Confirm once.
func TestQueueSubmitConfirm(t *testing.T) {
	s := storetest.Open(t)
	g := hexemergo.Game{}
	err := s.Update(func(tx *store.Tx) error {
		b, st, err := New(tx, g, []string{"alice", "bob"}, nil, 1, t0, Days{})
		if err != nil {
			return err
		}
		many := make([]string, MaxQueued)
		for i := range many {
			many[i] = "A1"
		}
		if q, err := Queue(tx, &b, "Bob", many[:3]); err != nil || len(q) != 3 {
			t.Fatalf("queue 3: %v %v", q, err)
		}
		if _, err := Queue(tx, &b, "bob", many); !errors.Is(err, ErrQueueFull) {
			t.Fatalf("queue past the cap: %v", err)
		}
		stored, err := tx.Board(b.Game, b.Number)
		if err != nil {
			return err
		}
		if len(stored.Queued["bob"]) != 3 || len(b.Queued["bob"]) != 3 {
			t.Errorf("a refused queue changed the board: stored %v, in hand %v", stored.Queued, b.Queued)
		}
		if err := ClearQueue(tx, &b, "BOB"); err != nil {
			return err
		}
		if stored, _ = tx.Board(b.Game, b.Number); len(stored.Queued["bob"]) != 0 {
			t.Errorf("queue not cleared: %v", stored.Queued)
		}

		if _, err := Submit(tx, &b, st.Clone(), 1, "A1"); !errors.Is(err, ErrNotYourTurn) {
			t.Errorf("bob submitted out of turn: %v", err)
		}
		if _, err := Submit(tx, &b, st.Clone(), 0, "Z99"); err == nil {
			t.Error("an illegal move was kept")
		}
		mv := st.Legal()[0]
		try := st.Clone()
		canon, err := Submit(tx, &b, try, 0, mv)
		if err != nil {
			return err
		}
		if try.ToMove() == st.ToMove() {
			t.Error("the state does not show the submitted move")
		}
		if stored, _ = tx.Board(b.Game, b.Number); stored.Submitted["alice"] != canon {
			t.Errorf("submitted %v, want alice: %s", stored.Submitted, canon)
		}
		if got, ok := Confirm(&b, "Alice"); !ok || got != canon {
			t.Errorf("confirm: %q %v", got, ok)
		}
		if _, ok := Confirm(&b, "alice"); ok {
			t.Error("a move confirmed twice")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestFollowers: a subscription to every board reaches the running
// boards the user does not play and later boards (AddWatchers); one to
// a board the user plays on, or to no board, is refused; NotifyAll
// toggles, and Notified lists a board's own list and the game's
// followers, never a player.
func TestFollowers(t *testing.T) {
	s := storetest.Open(t)
	g := hexemergo.Game{}
	err := s.Update(func(tx *store.Tx) error {
		for _, id := range []string{"alice", "bob", "carol"} {
			if err := tx.PutUser(store.User{ID: id}); err != nil {
				return err
			}
		}
		ab, _, err := New(tx, g, []string{"alice", "bob"}, nil, 1, t0, Days{})
		if err != nil {
			return err
		}
		if err := tx.PutBoard(ab); err != nil {
			return err
		}
		cb, _, err := New(tx, g, []string{"carol", "bob"}, nil, 2, t0, Days{})
		if err != nil {
			return err
		}
		if err := tx.PutBoard(cb); err != nil {
			return err
		}
		carol, err := tx.User("carol")
		if err != nil {
			return err
		}
		if err := SubscribeAll(tx, &carol, g.Name(), true); err != nil {
			return err
		}
		if ab, _ = tx.Board(g.Name(), ab.Number); !slices.Contains(ab.Subscribers, "carol") {
			t.Errorf("carol does not follow board %d: %v", ab.Number, ab.Subscribers)
		}
		if cb, _ = tx.Board(g.Name(), cb.Number); slices.Contains(cb.Subscribers, "carol") {
			t.Errorf("carol follows her own board: %v", cb.Subscribers)
		}
		if u, _ := tx.User("carol"); !slices.Contains(u.SubscribeAll, g.Name()) {
			t.Errorf("subscription to all not kept: %v", u.SubscribeAll)
		}
		later := store.Board{Game: g.Name(), Number: 9, Players: []string{"alice", "bob"}}
		if err := AddWatchers(tx, &later); err != nil {
			return err
		}
		if !slices.Contains(later.Subscribers, "carol") {
			t.Errorf("a later board is not followed: %v", later.Subscribers)
		}
		if err := Subscribe(tx, g.Name(), cb.Number, "carol", true); !errors.Is(err, ErrYouPlay) {
			t.Errorf("subscribe to own board: %v", err)
		}
		if err := Subscribe(tx, g.Name(), 99, "carol", true); !errors.Is(err, ErrNoBoard) {
			t.Errorf("subscribe to no board: %v", err)
		}
		if err := Subscribe(tx, g.Name(), ab.Number, "carol", false); err != nil {
			return err
		}
		if ab, _ = tx.Board(g.Name(), ab.Number); slices.Contains(ab.Subscribers, "carol") {
			t.Errorf("unsubscribe kept carol: %v", ab.Subscribers)
		}

		if on, err := NotifyAll(tx, &carol, g.Name()); err != nil || !on {
			t.Fatalf("notify all: %v %v", on, err)
		}
		if err := Notify(tx, &ab, "bob"); err != nil {
			return err
		}
		if got := Notified(tx, ab); !slices.Equal(got, []string{"bob", "carol"}) {
			t.Errorf("notified of board %d: %v", ab.Number, got)
		}
		if got := Notified(tx, cb); len(got) != 0 {
			t.Errorf("a player is notified of her own board: %v", got)
		}
		if on, err := NotifyAll(tx, &carol, g.Name()); err != nil || on {
			t.Errorf("notify all again: %v %v", on, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestSaveAndClock: Save keeps the waiting index in step with the
// board (DropWaiting removes only the same entry); Ended resets a
// finished board once; the clock's writes set Due, the warning and the
// reminder; Hold leaves a finished board alone.
func TestSaveAndClock(t *testing.T) {
	s := storetest.Open(t)
	g := hexemergo.Game{}
	err := s.Update(func(tx *store.Tx) error {
		b, _, err := New(tx, g, []string{"alice", "computer:normal"}, nil, 1, t0, Days{})
		if err != nil {
			return err
		}
		w := store.Waiting{Game: b.Game, Number: b.Number, Moves: 0, Player: "computer:normal"}
		if err := Save(tx, b, &w); err != nil {
			return err
		}
		if ws, _ := tx.WaitingBoards(); len(ws) != 1 || ws[0] != w {
			t.Errorf("waiting %v", ws)
		}
		other := w
		other.Moves = 1
		if err := DropWaiting(tx, other); err != nil {
			return err
		}
		if ws, _ := tx.WaitingBoards(); len(ws) != 1 {
			t.Errorf("another entry was dropped: %v", ws)
		}
		if err := DropWaiting(tx, w); err != nil {
			return err
		}
		if ws, _ := tx.WaitingBoards(); len(ws) != 0 {
			t.Errorf("entry not dropped: %v", ws)
		}
		if err := Save(tx, b, &w); err != nil {
			return err
		}
		if err := Save(tx, b, nil); err != nil {
			return err
		}
		if ws, _ := tx.WaitingBoards(); len(ws) != 0 {
			t.Errorf("a board nobody waits on stays waiting: %v", ws)
		}

		due := t0.Add(48 * time.Hour)
		if err := Reschedule(tx, &b, due); err != nil {
			return err
		}
		if err := Nagged(tx, &b, t0, func(x store.Board) time.Time {
			if !x.LastNag.Equal(t0) {
				t.Error("the next look is counted before the reminder")
			}
			return due.Add(time.Hour)
		}); err != nil {
			return err
		}
		if err := Warned(tx, &b, func(store.Board) time.Time { return due.Add(2 * time.Hour) }); err != nil {
			return err
		}
		got, err := tx.Board(b.Game, b.Number)
		if err != nil {
			return err
		}
		if !got.Due.Equal(due.Add(2*time.Hour)) || !got.LastNag.Equal(t0) || got.Warned != 1 {
			t.Errorf("clock writes: due %v, nag %v, warned %d", got.Due, got.LastNag, got.Warned)
		}
		if err := Hold(tx, b.Game, b.Number, due.Add(72*time.Hour)); err != nil {
			return err
		}
		if got, _ = tx.Board(b.Game, b.Number); !got.Due.Equal(due.Add(72 * time.Hour)) {
			t.Errorf("hold: due %v", got.Due)
		}

		b.Over = true
		b.Vote = &store.Vote{Kind: "draw"}
		b.Queued = map[string][]string{"alice": {"A1"}}
		if !Ended(&b) || !b.Rated || b.Vote != nil || b.Queued != nil {
			t.Errorf("ended: %+v", b)
		}
		if Ended(&b) {
			t.Error("a board ended twice")
		}
		if err := tx.PutBoard(b); err != nil {
			return err
		}
		if err := Hold(tx, b.Game, b.Number, t0); err != nil {
			return err
		}
		if got, _ = tx.Board(b.Game, b.Number); got.Due.Equal(t0) {
			t.Error("a finished board was held")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestForfeitWrites: a day of automatic vacation is spent and written
// only while the year has one; a second forfeit within SerialWindow
// marks the board, not the account; SaveTrees removes the trees of a
// finished game.
func TestForfeitWrites(t *testing.T) {
	s := storetest.Open(t)
	err := s.Update(func(tx *store.Tx) error {
		u := store.User{ID: "alice", AutoVacation: true}
		left, ok, err := SpendVacationDay(tx, &u, t0, 1)
		if err != nil || !ok || left != 0 {
			t.Fatalf("spend: %d %v %v", left, ok, err)
		}
		if got, _ := tx.User("alice"); len(got.Vacations) != 1 {
			t.Errorf("the day is not written: %v", got.Vacations)
		}
		if _, ok, _ := SpendVacationDay(tx, &u, t0.Add(time.Hour), 1); ok {
			t.Error("a day spent past the year's allowance")
		}

		b := store.Board{Game: "hexemergo", Number: 1, Players: []string{"alice", "bob"},
			Log: []store.Entry{{Seat: 0, Move: "A1"}, {Seat: 1, Move: "B1"}}}
		if err := SerialForfeit(tx, &b, &u, t0); err != nil {
			return err
		}
		if got, _ := tx.User("alice"); !got.LastTimeout.Equal(t0) || b.SerialTimeout {
			t.Errorf("first forfeit: last %v, serial %v", got.LastTimeout, b.SerialTimeout)
		}
		if err := SerialForfeit(tx, &b, &u, t0.Add(time.Hour)); err != nil {
			return err
		}
		if got, _ := tx.User("alice"); !got.LastTimeout.Equal(t0) || !b.SerialTimeout {
			t.Errorf("second forfeit: last %v, serial %v", got.LastTimeout, b.SerialTimeout)
		}
		if err := SerialForfeit(tx, &b, nil, t0); err != nil {
			t.Errorf("no account: %v", err)
		}

		x := NewConditional(b, "bob")
		x.Tree = []store.CondNode{{Move: "A2"}}
		if err := SaveConditional(tx, x); err != nil {
			return err
		}
		if xs, _ := tx.Conditionals(b.Game, b.Number); len(xs) != 1 {
			t.Fatalf("tree not kept: %v", xs)
		}
		if err := SaveTrees(tx, []store.Conditional{x}, true); err != nil {
			return err
		}
		if xs, _ := tx.Conditionals(b.Game, b.Number); len(xs) != 0 {
			t.Errorf("trees kept after the end: %v", xs)
		}
		if err := SaveConditional(tx, x); err != nil {
			return err
		}
		if err := ClearConditional(tx, b.Game, b.Number, "bob"); err != nil {
			return err
		}
		if xs, _ := tx.Conditionals(b.Game, b.Number); len(xs) != 0 {
			t.Errorf("tree not cleared: %v", xs)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
