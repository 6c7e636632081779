package pbm

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/store"
)

// fillLists writes n running and n finished nim boards, n ratings, n
// seekers and n tournaments straight into the store.
func fillLists(t *testing.T, f *fixture, n int) {
	t.Helper()
	at := f.clock.Add(-48 * time.Hour)
	err := f.st.Update(func(tx *store.Tx) error {
		for i := range 2 * n {
			num, err := tx.NextBoardNumber("nim")
			if err != nil {
				return err
			}
			b := store.Board{Game: "nim", Number: num, Players: []string{"alice", "bob"}, Options: map[string]string{"stones": "30"},
				Created: at, Updated: at.Add(time.Duration(i) * time.Minute), ThreadID: fmt.Sprintf("t%d@x", num),
				Log: []store.Entry{{Seat: 0, Move: "take1", At: at}}, Due: f.clock.Add(7 * day)}
			if i%2 == 1 {
				b.Over, b.Outcome = true, "alice wins"
			}
			if err := tx.PutBoard(b); err != nil {
				return err
			}
		}
		for i := range n {
			id := fmt.Sprintf("p%03d", i)
			if err := tx.PutRating("nim", store.Rating{User: id, Rating: float64(2000 - i), Games: 30}); err != nil {
				return err
			}
			if err := tx.PutSeek(store.Seek{Game: "nim", User: id, Count: 1, Created: at.Add(time.Duration(i) * time.Second)}); err != nil {
				return err
			}
			doc, err := json.Marshal(tournament.Tournament{Game: "nim", Name: fmt.Sprintf("T%03d", i), Organiser: "alice", Format: tournament.RoundRobin, Seats: 2})
			if err != nil {
				return err
			}
			if err := tx.PutTournament("nim", fmt.Sprintf("T%03d", i), doc); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestListsPaged: games, history, standings (with the seekers) and
// tournaments answer a page at a time, 100 rows (history 50), with the
// exact command for the next page; a page past the end and a bad page
// word are refused.
func TestListsPaged(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.RateLimit = 1000
	f.signup("alice")
	f.signup("bob")
	fillLists(t, f, 250)
	ask := func(cmd string) string {
		t.Helper()
		return flat(f.only(f.send("alice@players.test", cmd, ""), "alice@players.test").Text)
	}
	// games: 250 running boards, boards 101, 103, ... in pages of 100.
	text := ask("nim games")
	if !strings.Contains(text, "Page 1 of 3.") || !strings.Contains(text, `Next page: "nim games page=2"`) {
		t.Errorf("games page 1:\n%s", text)
	}
	if !strings.Contains(text, " 101 ") || !strings.Contains(text, " 299 ") || strings.Contains(text, " 301 ") {
		t.Errorf("games page 1 holds the wrong boards:\n%s", text)
	}
	text = ask("nim games page=3")
	if !strings.Contains(text, "Page 3 of 3.") || strings.Contains(text, "Next page") || !strings.Contains(text, " 599 ") || strings.Contains(text, " 499 ") {
		t.Errorf("games page 3:\n%s", text)
	}
	text = ask("nim games alice all page=2")
	if !strings.Contains(text, "Page 2 of 5.") || !strings.Contains(text, `Next page: "nim games alice all page=3"`) {
		t.Errorf("games of alice, all, page 2:\n%s", text)
	}
	if text := ask("nim games page=4"); !strings.Contains(text, "There is no page 4; the last page is 3.") {
		t.Errorf("games page 4:\n%s", text)
	}
	if text := ask("nim games page=two"); !strings.Contains(text, `"page=two" is not a page`) {
		t.Errorf("games page=two:\n%s", text)
	}
	// history: 250 finished, 50 a page, newest first.
	text = ask("nim history page=2")
	if !strings.Contains(text, "Page 2 of 5.") || !strings.Contains(text, `Next page: "nim history page=3"`) {
		t.Errorf("history page 2:\n%s", text)
	}
	// standings and seekers: 250 each, 100 a page.
	text = ask("nim standings page=3")
	if !strings.Contains(text, "Page 3 of 3.") || !strings.Contains(text, " 201 p200 ") || strings.Contains(text, " p199 ") || !strings.Contains(text, "p249") {
		t.Errorf("standings page 3:\n%s", text)
	}
	if text := ask("nim standings"); !strings.Contains(text, `Next page: "nim standings page=2"`) || strings.Contains(text, "p100") {
		t.Errorf("standings page 1:\n%s", text)
	}
	// tournaments: 250, in name order.
	text = ask("nim tournaments page=2")
	if !strings.Contains(text, "Page 2 of 3.") || !strings.Contains(text, "T100") || strings.Contains(text, "T099") || strings.Contains(text, "T200") {
		t.Errorf("tournaments page 2:\n%s", text)
	}
}

// TestListsPerMail: at most MaxLists list commands run from one mail;
// the rest are refused with a clear answer, other commands still run.
func TestListsPerMail(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	body := strings.Repeat("nim games\n", 7) + "nim help\n"
	r := f.only(f.send("alice@players.test", "multiple", body), "alice@players.test")
	text := flat(r.Text)
	if n := strings.Count(text, "At most 5 list commands"); n != 2 {
		t.Errorf("%d list commands refused, want 2:\n%s", n, text)
	}
	if strings.Count(text, "No active Nim boards") != 5 {
		t.Errorf("the first 5 did not run:\n%s", text)
	}
}
