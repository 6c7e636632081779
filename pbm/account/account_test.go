package account

import (
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/pbmgo/pbm/store"
)

// TestWrongLocks: GuessAllowed wrong passwords within the window lock
// the account for FirstLock, twice as long at each lock that follows
// up to MaxLock; a quiet day starts afresh, keeping when the owner was
// last told.
func TestWrongLocks(t *testing.T) {
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	var g store.Guesses
	for i := 1; i < GuessAllowed; i++ {
		var locked bool
		if g, locked = Wrong(g, now.Add(time.Duration(i)*time.Second)); locked || g.Count != i {
			t.Fatalf("guess %d: locked %v, count %d", i, locked, g.Count)
		}
	}
	g, locked := Wrong(g, now.Add(time.Minute))
	if !locked || !g.Until.Equal(now.Add(time.Minute+FirstLock)) || g.Locks != 1 {
		t.Fatalf("guess %d: locked %v until %v (locks %d)", GuessAllowed, locked, g.Until, g.Locks)
	}
	at := g.Until
	for i := 0; i < GuessAllowed; i++ {
		g, locked = Wrong(g, at)
	}
	if !locked || g.Locks != 2 || !g.Until.Equal(at.Add(2*FirstLock)) {
		t.Errorf("second lock: %v until %v, locks %d", locked, g.Until, g.Locks)
	}
	g.Locks = 20
	g.Told = now
	for i := 0; i < GuessAllowed; i++ {
		g, locked = Wrong(g, at)
	}
	if !g.Until.Equal(at.Add(MaxLock)) {
		t.Errorf("lock past the cap: until %v, want %v", g.Until, at.Add(MaxLock))
	}
	later := GuessesAt(g, g.Last.Add(day))
	if later.Count != 0 || later.Locks != 0 || !later.Told.Equal(now) {
		t.Errorf("after a quiet day: %+v", later)
	}
	// Guesses spread wider than the window never lock.
	var h store.Guesses
	for i := 0; i < 3*GuessAllowed; i++ {
		if h, locked = Wrong(h, now.Add(time.Duration(i)*GuessWindow/time.Duration(GuessAllowed-1))); locked {
			t.Fatalf("guess %d, %v apart, locked", i, GuessWindow/time.Duration(GuessAllowed-1))
		}
	}
}

func TestRateAt(t *testing.T) {
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	r := store.Rate{Start: now, Count: 7}
	if got := RateAt(r, now.Add(RateWindow-time.Second)); got.Count != 7 {
		t.Errorf("within the window: %+v", got)
	}
	if got := RateAt(r, now.Add(RateWindow)); got.Count != 0 || !got.Start.Equal(now.Add(RateWindow)) {
		t.Errorf("after the window: %+v", got)
	}
	if got := RateAt(r, now.Add(-time.Second)); got.Count != 0 {
		t.Errorf("a clock turned back: %+v", got)
	}
}

func TestLimits(t *testing.T) {
	var u store.User
	if LimitText(u, "nim") != "no limit" {
		t.Error(LimitText(u, "nim"))
	}
	SetLimit(&u, "NIM", 3)
	if n, ok := LimitOf(u, "nim"); !ok || n != 3 || LimitText(u, "Nim") != "at most 3 running boards" {
		t.Errorf("limit 3: %d %v %q", n, ok, LimitText(u, "Nim"))
	}
	SetLimit(&u, "nim", 0)
	if LimitText(u, "nim") != "every challenge rejected" {
		t.Error(LimitText(u, "nim"))
	}
	SetLimit(&u, "nim", -1)
	if _, ok := LimitOf(u, "nim"); ok || u.Limits != nil {
		t.Errorf("limit removed: %v", u.Limits)
	}
}

func TestTokensAndPending(t *testing.T) {
	key := []byte("k")
	p := store.PendingAddress{Address: "A@x.test", Since: time.Unix(5, 0)}
	if ConfirmToken(key, "alice", p) != ConfirmToken(key, "ALICE", store.PendingAddress{Address: "a@x.test", Since: time.Unix(5, 0)}) {
		t.Error("the token depends on case")
	}
	if ConfirmToken(key, "alice", p) == ConfirmToken(key, "bob", p) || ConfirmToken(key, "alice", p) == ConfirmToken([]byte("j"), "alice", p) {
		t.Error("the token does not depend on the userid or the key")
	}
	list := []store.PendingAddress{{Address: "a@x.test"}, {Address: "b@x.test"}}
	if PendingIndex(list, "B@x.test") != 1 || PendingIndex(list, "c@x.test") != -1 {
		t.Error("PendingIndex")
	}
	if got := DropPending(list, "a@x.test"); len(got) != 1 || got[0].Address != "b@x.test" {
		t.Errorf("DropPending: %v", got)
	}
	h, err := Hash("pw", bcrypt.MinCost)
	if err != nil || bcrypt.CompareHashAndPassword(h, []byte("pw")) != nil {
		t.Errorf("Hash: %v", err)
	}
}
