package pbm

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/store"
)

// TestHistoryNewestFirst: history lists the 50 most recent finished
// boards of the game, newest first, without aborted or declined ones,
// says how many ended in all and how to see a player's; "history
// <userid>" lists only that player's. Admin stats counts the boards per
// game from the store's counters.
func TestHistoryNewestFirst(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	f.signup("bob")
	f.signup("root")
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	// Boards 101..160 end one day apart, but in reverse board order, so
	// that board order and finish order differ: 160 ends first, 101
	// last. carol plays 110 and 150; 120 is aborted, 130 declined.
	err := f.st.Update(func(tx *store.Tx) error {
		for i := 0; i < 60; i++ {
			n := 160 - i
			players := []string{"alice", "bob"}
			if n == 110 || n == 150 {
				players = []string{"carol", "bob"}
			}
			done := at.Add(time.Duration(i) * 24 * time.Hour)
			b := store.Board{Game: "nim", Number: n, Players: players, Created: at, Updated: done, Over: true,
				Outcome: fmt.Sprintf("outcome-%d.", n), Log: []store.Entry{{Seat: 0, Move: "take1", At: done}}}
			switch n {
			case 120:
				b.Aborted = true
			case 130:
				b.Log = append(b.Log, store.Entry{Seat: 1, Kind: "decline", At: done})
			}
			if err := tx.PutBoard(b); err != nil {
				return err
			}
		}
		// One running board.
		return tx.PutBoard(store.Board{Game: "nim", Number: 161, Players: []string{"alice", "bob"}, Created: at, Updated: at,
			Log: []store.Entry{{Seat: 0, Move: "take1", At: at}, {Seat: 1, Move: "take1", At: at}}})
	})
	if err != nil {
		t.Fatal(err)
	}
	r := f.only(f.send("bob@players.test", "nim history", ""), "bob@players.test")
	var listed []int
	for _, l := range strings.Split(r.Text, "\n") {
		var n int
		if _, err := fmt.Sscanf(strings.TrimSpace(l)[min(11, len(strings.TrimSpace(l))):], "%d", &n); err == nil && strings.HasPrefix(l, "  2026-") {
			listed = append(listed, n)
		}
	}
	// Newest first: 101, 102, ..., skipping 120 and 130, 50 of them.
	var want []int
	for n := 101; len(want) < 50; n++ {
		if n != 120 && n != 130 {
			want = append(want, n)
		}
	}
	if fmt.Sprint(listed) != fmt.Sprint(want) {
		t.Errorf("history lists %v\nwant %v\n%s", listed, want, r.Text)
	}
	if !strings.Contains(r.Text, "the 50 most recent of 60 ended boards") || !strings.Contains(r.Text, "nim history <userid>") {
		t.Errorf("history does not say how many and how to see a player's:\n%s", r.Text)
	}
	if !strings.Contains(r.Text, "  2026-03-01   101  alice bob") || !strings.Contains(r.Text, "outcome-101.") {
		t.Errorf("history row of 101:\n%s", r.Text)
	}

	r = f.only(f.send("bob@players.test", "nim history CAROL", ""), "bob@players.test")
	i150, i110 := strings.Index(r.Text, " 150  carol bob"), strings.Index(r.Text, " 110  carol bob")
	if i150 < 0 || i110 < 0 || i110 > i150 || strings.Contains(r.Text, "alice") {
		t.Errorf("carol's history, newest (110) first:\n%s", r.Text)
	}
	r = f.only(f.send("bob@players.test", "nim history nobody", ""), "bob@players.test")
	if !strings.Contains(r.Text, "No finished Nim games of nobody.") {
		t.Errorf("history of a stranger:\n%s", r.Text)
	}

	r = f.only(f.send("root@players.test", "admin root pw-root stats", ""), "root@players.test")
	if !strings.Contains(r.Text, "accounts 3; boards 61 (1 running, 60 finished)") || !strings.Contains(r.Text, "nim 1 running, 60 finished") {
		t.Errorf("stats: %s", r.Text)
	}
	// A board ends: the counters follow.
	f.send("alice@players.test", "nim resign 161 alice pw-alice", "")
	r = f.only(f.send("root@players.test", "admin root pw-root stats", ""), "root@players.test")
	if !strings.Contains(r.Text, "boards 61 (0 running, 61 finished)") {
		t.Errorf("stats after a resignation: %s", r.Text)
	}
	r = f.only(f.send("bob@players.test", "nim history", ""), "bob@players.test")
	if !strings.Contains(r.Text, "newest first:\n\n  2026-12-01   161  alice bob") {
		t.Errorf("the board just ended is not first:\n%s", r.Text)
	}
}

// TestShowUsersOwnBoards: "show <userid>..." lists each board of the
// users named once, in board order, read from each player's boards.
func TestShowUsersOwnBoards(t *testing.T) {
	f := newFixture(t)
	for _, id := range []string{"alice", "bob", "carol", "dave"} {
		f.signup(id)
	}
	f.send("carol@players.test", "nim challenge carol pw-carol carol dave", "")  // 101
	f.send("alice@players.test", "nim challenge alice pw-alice alice carol", "") // 102
	f.send("bob@players.test", "nim challenge bob pw-bob bob dave", "")          // 103
	f.send("alice@players.test", "nim challenge alice pw-alice alice bob", "")   // 104
	r := f.only(f.send("dave@players.test", "nim show carol ALICE", ""), "dave@players.test")
	i101, i102, i104 := strings.Index(r.Text, "Nim Board 101"), strings.Index(r.Text, "Nim Board 102"), strings.Index(r.Text, "Nim Board 104")
	if !strings.Contains(r.Text, "3 Nim boards") || i101 < 0 || i102 < i101 || i104 < i102 ||
		strings.Contains(r.Text, "Nim Board 103") || strings.Count(r.Text, "Nim Board 102") != 1 {
		t.Errorf("show carol alice:\n%s", r.Text)
	}
}
