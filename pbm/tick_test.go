package pbm

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/store"
)

// poisonTournament stores a nim tournament due to start now whose
// settings do not pair (a knockout of three seats, as a document of an
// older version may hold): its start fails at every try. (One whose
// boards the game refuses ends early instead, with its entrants told:
// haltTournament.)
func poisonTournament(t *testing.T, f *fixture, organiser string, entrants ...string) {
	t.Helper()
	tn := tournament.Tournament{Game: "nim", Name: "Poison", Organiser: organiser, Format: tournament.Knockout,
		Seats: 3, Created: f.clock, StartOn: f.clock.Add(-day)}
	for _, id := range entrants {
		tn.Entrants = append(tn.Entrants, tournament.Entrant{ID: id, Rating: 1500})
	}
	doc, err := json.Marshal(tn)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.st.Update(func(tx *store.Tx) error { return tx.PutTournament("nim", "Poison", doc) }); err != nil {
		t.Fatal(err)
	}
}

// breakBoard makes a board's log no longer replay: every look of the
// clock at it fails.
func breakBoard(t *testing.T, f *fixture, n int) {
	t.Helper()
	if err := f.st.Update(func(tx *store.Tx) error {
		b, err := tx.Board("nim", n)
		if err != nil {
			return err
		}
		b.Log = append(b.Log, store.Entry{Seat: 1, Move: "take9", At: f.clock})
		return tx.PutBoard(b)
	}); err != nil {
		t.Fatal(err)
	}
}

// TestTickUnitsStandAlone: the clock handles each board, tournament
// and account by itself. A tournament that cannot start and a board
// whose forfeit fails do not stop another board's reminder and
// forfeit, nor the lapse of an address never confirmed; each failure
// is reported once to its players or organiser and to the admins, and
// not again at the next ticks, though the clock tries it again a day
// later.
func TestTickUnitsStandAlone(t *testing.T) {
	f := newFixture(t)
	for _, id := range []string{"root", "alice", "bob", "carol", "dave"} {
		f.signup(id)
	}
	f.send("alice@players.test", "nim challenge alice pw-alice alice bob --nag=2 --forfeit=5", "")
	f.send("carol@players.test", "nim challenge carol pw-carol carol dave --nag=2 --forfeit=5", "")
	breakBoard(t, f, 102)
	poisonTournament(t, f, "dave", "alice", "bob", "carol")
	f.send("alice@players.test", "change address alice pw-alice alice@players.test new@elsewhere.test", "")

	// The nag day: board 101's reminder goes out; the broken board and
	// the tournament are reported once each.
	f.clock = f.clock.Add(2*day + time.Hour)
	mails := f.tick()
	if got := mailsTo(mails, "alice@players.test"); len(got) != 1 || !strings.HasPrefix(got[0].Subject, "Nag: Nim Board 101") {
		t.Fatalf("alice, to move on board 101, got %d mails, want the reminder: %v", len(got), tickSubjects(got))
	}
	if got := mailsTo(mails, "bob@players.test"); len(got) != 1 || !strings.Contains(got[0].Subject, "Board 101") {
		t.Errorf("bob got %v, want the note of board 101", tickSubjects(got))
	}
	carol := mailsTo(mails, "carol@players.test")
	if len(carol) != 1 || carol[0].Subject != "pbm: the clock of Nim board 102 is held up" ||
		!strings.Contains(carol[0].Text, "every other board goes on") {
		t.Fatalf("carol, on the broken board, got %v", tickSubjects(carol))
	}
	if strings.Contains(carol[0].Text, "take9") || strings.Contains(carol[0].Text, "replay") {
		t.Errorf("a player reads the server's error:\n%s", carol[0].Text)
	}
	dave := mailsTo(mails, "dave@players.test")
	var org *sent
	for i, m := range dave {
		if m.Subject == "pbm: the clock of the Nim tournament Poison is held up" {
			org = &dave[i]
		}
	}
	if len(dave) != 2 || org == nil || !strings.Contains(org.Text, "The reason:") {
		t.Fatalf("dave, on board 102 and organiser, got %v", tickSubjects(dave))
	}
	root := mailsTo(mails, "root@players.test")
	if len(root) != 2 {
		t.Fatalf("the admin got %v, want a report of the board and one of the tournament", tickSubjects(root))
	}
	for _, m := range root {
		if !strings.Contains(m.Text, "this report is sent once") || !strings.Contains(m.Text, "The error:") {
			t.Errorf("admin report %q:\n%s", m.Subject, m.Text)
		}
	}
	if b := f.board(102); b.Over || !b.Due.Equal(f.clock.Add(day)) {
		t.Errorf("the broken board: over %v, due %v, want put off a day to %v", b.Over, b.Due, f.clock.Add(day))
	}

	if pending := f.user("alice").Pending; len(pending) != 1 {
		t.Fatalf("alice's new address, not confirmed, is %v before its 3 days", pending)
	}

	// An hour later: nothing is
	// reported again.
	f.clock = f.clock.Add(time.Hour)
	if mails := f.tick(); len(mails) != 0 {
		t.Fatalf("the next tick mailed %v", tickSubjects(mails))
	}

	// Past board 101's forfeit (5 days), and a day after the failures:
	// they are tried again and fail again, unreported; board 101 ends,
	// and alice's address never confirmed lapses.
	f.clock = f.clock.Add(3 * day)
	mails = f.tick()
	if b := f.board(101); !b.Over || b.Log[len(b.Log)-1].Kind != "decline" && b.Log[len(b.Log)-1].Kind != "forfeit" {
		t.Fatalf("board 101 did not end at its forfeit: %+v", b.Log)
	}
	for _, m := range mails {
		if strings.Contains(m.Subject, "held up") {
			t.Errorf("reported again: %s to %s", m.Subject, m.To)
		}
	}
	if pending := f.user("alice").Pending; len(pending) != 0 {
		t.Errorf("alice's unconfirmed address did not lapse: %v", pending)
	}
	if b := f.board(102); b.Over || !b.Due.Equal(f.clock.Add(day)) {
		t.Errorf("the broken board tried again: over %v, due %v, want %v", b.Over, b.Due, f.clock.Add(day))
	}

	// Mended, the board's clock runs again and the mark is gone.
	if err := f.st.Update(func(tx *store.Tx) error {
		b, err := tx.Board("nim", 102)
		if err != nil {
			return err
		}
		b.Log = b.Log[:len(b.Log)-1]
		return tx.PutBoard(b)
	}); err != nil {
		t.Fatal(err)
	}
	f.clock = f.clock.Add(day)
	f.tick()
	if b := f.board(102); !b.Over {
		t.Errorf("the mended board did not end at its forfeit: %+v", b)
	}
	f.st.View(func(tx *store.Tx) error {
		if v := tx.Meta(tickMarkPrefix + "board/nim/102"); v != "" {
			t.Errorf("the mark of the mended board is kept: %s", v)
		}
		return nil
	})
}

func tickSubjects(ms []sent) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.To+": "+m.Subject)
	}
	return out
}
