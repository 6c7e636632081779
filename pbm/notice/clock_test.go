package notice

import (
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/engine/enginetest"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// TestClockNotices: the warning, the reminders and the automatic
// vacation are to the right players, in the board's thread, with the
// deadline in the reader's zone and the command that moves next.
func TestClockNotices(t *testing.T) {
	g := enginetest.Nim{}
	st, err := g.New(3, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	b := store.Board{Game: "nim", Number: 7, Players: []string{"alice", "bob", "carol"}, ThreadID: "<t@games.test>",
		Log: []store.Entry{{Seat: 0, Move: "take1", At: at}, {Seat: 1, Move: "take2", At: at}}}
	en := printer(t, "en")
	budapest, err := time.LoadLocation("Europe/Budapest")
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	w := Warning(b, g, st, "carol", deadline, budapest)
	body := en.Join(w.Body)
	if w.User != "carol" || w.Board == nil || w.Board.Number != 7 {
		t.Errorf("warning to %q on %v", w.User, w.Board)
	}
	if !strings.Contains(body, en.Stamp(deadline.In(budapest))) || strings.Contains(body, en.Stamp(deadline)) {
		t.Errorf("the warning's deadline is not in the reader's zone:\n%s", body)
	}
	if !strings.HasSuffix(body, "nim move 7 carol <password> <move>#3") || !strings.Contains(en.Render(w.Subject), "Board 7") {
		t.Errorf("warning %q:\n%s", en.Render(w.Subject), body)
	}

	ns := Nag(b, g, st, "Carol", 5, 2, false)
	if len(ns) != 3 || ns[0].User != "Carol" || ns[1].User != "alice" || ns[2].User != "bob" {
		t.Fatalf("reminders to %+v", ns)
	}
	late := en.Join(ns[0].Body)
	if !strings.Contains(late, "5 days") || !strings.HasSuffix(late, "nim move 7 Carol <password> <move>#3") {
		t.Errorf("reminder to the late player:\n%s", late)
	}
	if lapse := en.Join(Nag(b, g, st, "carol", 5, 2, true)[0].Body); lapse == late {
		t.Errorf("a lapse reads as a forfeit:\n%s", lapse)
	}
	if other := en.Join(ns[1].Body); !strings.Contains(other, "Carol") || strings.Contains(other, "<password>") {
		t.Errorf("the others' notice:\n%s", other)
	}

	until := time.Date(2026, 3, 3, 23, 30, 0, 0, time.UTC)
	a := AutoVacation(b, g, "bob", until, budapest, 4)
	if text := en.Join(a.Body); a.User != "bob" || a.Board == nil || !strings.Contains(text, "4 days") || !strings.Contains(text, "board 7") {
		t.Errorf("automatic vacation to %q:\n%s", a.User, text)
	}
	if en.Join(a.Body) == en.Join(AutoVacation(b, g, "bob", until, time.UTC, 4).Body) {
		t.Error("the day's end is not written in the reader's zone")
	}
}

// TestDigestNotice: the digest lists the boards in the order given,
// each with its opponents, its last move and the command to move; it
// is written in the reader's language.
func TestDigestNotice(t *testing.T) {
	g := enginetest.Nim{}
	u := store.User{ID: "alice"}
	one := store.Board{Game: "nim", Number: 3, Players: []string{"alice", "bob"}}
	two := store.Board{Game: "nim", Number: 1, Players: []string{"carol", "alice"}, Log: []store.Entry{{Seat: 0, Move: "take3", At: at}}}
	waiting := []board.Waiting{
		{Listed: board.Listed{Board: one, Game: g}, Deadline: at.Add(5 * time.Hour), Opponents: []string{"bob"}},
		{Listed: board.Listed{Board: two, Game: g}, Seat: 1, Deadline: at.Add(50 * time.Hour), Opponents: []string{"carol"}, Last: &two.Log[0]},
	}
	n := Digest(u, waiting, time.UTC, at)
	en := printer(t, "en")
	text := en.Join(n.Body)
	first, second := strings.Index(text, "nim move 3 alice"), strings.Index(text, "nim move 1 alice <password> <move>#2")
	if n.User != "alice" || first < 0 || second < first {
		t.Fatalf("digest to %q, boards out of order:\n%s", n.User, text)
	}
	if !strings.Contains(text, "take3") || !strings.Contains(text, "carol") || !strings.Contains(en.Render(n.Subject), "2 boards") {
		t.Errorf("digest %q:\n%s", en.Render(n.Subject), text)
	}
	if hu := printer(t, "hu").Join(n.Body); hu == text || !strings.Contains(hu, "nim move 3 alice") {
		t.Errorf("the digest in Hungarian:\n%s", hu)
	}
}

// TestBankLine: a board with time banks has a line with each seat's,
// the seat to move marked; a board without has none.
func TestBankLine(t *testing.T) {
	st := storetest.Open(t)
	b := store.Board{Game: "nim", Number: 2, Players: []string{"alice", "bob"}, Created: at, Bank: 2 * board.Day, BankAdd: board.Day / 2, BankCap: 3 * board.Day}
	en := printer(t, "en")
	st.View(func(tx *store.Tx) error {
		line := BankLine(en, tx, b, 1, at.Add(board.Day))
		if !strings.HasPrefix(line, en.T("BankHead", "Start", "2", "Add", "0.5", "Cap", "3")) || !strings.Contains(line, "(to move)") ||
			!strings.Contains(line, "alice") || !strings.HasSuffix(line, ".") {
			t.Errorf("bank line %q", line)
		}
		if line := BankLine(en, tx, store.Board{Game: "nim", Number: 3, Players: []string{"alice", "bob"}}, 0, at); line != "" {
			t.Errorf("a board without banks has the line %q", line)
		}
		return nil
	})
}

// TestAway: an opponent is told the days of a player's vacation.
func TestAway(t *testing.T) {
	n := Away("bob", "alice", "2026-12-24", "2027-01-02")
	en := printer(t, "en")
	if text := en.Join(n.Body); n.User != "bob" || !strings.Contains(text, "alice is away from 2026-12-24 to 2027-01-02") {
		t.Errorf("away notice to %q:\n%s", n.User, text)
	}
	if s := en.Render(n.Subject); !strings.Contains(s, "alice") {
		t.Errorf("away subject %q", s)
	}
}
