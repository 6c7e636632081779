package guard

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func message(t *testing.T, id, date string) *mail.Message {
	t.Helper()
	raw := "From: alice@players.test\r\nTo: pbm@games.test\r\nSubject: list\r\nMessage-ID: <" + id + ">\r\n"
	if date != "" {
		raw += "Date: " + date + "\r\n"
	}
	m, err := mail.Parse([]byte(raw + "\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// restart is a new process reading the mark the one before left.
func restart(path string) *Mark {
	m := NewMark(path, quiet())
	m.Load()
	return m
}

// TestMarkChargesTheMailAloneInHand: a death with one mail in hand is
// charged to it (a hang weighs HangWeight), a death with a batch in
// hand charges nobody and makes every mail of it a suspect, and a
// mail that finishes ends its count and suspicion and leaves no file.
func TestMarkChargesTheMailAloneInHand(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pbm.db.handling")
	m := restart(path)
	m.Hold([]string{"a"}, 0)
	m = restart(path)
	if n := m.Deaths("a"); n != 1 {
		t.Errorf("deaths of a after one death: %d", n)
	}
	tok, tries := m.Hold([]string{"a"}, 0)
	if tries != 2 {
		t.Errorf("tries of a's next attempt: %d, want 2", tries)
	}
	m.Hung(tok)
	m = restart(path)
	if n := m.Deaths("a"); n != 1+HangWeight {
		t.Errorf("deaths of a after a hang: %d, want %d", n, 1+HangWeight)
	}
	m.Hold([]string{"b", "c"}, 0)
	m = restart(path)
	if m.Deaths("b") != 0 || m.Deaths("c") != 0 {
		t.Errorf("a batch's death charged: b %d, c %d", m.Deaths("b"), m.Deaths("c"))
	}
	if !m.Marked([]string{"c"}) || m.Marked([]string{"d"}) {
		t.Errorf("suspects: c %v, d %v", m.Marked([]string{"c"}), m.Marked([]string{"d"}))
	}
	// Starts with nothing in hand charge nobody again.
	for range 3 {
		m = restart(path)
	}
	if n := m.Deaths("a"); n != 1+HangWeight {
		t.Errorf("deaths of a after empty starts: %d", n)
	}
	for _, id := range []string{"a", "b", "c"} {
		tok, _ := m.Hold([]string{id}, 0)
		m.Release(tok, true)
	}
	if m.Marked([]string{"a", "b", "c"}) {
		t.Error("marked after every mail finished")
	}
	if b, err := os.ReadFile(path); err == nil {
		t.Errorf("the mark is left: %s", b)
	}
}

// TestMarkUnreadableDropped: a mark that is not JSON is dropped, and
// the mark works on.
func TestMarkUnreadableDropped(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mark")
	if err := os.WriteFile(path, []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	m := restart(path)
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the unreadable mark is kept: %v", err)
	}
	m.Hold([]string{"x"}, 0)
	if m = restart(path); m.Deaths("x") != 1 {
		t.Errorf("deaths of x: %d", m.Deaths("x"))
	}
}

// TestPoisoned: a mail is set aside past MaxDeaths deaths, not at it.
func TestPoisoned(t *testing.T) {
	if err := Poisoned(MaxDeaths + 1); err != nil {
		t.Errorf("at %d deaths: %v", MaxDeaths, err)
	}
	err := Poisoned(MaxDeaths + 2)
	var pe *PoisonError
	if !errors.As(err, &pe) || pe.Deaths != MaxDeaths+1 || !strings.Contains(err.Error(), "count 11") {
		t.Errorf("past %d deaths: %v", MaxDeaths, err)
	}
}

// TestGuardBoundAndHang: the context Guard returns ends at the bound;
// past HangFactor times it, onHang is called and the mark notes the
// hang, which weighs HangWeight at the next start.
func TestGuardBoundAndHang(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mark")
	m := restart(path)
	hung := make(chan string, 1)
	ctx, tries, release := m.Guard(context.Background(), []string{"slow"}, 0, 20*time.Millisecond, func(id string) { hung <- id })
	if tries != 1 {
		t.Errorf("tries %d", tries)
	}
	select {
	case <-ctx.Done():
	case <-time.After(time.Minute):
		t.Fatal("the mail's context did not end at its bound")
	}
	if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
		t.Errorf("context: %v", ctx.Err())
	}
	select {
	case id := <-hung:
		if id != "slow" {
			t.Errorf("onHang got %q", id)
		}
	case <-time.After(time.Minute):
		t.Fatal("no hang reported")
	}
	_ = release // the daemon exits here, leaving the mail in hand
	if m = restart(path); m.Deaths("slow") != HangWeight {
		t.Errorf("deaths after a hang: %d", m.Deaths("slow"))
	}
	// Released in time: no report, no charge.
	_, _, release = m.Guard(context.Background(), []string{"quick"}, 0, time.Hour, func(id string) { hung <- id })
	release(true)
	if m = restart(path); m.Deaths("quick") != 0 {
		t.Errorf("a released mail charged: %d", m.Deaths("quick"))
	}
}

// TestSetAsideCountsFailures: a mail set aside twice is one record
// that keeps the mail it first held and counts two failures.
func TestSetAsideCountsFailures(t *testing.T) {
	st := storetest.Open(t)
	m := message(t, "m1@client.test", "")
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	var first, second store.SetAside
	err := st.Update(func(tx *store.Tx) (err error) {
		if first, err = SetAside(tx, store.SetAside{MessageID: m.ID, Key: m.Key, From: m.From, Subject: "list", Raw: []byte("one"), Reason: "panic", At: now, Start: 1}); err != nil {
			return err
		}
		second, err = SetAside(tx, store.SetAside{MessageID: m.ID, Key: m.Key, From: m.From, Subject: "other", Raw: []byte("two"), Reason: "slow", Deaths: 3, At: now.Add(time.Hour), Start: 2})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if second.Seq != first.Seq || second.Failures != 2 || string(second.Raw) != "one" || second.Subject != "list" ||
		second.Reason != "slow" || second.Deaths != 3 || second.Start != 2 || !second.At.Equal(now.Add(time.Hour)) {
		t.Errorf("first %+v, second %+v", first, second)
	}
	st.View(func(tx *store.Tx) error {
		if recs, err := tx.SetAsideMails(); err != nil || len(recs) != 1 {
			t.Errorf("set-aside mails: %d, %v", len(recs), err)
		}
		return nil
	})
}

// TestStartReplaysOnceAndRecordsDeaths: Start counts the starts, lists
// a mail set aside at an earlier start once it is not replayed yet,
// and records the death of a replay on its record.
func TestStartReplaysOnceAndRecordsDeaths(t *testing.T) {
	st := storetest.Open(t)
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	start := func(died []Count) Started {
		t.Helper()
		var s Started
		if err := st.Update(func(tx *store.Tx) (err error) { s, err = Start(tx, died, now); return err }); err != nil {
			t.Fatal(err)
		}
		return s
	}
	if s := start(nil); s.N != 1 || len(s.Due) != 0 {
		t.Errorf("first start: %+v", s)
	}
	m := message(t, "m2@client.test", "")
	var rec store.SetAside
	if err := st.Update(func(tx *store.Tx) (err error) {
		rec, err = SetAside(tx, store.SetAside{MessageID: m.ID, Key: m.Key, Reason: "panic", At: now, Start: 1})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	s := start(nil)
	if s.N != 2 || len(s.Due) != 1 || s.Due[0] != rec.Seq {
		t.Fatalf("second start: %+v", s)
	}
	if err := st.Update(func(tx *store.Tx) error { _, err := TakeForReplay(tx, rec.Seq, true); return err }); err != nil {
		t.Fatal(err)
	}
	if s := start(nil); len(s.Due) != 0 {
		t.Errorf("due again after its replay: %+v", s)
	}
	s = start([]Count{{Seq: rec.Seq, N: HangWeight}, {Seq: 999, N: 1}})
	if len(s.Again) != 1 || s.Again[0].Deaths != HangWeight || s.Again[0].Failures != 2 || !s.Again[0].Retried || s.Again[0].Start != s.N {
		t.Errorf("the replay's death: %+v", s.Again)
	}
	if len(s.Recorded) != 2 {
		t.Errorf("recorded %v, want both deaths (a removed record too)", s.Recorded)
	}
	if err := st.Update(func(tx *store.Tx) error { return Replayed(tx, rec.Seq) }); err != nil {
		t.Fatal(err)
	}
	st.View(func(tx *store.Tx) error {
		if _, err := tx.SetAsideMail(rec.Seq); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("replayed mail still set aside: %v", err)
		}
		return nil
	})
}

// TestDoneSeenExpired: a mail recorded as done is seen, a reopened one
// is not, and the record expires once past its window.
func TestDoneSeenExpired(t *testing.T) {
	st := storetest.Open(t)
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	m := message(t, "m3@client.test", now.Format(time.RFC1123Z))
	seen := func() bool {
		t.Helper()
		var done bool
		if err := st.View(func(tx *store.Tx) (err error) { done, err = Seen(tx, m); return err }); err != nil {
			t.Fatal(err)
		}
		return done
	}
	if seen() {
		t.Fatal("seen before it was handled")
	}
	if err := st.Update(func(tx *store.Tx) error { return Done(tx, m, m.Key, now, "1 commands") }); err != nil {
		t.Fatal(err)
	}
	if !seen() {
		t.Fatal("not seen after it was handled")
	}
	if err := st.Update(func(tx *store.Tx) error { return Reopen(tx, store.SetAside{Key: m.Key}) }); err != nil {
		t.Fatal(err)
	}
	if seen() {
		t.Fatal("seen after it was reopened")
	}
	st.Update(func(tx *store.Tx) error { return Done(tx, m, m.Key, now, "1 commands") })
	window := 24 * time.Hour
	if err := st.Update(func(tx *store.Tx) error { return Expire(tx, now.Add(window-time.Minute), window, time.Hour) }); err != nil {
		t.Fatal(err)
	}
	if !seen() {
		t.Fatal("expired inside its window")
	}
	if err := st.Update(func(tx *store.Tx) error { return Expire(tx, now.Add(window+time.Minute), window, time.Hour) }); err != nil {
		t.Fatal(err)
	}
	if seen() {
		t.Fatal("kept past its window")
	}
	// A mail without a date is kept for good.
	if !KeepFrom(message(t, "m4@client.test", ""), now).IsZero() {
		t.Error("an undated mail's record has a window")
	}
}

// TestUnfit: a stale mail, one dated too far ahead and an unread one
// are refused; one dated now is not.
func TestUnfit(t *testing.T) {
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	window := 30 * 24 * time.Hour
	for _, c := range []struct {
		date string
		want string
	}{
		{now.Format(time.RFC1123Z), ""},
		{now.Add(-window - time.Hour).Format(time.RFC1123Z), "GuardStale"},
		{now.Add(MaxSkew + time.Hour).Format(time.RFC1123Z), "GuardAhead"},
	} {
		why := Unfit(message(t, "u@client.test", c.date), now, window)
		switch {
		case c.want == "" && len(why) != 0:
			t.Errorf("%s: refused: %+v", c.date, why)
		case c.want != "" && (len(why) != 1 || why[0].ID != c.want):
			t.Errorf("%s: %+v, want %s", c.date, why, c.want)
		}
	}
	un := &mail.Message{Unread: strings.Repeat("bad header ", 50)}
	if why := Unfit(un, now, window); len(why) != 1 || why[0].ID != "GuardUnread" {
		t.Errorf("unread: %+v", why)
	}
}

// TestGiveUpIsDoneAndSetAside: a mail given up on is a duplicate from
// then on, and kept whole among the set-aside mails.
func TestGiveUpIsDoneAndSetAside(t *testing.T) {
	st := storetest.Open(t)
	m := message(t, "m5@client.test", "")
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	var rec store.SetAside
	if err := st.Update(func(tx *store.Tx) (err error) {
		rec, err = GiveUp(tx, m, store.SetAside{MessageID: m.ID, Key: m.Key, Raw: []byte("whole"), Reason: "panic: x", At: now, Start: 3})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	st.View(func(tx *store.Tx) error {
		p, done, err := tx.Processed(m.Key)
		if err != nil || !done || p.Outcome != "internal error" {
			t.Errorf("processed %+v %v %v", p, done, err)
		}
		got, err := tx.SetAsideMail(rec.Seq)
		if err != nil || string(got.Raw) != "whole" || got.Reason != "panic: x" || got.Failures != 1 || got.Start != 3 {
			t.Errorf("set aside %+v %v", got, err)
		}
		return nil
	})
}
