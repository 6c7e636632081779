package board

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// TestParseSel: the selection words of a list, in any case; any other
// word is none.
func TestParseSel(t *testing.T) {
	for word, want := range map[string]string{"active": SelActive, "INACTIVE": SelInactive, "Next": SelNext, "all": SelAll, "alice": "", "": "", "actives": ""} {
		sel, ok := ParseSel(word)
		if sel != want || ok != (want != "") {
			t.Errorf("ParseSel(%q) = %q %v, want %q", word, sel, ok, want)
		}
	}
}

// TestHistoryListed: a history counts the games it holds, and when
// there are more the store's count, at least one more than it holds.
func TestHistoryListed(t *testing.T) {
	two := []store.Board{{Number: 1}, {Number: 2}}
	for _, c := range []struct {
		h    History
		want int
	}{
		{History{Boards: two}, 2},
		{History{Boards: two, More: true, Total: 7}, 7},
		{History{Boards: two, More: true, Total: 0}, 3},
		{History{}, 0},
	} {
		if got := c.h.Listed(); got != c.want {
			t.Errorf("%+v: Listed %d, want %d", c.h, got, c.want)
		}
	}
}

// TestStandingsPage: a page of the standings takes the rows of the
// whole table (established players, then provisional ones) that fall
// on it; a part with rows off the page is left out, an empty part is
// always shown.
func TestStandingsPage(t *testing.T) {
	rows := func(n int) []store.Rating { return make([]store.Rating, n) }
	type part struct {
		prov     bool
		from, to int
	}
	parts := func(ps []StandingsPart) (out []part) {
		for _, p := range ps {
			out = append(out, part{p.Provisional, p.From, p.To})
		}
		return
	}
	s := Standings{Established: rows(3), Provisional: rows(4)}
	if s.Count() != 7 {
		t.Errorf("count %d, want 7", s.Count())
	}
	for _, c := range []struct {
		s        Standings
		from, to int
		want     []part
	}{
		{s, 0, 2, []part{{false, 0, 2}}},
		{s, 2, 4, []part{{false, 2, 3}, {true, 0, 1}}},
		{s, 4, 6, []part{{true, 1, 3}}},
		{s, 6, 8, []part{{true, 3, 4}}},
		{Standings{Provisional: rows(2)}, 0, 100, []part{{false, 0, 0}, {true, 0, 2}}},
		{Standings{}, 0, 100, []part{{false, 0, 0}, {true, 0, 0}}},
	} {
		if got := parts(c.s.Page(c.from, c.to)); !slices.Equal(got, c.want) {
			t.Errorf("%d+%d rows, page %d-%d: %v, want %v", len(c.s.Established), len(c.s.Provisional), c.from, c.to, got, c.want)
		}
	}
}

// TestGameWords: the number of players, the rules summary in the
// reader's language and a seek's options.
func TestGameWords(t *testing.T) {
	if PlayerRange(2, 2) != "2" || PlayerRange(2, 4) != "2-4" {
		t.Errorf("player ranges: %q %q", PlayerRange(2, 2), PlayerRange(2, 4))
	}
	cat, err := lang.Load()
	if err != nil {
		t.Fatal(err)
	}
	g := hexemergo.Game{}
	m := RulesSummary(g)
	en := cat.For("en").Render(m)
	if en != "\n\n"+strings.TrimRight(g.Help(), "\n")+"\n" {
		t.Errorf("English summary:\n%q", en)
	}
	hu, ok := engine.HelpIn(g, "hu")
	if !ok {
		t.Fatal("hexemergo has no Hungarian rules")
	}
	if got := cat.For("hu").Render(m); got != "\n\n"+strings.TrimRight(hu, "\n")+"\n" || got == en {
		t.Errorf("Hungarian summary:\n%q", got)
	}
	if got := cat.For("en").Render(OptionsMsg(nil)); got != cat.For("en").T("SeekNoOptions") || got == "" {
		t.Errorf("no options: %q", got)
	}
	if got := cat.For("de").Render(OptionsMsg(map[string]string{"-nag": "1", "-forfeit": "7"})); got != strings.Join(OptionWords(map[string]string{"-nag": "1", "-forfeit": "7"}), " ") || !strings.Contains(got, "-nag") {
		t.Errorf("options: %q", got)
	}
}

// TestRows: the columns of the rows of games, history and standings.
func TestRows(t *testing.T) {
	b := store.Board{Number: 101, Players: []string{"alice", "bob"}, Log: make([]store.Entry, 7),
		Updated: time.Date(2026, 12, 1, 23, 30, 0, 0, time.FixedZone("", -3600))}
	for name, c := range map[string]struct{ got, want string }{
		"games":     {GamesRow(b), "   101     7  alice bob                      "},
		"history":   {HistoryRow(b), "  2026-12-02   101  alice bob                      "},
		"standings": {StandingsRow(3, store.Rating{User: "carol", Rating: 1712.6, Won: 12, Lost: 3, Tied: 1}), "     3 carol                  1713    12     3     1\n"},
	} {
		if c.got != c.want {
			t.Errorf("%s row:\n%q, want\n%q", name, c.got, c.want)
		}
	}
}
