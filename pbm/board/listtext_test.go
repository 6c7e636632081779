package board

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// TestHistoryText: the history of a player or of the whole game read
// from a real store has its subject, a row per finished game under its
// head, the count of all of them on the first page of a history cut
// short (never on a later page), its footer last, and says when there
// is none.
func TestHistoryText(t *testing.T) {
	g := hexemergo.Game{}
	day := func(d int) time.Time { return time.Date(2026, 12, d, 10, 0, 0, 0, time.UTC) }
	done := func(n, d int, players ...string) store.Board {
		return store.Board{Game: g.Name(), Number: n, Players: players, Over: true, Updated: day(d)}
	}
	st := listStore(t, done(101, 3, "alice", "bob"), done(102, 5, "bob", "carol"), done(103, 1, "carol", "alice"))
	history := func(who string, max int) (h History) {
		t.Helper()
		if err := st.View(func(tx *store.Tx) (err error) { h, err = HistoryOf(tx, g.Name(), who, max); return }); err != nil {
			t.Fatal(err)
		}
		return h
	}
	footer := []lang.Msg{lang.Literal("\n\n-- footer")}
	subject, said := HistoryText(g, history("alice", 1), "alice", true, footer)
	text := lang.InEnglish(said...)
	if s := lang.InEnglish(subject); !strings.Contains(s, "alice") {
		t.Errorf("subject of alice's history: %q", s)
	}
	for _, want := range []string{"games of alice, newest first:", "101", "(the 50 most recent of 2 are shown)"} {
		if !strings.Contains(text, want) {
			t.Errorf("alice's history lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "103") || !strings.HasSuffix(text, "-- footer") {
		t.Errorf("alice's history of one row, footer last:\n%s", text)
	}
	if _, said := HistoryText(g, history("alice", 1), "alice", false, nil); strings.Contains(lang.InEnglish(said...), "most recent") {
		t.Errorf("a later page counts the games: %s", lang.InEnglish(said...))
	}
	_, said = HistoryText(g, history("", 10), "", true, nil)
	text = lang.InEnglish(said...)
	if !strings.Contains(text, "newest first:") || strings.Index(text, "102") > strings.Index(text, "101") || strings.Index(text, "101") > strings.Index(text, "103") {
		t.Errorf("whole history, newest first:\n%s", text)
	}
	if _, said := HistoryText(g, history("erin", 10), "erin", true, footer); lang.InEnglish(said...) != "No finished "+g.Title()+" games of erin." {
		t.Errorf("no history of erin: %q", lang.InEnglish(said...))
	}
}

// TestStandingsText: the standings of a real store list the
// established players, then the provisional ones, with their places
// in their part, and the seekers of the page's rows only; a part
// with no row on the page is left out.
func TestStandingsText(t *testing.T) {
	st := listStore(t)
	err := st.Update(func(tx *store.Tx) error {
		for _, r := range []store.Rating{{User: "alice", Rating: 1700, Games: ProvisionalGames}, {User: "bob", Rating: 1900, Games: 3}} {
			if err := tx.PutRating("nim", r); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var s Standings
	if err := st.View(func(tx *store.Tx) (err error) { s, err = StandingsOf(tx, "nim"); return }); err != nil {
		t.Fatal(err)
	}
	seekers := []store.Seek{{Game: "nim", User: "carol", Count: 2}, {Game: "nim", User: "dave", Count: 1}}
	text := lang.InEnglish(StandingsText("Nim", s, seekers, 0, 1)...)
	for _, want := range []string{"Seeking a game: 2", "carol", "Established:"} {
		if !strings.Contains(text, want) {
			t.Errorf("standings page 1 lacks %q:\n%s", want, text)
		}
	}
	if !strings.Contains(text, "1 alice") || strings.Contains(text, "Provisional") || strings.Contains(text, "bob") || strings.Contains(text, "dave") {
		t.Errorf("standings page of one row:\n%s", text)
	}
	text = lang.InEnglish(StandingsText("Nim", s, seekers, 1, 2)...)
	if strings.Contains(text, "alice") || !strings.Contains(text, "Provisional") || !strings.Contains(text, "1 bob") || !strings.Contains(text, "dave") {
		t.Errorf("standings page 2:\n%s", text)
	}
}

// TestShownTexts: the boards a show found say how many are shown and
// how many more were not; "all show" counts its note when cut at
// ShownAtMost and says when there is none; "games" writes a row per
// board of a real store, or that there is none.
func TestShownTexts(t *testing.T) {
	parts := make([]string, ShownAtMost)
	for i := range parts {
		parts[i] = fmt.Sprintf("[board %d]", i)
	}
	if text := lang.InEnglish(ShownText("Nim", parts, ShownAtMost+3)...); !strings.HasPrefix(text, "20 Nim boards:") || !strings.HasSuffix(text, "(3 more boards are not shown)") {
		t.Errorf("show cut short: %q", text)
	}
	if text := lang.InEnglish(ShownText("Nim", parts[:1], 1)...); text != "1 Nim board:\n\n[board 0]" {
		t.Errorf("show of one board: %q", text)
	}
	if text := lang.InEnglish(AllShowText(SelActive, "alice", parts, nil)...); !strings.HasPrefix(text, "21 boards:") || !strings.HasSuffix(text, "(at most 20 boards are shown)") {
		t.Errorf("all show cut short: %q", text)
	}
	entered := []lang.Msg{lang.Literal("\n\nentered")}
	if text := lang.InEnglish(AllShowText(SelNext, "alice", nil, entered)...); text != "No next boards for alice.\n\nentered" {
		t.Errorf("all show of nothing: %q", text)
	}
	reg := hexemergo.Game{}
	st := listStore(t, store.Board{Game: reg.Name(), Number: 101, Seed: 1, Players: []string{"alice", "bob"}})
	var listed []Listed
	err := st.View(func(tx *store.Tx) (err error) {
		listed, err = Select(tx, func(b store.Board) (engine.Game, engine.State, error) {
			return Replay(engine.NewRegistry(reg), nil, b, -1)
		}, Query{Game: reg.Name(), Sel: SelActive})
		return
	})
	if err != nil || len(listed) != 1 {
		t.Fatalf("select: %v %v", listed, err)
	}
	if text := lang.InEnglish(GamesText("Hex", SelActive, listed, nil)...); !strings.HasPrefix(text, "Hex boards (active):") || !strings.Contains(text, "alice") {
		t.Errorf("games: %q", text)
	}
	if text := lang.InEnglish(GamesText("Hex", SelAll, nil, nil)...); text != "No all Hex boards." {
		t.Errorf("no games: %q", text)
	}
}
