package board

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/esagek"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// listStore is a real store holding boards.
func listStore(t *testing.T, boards ...store.Board) *store.Store {
	t.Helper()
	st := storetest.Open(t)
	err := st.Update(func(tx *store.Tx) error {
		for _, b := range boards {
			if err := tx.PutBoard(b); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestSelect: a list picks the boards of a game, or of some players in
// it or in every game, by how they stand; "next" those where one of
// the players is to move; by game and number, at most Max, and only
// the boards it keeps are replayed.
func TestSelect(t *testing.T) {
	reg := engine.NewRegistry(hexemergo.Game{}, esagek.Game{})
	hex := func(n int, over bool, players ...string) store.Board {
		return store.Board{Game: "hexemergo", Number: n, Seed: uint64(n), Players: players, Over: over}
	}
	boards := []store.Board{
		hex(104, false, "dave", "alice"), hex(101, false, "alice", "bob"), hex(102, false, "bob", "carol"), hex(103, true, "alice", "carol"),
		{Game: "esagek", Number: 101, Seed: 7, Players: []string{"carol", "alice"}},
	}
	st := listStore(t, boards...)
	replays := 0
	replay := func(b store.Board) (engine.Game, engine.State, error) {
		replays++
		return Replay(reg, nil, b, -1)
	}
	sel := func(q Query) []string {
		t.Helper()
		replays = 0
		var got []Listed
		if err := st.View(func(tx *store.Tx) (err error) { got, err = Select(tx, replay, q); return }); err != nil {
			t.Fatalf("%+v: %v", q, err)
		}
		var out []string
		for _, l := range got {
			if l.State == nil || l.Game.Name() != l.Board.Game {
				t.Errorf("%+v: %s %d listed without its position", q, l.Board.Game, l.Board.Number)
			}
			out = append(out, fmt.Sprintf("%s %d", l.Board.Game, l.Board.Number))
		}
		return out
	}
	for _, c := range []struct {
		q       Query
		want    []string
		replays int
	}{
		{Query{Game: "hexemergo", Sel: SelActive}, []string{"hexemergo 101", "hexemergo 102", "hexemergo 104"}, 3},
		{Query{Game: "hexemergo", Sel: SelInactive}, []string{"hexemergo 103"}, 1},
		{Query{Game: "hexemergo", Sel: SelAll, Who: []string{"alice"}}, []string{"hexemergo 101", "hexemergo 103", "hexemergo 104"}, 3},
		{Query{Game: "hexemergo", Sel: SelActive, Who: []string{"ALICE", "carol", "alice"}}, []string{"hexemergo 101", "hexemergo 102", "hexemergo 104"}, 3},
		{Query{Sel: SelActive, Who: []string{"alice"}}, []string{"esagek 101", "hexemergo 101", "hexemergo 104"}, 3},
		{Query{Sel: SelActive, Who: []string{"alice"}, Max: 2}, []string{"esagek 101", "hexemergo 101"}, 2},
		{Query{Game: "hexemergo", Sel: SelNext}, nil, 3},
		{Query{Game: "hexemergo", Sel: SelAll, Who: []string{"nobody"}}, nil, 0},
	} {
		got := sel(c.q)
		if !slices.Equal(got, c.want) || replays != c.replays {
			t.Errorf("%+v: %v after %d replays, want %v after %d", c.q, got, replays, c.want, c.replays)
		}
	}
	// "next": the running boards where one of the players is to move.
	var want []string
	for _, b := range boards {
		if b.Game != "hexemergo" || b.Over {
			continue
		}
		_, s, err := Replay(reg, nil, b, -1)
		if err != nil {
			t.Fatal(err)
		}
		if m := ToMove(b, s); m == "alice" || m == "dave" {
			want = append(want, fmt.Sprintf("hexemergo %d", b.Number))
		}
	}
	slices.Sort(want)
	if got := sel(Query{Game: "hexemergo", Sel: SelNext, Who: []string{"Alice", "dave"}}); !slices.Equal(got, want) || len(want) == 0 {
		t.Errorf("next for alice and dave: %v, want %v", got, want)
	}
	err := st.View(func(tx *store.Tx) error {
		_, err := Select(tx, replay, Query{Game: "hexemergo", Sel: "soon"})
		return err
	})
	if err == nil {
		t.Error("a selection of no name was taken")
	}
}

// TestHistoryOf: a history lists the finished boards, newest first,
// neither the aborted nor the declined ones nor the running ones; past
// its rows it says there are more and how many, of a player the games
// it would list, of the whole game every finished board.
func TestHistoryOf(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2026, 12, d, 10, 0, 0, 0, time.UTC) }
	done := func(n, d int, players ...string) store.Board {
		return store.Board{Game: "nim", Number: n, Players: players, Over: true, Updated: day(d)}
	}
	aborted := done(105, 9, "alice", "bob")
	aborted.Aborted = true
	declined := done(106, 8, "alice", "bob")
	declined.Log = []store.Entry{{Seat: 1, Kind: "decline"}}
	st := listStore(t, done(101, 3, "alice", "bob"), done(102, 5, "bob", "carol"), done(103, 1, "carol", "alice"), done(104, 4, "alice", "dave"),
		aborted, declined, store.Board{Game: "nim", Number: 107, Players: []string{"alice", "bob"}, Updated: day(10)})
	history := func(who string, max int) (h History) {
		t.Helper()
		if err := st.View(func(tx *store.Tx) (err error) { h, err = HistoryOf(tx, "nim", who, max); return }); err != nil {
			t.Fatal(err)
		}
		return h
	}
	numbers := func(h History) []int {
		var out []int
		for _, b := range h.Boards {
			out = append(out, b.Number)
		}
		return out
	}
	for _, c := range []struct {
		who   string
		max   int
		want  []int
		more  bool
		total int
	}{
		{"", 10, []int{102, 104, 101, 103}, false, 0},
		{"", 2, []int{102, 104}, true, 6},
		{"alice", 10, []int{104, 101, 103}, false, 0},
		{"ALICE", 2, []int{104, 101}, true, 3},
		{"dave", 1, []int{104}, false, 0},
		{"erin", 5, nil, false, 0},
	} {
		h := history(c.who, c.max)
		if !slices.Equal(numbers(h), c.want) || h.More != c.more || h.Total != c.total {
			t.Errorf("history of %q, %d rows: %v more %v total %d; want %v more %v total %d", c.who, c.max, numbers(h), h.More, h.Total, c.want, c.more, c.total)
		}
	}
}

// TestStandings: the ratings of a game, highest first, split at
// ProvisionalGames; a player with no rating has the start rating.
func TestStandings(t *testing.T) {
	st := listStore(t)
	err := st.Update(func(tx *store.Tx) error {
		for _, r := range []store.Rating{
			{User: "alice", Rating: 1700, Games: ProvisionalGames}, {User: "bob", Rating: 1900, Games: 3},
			{User: "carol", Rating: 1800, Games: ProvisionalGames + 5}, {User: "dave", Rating: 1500, Games: ProvisionalGames - 1},
		} {
			if err := tx.PutRating("nim", r); err != nil {
				return err
			}
		}
		return tx.PutRating("hex", store.Rating{User: "erin", Rating: 2500, Games: 40})
	})
	if err != nil {
		t.Fatal(err)
	}
	st.View(func(tx *store.Tx) error {
		s, err := StandingsOf(tx, "nim")
		users := func(rs []store.Rating) (out []string) {
			for _, r := range rs {
				out = append(out, r.User)
			}
			return
		}
		if err != nil || !slices.Equal(users(s.Established), []string{"carol", "alice"}) || !slices.Equal(users(s.Provisional), []string{"bob", "dave"}) {
			t.Errorf("standings: %+v %v", s, err)
		}
		if r, err := RatingOf(tx, "nim", "Carol"); err != nil || r != 1800 {
			t.Errorf("carol's rating: %v %v", r, err)
		}
		if r, err := RatingOf(tx, "nim", "erin"); err != nil || r != StartRating {
			t.Errorf("a rating of another game counted: %v %v", r, err)
		}
		return nil
	})
}
