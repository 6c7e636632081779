package notice

import (
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// TestRatingLines: a rated end tells each player's rating, up, down or
// the same, marks a provisional one and explains provisional ratings
// once; an unrated end tells why, naming the player who declined.
func TestRatingLines(t *testing.T) {
	p := printer(t, "en")
	text := func(ms []lang.Msg) string { return p.Join(ms) }
	b := store.Board{Players: []string{"alice", "bob", "carol"}}
	got := text(RatingLines(b, board.Rating{Changes: []board.RatingChange{
		{User: "alice", Before: 1500, After: 1516},
		{User: "bob", Before: 1500, After: 1484, Provisional: true},
		{User: "carol", Before: 1500.2, After: 1499.9},
	}}))
	for _, want := range []string{
		"alice's rating went up from 1500 to 1516.",
		"bob's rating went down from 1500 to 1484 (provisional).",
		"carol's rating stayed at 1500.",
		"A rating is provisional",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("rating lines lack %q:\n%s", want, got)
		}
	}
	if n := strings.Count(got, "A rating is provisional"); n != 1 {
		t.Errorf("the provisional note %d times, want once", n)
	}
	if got := text(RatingLines(b, board.Rating{Changes: []board.RatingChange{{User: "alice", Before: 1500, After: 1516}}})); strings.Contains(got, "provisional") {
		t.Errorf("no provisional rating, yet: %s", got)
	}
	b.Log = []store.Entry{{Seat: 1, Kind: "decline"}}
	if got := text(RatingLines(b, board.Rating{Unrated: board.UnratedDeclined})); !strings.Contains(got, "bob") || !strings.Contains(got, "not rated") {
		t.Errorf("declined: %q", got)
	}
	if got := text(RatingLines(b, board.Rating{Unrated: board.UnratedFew})); got != p.T("RatingNotFew") {
		t.Errorf("too few: %q", got)
	}
}

// TestEnded: the notice of a game's end goes to the user who asked,
// names the board and its players, and puts the rating lines below
// the result, a blank line before the first and one line each.
func TestEnded(t *testing.T) {
	p := printer(t, "en")
	g := hexemergo.Game{}
	st, err := g.New(2, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	b := store.Board{Game: "hexemergo", Number: 7, Players: []string{"alice", "bob"}}
	ratings := RatingLines(b, board.Rating{Changes: []board.RatingChange{{User: "alice", Before: 1500, After: 1516}, {User: "bob", Before: 1500, After: 1484}}})
	n := Ended(b, g, st, ratings, "carol")
	if n.User != "carol" {
		t.Errorf("to %q, want carol", n.User)
	}
	if got, want := p.Render(n.Subject), "Notification: "+g.Title()+" Board 7"; got != want {
		t.Errorf("subject %q, want %q", got, want)
	}
	body := p.Join(n.Body)
	head := g.Title() + " board 7 (alice, bob) has ended: "
	if !strings.HasPrefix(body, head) || !strings.HasSuffix(body, "\n\nalice's rating went up from 1500 to 1516.\nbob's rating went down from 1500 to 1484.") {
		t.Errorf("body %q", body)
	}
	if body := p.Join(Ended(b, g, st, nil, "carol").Body); strings.Contains(body, "\n") {
		t.Errorf("without rating lines, the result alone: %q", body)
	}
}
